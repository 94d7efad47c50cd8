import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

/**
 * A low-level call handler whose branches leave their result in a variable that one statement after the switch
 * serializes. The branch is each tool's handler; what it emits is the statement after the switch, read with the
 * variable bound to what the branch assigned. (Read as nothing, the audit once vouched for a server it had not seen
 * emit; read as unknown, it could not vouch for one whose every type is in view.)
 */

const FIXTURE = fileURLToPath(new URL('fixtures/shared-result-switch', import.meta.url));

describe('branches that leave their result to the code after the switch', () => {
  const { report } = audit(FIXTURE);

  it('are read through the code after the switch; a branch that only throws emits nothing', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_tickets typed',
      'get_ticket typed',
      'purge_tickets none',
    ]);
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 3 });
  });

  it('find the chains they break', () => {
    expect(chainLines(report)).toEqual([
      'list_tickets data.tickets[].id -> get_ticket.ticketId: broken',
      'get_ticket data.ticket.id -> get_ticket.ticketId: broken',
    ]);
  });
});
