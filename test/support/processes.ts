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

/**
 * The process id a fixture server wrote to `file` as JSON (test/fixtures/contract-servers/silent.cjs, hanging-list.mjs),
 * read once the write is whole: `writeFileSync` creates the file before it writes, so a reader that polls for the file
 * can find it empty.
 */
export async function readPid(file: string, timeoutMs = 5_000): Promise<number> {
  let text = '';
  const whole = async (): Promise<boolean> => {
    text = await readFile(file, 'utf8').catch(() => '');
    return /^\d+$/.test(text.trim());
  };
  if (!(await waitFor(whole, timeoutMs))) throw new Error(`${file} holds no process id: ${JSON.stringify(text)}`);
  const pid: unknown = JSON.parse(text);
  if (typeof pid !== 'number') throw new Error(`${file} holds no process id`);
  return pid;
}
