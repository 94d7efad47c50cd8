import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot as root, runCli as run } from '../support/run-cli.ts';

const guarded = 'test/audit/fixtures/guarded';
/** Each CLI run builds a TypeScript program (zod's and the SDK's types included); a test that makes several needs more time. */
const CLI_RUNS_TIMEOUT = 180_000;

/** Every file under `dir` with its modification time, to prove the audit writes nothing. */
function snapshot(dir: string): Record<string, number> {
  const files: Record<string, number> = {};
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const file = path.join(entry.parentPath, entry.name);
      files[file] = statSync(file).mtimeMs;
    }
  }
  return files;
}

const empty = mkdtempSync(path.join(tmpdir(), 'audit-empty-'));
writeFileSync(path.join(empty, 'README.md'), '# not a TypeScript project\n');
afterAll(() => rmSync(empty, { recursive: true, force: true }));

describe('agent-contract audit', () => {
  it('exits 1 on the helpdesk, whose chains are broken, and writes nothing', async () => {
    const before = snapshot(path.join(root, 'examples/helpdesk'));
    const result = await run(['audit', 'examples/helpdesk']);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n').slice(5, 7)).toEqual([
      '21 result fields return an id (emitters: 20 numbers, 1 string); 8 input fields take one (acceptors: 8 only strings).',
      'A chain is an id an emitter returns, passed as is to an acceptor of the same entity (ticket, customer, agent, reply).',
    ]);
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('Verdict: 45 broken chains of 46 (1 ok).');
    expect(result.stderr).toBe('');
    expect(snapshot(path.join(root, 'examples/helpdesk'))).toEqual(before);
  });

  it(
    'sets the exit code by --fail-on: never is 0, tolerated counts tolerated chains too',
    async () => {
      expect((await run(['audit', '--fail-on', 'never', 'examples/helpdesk'])).code).toBe(0);
      // The guarded fixture has tolerated chains only: numbers reach a guarded acceptor that publishes string.
      const byDefault = await run(['audit', '--format', 'json', guarded]);
      expect(byDefault.code).toBe(0);
      expect((JSON.parse(byDefault.stdout) as { summary: unknown }).summary).toMatchObject({
        chains: 2,
        tolerated: 2,
        broken: 0,
        ok: 0,
      });
      expect((await run(['audit', '--fail-on', 'tolerated', guarded])).code).toBe(1);
    },
    CLI_RUNS_TIMEOUT,
  );

  it(
    'fails on suspect chains only when asked: --fail-on suspect, past the untyped emitters with --allow-unknown',
    async () => {
      const untyped = 'test/audit/fixtures/untyped-client';
      expect((await run(['audit', '--allow-unknown', untyped])).code).toBe(0);
      expect((await run(['audit', '--allow-unknown', '--fail-on', 'suspect', untyped])).code).toBe(1);
      expect((await run(['audit', '--allow-unknown', '--fail-on', 'tolerated', untyped])).code).toBe(1);
    },
    CLI_RUNS_TIMEOUT,
  );

  it(
    'exits 2 when it knew the emitted type of no tool, with one line saying what to do, after the report',
    async () => {
      const result = await run(['audit', 'test/audit/fixtures/untyped-client']);
      expect(result.code).toBe(2);
      expect(result.stdout).toContain('Verdict: 2 suspect chains of 2; could not vouch for ticket');
      expect(result.stderr).toBe(
        'agent-contract: audit test/audit/fixtures/untyped-client knew the emitted type of no tool (2 of 2 emit unknown types); type what their handlers return, or pass --allow-unknown to exit by --fail-on alone\n',
      );
      const json = await run(['audit', '--format', 'json', 'test/audit/fixtures/untyped-client']);
      expect(json.code).toBe(2);
      expect((JSON.parse(json.stdout) as { coverage: unknown }).coverage).toMatchObject({ tools: 2, knownEmitters: 0 });
    },
    CLI_RUNS_TIMEOUT,
  );

  it(
    'exits 2 when it found no tool, and never says green',
    async () => {
      const result = await run(['audit', 'test/audit/fixtures/no-tools']);
      expect(result.code).toBe(2);
      expect(result.stdout).toContain('Verdict: could not vouch for any chain: no tool was found.');
      expect(result.stderr).toBe(
        'agent-contract: audit test/audit/fixtures/no-tools found no tool; if the server registers tools through a function of its own, declare it in agent-contract.config.json (docs/audit.md#custom-wrappers), or pass --allow-unknown to exit by --fail-on alone\n',
      );
      expect((await run(['audit', '--allow-unknown', 'test/audit/fixtures/no-tools'])).code).toBe(0);
    },
    CLI_RUNS_TIMEOUT,
  );

  it(
    'exits 2 when it read the input schema of no tool, though every emitter is typed',
    async () => {
      const result = await run(['audit', 'test/audit/fixtures/unread-inputs']);
      expect(result.code).toBe(2);
      expect(result.stdout).toContain(
        'Verdict: could not vouch for any chain: the input schema of no tool could be read (2 tools).',
      );
      expect(result.stderr).toMatch(
        /^agent-contract: audit test\/audit\/fixtures\/unread-inputs read the input schema of no tool \(2 of 2 are built by calls it cannot follow\); .*--allow-unknown to exit by --fail-on alone\n$/,
      );
    },
    CLI_RUNS_TIMEOUT,
  );

  it('exits 1 on the class-based tools whose chain is broken', async () => {
    const result = await run(['audit', 'test/audit/fixtures/class-tools']);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '  ✗ create_item.boardId accepts number  test/audit/fixtures/class-tools/src/server.ts:28  <- 1 emitter: create_board board_id\n',
    );
  });

  it('prints SARIF with --format sarif', async () => {
    const result = await run(['audit', '--format', 'sarif', '--fail-on', 'never', 'examples/helpdesk']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      version: '2.1.0',
      runs: [{ tool: { driver: { name: 'agent-contract' } } }],
    });
  });

  it('exits 2 with a clear message for a folder with no tsconfig and no TypeScript files', async () => {
    const result = await run(['audit', empty]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(
      `agent-contract: ${empty}: no tsconfig.json and no TypeScript files; run the audit in a TypeScript project folder or pass its tsconfig.json\n`,
    );
  });

  it('exits 2 for a path that does not exist and for an unknown --format', async () => {
    const missing = await run(['audit', 'no/such/folder']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe(
      'agent-contract: no/such/folder: no such file or folder; pass a project folder or its tsconfig.json\n',
    );
    const format = await run(['audit', '--format', 'xml', 'examples/helpdesk']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("option '--format <format>' argument 'xml' is invalid");
  });
});
