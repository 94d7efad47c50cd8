import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { runCli } from '../support/run-cli.ts';

const REPO = fileURLToPath(new URL('../..', import.meta.url));

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { readFile } from 'node:fs/promises';
import { HelpdeskClient } from '@acme/helpdesk-client';

const client = new HelpdeskClient(await readFile('token', 'utf8'));
export const server = new McpServer({ name: 'helpdesk', version: '1.0.0' });
server.registerTool('list_tickets', { inputSchema: {} }, async () => ({
  content: [{ type: 'text', text: JSON.stringify(await client.tickets()) }],
}));
server.registerTool('get_ticket', { inputSchema: { ticket_id: z.string() } }, async ({ ticket_id }) => ({
  content: [{ type: 'text', text: JSON.stringify(await client.ticket(ticket_id)) }],
}));
`;

/** A server project written out with a tsconfig; `installed` links the repository's own packages in. */
function project(installed: boolean): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'missing-packages-'));
  mkdirSync(path.join(folder, 'src'));
  writeFileSync(path.join(folder, 'src', 'server.ts'), SERVER);
  writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, types: ['node'], noEmit: true },
      include: ['src'],
    }),
  );
  if (installed) symlinkSync(path.join(REPO, 'node_modules'), path.join(folder, 'node_modules'));
  return folder;
}

/**
 * The same project with no `types` in its tsconfig and the packages it needs installed, but no TypeScript of its own:
 * its compiler (TypeScript 5) would include every `@types` package, as TypeScript 6 does only when `types` names them.
 */
function projectWithoutTypesOption(): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'types-default-'));
  mkdirSync(path.join(folder, 'src'));
  writeFileSync(
    path.join(folder, 'src', 'server.ts'),
    SERVER.replace(/^import \{ HelpdeskClient \}.*\n/m, 'declare const HelpdeskClient: any;\n'),
  );
  writeFileSync(
    path.join(folder, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { module: 'nodenext', target: 'es2022', strict: true, noEmit: true },
      include: ['src'],
    }),
  );
  mkdirSync(path.join(folder, 'node_modules', '@modelcontextprotocol'), { recursive: true });
  for (const name of ['zod', '@types', '@modelcontextprotocol/sdk'])
    symlinkSync(path.join(REPO, 'node_modules', name), path.join(folder, 'node_modules', name));
  return folder;
}

describe('packages the code imports that are not installed', () => {
  it("reads the @types packages as the project's own compiler would, when its tsconfig names none", () => {
    const { report } = audit(projectWithoutTypesOption());
    expect(report.project.missingPackages).toEqual([]);
  });

  it('names them, the MCP SDK and the types of Node among them, so the reader knows the types read as any', () => {
    const { report } = audit(project(false));
    expect(report.project.missingPackages).toEqual([
      '@acme/helpdesk-client',
      '@modelcontextprotocol/sdk',
      '@types/node',
      'zod',
    ]);
    expect(formatAuditText(report).split('\n')).toContain(
      "4 packages the code imports are not installed (@acme/helpdesk-client, @modelcontextprotocol/sdk, @types/node, zod): their types read as any; install the project's dependencies (npm ci) and audit again",
    );
  });

  it('names only those missing when the rest are installed', () => {
    const { report } = audit(project(true));
    expect(report.project.missingPackages).toEqual(['@acme/helpdesk-client']);
  });

  it('exits 2 with one line unless --allow-errors, and says nothing when every package is installed', async () => {
    const bare = project(false);
    const run = await runCli(['audit', '--no-contract', bare]);
    expect(run.code).toBe(2);
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain(
      `audit ${bare}: 4 packages the code imports are not installed (@acme/helpdesk-client, @modelcontextprotocol/sdk, @types/node, zod), so their types read as any; install the project's dependencies (npm ci), or pass --allow-errors to audit the rest`,
    );
    const allowed = await runCli(['audit', '--no-contract', '--allow-errors', '--allow-unknown', bare]);
    expect(allowed.stderr).not.toContain('not installed');
  });
});
