import { readFile } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';
import { builtCli as cli, runCli, type CliRun } from '../../support/run-cli.ts';

afterAll(removeTempTrees);

function run(args: readonly string[], cwd: string): Promise<CliRun> {
  return runCli(args, { cli, cwd });
}

describe('agent-contract codemod dispositions, the built CLI', () => {
  it('says plainly that a target with no tool input shapes has nothing to scaffold, and exits 0', async () => {
    const root = await makeTempTree({
      'schemas.ts': "import { z } from 'zod';\nexport const Ticket = z.object({ id: z.number() });\n",
      'util.ts': 'export const x = 1;\n',
    });
    const result = await run(['codemod', 'dispositions', '.'], root);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('no file had anything to change: 2 files scanned, 2 could not contain a match');
  });

  it('writes the table for a registration and lists the unread field as needs-review', async () => {
    const source = [
      "import { z } from 'zod';",
      'declare const server: { registerTool(name: string, config: object, handler: (args: { q: string }) => unknown): void };',
      "server.registerTool('search_tickets', { inputSchema: { q: z.string(), fuzzy: z.boolean() } }, ({ q }) => q);",
      '',
    ].join('\n');
    const root = await makeTempTree({ 'tools.ts': source });
    const result = await run(['codemod', 'dispositions', '--force', '.'], root);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(
      'tools.ts:3:54  needs-review  search_tickets: `fuzzy` is published but the handler never reads it; written as warned in searchTicketsDispositions: decide honored, warned or refused',
    );
    const written = await readFile(`${root}/tools.ts`, 'utf8');
    expect(written).toContain("import { type Disposition, honored, offeredShape, warned } from 'agent-contract';\n");
    expect(written).toContain('} as const satisfies Record<keyof typeof searchTicketsShape, Disposition>;\n');
  });
});
