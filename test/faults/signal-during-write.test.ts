import { spawn } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';

const stalledWrite = fileURLToPath(new URL('fixtures/stalled-write.ts', import.meta.url));

describe('a signal while a file is being written', () => {
  it.each(['SIGTERM', 'SIGINT'] as const)(
    '%s removes the temporary file, leaves the file as it was, and ends the process by the signal',
    async (signal) => {
      const folder = await mkdtemp(join(tmpdir(), 'signal-write-'));
      try {
        const target = join(folder, 'file.txt');
        await writeFile(target, 'old\n');
        const child = spawn(process.execPath, ['--import', 'tsx', stalledWrite, target], {
          cwd: repoRoot,
          stdio: ['ignore', 'pipe', 'inherit'],
        });
        const ended = new Promise<NodeJS.Signals | number | null>((resolve) =>
          child.once('exit', (code, received) => resolve(received ?? code)),
        );
        const temporary = await new Promise<string>((resolve, reject) => {
          let text = '';
          child.stdout.on('data', (chunk: Buffer) => {
            text += chunk.toString('utf8');
            const ready = /^ready (.+)\n/m.exec(text);
            if (ready?.[1] !== undefined) resolve(ready[1]);
          });
          child.once('exit', () => reject(new Error(`the writer ended before it was ready: ${text}`)));
        });
        expect(await readdir(folder)).toContain(temporary.slice(folder.length + 1));
        child.kill(signal);
        expect(await ended).toBe(signal);
        expect(await readdir(folder)).toEqual(['file.txt']);
        expect(await readFile(target, 'utf8')).toBe('old\n');
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
  );
});
