import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/run-cli.ts';
import { command, copyBuiltPackage, linkFixturePackages, runCommand, SERVER_TSCONFIG } from './packed.ts';

// A server project on MCP SDK v2 alone: @modelcontextprotocol/server and /client 2.4.0 with zod 4.6.7 (and typescript
// 6.0.3 for audit and the codemods), and no @modelcontextprotocol/sdk. Its packages come from test/sdk-v2, installed
// from that folder's own lockfile by `npm test`'s pretest (scripts/install-zod-matrix.mjs). The project lives in a temporary folder outside the repository
// (whose node_modules holds SDK v1): its node_modules links the fixture's packages and holds a copy of the built package.

const fixture = join(repoRoot, 'test/sdk-v2');

const SERVER = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createServer() {
  const server = new McpServer({ name: 'tickets-v2', version: '1.0.0' });
  server.registerTool(
    'list_tickets',
    { inputSchema: z.object({}), outputSchema: z.object({ tickets: z.array(z.object({ ticketId: z.number() })) }) },
    async () => {
      const tickets = [{ ticketId: 47 }];
      return { content: [{ type: 'text', text: JSON.stringify({ tickets }) }], structuredContent: { tickets } };
    },
  );
  server.registerTool('get_ticket', { inputSchema: z.object({ ticketId: z.string().min(1) }) }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: 'ticket ' + ticketId }],
  }));
  return server;
}
`;

const STDIO = `import { StdioServerTransport } from '@modelcontextprotocol/server/stdio';
import { createServer } from './server.mjs';

await createServer().connect(new StdioServerTransport());
`;

const KIT = `import { connectInMemory, connectStdio, runLiteralConsumer, toolsListWire } from 'agent-contract/testing';
import { createServer } from './server.mjs';

const inMemory = await connectInMemory(createServer());
const report = await runLiteralConsumer({ client: inMemory.client });
await inMemory.close();
const stdio = await connectStdio({ command: process.execPath, args: ['stdio.mjs'] });
const names = (await stdio.client.listTools()).tools.map((tool) => tool.name).sort();
await stdio.close();
const wire = JSON.parse(await toolsListWire(createServer()));
console.log(JSON.stringify({
  chains: report.chains.map((chain) => chain.status),
  stdio: names,
  wire: wire.map((tool) => tool.name).sort(),
}));
`;

/** The same server in TypeScript, as audit and the codemods read it. */
const SERVER_TS = `import { McpServer } from '@modelcontextprotocol/server';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets-v2', version: '1.0.0' });
  server.registerTool('create_ticket', { inputSchema: z.object({ subject: z.string().min(1) }) }, async ({ subject }) => {
    const ticket: { ticketId: number; subject: string } = { ticketId: 47, subject };
    return { content: [{ type: 'text', text: JSON.stringify(ticket) }], structuredContent: ticket };
  });
  server.registerTool('get_ticket', { inputSchema: z.object({ ticketId: z.string().min(1) }) }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: 'ticket ' + ticketId }],
  }));
  return server;
}
`;

const TSCONFIG = { ...SERVER_TSCONFIG, compilerOptions: { ...SERVER_TSCONFIG.compilerOptions, noEmit: true } };

let folder: string;
let project: string;

beforeAll(async () => {
  if (!existsSync(join(fixture, 'node_modules/.package-lock.json')))
    throw new Error('test/sdk-v2 is not installed: run node scripts/install-zod-matrix.mjs (npm test does)');
  if (!existsSync(join(repoRoot, 'dist/cli/main.js'))) throw new Error('dist/ is missing: run npm run build');
  folder = await mkdtemp(join(tmpdir(), 'agent-contract-sdk-v2-'));
  project = join(folder, 'server');
  const modules = join(project, 'node_modules');
  await mkdir(modules, { recursive: true });
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: 'server', private: true, type: 'module' })}\n`,
  );
  await writeFile(join(project, 'server.mjs'), SERVER);
  await writeFile(join(project, 'stdio.mjs'), STDIO);
  await writeFile(join(project, 'kit.mjs'), KIT);
  await mkdir(join(project, 'guarded'));
  // The server as guard-ids leaves it (the case above runs guard-ids on its TypeScript twin and finds these edits).
  await writeFile(
    join(project, 'guarded/server.mjs'),
    SERVER.replace(
      "import { z } from 'zod';",
      "import { z } from 'zod';\nimport { guardId } from 'agent-contract';",
    ).replace('ticketId: z.string().min(1) })', 'ticketId: guardId(z.string().min(1)) })'),
  );
  await writeFile(join(project, 'guarded/stdio.mjs'), STDIO);
  await mkdir(join(project, 'src'));
  await writeFile(join(project, 'src/server.ts'), SERVER_TS);
  await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  await linkFixturePackages(fixture, modules);
  await copyBuiltPackage(modules);
});

