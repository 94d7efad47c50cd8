import { readFile } from 'node:fs/promises';

/** True while the process `pid` runs (signal 0 only asks). */
export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `condition` every 25 ms until it holds or `timeoutMs` passed; its last answer. */
export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<boolean> {
  for (let waited = 0; waited < timeoutMs; waited += 25) {
    if (await condition()) return true;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return condition();
}

/** The process id a fixture server wrote to `file` as JSON (test/fixtures/contract-servers/silent.cjs, hanging-list.mjs). */
export async function readPid(file: string): Promise<number> {
  const pid: unknown = JSON.parse(await readFile(file, 'utf8'));
  if (typeof pid !== 'number') throw new Error(`${file} holds no process id`);
  return pid;
}
