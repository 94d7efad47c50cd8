import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import type { PublishedSurface } from '../../src/model/published-surface.ts';
import contract from './fixtures/published-registry/mcp-contract.json' with { type: 'json' };
import { chainLines } from '../support/chain-lines.ts';

/**
 * Published tools placed in source by their names: definitions under the generic key `schema` with no handler of
 * their own, flattened into a list that a loop registers by `definition.name`, and handlers stored under the tool
 * names in a record, one made by a factory whose parameter is the name, one whose schema sits in a map keyed by its name,
 * and two registered by a loop over a list of their names. The contract names the tools, so each is placed where its name is defined, its fields at their
 * declarations (for the fix), and its handler where its name keys a function.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/published-registry', import.meta.url));
const published: PublishedSurface = { source: 'mcp-contract.json', tools: contract.tools };

describe('published tools placed by name', () => {
  const { report } = audit(FIXTURE, { published });

  it('places every published tool and its id fields in source', () => {
    expect(report.coverage.contract).toMatchObject({ tools: 5, placedTools: 5, unplacedTools: [], unplacedFields: [] });
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.file}:${acceptor.line} ${acceptor.placed}`,
      ),
    ).toEqual([
      'archive_ticket.ticketId src/server.ts:23 field',
      'close_ticket.ticketId src/definitions.ts:26 field',
      'get_ticket.ticketId src/definitions.ts:15 field',
      'restore_ticket.ticketId src/server.ts:23 field',
    ]);
  });

  it('finds the handler a record holds under the tool name, and what it emits', () => {
    const listed = report.emitters.find((emitter) => emitter.tool === 'list_tickets');
    expect(listed).toMatchObject({ path: 'tickets[].id', types: ['number'], file: 'src/handlers.ts' });
    expect(chainLines(report)).toContain('list_tickets tickets[].id -> get_ticket.ticketId: broken');
    expect(report.chains.filter((chain) => chain.to.tool === 'close_ticket').map((chain) => chain.status)).toContain(
      'broken',
    );
  });

  it('reports an unread field only when the tool publishes it', () => {
    const unread = (report: AuditReport) =>
      report.findings
        .filter((finding) => finding.rule === 'unread-input-field')
        .map((finding) => `${finding.tool} ${/publishes `(\w+)`/.exec(finding.message)?.[1] ?? ''}`);
    // list_tickets comes from a factory, whose parameter is the name: placed there all the same.
    expect(unread(report).sort()).toEqual(['close_ticket ticketId', 'list_tickets query']);
    const withoutQuery = published.tools.map((tool) =>
      tool.name === 'list_tickets' ? { ...tool, inputSchema: { type: 'object', properties: {} } } : tool,
    );
    expect(unread(audit(FIXTURE, { published: { ...published, tools: withoutQuery } }).report)).toEqual([
      'close_ticket ticketId',
    ]);
  });

  it('leaves the loop over a list of names to the discovery, which reads it without a contract too', () => {
    const { report: alone } = audit(FIXTURE);
    // Without the contract: the loop over names, and the one definition with a name and a schema of the shape the
    // definitions loop reads (`get_ticket`; `close_ticket` has no input of its own, `list_tickets` is made by a factory).
    expect(alone.tools.map((tool) => `${tool.name} ${tool.file}:${tool.line}`)).toEqual([
      'archive_ticket src/server.ts:23',
      'restore_ticket src/server.ts:23',
      'get_ticket src/definitions.ts:12',
    ]);
    expect(alone.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`)).toEqual([
      'archive_ticket.ticketId',
      'restore_ticket.ticketId',
      'get_ticket.ticketId',
    ]);
  });

  it('reads no tool that is not published', () => {
    const { report: fewer } = audit(FIXTURE, {
      published: { ...published, tools: published.tools.filter((tool) => tool.name !== 'close_ticket') },
    });
    expect(fewer.acceptors.map((acceptor) => acceptor.tool)).toEqual([
      'archive_ticket',
      'get_ticket',
      'restore_ticket',
    ]);
  });
});
