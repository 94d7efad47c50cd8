import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/result-after-switch', import.meta.url));

describe('a low-level branch that assigns the result for the code after the switch to return', () => {
  // `case 'x': result = await this.x(args); break;` ... `return result;`: each branch's value is its tool's result.
  const { report } = audit(FIXTURE);

  it("reads each branch's assigned value as what its tool emits", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_inboxes typed',
      'get_inbox typed',
      'export_inboxes unknown',
    ]);
    expect(chainLines(report)).toEqual([
      'list_inboxes inboxes[].id -> get_inbox.inboxId: broken',
      'get_inbox id -> get_inbox.inboxId: broken',
    ]);
  });
});
