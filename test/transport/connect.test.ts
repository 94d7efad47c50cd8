import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectStdio, ServerStartError } from '../../src/transport/connect.ts';
import { alive, readPid, waitFor } from '../support/processes.ts';
import { repoRoot } from '../support/run-cli.ts';

const fixture = (name: string, ...args: string[]) => ({
  command: process.execPath,
  args: [join(repoRoot, 'test/fixtures/contract-servers', name), ...args],
});
const nodeScript = (script: string) => ({ command: process.execPath, args: ['-e', script] });

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'connect-stdio-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function startError(connecting: Promise<unknown>): Promise<ServerStartError> {
  const error = await connecting.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(ServerStartError);
  return error as ServerStartError;
}

describe('connectStdio', () => {
  it('connects a real client to a stdio server, and close() ends the server', async () => {
    const connection = await connectStdio({ ...fixture('zod4.mjs', 'base'), cwd: repoRoot, closeGraceMs: 1_000 });
    const { tools } = await connection.client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual(['close_ticket', 'get_ticket', 'list_tickets']);
    expect(connection.client.getServerVersion()?.name).toBe('contract-fixture');
    await connection.close();
  });

  it('warns once, after it connected, when the server wrote to stdout lines that are not MCP', async () => {
    const warnings: string[] = [];
    const connection = await connectStdio({
      command: process.execPath,
      args: [join(repoRoot, 'test/cli/fixtures/npm-banner.mjs')],
      env: { LOG_TO_STDOUT: '1' },
      onWarning: (warning) => warnings.push(warning),
    });
    await connection.client.callTool({ name: 'list_items', arguments: {} });
    await connection.close();
    expect(warnings).toEqual([
      expect.stringContaining(', "> user-server@1.0.0 start"; stdout carries the protocol only'),
    ]);
  });

  it('names a command that is not found', async () => {
    const error = await startError(connectStdio({ command: 'agent-contract-no-such-binary', args: ['--flag'] }));
    expect(error.message).toBe(
      'could not start `agent-contract-no-such-binary --flag`: command not found; check the command and your PATH',
    );
    expect(error.exitCode).toBeNull();
  });

  it('reports a server that exits early: its exit code, its stderr tail and what it wrote to stdout that is not JSON-RPC', async () => {
    const error = await startError(
      connectStdio(
        nodeScript("console.log('Server running on stdio'); console.error('DATABASE_URL is not set'); process.exit(3)"),
      ),
    );
    expect(error.message).toMatch(
      /^the server command `\S+ -e "console\.log\(.+\)"` exited with code 3 before answering initialize; run it on its own to see why$/,
    );
    expect(error.exitCode).toBe(3);
    expect(error.stderrTail).toEqual(['DATABASE_URL is not set']);
    expect(error.stdoutNoise).toEqual([
      expect.stringMatching(/^Unexpected token 'S', "Server run"\.\.\. is not valid JSON$/),
    ]);
  });

  it('gives up on a server that does not answer initialize in time, and ends it', async () => {
    const pidFile = join(folder, 'silent.pid');
    const error = await startError(
      connectStdio({ ...fixture('silent.cjs', pidFile, 'hello'), timeoutMs: 1_500, closeGraceMs: 100 }),
    );
    expect(error.message).toMatch(
      /did not answer initialize within 1500 ms; check that it speaks MCP on stdio, or raise --timeout$/,
    );
    expect(error.stdoutNoise).toEqual([`Unexpected token 'h', "hello" is not valid JSON`]);
    expect(alive(await readPid(pidFile))).toBe(false);
  });

  it('rejects with the abort reason and ends a server that is still starting', async () => {
    const pidFile = join(folder, 'starting.pid');
    const controller = new AbortController();
    const connecting = connectStdio({ ...fixture('silent.cjs', pidFile), signal: controller.signal });
    expect(await waitFor(() => existsSync(pidFile), 10_000)).toBe(true);
    const reason = new Error('stop now');
    controller.abort(reason);
    await expect(connecting).rejects.toBe(reason);
    expect(alive(await readPid(pidFile))).toBe(false);
  });

  it('does not start a server when the signal has aborted already', async () => {
    const reason = new Error('aborted before');
    await expect(
      connectStdio({ command: 'agent-contract-no-such-binary', signal: AbortSignal.abort(reason) }),
    ).rejects.toBe(reason);
  });
});
