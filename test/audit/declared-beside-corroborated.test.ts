import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/declared-beside-corroborated', import.meta.url));

describe('an id declared beside a contradicted one, and declared the same way elsewhere', () => {
  // src/types.ts declares a report row's `ticketId` and `siteId` strings; the test casts a ticket's id. The sites'
  // own schema (src/sites.ts) declares their id a string too, and no test contradicts it.
  const { report } = audit(FIXTURE);
  const lines = chainLines(report);

  it('keeps the chains of the id another declaration agrees with', () => {
    expect(lines).toContain('get_report rows[].siteId -> get_site.site_id: ok');
    expect(lines).toContain('list_sites sites[].id -> get_site.site_id: ok');
  });

  it('still makes the contradicted entity suspect, by the cast and beside it', () => {
    expect(lines).toContain('list_tickets tickets[].id -> get_ticket.ticket_id: suspect');
    expect(lines).toContain('get_report rows[].ticketId -> get_ticket.ticket_id: suspect');
  });
});
