import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';

const fixture = fileURLToPath(new URL('fixtures/schema-factories', import.meta.url));

describe('input shapes built by a factory a helper hands back', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture).report;
  });

  it('reads z.object(factory(t)) through an identity helper (buildToolSchema(fn) returns fn) and a plain function', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'add_issue.projectId number',
      'get_issue.issueId string',
      'delete_issue.issueId number',
    ]);
  });

  it('pairs them: the number issue ids both tools emit break get_issue.issueId', () => {
    expect(
      report.chains
        .filter((chain) => chain.status !== 'ok')
        .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`),
    ).toEqual(['add_issue id -> get_issue.issueId: broken', 'get_issue id -> get_issue.issueId: broken']);
  });
});
