import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/name-switches', import.meta.url));

describe('several branches on a tool name, one of which answers the call', () => {
  // A checks module switches on the same names (returning its own verdicts) before the switch that answers the call.
  const { report } = audit(FIXTURE);

  it("reads each tool's emitted types from the branch that answers the call", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual(['list_inboxes typed', 'get_inbox typed']);
    expect(chainLines(report)).toEqual([
      'list_inboxes inboxes[].id -> get_inbox.inboxId: broken',
      'get_inbox id -> get_inbox.inboxId: broken',
    ]);
  });
});
