import { execFileSync } from 'node:child_process';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { waitFor } from '../support/processes.ts';

/** The hostile stdio server: `node hostile.mjs <mode>` (see the fixture for the modes). */
export const hostileServer = fileURLToPath(new URL('../fixtures/fault-servers/hostile.mjs', import.meta.url));

/** The process ids the hostile server wrote to `file`: itself (the leader of its process group) and what it started. */
export async function hostilePids(file: string): Promise<number[]> {
  const pids: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (!Array.isArray(pids) || !pids.every((pid) => typeof pid === 'number')) throw new Error(`${file} holds no pids`);
  return pids as number[];
}

/** What `ps` lists of these processes or of the process group `group`, zombies aside (they hold nothing). */
export function listedByPs(pids: readonly number[], group: number): string[] {
  const table = execFileSync('ps', ['-eo', 'pid=,pgid=,stat=,args='], { encoding: 'utf8' });
  return table
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => {
      // The columns of `ps`, read as the numbers they print: process and group numbers, not ids a tool emits.
      const [processColumn = '', groupColumn = '', stat] = line.split(/\s+/);
      if (stat === undefined || stat.startsWith('Z')) return false;
      return pids.includes(Number.parseInt(processColumn, 10)) || Number.parseInt(groupColumn, 10) === group;
    });
}

/** Waits (at most 3 s) until `ps` lists nothing of the server's processes and group; what it still lists then. */
export async function leftRunning(pids: readonly number[]): Promise<string[]> {
  const group = pids[0] ?? -1;
  await waitFor(() => listedByPs(pids, group).length === 0, 3_000);
  return listedByPs(pids, group);
}

/** The temporary files a write left in `folder` (`.<name>.<pid>.<unique>.tmp`). */
export async function temporaryFilesIn(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((name) => name.endsWith('.tmp'));
}
