import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

/**
 * A low-level call handler whose branches leave their result in a variable that one statement after the switch
 * serializes. The branch is each tool's handler, and it returns nothing of its own: what the tool emits is built
 * later, so it is unknown, not "nothing". Read as nothing, the audit vouched for a server it had not seen emit.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/shared-result-switch', import.meta.url));

describe('branches that leave their result to the code after the switch', () => {
  const { report } = audit(FIXTURE);

  it('are unknown emitters; a branch that only throws emits nothing', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_tickets unknown',
      'get_ticket unknown',
      'purge_tickets none',
    ]);
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 1 });
  });

  it('leave the audit unable to vouch', () => {
    expect(report.verdict).toEqual({
      vouched: false,
      text: 'could not vouch for ticket: it has an acceptor and no emitter of known type.',
    });
  });
});
