/**
 * `agent-contract codemod guard-ids --helper local`, the built command as a user's shell runs it: the flag parsed by the
 * CLI, the helper created and reported, a second run that changes nothing, `--help` naming the flag, and a refusal as one
 * line on stderr with exit 2.
 */
import { readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../../support/run-cli.ts';
import { commitAll, git, makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';

afterAll(removeTempTrees);

const tickets = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function registerTicketTools(server: McpServer): void {
  server.registerTool('get_ticket', { inputSchema: { ticketId: z.string().min(1) } }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: ticketId }],
  }));
}
`;

async function project(extra: Record<string, string> = {}): Promise<string> {
  const root = await makeTempTree({
    'package.json': JSON.stringify({ name: 'helper-cli-fixture', private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        module: 'nodenext',
        moduleResolution: 'nodenext',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
      },
      include: ['src'],
    }),
    'src/tools/tickets.ts': tickets,
    'src/server.ts': "import { registerTicketTools } from './tools/tickets.js';\nexport { registerTicketTools };\n",
    ...extra,
  });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  commitAll(root);
  return root;
}

describe('agent-contract codemod guard-ids --helper local, the built CLI', () => {
  it('creates the helper, imports it, and a second run changes nothing', async () => {
    const root = await project();
    const first = await runCli(['codemod', 'guard-ids', '--helper', 'local', 'src'], { cwd: root });
    expect(first).toEqual({
      code: 0,
      stdout: [
        'created  src/agent-contract-guard.ts',
        'changed  src/tools/tickets.ts',
        '',
        '1 changed, 1 created, 0 unchanged, 1 skipped (1 no zod import), 0 needs review, 0 errors (2 files scanned)',
        'Wrote 1 file and created 1 file; review the changes with git diff.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(readFileSync(path.join(root, 'src/tools/tickets.ts'), 'utf8')).toContain(
      "import { guardId } from '../agent-contract-guard.js';\n",
    );
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'guarded');
    const second = await runCli(['codemod', 'guard-ids', '--helper', 'local', '--check', 'src'], { cwd: root });
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(
      'no file had anything to change: 3 files scanned, 2 could not contain a match (1 the local guard helper itself, 1 no zod import)\n',
    );
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('refuses a helper path that holds a file it did not write: one line, exit 2, nothing written', async () => {
    const root = await project({ 'src/agent-contract-guard.ts': "export { guardId } from 'agent-contract';\n" });
    expect(await runCli(['codemod', 'guard-ids', '--helper=local', 'src'], { cwd: root })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-contract: src/agent-contract-guard.ts: exists and is not a helper guard-ids --helper local wrote, so it is left alone; move it away, or name another folder with --helper local=<folder>\n',
    });
    expect(git(root, 'status', '--porcelain')).toBe('');
  });

  it('--help names the flag', async () => {
    const help = await runCli(['codemod', '--help']);
    expect(help.stdout).toMatch(
      /--helper <local\[=path\]>\s+guard-ids and dispositions: write the helpers into\s+the project/,
    );
  });
});
