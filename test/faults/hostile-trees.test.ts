import { execFileSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../support/processes.ts';
import { runCli, spawnCli } from '../support/run-cli.ts';
import { hostileServer, temporaryFilesIn } from './fault-support.ts';

// Hostile trees: FIFOs and devices where files are expected, read-only files, two runs writing one file. Each case
// checks the outcome docs/cli.md promises ("Faults and hostile input").

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'fault-trees-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const snapshotArgs = (out: string) => [
  'contract',
  'snapshot',
  '--no-probe',
  '--out',
  out,
  '--',
  'node',
  hostileServer,
  'ok',
];

describe('FIFOs and devices', () => {
  it('a FIFO named as --base with nobody writing: one SIGTERM ends the wait', async () => {
    const fifo = join(folder, 'base.json');
    execFileSync('mkfifo', [fifo]);
    const cli = spawnCli(['contract', 'diff', '--base', fifo, '--head', fifo]);
    const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
      cli.once('exit', (code, signal) => resolve(signal ?? code)),
    );
    // Blocked opening the FIFO: nothing has been printed, and the process is still there.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(cli.exitCode).toBeNull();
    cli.kill('SIGTERM');
    // Ended by the signal itself (a shell reports 143).
    expect(await exited).toBe('SIGTERM');
  });

  it('a FIFO fed by a writer, as --base <(git show main:mcp-contract.json) is, is read as it comes', async () => {
    const file = join(folder, 'contract.json');
    expect((await runCli(snapshotArgs(file))).code).toBe(0);
    const fifo = join(folder, 'base.fifo');
    execFileSync('mkfifo', [fifo]);
    const running = runCli(['contract', 'diff', '--base', fifo, '--head', file]);
    await writeFile(fifo, await readFile(file));
    const run = await running;
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toContain('No changes: both publish the same contract.');
  });

  it('/dev/zero as a contract file: exit 2 in one line, read no further than 64 MB', async () => {
    const zero = join(folder, 'zero.json');
    await symlink('/dev/zero', zero);
    const run = await runCli(['contract', 'compat', zero]);
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `agent-contract: ${zero} is larger than 64 MB, more than a contract file holds; name the contract file agent-contract contract snapshot wrote`,
    ]);
  });

  it('/dev/zero and a FIFO among the sources: skipped by the codemods, refused when named', async () => {
    await mkdir(join(folder, 'src'));
    await writeFile(join(folder, 'src', 'a.ts'), 'export const a = 1;\n');
    await symlink('/dev/zero', join(folder, 'src', 'zero.ts'));
    execFileSync('mkfifo', [join(folder, 'src', 'pipe.ts')]);
    const codemod = await runCli(['codemod', '--check', 'guard-ids', 'src'], { cwd: folder });
    expect(codemod.code, codemod.stderr).toBe(0);
    expect(codemod.stdout).toContain('1 file scanned');
    const named = await runCli(['codemod', '--check', 'guard-ids', 'src/pipe.ts'], { cwd: folder });
    expect(named.code).toBe(2);
    expect(named.stderr.trimEnd().split('\n')).toEqual([
      'agent-contract: src/pipe.ts: not a regular file or folder (a FIFO, a device or a socket); name the TypeScript files or folders to rewrite',
    ]);
  });
});

describe('read-only files and two runs at once', () => {
  it(`a read-only --out is refused and left as it was${process.getuid?.() === 0 ? ' (as root too: by its mode bits)' : ''}`, async () => {
    const out = join(folder, 'contract.json');
    await writeFile(out, 'old\n');
    await chmod(out, 0o444);
    const run = await runCli(snapshotArgs(out));
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `agent-contract: cannot write ${out}: it is read-only (mode 0444); make it writable (chmod u+w) if it should be rewritten`,
    ]);
    expect(await readFile(out, 'utf8')).toBe('old\n');
    expect((await stat(out)).mode & 0o777).toBe(0o444);
    expect(await temporaryFilesIn(folder)).toEqual([]);
  });

  it('two snapshots writing the same --out at once: both succeed, the file is one whole contract', async () => {
    const out = join(folder, 'contract.json');
    const runs = await Promise.all([runCli(snapshotArgs(out)), runCli(snapshotArgs(out))]);
    expect(runs.map((run) => run.code)).toEqual([0, 0]);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ tools: [{ name: 'get_ticket' }] });
    expect(await waitFor(async () => (await temporaryFilesIn(folder)).length === 0, 1_000)).toBe(true);
  });
});
