import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alive, readPid, waitFor } from '../support/processes.ts';
import { spawnCli } from '../support/run-cli.ts';

// `sh -c 'node server.mjs; true'` forks the server instead of becoming it, as `bash -c` and `npm start` do: the CLI's
// child is the wrapper, and the server is its child.
const keepsRunning = 'test/cli/fixtures/keeps-running.mjs';
const hangingList = 'test/fixtures/contract-servers/hanging-list.mjs';
const wrapped = (script: string) => ['sh', '-c', `node ${script}; true`];

let folder: string;
const started: number[] = [];
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'wrapped-server-'));
});
afterAll(async () => {
  // A test that fails leaves no server behind.
  for (const pid of started) if (alive(pid)) process.kill(pid, 'SIGKILL');
  await rm(folder, { recursive: true, force: true });
});

interface Exit {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** How the CLI ended, or 'still running' after `timeoutMs` (then it is killed). */
function exited(child: ChildProcess, timeoutMs: number): Promise<Exit | 'still running'> {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      resolve('still running');
    }, timeoutMs);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, stdout, stderr });
    });
  });
}

async function serverPid(pidFile: string): Promise<number> {
  expect(await waitFor(() => existsSync(pidFile), 15_000)).toBe(true);
  const pid = await readPid(pidFile);
  started.push(pid);
  return pid;
}

describe('a server behind a wrapper is ended with its whole process group', () => {
  it('contract snapshot returns once the contract is written, and the server is not left running', async () => {
    const pidFile = join(folder, 'snapshot.pid');
    const out = join(folder, 'w.json');
    const done = exited(
      spawnCli(['contract', 'snapshot', '--out', out, '--', ...wrapped(keepsRunning)], { env: { PID_FILE: pidFile } }),
      15_000,
    );
    const pid = await serverPid(pidFile);
    const end = await done;
    expect(end).toMatchObject({ code: 0, stdout: expect.stringMatching(/^wrote .*w\.json: 1 tools of keeps-running/) });
    expect(existsSync(out)).toBe(true);
    expect(await waitFor(() => !alive(pid), 3_000)).toBe(true);
  });

  it('SIGINT after the contract was written: the server is ended and the exit code is the normal one, not 130', async () => {
    const pidFile = join(folder, 'written.pid');
    const out = join(folder, 'written.json');
    const child = spawnCli(['contract', 'snapshot', '--out', out, '--', ...wrapped(keepsRunning)], {
      env: { PID_FILE: pidFile, IGNORE_SIGTERM: '1' },
    });
    const done = exited(child, 15_000);
    const pid = await serverPid(pidFile);
    // Written while the server ends; a server that ignores SIGTERM takes 2.5 s to be killed.
    expect(await waitFor(() => existsSync(out), 10_000)).toBe(true);
    child.kill('SIGINT');
    expect(await done).toMatchObject({ code: 0, stdout: expect.stringMatching(/^wrote /) });
    expect(await waitFor(() => !alive(pid), 3_000)).toBe(true);
  });

  it('SIGTERM to contract snapshot while the server answers: exit 143, nothing written, the server ended', async () => {
    const pidFile = join(folder, 'listing.pid');
    const out = join(folder, 'never.json');
    const child = spawnCli(['contract', 'snapshot', '--out', out, '--', ...wrapped(hangingList)], {
      env: { PID_FILE: pidFile },
    });
    const done = exited(child, 15_000);
    const pid = await serverPid(pidFile);
    child.kill('SIGTERM');
    expect(await done).toMatchObject({
      code: 143,
      stderr: 'agent-contract: interrupted by SIGTERM; the server was stopped and nothing was written\n',
    });
    expect(existsSync(out)).toBe(false);
    expect(await waitFor(() => !alive(pid), 3_000)).toBe(true);
  });

  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s to chains while the server answers: the CLI ends by it, and so does the server',
    async (signal) => {
      const pidFile = join(folder, `chains-${signal}.pid`);
      const child = spawnCli(['chains', '--', ...wrapped(hangingList)], { env: { PID_FILE: pidFile } });
      const done = exited(child, 15_000);
      const pid = await serverPid(pidFile);
      child.kill(signal);
      expect(await done).toMatchObject({ code: null, signal });
      expect(await waitFor(() => !alive(pid), 3_000)).toBe(true);
    },
  );
});
