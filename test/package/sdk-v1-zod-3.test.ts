import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/run-cli.ts';
import { command, copyBuiltPackage, linkFixturePackages, runCommand, SERVER_TSCONFIG } from './packed.ts';

// A server project on MCP SDK v1 with zod 3: @modelcontextprotocol/sdk 1.32.2 and zod 3.25.76 from
// test/zod-matrix/zod-3.25.76 (installed from its own lockfile by `npm test`'s pretest), this repository's typescript
// 6.0, and a copy of the built package, in a temporary folder outside the repository (whose node_modules holds zod 4).
// The documented steps after the install: audit, codemod guard-ids src, the build, contract snapshot and the kit.

const fixture = join(repoRoot, 'test/zod-matrix/zod-3.25.76');

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets-zod3', version: '1.0.0' });
  server.registerTool('create_ticket', { inputSchema: { subject: z.string().min(1) } }, async ({ subject }) => {
    const ticket: { ticketId: number; subject: string } = { ticketId: 47, subject };
    return { content: [{ type: 'text', text: JSON.stringify(ticket) }], structuredContent: ticket };
  });
  server.registerTool('get_ticket', { inputSchema: { ticketId: z.string().min(1) } }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: \`ticket \${ticketId}\` }],
  }));
  return server;
}
`;

const MAIN = `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './server.js';

await createServer().connect(new StdioServerTransport());
`;

const KIT_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { connectInMemory, runLiteralConsumer } from 'agent-contract/testing';
import { createServer } from '../dist/server.js';

test('no broken id chain', async () => {
  const { client, close } = await connectInMemory(createServer());
  const report = await runLiteralConsumer({ client });
  await close();
  assert.equal(report.verdicts.broken, 0);
  assert.equal(report.verdicts.tolerated, 1);
});
`;

const TSCONFIG = {
  ...SERVER_TSCONFIG,
  compilerOptions: { ...SERVER_TSCONFIG.compilerOptions, rootDir: 'src', outDir: 'dist' },
};

let folder: string;
let project: string;

beforeAll(async () => {
  if (!existsSync(join(fixture, 'node_modules/.package-lock.json')))
    throw new Error(
      'test/zod-matrix/zod-3.25.76 is not installed: run node scripts/install-zod-matrix.mjs (npm test does)',
    );
  if (!existsSync(join(repoRoot, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run npm run build');
  folder = await mkdtemp(join(tmpdir(), 'agent-contract-sdk-v1-zod-3-'));
  project = join(folder, 'server');
  const modules = join(project, 'node_modules');
  await mkdir(join(project, 'src'), { recursive: true });
  await mkdir(join(project, 'test'));
  await mkdir(modules);
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'server', private: true, type: 'module' })}\n`,
  );
  await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  await writeFile(join(project, 'src/server.ts'), SERVER);
  await writeFile(join(project, 'src/main.ts'), MAIN);
  await writeFile(join(project, 'test/chains.test.js'), KIT_TEST);
  await linkFixturePackages(fixture, modules);
  for (const name of ['typescript', 'picocolors'])
    await symlink(join(repoRoot, 'node_modules', name), join(modules, name), 'junction');
  await copyBuiltPackage(modules);
});

afterAll(async () => {
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('a server project on MCP SDK v1 and zod 3', () => {
  it('has zod 3', async () => {
    const zod = JSON.parse(await readFile(join(project, 'node_modules/zod/package.json'), 'utf8')) as {
      version: string;
    };
    expect(zod.version).toBe('3.25.76');
  });

  it('audit finds the broken chain, codemod guard-ids src guards it; built, the contract and the kit see the guard', async () => {
    const cli = join(project, 'node_modules/agent-contract/dist/cli/main.js');
    const audit = await runCli(['audit'], { cli, cwd: project });
    expect(audit.stdout).toContain('get_ticket.ticketId accepts string  src/server.ts:10');
    expect(audit.stdout).toContain('Verdict: 1 broken chain of 1.');
    expect(audit.code, audit.stderr).toBe(1);

    const codemod = await runCli(['codemod', 'guard-ids', 'src'], { cli, cwd: project });
    expect(codemod.code, codemod.stderr).toBe(0);
    const guarded = await readFile(join(project, 'src/server.ts'), 'utf8');
    expect(guarded).toContain("import { guardId } from 'agent-contract';");
    expect(guarded).toContain('inputSchema: { ticketId: guardId(z.string().min(1)) }');

    await command(process.execPath, [join(project, 'node_modules/typescript/bin/tsc'), '-p', '.'], project);

    const snapshot = await runCli(['contract', 'snapshot', '--out', '-', '--', process.execPath, 'dist/main.js'], {
      cli,
      cwd: project,
    });
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const contract = JSON.parse(snapshot.stdout) as {
      runtime: { zod: string[] };
      tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[];
    };
    expect(contract.runtime.zod).toEqual(['3.25.76']);
    expect(contract.tools.find((tool) => tool.name === 'get_ticket')?.inputSchema.properties['ticketId']).toEqual({
      type: 'string',
      minLength: 1,
    });

    const kit = await runCommand(process.execPath, ['--test', 'test/'], project);
    expect(kit.code, kit.stdout).toBe(0);
    expect(kit.stdout).toContain('# pass 1');
  }, 120_000);
});
