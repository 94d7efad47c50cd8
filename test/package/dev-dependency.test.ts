import { existsSync } from 'node:fs';
import { readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDeployAndListTools,
  installProject,
  pack,
  repositoryVersionOf,
  runCommand,
  SERVER_TSCONFIG,
} from './packed.ts';

// The README's "tooling only" path: the packed package installed as a devDependency of a server project on MCP SDK v1
// and zod 3.25 (the stack issue reports name; the README's own path, on zod 4, is run by docs.test.ts). Every writer
// must write imports the deploy resolves: after the codemods and the build (tsc green), `npm ci --omit=dev` from the
// lockfile leaves no agent-contract, and the server starts over stdio and lists its tools.

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.registerTool('create_ticket', { inputSchema: { subject: z.string().min(1) } }, async ({ subject }) => {
    const ticket: { ticketId: number; subject: string } = { ticketId: 47, subject };
    return { content: [{ type: 'text', text: JSON.stringify(ticket) }], structuredContent: ticket };
  });
  server.registerTool(
    'get_ticket',
    { inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() } },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: \`ticket \${ticketId}\` }] }),
  );
  return server;
}
`;

const MAIN = `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './server.js';

await createServer().connect(new StdioServerTransport());
`;

/** zod 3.25, the version of the repository's zod 3 fixture (test/zod-matrix/zod-3.25.76), so npm's cache holds it. */
const ZOD_3 = 'zod@3.25.76';

const TSCONFIG = {
  ...SERVER_TSCONFIG,
  compilerOptions: { ...SERVER_TSCONFIG.compilerOptions, rootDir: 'src', outDir: 'dist' },
};

let project: string;
let tarballFolder: string | undefined;
const cli = () => join(project, 'node_modules/agent-contract/dist/cli/main.js');

beforeAll(async () => {
  const { tarball } = await pack();
  const at = async (name: string) => `${name}@${await repositoryVersionOf(name)}`;
  project = await installProject(
    'agent-contract-dev-dependency',
    [ZOD_3, await at('@modelcontextprotocol/sdk')],
    [tarball, await at('typescript')],
  );
  // The lockfile names the tarball: it stays until the deploy's npm ci has run.
  tarballFolder = dirname(tarball);
  await mkdir(join(project, 'src'));
  await writeFile(join(project, 'src/server.ts'), SERVER);
  await writeFile(join(project, 'src/main.ts'), MAIN);
  await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
}, 240_000);

afterAll(async () => {
  for (const folder of [project, tarballFolder])
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('agent-contract as a devDependency only', () => {
  it('lists it under devDependencies alone', async () => {
    const json = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as Record<string, object>;
    expect(Object.keys(json['devDependencies'] ?? {})).toContain('agent-contract');
    expect(Object.keys(json['dependencies'] ?? {})).not.toContain('agent-contract');
  });

  it("the audit's fix line runs guard-ids with --helper local", async () => {
    const audit = await runCommand(process.execPath, [cli(), 'audit'], project);
    expect(audit.stdout).toContain('agent-contract codemod guard-ids --helper local src/server.ts');
    expect(audit.code).toBe(1);
  });

  it('runs on zod 3.25', async () => {
    const zod = JSON.parse(await readFile(join(project, 'node_modules/zod/package.json'), 'utf8')) as {
      version: string;
    };
    expect(zod.version).toBe('3.25.76');
  });

  it('guard-ids and dispositions write local helpers and import them; tsc is green, and the deploy (npm ci --omit=dev) starts and lists the tools', async () => {
    const guard = await runCommand(process.execPath, [cli(), 'codemod', 'guard-ids', '--force'], project);
    expect(guard.code, guard.stderr + guard.stdout).toBe(0);
    expect(guard.stdout + guard.stderr).toContain('agent-contract is only a devDependency here');
    const dispositions = await runCommand(process.execPath, [cli(), 'codemod', 'dispositions', '--force'], project);
    expect(dispositions.code, dispositions.stderr + dispositions.stdout).toBe(0);
    const server = await readFile(join(project, 'src/server.ts'), 'utf8');
    expect(server).toContain("import { guardId } from './agent-contract-guard.js';");
    expect(server).toContain("from './agent-contract-dispositions.js';");
    expect(server).not.toMatch(/from 'agent-contract'/);
    expect(existsSync(join(project, 'src/agent-contract-guard.ts'))).toBe(true);
    expect(existsSync(join(project, 'src/agent-contract-dispositions.ts'))).toBe(true);

    const deployed = await buildDeployAndListTools(project, ['dist/main.js']);
    expect(deployed.stderr).toBe('');
    expect(deployed.stdout).toBe('create_ticket get_ticket\n');
    expect(deployed.code).toBe(0);
  }, 300_000);
});
