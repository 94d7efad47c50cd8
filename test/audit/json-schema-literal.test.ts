import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/json-schema-literal', import.meta.url));

describe('a JSON Schema written out in source', () => {
  // `inputSchema: { type: 'object', properties: { ticketId: ticketIdProperty }, required }`: read as JSON Schema
  // through its references and spreads. When it was more than a plain literal it was read as a Zod raw shape whose
  // fields were `type`, `properties` and `required`, so its id fields were lost and the verdict said no chain broke.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('takes the keys of `properties` as the fields, with their JSON types, and no keyword as a field', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.input}`)).toEqual([
      'find_tickets zod',
      'list_tickets json-schema',
      'get_ticket json-schema',
      'assign_ticket json-schema',
      'merge_tickets json-schema',
    ]);
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual([
      'find_tickets.ticketId string src/find-tickets.ts:14',
      'get_ticket.ticketId string src/server.ts:31',
      'assign_ticket.ticketId number src/server.ts:39',
      'merge_tickets.ticketIds string src/server.ts:45',
    ]);
    expect(report.coverage).toMatchObject({ tools: 5, inputsRead: 5 });
  });

  it('pairs the numeric ticket ids with each acceptor by its published type', () => {
    const intoListed = report.chains
      .filter((chain) => chain.from.tool === 'list_tickets')
      .map((chain) => `${chain.to.tool}.${chain.to.field}: ${chain.status}`);
    expect(intoListed).toEqual([
      'find_tickets.ticketId: broken',
      'get_ticket.ticketId: broken',
      'assign_ticket.ticketId: ok',
      'merge_tickets.ticketIds: broken',
    ]);
    expect(report.summary).toMatchObject({ chains: 16, broken: 12, ok: 4 });
  });

  it('keeps a Zod raw shape with fields called `type` and `properties` a raw shape', () => {
    expect(report.findings.map((finding) => `${finding.rule} ${finding.tool} ${finding.file}:${finding.line}`)).toEqual(
      ['unread-input-field find_tickets src/find-tickets.ts:13'],
    );
    expect(report.findings[0]?.message).toContain('publishes `properties`');
  });
});
