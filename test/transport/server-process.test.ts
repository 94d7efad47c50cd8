import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultServerEnvironment, ServerProcess } from '../../src/transport/server-process.ts';
import { alive, readPid, waitFor } from '../support/processes.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'server-process-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** `sh -c 'node ...; true'`: a wrapper that forks the server instead of becoming it, as `npm start` and `bash -c` do. */
function wrapped(pidFile: string, script: string): ServerProcess {
  const server = `require('node:fs').writeFileSync(process.argv[1], JSON.stringify(process.pid)); ${script}`;
  return new ServerProcess({
    command: 'sh',
    args: ['-c', `"$0" -e "$1" "$2"; true`, process.execPath, server, pidFile],
  });
}

const node = (script: string, env?: Record<string, string>) =>
  new ServerProcess({ command: process.execPath, args: ['-e', script], ...(env === undefined ? {} : { env }) });

function stdoutOf(server: ServerProcess): () => string {
  let text = '';
  server.readStdout((chunk) => (text += chunk.toString('utf8')));
  return () => text;
}

describe('ServerProcess', () => {
  it('keeps what the server wrote to stdout before anything read it, and still sees it end', async () => {
    const server = node(
      "process.stdout.write('one\\n'); setTimeout(() => { process.stdout.write('two\\n'); process.exit(4); }, 50)",
    );
    expect(await server.ended).toEqual({ kind: 'closed', code: 4 });
    expect(stdoutOf(server)()).toBe('one\ntwo\n');
    expect(server.running).toBe(false);
  });

  it('says whether the server has written to stdout yet (a server that has not is still starting)', async () => {
    const server = node(
      "process.stdin.once('data', () => { process.stdout.write('ready\\n'); process.stdin.once('data', () => process.exit(0)); })",
    );
    expect(server.wroteStdout).toBe(false);
    const text = stdoutOf(server);
    server.stdin?.write('go\n');
    for (let waited = 0; text() === '' && waited < 5_000; waited += 10)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(text()).toBe('ready\n');
    expect(server.wroteStdout).toBe(true);
    server.stdin?.write('end\n');
    expect(await server.ended).toEqual({ kind: 'closed', code: 0 });
  });

  it('keeps the last 50 lines of stderr, whole lines across chunks, without blank lines', async () => {
    const script = [
      "for (let i = 1; i <= 60; i++) process.stderr.write('line ' + i + '\\n\\n');",
      "process.stderr.write('split ac');",
      "setTimeout(() => process.stderr.write('ross chunks\\nno newline at the end'), 50);",
    ].join(' ');
    const server = node(script);
    await server.ended;
    expect(server.stderrTail).toHaveLength(50);
    expect(server.stderrTail.slice(0, 2)).toEqual(['line 13', 'line 14']);
    expect(server.stderrTail.slice(-3)).toEqual(['line 60', 'split across chunks', 'no newline at the end']);
  });

  it("gives the server this process's whole environment with the given variables on top, or the SDK's default set", async () => {
    process.env['AGENT_CONTRACT_TEST_INHERITED'] = 'from the parent';
    try {
      const script =
        'process.stdout.write(JSON.stringify([process.env.AGENT_CONTRACT_TEST_INHERITED ?? null, process.env.AGENT_CONTRACT_TEST_GIVEN ?? null, typeof process.env.PATH]))';
      const withEnv = node(script, { AGENT_CONTRACT_TEST_GIVEN: 'given' });
      const read = stdoutOf(withEnv);
      await withEnv.ended;
      expect(JSON.parse(read())).toEqual(['from the parent', 'given', 'string']);
      const bare = node(script);
      const readBare = stdoutOf(bare);
      await bare.ended;
      expect(JSON.parse(readBare())).toEqual([null, null, 'string']);
    } finally {
      delete process.env['AGENT_CONTRACT_TEST_INHERITED'];
    }
  });

  it("the default environment is the MCP SDK's own", () => {
    expect(defaultServerEnvironment()).toEqual(getDefaultEnvironment());
  });

  it('reports a command that cannot be started', async () => {
    const server = new ServerProcess({ command: 'agent-contract-no-such-binary' });
    const end = await server.ended;
    expect(end.kind).toBe('spawn-failed');
    expect(end.kind === 'spawn-failed' ? end.error.code : undefined).toBe('ENOENT');
  });

  it('stop() closes stdin, which ends a server that exits then', async () => {
    const server = node("process.stdin.resume(); process.stdin.on('end', () => process.exit(0))");
    await server.stop(5_000);
    expect(server.end).toEqual({ kind: 'closed', code: 0 });
  });

  it('stop() sends SIGTERM after the grace time to a server that keeps running', async () => {
    const server = node('setInterval(() => {}, 1000)');
    const started = performance.now();
    await server.stop(100);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    expect(server.end).toEqual({ kind: 'closed', code: null });
    expect(server.child.signalCode).toBe('SIGTERM');
  });

  it('stop() sends SIGKILL 2 s after a SIGTERM the server ignores', async () => {
    const server = node("process.on('SIGTERM', () => {}); process.stdout.write('ready'); setInterval(() => {}, 1000)");
    // The handler must be in place before the signal comes.
    await new Promise<void>((resolve) => server.readStdout(() => resolve()));
    await server.stop(0);
    await server.ended;
    expect(server.child.signalCode).toBe('SIGKILL');
  });

  it('stop() ends the whole process group: a server behind a wrapper that outlives stdin is not left running', async () => {
    const pidFile = join(folder, 'wrapped.pid');
    const server = wrapped(pidFile, 'setInterval(() => {}, 1000)');
    expect(await waitFor(() => existsSync(pidFile), 10_000)).toBe(true);
    const pid = await readPid(pidFile);
    await server.stop(100);
    expect(await waitFor(() => !alive(pid), 3_000)).toBe(true);
    // Nothing holds its pipes any more: the server has ended as a whole.
    expect(server.end).toEqual({ kind: 'closed', code: null });
  });

  it('stop() sends SIGKILL to the group when a wrapped server ignores SIGTERM', async () => {
    const pidFile = join(folder, 'stubborn.pid');
    const server = wrapped(pidFile, "process.on('SIGTERM', () => {}); setInterval(() => {}, 1000)");
    expect(await waitFor(() => existsSync(pidFile), 10_000)).toBe(true);
    const pid = await readPid(pidFile);
    await server.stop(0);
    expect(await waitFor(() => !alive(pid), 3_000)).toBe(true);
    expect(server.end?.kind).toBe('closed');
  });
});
