import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { McpContract } from '../../src/contract/contract-file.ts';
import { snapshotServer, type ServerSource } from '../../src/contract/snapshot.ts';
import { alive, readPid } from '../support/processes.ts';
import { repoRoot } from '../support/run-cli.ts';

const slowExit = join(repoRoot, 'test/fixtures/contract-servers/slow-exit.mjs');

describe('snapshotServer', () => {
  let folder: string;
  let savedTmp: string | undefined;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'snapshot-'));
    // The probe's folder is made under the temporary folder of the moment: this one, to see that it goes.
    savedTmp = process.env['TMPDIR'];
    process.env['TMPDIR'] = join(folder, 'tmp');
    await mkdir(join(folder, 'tmp'));
  });
  afterEach(async () => {
    if (savedTmp === undefined) delete process.env['TMPDIR'];
    else process.env['TMPDIR'] = savedTmp;
    await rm(folder, { recursive: true, force: true });
  });

  const source = (pidFile: string, exitDelayMs: number): ServerSource => ({
    kind: 'stdio',
    command: process.execPath,
    args: [slowExit, pidFile, String(exitDelayMs)],
    cwd: repoRoot,
  });

  it('hands the contract to onContract while the server ends, and resolves once it has ended, leaving no probe folder', async () => {
    const pidFile = join(folder, 'pid.json');
    const seen: { tools: string[]; serverAlive: boolean }[] = [];
    const snapshot = await snapshotServer(source(pidFile, 400), {
      onContract: async (contract: McpContract) => {
        seen.push({ tools: contract.tools.map((tool) => tool.name), serverAlive: alive(await readPid(pidFile)) });
      },
    });
    expect(seen).toEqual([{ tools: ['get_item'], serverAlive: true }]);
    expect(snapshot.contract.tools.map((tool) => tool.name)).toEqual(['get_item']);
    expect(snapshot.contract.runtime?.sdk).toEqual(['@modelcontextprotocol/sdk@1.32.2']);
    expect(alive(await readPid(pidFile))).toBe(false);
    expect(await readdir(join(folder, 'tmp'))).toEqual([]);
  });

  it('rejects with what onContract threw, once the server has ended', async () => {
    const pidFile = join(folder, 'pid.json');
    await expect(
      snapshotServer(source(pidFile, 200), {
        onContract: () => {
          throw new Error('cannot write the contract');
        },
      }),
    ).rejects.toThrow('cannot write the contract');
    expect(alive(await readPid(pidFile))).toBe(false);
    expect(await readdir(join(folder, 'tmp'))).toEqual([]);
  });
});
