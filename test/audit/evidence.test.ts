import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { auditJson } from '../../src/audit/format-json.ts';
import { formatAuditSarif } from '../../src/audit/format-sarif.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { lineOf } from '../support/line-of.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

function chains(report: AuditReport): string[] {
  return report.chains.map(
    (chain) => `${chain.from.tool} ${chain.from.type} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
  );
}

function evidence(report: AuditReport, tool: string): string[] {
  const chain = report.chains.find((candidate) => candidate.to.tool === tool);
  return (chain?.evidence ?? []).map((entry) => `${entry.kind} ${entry.text} ${entry.file}:${entry.line}`);
}

describe('handlers that return `any`, and an acceptor that parses its id as a number', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('untyped-client')).report;
  });

  it('makes the chains of the untyped emitters into the string acceptor suspect, with the evidence at file:line', () => {
    expect(chains(report)).toEqual([
      'create_ticket unknown -> get_ticket.ticket_id: suspect',
      'get_ticket unknown -> get_ticket.ticket_id: suspect',
    ]);
    expect(evidence(report, 'get_ticket')).toEqual(['parses-number parseInt(ticket_id, 10) src/server.ts:10']);
    expect(report.chains[0]).toMatchObject({
      entity: 'ticket',
      reason: 'emits a value of unknown type; the code treats these ids as number, accepts only string',
      from: { tool: 'create_ticket', path: '', type: 'unknown', file: 'src/server.ts', line: 9 },
      to: { tool: 'get_ticket', field: 'ticket_id', type: 'string', file: 'src/server.ts', line: 10 },
    });
    expect(report.summary).toMatchObject({ broken: 0, suspect: 2, tolerated: 0, ok: 0 });
  });

  it('lists suspect chains right after the broken ones in the text report, and says it could not vouch', () => {
    const text = formatAuditText(report, { cwd: fixture('untyped-client') });
    const lines = text.trimEnd().split('\n');
    const suspect = lines.indexOf(
      "Suspect chains, by acceptor (1): the emitter publishes no type (or prints the id into prose), or one the project's own tests contradict, and the code treats these ids as a type the acceptor rejects, so it is likely broken",
    );
    expect(suspect).toBeGreaterThan(0);
    expect(lines.slice(suspect + 1, suspect + 5)).toEqual([
      '  get_ticket.ticket_id accepts string  src/server.ts:10',
      '    ? create_ticket emits a value typed any  src/server.ts:9',
      '    ? get_ticket emits a value typed any  src/server.ts:10',
      '    evidence: parseInt(ticket_id, 10)  src/server.ts:10',
    ]);
    expect(
      lines.indexOf(
        'Tools that emit unknown types (2): the types do not show the ids in these parts of what they return',
      ),
    ).toBeGreaterThan(suspect);
    expect(lines.at(-1)).toBe(
      'Verdict: 2 suspect chains of 2; could not vouch for ticket: it has an acceptor and no emitter of known type.',
    );
  });

  it('carries suspect chains in JSON (version 2) and SARIF', () => {
    const json = auditJson(report, fixture('untyped-client'));
    expect(json.version).toBe(3);
    expect(json.chains[0]?.evidence).toEqual([
      {
        kind: 'parses-number',
        text: 'parseInt(ticket_id, 10)',
        tool: 'get_ticket',
        field: 'ticket_id',
        file: 'src/server.ts',
        line: 10,
      },
    ]);
    const sarif = JSON.parse(formatAuditSarif(report, fixture('untyped-client'))) as {
      runs: { results: { ruleId: string; level: string; relatedLocations?: unknown[] }[] }[];
    };
    const suspects = sarif.runs[0]?.results.filter((result) => result.ruleId === 'suspect-chain') ?? [];
    expect(suspects).toHaveLength(2);
    expect(suspects[0]?.level).toBe('warning');
    expect(suspects[0]?.relatedLocations).toHaveLength(2);
  });
});

describe('what the code says about ids the types do not show', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('untyped-evidence')).report;
  });

  it('takes Number() one call away, a digits-only regex on the field, and a typed client parameter as evidence', () => {
    // The conversion is the fixture's own code, on the line it marks: the evidence quotes it as written there.
    const server = `${fixture('untyped-evidence')}/src/server.ts`;
    const line = lineOf(server, '// evidence: parses-number');
    const conversion = /\w+\(customerId\)/.exec(readFileSync(server, 'utf8').split('\n')[line - 1] ?? '')?.[0];
    expect(conversion).toBeDefined();
    expect(evidence(report, 'get_customer')).toEqual([`parses-number ${conversion} src/server.ts:${line}`]);
    expect(evidence(report, 'get_order')).toEqual(['digits-pattern /^\\d+$/ src/server.ts:21']);
    expect(evidence(report, 'get_invoice')).toEqual([
      'number-parameter billing.fetchInvoice(invoiceId: number) src/server.ts:26',
    ]);
    expect(chains(report).filter((chain) => chain.endsWith('suspect'))).toEqual([
      'list_customers unknown -> get_customer.customerId: suspect',
      'get_customer unknown -> get_customer.customerId: suspect',
      'list_orders unknown -> get_order.order_id: suspect',
      'get_order unknown -> get_order.order_id: suspect',
      'list_invoices unknown -> get_invoice.invoiceId: suspect',
      'get_invoice unknown -> get_invoice.invoiceId: suspect',
    ]);
  });

  it('leaves the look-alikes alone: a parsed field that is no id, and a typed emitter that decides its chain', () => {
    expect(report.chains.filter((chain) => chain.to.tool === 'get_note')).toEqual([]);
    expect(chains(report).filter((chain) => chain.includes('region'))).toEqual([
      'list_regions string -> get_region.regionId: ok',
    ]);
    expect(report.coverage.unvouched).toEqual(['customer', 'order', 'invoice', 'note']);
  });
});
