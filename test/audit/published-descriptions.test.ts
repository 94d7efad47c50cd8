import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/published-descriptions', import.meta.url));

describe('a low-level tool that validates with a schema of no descriptions and publishes one with them', () => {
  // `user: z.number()` in the schema the call is parsed with; "User ID of the replying agent" in the published one.
  it('reads a field as an id by the description the agent reads, and judges it by what the server validates', () => {
    const { report } = audit(FIXTURE);
    expect(chainLines(report)).toEqual([
      'get_user_report users[].id -> create_reply.user: broken',
      'get_user_report users[].id -> create_reply.assignTo: broken',
    ]);
    const user = report.acceptors.find((acceptor) => acceptor.field === 'user');
    expect(user?.entity).toBe('user');
    expect(user?.type).toBe('number');
  });

  // `assignTo` names no record; its description opens with whose id it takes, and the server's fields name users.
  it('reads a field whose description opens with a record id as an id of that record', () => {
    const { report } = audit(FIXTURE);
    expect(report.acceptors.find((acceptor) => acceptor.field === 'assignTo')?.entity).toBe('user');
  });
});
