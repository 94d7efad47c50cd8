import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

let folder: string;
beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'server-environment-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

/** A "server" that records the variable it was given in the file named by its argument, then exits before initialize. */
const recordToken =
  "require('node:fs').writeFileSync(process.argv[1], JSON.stringify(process.env.AGENT_CONTRACT_TOKEN ?? null)); process.exit(3)";

describe('a server started by the CLI gets the environment of the shell that ran the CLI', () => {
  it.each([
    ['chains', (_seen: string) => ['chains']],
    ['contract snapshot', (seen: string) => ['contract', 'snapshot', '--out', `${seen}.json`]],
  ])('%s', async (name, command) => {
    const seen = join(folder, name.replace(' ', '-'));
    const result = await runCli([...command(seen), '--', 'node', '-e', recordToken, seen], {
      env: { AGENT_CONTRACT_TOKEN: 'abc' },
    });
    expect(result.stderr).toContain('exited with code 3 before answering initialize');
    expect(JSON.parse(await readFile(seen, 'utf8'))).toBe('abc');
  });
});
