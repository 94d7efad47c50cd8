import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { baselineOf, formatBaseline } from '../../src/audit/baseline.ts';
import { builtCli, repoRoot } from '../support/run-cli.ts';

/**
 * The Action's steps (action/run.sh, which action.yml runs), with the inputs a workflow gives them, on a repository of
 * two commits: the base has a broken chain its baseline accepts; the head adds a new broken chain (close_ticket) and a
 * breaking contract change (get_ticket's `note` became required). No Actions runner installs here, so the script runs
 * as the runner would run it, with GITHUB_STEP_SUMMARY and GITHUB_OUTPUT files.
 */

const fixtures = path.join(import.meta.dirname, 'fixtures');
let work: string;
let out: string;
let exitCode: string;

function git(...args: string[]): void {
  execFileSync('git', args, { cwd: work, stdio: 'ignore' });
}

function commit(side: 'base' | 'head'): void {
  mkdirSync(path.join(work, 'src'), { recursive: true });
  cpSync(path.join(fixtures, side, 'server.ts'), path.join(work, 'src', 'server.ts'));
  cpSync(path.join(fixtures, side, 'serve.mjs'), path.join(work, 'serve.mjs'));
  git('add', '-A');
  git('commit', '-qm', side);
}

beforeAll(() => {
  work = mkdtempSync(path.join(tmpdir(), 'agent-contract-action-'));
  out = path.join(work, '.out');
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(work, 'node_modules'));
  writeFileSync(path.join(work, '.gitignore'), 'node_modules\n.out\n');
  writeFileSync(path.join(work, 'package.json'), '{ "name": "tickets", "type": "module", "private": true }\n');
  cpSync(
    path.join(repoRoot, 'test', 'audit', 'fixtures', 'accepted-findings', 'tsconfig.json'),
    path.join(work, 'tsconfig.json'),
  );
  git('init', '-q');
  git('config', 'user.email', 'ci@example.com');
  git('config', 'user.name', 'ci');
  commit('base');
  // The team adopted the audit on the base: its one broken chain is recorded.
  writeFileSync(path.join(work, 'agent-contract.baseline.json'), formatBaseline(baselineOf(audit(work).report)));
  git('add', '-A');
  git('commit', '-qm', 'baseline');
  const baseSha = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: work, encoding: 'utf8' }).trim();
  commit('head');
  writeFileSync(path.join(work, 'summary.md'), '');
  writeFileSync(path.join(work, 'output.txt'), '');
  const run = spawnSync('bash', [path.join(repoRoot, 'action', 'run.sh')], {
    cwd: work,
    encoding: 'utf8',
    env: {
      ...process.env,
      NO_COLOR: '1',
      AGENT_CONTRACT: `node ${builtCli}`,
      AC_PROJECT: '.',
      AC_FAIL_ON: '',
      AC_SARIF_FILE: path.join(work, 'agent-contract.sarif'),
      AC_SERVER_COMMAND: 'node serve.mjs',
      AC_BASE_REF: baseSha,
      AC_SETUP_COMMAND: '',
      AC_OUT: out,
      GITHUB_STEP_SUMMARY: path.join(work, 'summary.md'),
      GITHUB_OUTPUT: path.join(work, 'output.txt'),
    },
  });
  expect(run.status, run.stderr).toBe(0);
  exitCode = readFileSync(path.join(out, 'exit-code'), 'utf8').trim();
}, 900_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the GitHub Action on a pull request', () => {
  it('fails as the CLI does: exit code 1 for a new broken chain and a breaking change', () => {
    expect(exitCode).toBe('1');
    expect(readFileSync(path.join(work, 'output.txt'), 'utf8')).toBe(
      `exit-code=1\ncomment-file=${path.join(out, 'comment.md')}\n`,
    );
  });

  it('writes a job summary with the new broken chain grouped by fix, and the change, each with its check id and doc', () => {
    const summary = readFileSync(path.join(work, 'summary.md'), 'utf8');
    expect(summary).toContain('**Verdict:** 1 new broken chain (1 accepted).');
    expect(summary).toContain('| `close_ticket.ticketId` | string | 1: list_tickets tickets[].id | src/server.ts:');
    // The chain the baseline accepts is not listed again.
    expect(summary).not.toContain('`get_ticket.ticketId`');
    expect(summary).toContain('- `npx agent-contract codemod guard-ids src/server.ts` (the acceptor in that file)');
    expect(summary).toContain(
      '| breaking | [`input-became-required`](https://github.com/agent-contract/agent-contract/blob/main/docs/contract.md#rules) | get_ticket | note |',
    );
  });

  it('gives the sticky comment the same body, marked so the next push edits it', () => {
    const comment = readFileSync(path.join(out, 'comment.md'), 'utf8');
    expect(comment.startsWith('<!-- agent-contract audit -->\n### agent-contract audit\n')).toBe(true);
    expect(comment).toContain('<!-- agent-contract contract diff -->');
    expect(readFileSync(path.join(work, 'summary.md'), 'utf8')).toBe(comment);
  });

  it('writes SARIF of the new finding only, at the acceptor', () => {
    const sarif = JSON.parse(readFileSync(path.join(work, 'agent-contract.sarif'), 'utf8')) as {
      runs: { results: { ruleId: string; level: string; message: { text: string } }[] }[];
    };
    const results = sarif.runs[0]?.results ?? [];
    expect(results.map((result) => `${result.ruleId} ${result.level}`)).toEqual(['broken-chain error']);
    expect(results[0]?.message.text).toContain('close_ticket.ticketId');
  });
});
