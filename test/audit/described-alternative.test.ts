import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/described-alternative', import.meta.url));

describe('an id field whose entity no tool gives out, described by one a tool does', () => {
  // `assignee_id` "User ID to assign the contact to"; `contact_branch_ids` "Comma-separated contact sector ids".
  it('takes the entity its description names', () => {
    const { report } = audit(FIXTURE);
    expect(chainLines(report)).toEqual([
      'list_users [].id -> assign_contact.user_id: ok',
      'list_users [].id -> assign_contact.assignee_id: broken',
      'list_contact_sectors [].id -> assign_contact.contact_branch_ids: broken',
      'list_teams [].team_id -> assign_contact.team_id: broken',
    ]);
    expect(report.acceptors.find((acceptor) => acceptor.field === 'assignee_id')?.entity).toBe('user');
  });
});
