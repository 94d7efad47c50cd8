import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';
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

  it('names guard-ids as the fix, which reads the same chains', async () => {
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('close_issue.issue_number accepts string');
    expect(run.stdout).toMatch(
      /fix: npx agent-contract codemod guard-ids \S*server\.ts {2}\(guards the 2 acceptors above/,
    );
    expect(run.stdout).not.toContain('by hand');
  });

  it('guard-ids guards the second key, and the audit reads it back as tolerated', async () => {
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(guarded).toMatch(/issue_number: guardId\(z\.string\(\)/);
    expect(chainLines(audit(root).report)).toEqual([
      'list_issues issues[].number -> get_issue.number: ok',
      'list_issues issues[].number -> close_issue.issue_number: tolerated',
      'list_issues issues[].number -> reopen_issue.issue_id: tolerated',
      'get_issue number -> get_issue.number: ok',
      'get_issue number -> close_issue.issue_number: tolerated',
      'get_issue number -> reopen_issue.issue_id: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
