import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { runCli } from '../support/run-cli.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/second-keys', import.meta.url));

describe("a record's second key: an issue's number, taken as issue_number", () => {
  // `issues[].number` is a JSON number; `close_issue` takes it as `issue_number: z.string()`. Neither name is an id,
  // so the audit saw no chain and vouched for a server an agent cannot chain.
  const { report } = audit(FIXTURE);

  it('pairs the number a record emits with the inputs that take it back', () => {
    expect(
      report.chains
        .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`)
        .sort(),
    ).toEqual([
      'get_issue number -> close_issue.issue_number: broken',
      'get_issue number -> get_issue.number: ok',
      'get_issue number -> reopen_issue.issue_id: broken',
      'list_issues issues[].number -> close_issue.issue_number: broken',
      'list_issues issues[].number -> get_issue.number: ok',
      'list_issues issues[].number -> reopen_issue.issue_id: broken',
    ]);
    expect(new Set(report.chains.map((chain) => chain.entity))).toEqual(new Set(['issue#number']));
  });

  it('reads no key into a page number, and never pairs a number with an id', () => {
    expect(report.emitters.map((emitter) => emitter.path)).not.toContain('page.number');
    expect(report.acceptors.map((acceptor) => acceptor.field)).not.toContain('page_number');
    expect(report.chains.some((chain) => chain.from.path.endsWith('.id') || chain.from.path === 'id')).toBe(false);
  });

  it('says the fix is by hand, since guard-ids rewrites id-named fields only', async () => {
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('close_issue.issue_number accepts string');
    expect(run.stdout).toContain('fix: wrap its schema in guardId(...) by hand');
    expect(run.stdout).not.toContain('codemod guard-ids');
  });
});