afterAll(async () => {
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('a server project on MCP SDK v2 alone', () => {
  it('has no @modelcontextprotocol/sdk', () => {
    expect(existsSync(join(project, 'node_modules/@modelcontextprotocol/sdk'))).toBe(false);
    expect(existsSync(join(project, 'node_modules/@modelcontextprotocol/client'))).toBe(true);
  });

  it('the test kit connects in memory and over stdio with SDK v2, and finds the broken chain', async () => {
    const found = JSON.parse(await command(process.execPath, ['kit.mjs'], project)) as {
      chains: string[];
      stdio: string[];
      wire: string[];
    };
    expect(found.stdio).toEqual(['get_ticket', 'list_tickets']);
    expect(found.wire).toEqual(['get_ticket', 'list_tickets']);
    expect(found.chains).toContain('rejected');
  });

  it('chains and contract snapshot run against the SDK v2 server', async () => {
    const cli = join(project, 'node_modules/agent-contract/dist/cli/main.js');
    const chains = await runCli(['chains', '--json', '--', process.execPath, 'stdio.mjs'], { cli, cwd: project });
    expect(chains.code, chains.stderr).toBe(1);
    const snapshot = await runCli(['contract', 'snapshot', '--out', '-', '--', process.execPath, 'stdio.mjs'], {
      cli,
      cwd: project,
    });
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const contract = JSON.parse(snapshot.stdout) as { tools: { name: string }[] };
    expect(contract.tools.map((tool) => tool.name).sort()).toEqual(['get_ticket', 'list_tickets']);
  });

  it('audit finds the broken chain, codemod guard-ids src guards it, and audit then finds it tolerated', async () => {
    const cli = join(project, 'node_modules/agent-contract/dist/cli/main.js');
    const before = await runCli(['audit'], { cli, cwd: project });
    expect(before.stdout).toContain('get_ticket.ticketId accepts string  src/server.ts:10');
    expect(before.stdout).toContain('Verdict: 1 broken chain of 1.');
    expect(before.code, before.stderr).toBe(1);
    const codemod = await runCli(['codemod', 'guard-ids', 'src'], { cli, cwd: project });
    expect(codemod.code, codemod.stderr).toBe(0);
    const guarded = await readFile(join(project, 'src/server.ts'), 'utf8');
    expect(guarded).toContain("import { guardId } from 'agent-contract';");
    expect(guarded).toContain('inputSchema: z.object({ ticketId: guardId(z.string().min(1)) })');
    const tsc = await runCommand(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], project);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
    const after = await runCli(['audit'], { cli, cwd: project });
    expect(after.stdout).toContain('Verdict: no broken chain among 1 chain (1 tolerated).');
    expect(after.code, after.stderr).toBe(0);
  });

  it('contract chains records the run-time acceptance on SDK v2: broken before guardId, tolerated after, as audit says', async () => {
    const cli = join(project, 'node_modules/agent-contract/dist/cli/main.js');
    const chainsOf = async (server: string) => {
      const result = await runCli(['contract', 'chains', '--json', '--', process.execPath, server], {
        cli,
        cwd: project,
      });
      return {
        code: result.code,
        ...(JSON.parse(result.stdout) as { acceptance: string; chains: { verdict: string }[] }),
      };
    };
    const before = await chainsOf('stdio.mjs');
    expect(before.acceptance).toBe('recorded');
    expect(before.chains.map((chain) => chain.verdict)).toEqual(['broken']);
    expect(before.code).toBe(1);
    const after = await chainsOf('guarded/stdio.mjs');
    expect(after.acceptance).toBe('recorded');
    expect(after.chains.map((chain) => chain.verdict)).toEqual(['tolerated']);
    expect(after.code).toBe(0);
  });
});
