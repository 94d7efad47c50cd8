import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/run-cli.ts';

// A server started through `npm start` gets npm's script banner on its stdout, before the protocol: the client skips
// those lines, and the user gets one warning that names the first of them and the fix.

const fixture = join(repoRoot, 'test/cli/fixtures/npm-banner.mjs');
const bannerWarning =
  'agent-contract: warning: the server wrote to stdout a line that is not MCP, "> user-server@1.0.0 start"; stdout carries the protocol only, so a client may fail on it; npm printed its script banner there: start the server with node directly (-- node <server file>) or with npm start --silent\n';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'stdout-banner-'));
  await writeFile(
    join(folder, 'package.json'),
    JSON.stringify({ name: 'user-server', version: '1.0.0', scripts: { start: `node ${JSON.stringify(fixture)}` } }),
  );
});
afterAll(() => rm(folder, { recursive: true, force: true }));

describe('a server that prints a banner on stdout before MCP', () => {
  it('chains: runs, with one warning on stderr', async () => {
    const result = await runCli(['chains', '--', 'node', fixture]);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('  ok        list_items items[].itemId="a1" -> get_item.itemId\n');
    expect(result.stderr).toBe(bannerWarning);
  });

  it('chains: still one warning when the server logs to stdout again later', async () => {
    const result = await runCli(['chains', '--', 'node', fixture], { env: { LOG_TO_STDOUT: '1' } });
    expect(result.code).toBe(0);
    expect(result.stderr).toBe(bannerWarning);
  });

  it('contract snapshot: writes the contract, with one warning on stderr', async () => {
    const out = join(folder, 'mcp-contract.json');
    const result = await runCli(['contract', 'snapshot', '--out', out, '--', 'node', fixture]);
    expect(result.code).toBe(0);
    expect(result.stdout.startsWith(`wrote ${out}: 2 tools of user-server`)).toBe(true);
    expect(result.stderr).toBe(bannerWarning);
  });

  it('through npm start itself; none with npm start --silent', async () => {
    const npm = await runCli(['contract', 'snapshot', '--out', '-', '--', 'npm', '--prefix', folder, 'start']);
    expect(npm.code).toBe(0);
    expect(npm.stderr).toBe(bannerWarning);
    const silent = await runCli([
      'contract',
      'snapshot',
      '--out',
      '-',
      '--',
      'npm',
      '--prefix',
      folder,
      'start',
      '--silent',
    ]);
    expect(silent).toMatchObject({ code: 0, stderr: '' });
    expect(silent.stdout).toBe(npm.stdout);
  });
});
