import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

/**
 * A tool named by the environment with a default (`process.env.GET_TICKET_TOOL_NAME || 'get_ticket'`) is the tool of
 * the default name: what the server publishes when started without the variable. The registration is followed.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/env-tool-name', import.meta.url));

describe('a tool name the environment may change, with a default', () => {
  const { report } = audit(FIXTURE);

  it('is read as its default, and the site is followed', () => {
    expect(report.tools.map((tool) => tool.name)).toEqual(['list_tickets', 'get_ticket']);
    expect(report.coverage).toMatchObject({ tools: 2, registrationSites: 2, unfollowedSites: 0 });
  });

  it('pairs the tools by those names', () => {
    expect(chainLines(report)).toEqual([
      'list_tickets [].id -> get_ticket.ticket_id: broken',
      'get_ticket id -> get_ticket.ticket_id: broken',
    ]);
  });
});
