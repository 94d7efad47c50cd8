import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_JSON_DEPTH } from '../../src/contract/json-depth.ts';
import { waitFor } from '../support/processes.ts';
import { runCli, spawnCli } from '../support/run-cli.ts';
import { hostilePids, hostileServer, leftRunning, temporaryFilesIn } from './fault-support.ts';

// Each case runs the built CLI against the hostile server in one mode, checks the outcome docs/cli.md promises
// ("Faults and hostile input"), and that ps lists nothing of the server's process group afterwards.

let folder: string;
let pidFile: string;
let out: string;
beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'faults-'));
  pidFile = join(folder, 'pids.json');
  out = join(folder, 'contract.json');
});
afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/;

async function snapshot(mode: string, extra: readonly string[] = [], env: Record<string, string> = {}) {
  const run = await runCli(
    [
      'contract',
      'snapshot',
      '--no-probe',
      '--timeout',
      '5000',
      '--out',
      out,
      ...extra,
      '--',
      'node',
      hostileServer,
      mode,
    ],
    { env: { FAULT_PIDS: pidFile, ...env } },
  );
  expect(await leftRunning(await hostilePids(pidFile))).toEqual([]);
  expect(await temporaryFilesIn(folder)).toEqual([]);
  return run;
}

async function exists(file: string): Promise<boolean> {
  return stat(file).then(
    () => true,
    () => false,
  );
}

describe('hostile servers', () => {
  it('junk before JSON-RPC: one warning, escaped, and the contract is written', async () => {
    const run = await snapshot('junk');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(
      /^agent-contract: warning: the server wrote to stdout a line that is not MCP, "starting up\.\.\. \\u001b\[2J\\u0007"/,
    );
    expect(run.stderr).not.toMatch(CONTROL);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ tools: [{ name: 'get_ticket' }] });
  });

  it('never answers: exit 2 after --timeout, nothing written', async () => {
    const run = await snapshot('silent', ['--timeout', '1000']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(/did not answer initialize within 1000 ms/);
    expect(await exists(out)).toBe(false);
  });

  it('crashes in the middle of tools/list: exit 2 in one line, nothing written', async () => {
    const run = await snapshot('crash');
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(
      `agent-contract: node ${hostileServer} crash: the server closed the connection while answering tools/list; run it on its own to see why`,
    );
    expect(await exists(out)).toBe(false);
  });

  it('5,000 tools: all recorded', async () => {
    const run = await snapshot('many');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^wrote .*: 5000 tools of hostile-many/);
    const contract = JSON.parse(await readFile(out, 'utf8')) as { tools: unknown[] };
    expect(contract.tools).toHaveLength(5_000);
  });

  it('a 10 MB schema: recorded whole, the report stays short', async () => {
    const run = await snapshot('big', ['--timeout', '60000']);
    expect(run.code, run.stderr).toBe(0);
    const contract = JSON.parse(await readFile(out, 'utf8')) as {
      tools: { name: string; inputSchema: { properties?: object } }[];
    };
    expect(Object.keys(contract.tools.find((tool) => tool.name === 'big')?.inputSchema.properties ?? {})).toHaveLength(
      10_000,
    );
    expect(run.stdout.split('\n')[0]).toMatch(/^wrote .*: 2 tools of hostile-big .{0,400}$/);
  });

  it(`a schema 10,000 levels deep: exit 2 in one line (more than ${MAX_JSON_DEPTH} levels), no crash`, async () => {
    const run = await snapshot('deep');
    expect(run.code).toBe(2);
    expect(run.stderr.trimEnd().split('\n')).toEqual([
      `agent-contract: node ${hostileServer} deep: tool \`deep\` publishes schemas nested more than ${MAX_JSON_DEPTH} levels deep, more than agent-contract reads; flatten its schema`,
    ]);
  });

  it('escape codes in tool names: escaped in snapshot, compat and diff text, exact in the contract', async () => {
    const run = await snapshot('escapes');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).not.toMatch(CONTROL);
    const contract = JSON.parse(await readFile(out, 'utf8')) as { tools: { name: string }[] };
    expect(contract.tools.map((tool) => tool.name)).toEqual([
      'close\u001b[2J\r_ticket',
      'get\u001b]0;owned\u0007_ticket',
    ]);

    const compat = await runCli(['contract', 'compat', out]);
    expect(compat.code).toBe(1);
    expect(compat.stdout).not.toMatch(CONTROL);
    expect(compat.stdout).toContain('get\\u001b]0;owned\\u0007_ticket: the name is not a valid MCP tool name');
    const base = join(folder, 'base.json');
    await writeFile(base, JSON.stringify({ ...JSON.parse(await readFile(out, 'utf8')), tools: [], compatibility: [] }));
    const diff = await runCli(['contract', 'diff', '--base', base, '--head', out]);
    expect(diff.stdout).not.toMatch(CONTROL);
    expect(diff.stdout).toContain('close\\u001b[2J\\u000d_ticket');
    expect(diff.stdout).toContain('not valid MCP tool names');
  });

  it('a server edits --out during the run: the file ends up holding the whole contract', async () => {
    const run = await snapshot('edit', [], { FAULT_EDIT: out });
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ tools: [{ name: 'get_ticket' }] });
  });
});

describe('signals', () => {
  it.each([
    ['stubborn', 'SIGTERM', 143],
    ['stubborn', 'SIGINT', 130],
    ['orphaning', 'SIGTERM', 143],
  ] as const)(
    'a %s server (its grandchild ignores the signal) gets %s: one signal ends the group, exit %i, nothing written',
    async (mode, signal, code) => {
      const cli = spawnCli(['contract', 'snapshot', '--no-probe', '--out', out, '--', 'node', hostileServer, mode], {
        env: { FAULT_PIDS: pidFile },
      });
      let stderr = '';
      cli.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
      const exited = new Promise<number | null>((resolve) => cli.once('exit', (exitCode) => resolve(exitCode)));
      // The server records its pids at start; the grandchild is then running and tools/list goes unanswered.
      expect(await waitFor(async () => (await hostilePids(pidFile).catch(() => [])).length === 2, 15_000)).toBe(true);
      const pids = await hostilePids(pidFile);
      await new Promise((resolve) => setTimeout(resolve, 300));
      cli.kill(signal);
      expect(await exited).toBe(code);
      expect(stderr).toContain(
        `agent-contract: interrupted by ${signal}; the server was stopped and nothing was written`,
      );
      expect(await leftRunning(pids)).toEqual([]);
      expect(await exists(out)).toBe(false);
      expect(await temporaryFilesIn(folder)).toEqual([]);
    },
  );
});
