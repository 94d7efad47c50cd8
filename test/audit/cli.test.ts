import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot as root, runCli as run } from '../support/run-cli.ts';

const guarded = 'test/audit/fixtures/guarded';

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
    expect(result.stdout.split('\n')[4]).toBe('21 fields return an id (20 emit numbers, 1 strings); 8 fields accept one (8 demand strings). Of 46 possible tool chains, 45 are broken.');
    expect(result.stderr).toBe('');
    expect(snapshot(path.join(root, 'examples/helpdesk'))).toEqual(before);
  });

  it('sets the exit code by --fail-on: never is 0, tolerated counts tolerated chains too', async () => {
    expect((await run(['audit', '--fail-on', 'never', 'examples/helpdesk'])).code).toBe(0);
    // The guarded fixture has tolerated chains only: numbers reach a guarded acceptor that publishes string.
    const byDefault = await run(['audit', '--format', 'json', guarded]);
    expect(byDefault.code).toBe(0);
    expect((JSON.parse(byDefault.stdout) as { summary: unknown }).summary).toMatchObject({ chains: 2, tolerated: 2, broken: 0, ok: 0 });
    expect((await run(['audit', '--fail-on', 'tolerated', guarded])).code).toBe(1);
  });

  it('prints SARIF with --format sarif', async () => {
    const result = await run(['audit', '--format', 'sarif', '--fail-on', 'never', 'examples/helpdesk']);
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({ version: '2.1.0', runs: [{ tool: { driver: { name: 'agent-contract' } } }] });
  });

  it('exits 2 with a clear message for a folder with no tsconfig and no TypeScript files', async () => {
    const result = await run(['audit', empty]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toBe(`agent-contract: ${empty}: no tsconfig.json and no TypeScript files; run the audit in a TypeScript project folder or pass its tsconfig.json\n`);
  });

  it('exits 2 for a path that does not exist and for an unknown --format', async () => {
    const missing = await run(['audit', 'no/such/folder']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toBe('agent-contract: no/such/folder: no such file or folder; pass a project folder or its tsconfig.json\n');
    const format = await run(['audit', '--format', 'xml', 'examples/helpdesk']);
    expect(format.code).toBe(2);
    expect(format.stderr).toContain("option '--format <format>' argument 'xml' is invalid");
  });
});
