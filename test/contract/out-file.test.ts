import { execFileSync, spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { builtCli, repoRoot, runCli } from '../support/run-cli.ts';

const server = ['node', 'test/fixtures/contract-servers/zod4.mjs', 'base'];
const snapshot = (out: string, cwd?: string) =>
  runCli(['contract', 'snapshot', '--no-probe', '--out', out, '--', ...server], cwd === undefined ? {} : { cwd });

let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-out-'));
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('contract snapshot --out on what is not a plain file', () => {
  it('writes a character device in place and leaves the device node a device', async () => {
    // As root a null device of the test's own (a writer that replaced it would replace only that); else /dev/null.
    let device = '/dev/null';
    if (process.getuid?.() === 0) {
      device = join(folder, 'null');
      execFileSync('mknod', [device, 'c', '1', '3']);
    }
    const before = await stat(device);
    const result = await snapshot(device);
    expect(result, result.stderr).toMatchObject({ code: 0, stdout: expect.stringMatching(/^wrote /) });
    const after = await lstat(device);
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.ino, after.rdev]).toEqual([before.ino, before.rdev]);
  });

  it('writes a FIFO in place: its reader gets the contract and the FIFO stays', async () => {
    const fifo = join(folder, 'contract.pipe');
    execFileSync('mkfifo', [fifo]);
    const chunks: Buffer[] = [];
    const reader = createReadStream(fifo).on('data', (chunk) => chunks.push(chunk as Buffer));
    const result = await snapshot(fifo);
    // A FIFO replaced by a file leaves its reader waiting for a writer that never comes.
    const readerEnded = await new Promise<boolean>((resolve) => {
      if (reader.closed) resolve(true);
      reader.once('close', () => resolve(true));
      setTimeout(() => resolve(false), 5_000).unref();
    });
    expect(readerEnded).toBe(true);
    expect(result.code, result.stderr).toBe(0);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toMatchObject({ format: 'agent-contract/mcp-contract' });
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(await readdir(folder)).toEqual(['contract.pipe']);
  });
});

describe('contract snapshot --out a FIFO nobody reads', () => {
  it('waits for a reader as a shell would, and the first SIGTERM ends it with 143, writing nothing', async () => {
    const fifo = join(folder, 'contract.pipe');
    execFileSync('mkfifo', [fifo]);
    const child = spawn(
      process.execPath,
      [builtCli, 'contract', 'snapshot', '--no-probe', '--out', fifo, '--', ...server],
      {
        cwd: repoRoot,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    // Long enough for the snapshot to be taken and the write to be waiting on the FIFO.
    await new Promise((resolve) => setTimeout(resolve, 4_000));
    expect(child.exitCode).toBeNull();
    const sent = Date.now();
    child.kill('SIGTERM');
    const ended = await Promise.race([
      exited,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 10_000)),
    ]);
    if (ended === undefined) child.kill('SIGKILL');
    expect(ended, 'still running 10 s after SIGTERM').toBeDefined();
    expect(ended?.code, stderr).toBe(143);
    expect((ended?.at ?? Infinity) - sent).toBeLessThan(5_000);
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(await readdir(folder)).toEqual(['contract.pipe']);
  }, 30_000);
});

describe('contract snapshot --out keeps what the file is', () => {
  it('refuses a read-only contract (mode 0444), whoever runs it, and leaves it as it was', async () => {
    const file = join(folder, 'mcp-contract.json');
    await writeFile(file, 'committed\n');
    await chmod(file, 0o444);
    expect(await snapshot(file)).toEqual({
      code: 2,
      stdout: '',
      stderr: `agent-contract: cannot write ${file}: it is read-only (mode 0444); make it writable (chmod u+w) if it should be rewritten\n`,
    });
    expect(await readFile(file, 'utf8')).toBe('committed\n');
    expect((await stat(file)).mode & 0o7777).toBe(0o444);
  });

  it("keeps the file's mode (0600 stays 0600)", async () => {
    const file = join(folder, 'mcp-contract.json');
    await writeFile(file, 'old\n');
    await chmod(file, 0o600);
    expect((await snapshot(file)).code).toBe(0);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ format: 'agent-contract/mcp-contract' });
    expect((await stat(file)).mode & 0o7777).toBe(0o600);
  });

  it('writes through a symbolic link inside the project, and the link stays a link', async () => {
    await mkdir(join(folder, 'contracts'));
    await writeFile(join(folder, 'contracts/server.json'), 'old\n');
    await symlink('contracts/server.json', join(folder, 'mcp-contract.json'));
    const result = await runCli(
      [
        'contract',
        'snapshot',
        '--no-probe',
        '--out',
        'mcp-contract.json',
        '--',
        'node',
        join(process.cwd(), server[1] as string),
        'base',
      ],
      { cwd: folder },
    );
    expect(result.code, result.stderr).toBe(0);
    expect((await lstat(join(folder, 'mcp-contract.json'))).isSymbolicLink()).toBe(true);
    expect(JSON.parse(await readFile(join(folder, 'contracts/server.json'), 'utf8'))).toMatchObject({
      format: 'agent-contract/mcp-contract',
    });
  });

  it('refuses a symbolic link that leads out of the project, naming where it leads', async () => {
    await mkdir(join(folder, 'project'));
    await writeFile(join(folder, 'elsewhere.json'), 'theirs\n');
    await symlink('../elsewhere.json', join(folder, 'project/mcp-contract.json'));
    const result = await runCli(
      [
        'contract',
        'snapshot',
        '--no-probe',
        '--out',
        'mcp-contract.json',
        '--',
        'node',
        join(process.cwd(), server[1] as string),
        'base',
      ],
      { cwd: join(folder, 'project') },
    );
    expect(result).toMatchObject({
      code: 2,
      stderr: `agent-contract: cannot write mcp-contract.json: it leads to ${join(folder, 'elsewhere.json')} through a symbolic link, outside ${join(folder, 'project')}; left as it was: name ${join(folder, 'elsewhere.json')} itself to write it there\n`,
    });
    expect(await readFile(join(folder, 'elsewhere.json'), 'utf8')).toBe('theirs\n');
  });
});
