import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

describe('a handler passed through a wrapper call', () => {
  const { report } = audit(fileURLToPath(new URL('fixtures/wrapped-handler', import.meta.url)));

  it('is the wrapped function: every tool is found, and its chains are judged', () => {
    expect(report.summary.tools).toBe(3);
    expect(report.coverage.registrationSites).toBe(3);
    expect(
      report.chains
        .filter((chain) => chain.status === 'broken')
        .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool} ${chain.to.field}`),
    ).toEqual([
      'list_tickets tickets[].ticket_id -> get_ticket ticket_id',
      'list_tickets tickets[].ticket_id -> close_ticket ticket_id',
    ]);
  });

  it("reads the wrapped handler's use of its input: no field is reported unread", () => {
    expect(report.findings.filter((finding) => finding.rule === 'unread-input-field')).toEqual([]);
  });
});
