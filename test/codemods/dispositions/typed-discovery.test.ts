import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { dispositions } from '../../../codemods/dispositions.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { loadProject } from '../../../src/adapters/typescript/load-project.ts';
import { audit, type AuditReport } from '../../../src/audit/audit.ts';
import { repoRoot } from '../../support/run-cli.ts';

/**
 * The dispositions codemod writes a table for every tool the audit's discovery finds, where the tool's input is
 * written: a tool class's input property or method, a config held in a const, a registration method of an
 * `McpServer` subclass. The result type-checks, the audit reads the same tools and chains back, and a second run
 * has nothing to do.
 */

const FIXTURES: readonly [string, readonly string[]][] = [
  ['class-tools', ['createBoardDispositions', 'createItemDispositions']],
  ['class-factory', ['createTaskDispositions', 'archiveTaskDispositions']],
  ['class-toolkit', ['createBoardDispositions', 'createItemDispositions']],
  ['server-subclass-methods', ['storiesCreateDispositions', 'storiesGetByIdDispositions']],
  ['config-by-reference', ['getTicketDispositions', 'adminPingDispositions']],
];
const work = mkdtempSync(path.join(os.tmpdir(), 'agent-contract-dispositions-typed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function copyFixture(name: string): string {
  const dir = path.join(work, name);
  cpSync(path.join(repoRoot, 'test', 'audit', 'fixtures', name), dir, { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function verdicts(report: AuditReport): string[] {
  return report.chains.map(
    (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
  );
}

function typeErrors(dir: string): string[] {
  const project = loadProject(dir);
  return ts
    .getPreEmitDiagnostics(project.program)
    .filter((diagnostic) => diagnostic.file !== undefined && !diagnostic.file.fileName.includes('/node_modules/'))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe.each(FIXTURES)('dispositions on the %s fixture', (name, tables) => {
  it('writes a table for each tool where its input is written; it type-checks and the audit reads it back', async () => {
    const dir = copyFixture(name);
    const before = audit(dir).report;
    const options = { importFrom: path.join(repoRoot, 'src', 'index.ts') };
    const run = await runCodemod({ codemod: dispositions, options, cwd: dir, write: true, force: true });
    expect(run.summary.errors).toBe(0);
    const written = run.files
      .filter((file) => file.status === 'changed')
      .map((file) => file.output ?? '')
      .join('\n');
    for (const table of tables) expect(written).toContain(`const ${table} = {`);
    expect(written).toContain('offeredShape(');
    expect(typeErrors(dir)).toEqual([]);

    const after = audit(dir).report;
    expect(after.tools.map((tool) => tool.name)).toEqual(before.tools.map((tool) => tool.name));
    expect(after.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual(
      before.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`),
    );
    expect(verdicts(after)).toEqual(verdicts(before));

    const again = await runCodemod({ codemod: dispositions, options, cwd: dir, write: false });
    expect(again.summary.changed).toBe(0);
  });
});

describe('dispositions on a low-level server', () => {
  const server = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

const GetTicketArgs = z.object({ ticketId: z.string(), verbose: z.boolean().optional() });
const CloseTicketArgs = z.object({ ticketId: z.string(), reason: z.string() });

export const server = new Server({ name: 'tickets', version: '1.0.0' }, { capabilities: { tools: {} } });
server.setRequestHandler(ListToolsRequestSchema, async () => ({
  tools: [
    { name: 'get_ticket', inputSchema: z.toJSONSchema(GetTicketArgs) as { type: 'object' } },
    { name: 'close_ticket', inputSchema: z.toJSONSchema(CloseTicketArgs) as { type: 'object' } },
  ],
}));
server.setRequestHandler(CallToolRequestSchema, async (request) => {
  switch (request.params.name) {
    case 'get_ticket': {
      const args = GetTicketArgs.parse(request.params.arguments);
      return { content: [{ type: 'text', text: args.ticketId }] };
    }
    case 'close_ticket': {
      const { ticketId, reason } = CloseTicketArgs.parse(request.params.arguments);
      return { content: [{ type: 'text', text: \`\${ticketId}: \${reason}\` }] };
    }
    default:
      throw new Error('no such tool');
  }
});
`;

  it("decides each field by what the tool's case clause reads of the arguments it parses, and leaves the tool list alone", async () => {
    const dir = path.join(work, 'low-level');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    cpSync(
      path.join(repoRoot, 'test', 'audit', 'fixtures', 'class-tools', 'tsconfig.json'),
      path.join(dir, 'tsconfig.json'),
    );
    writeFileSync(path.join(dir, 'src', 'server.ts'), server);
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const run = await runCodemod({ codemod: dispositions, options: {}, cwd: dir, write: false });
    const [file] = run.files.filter((entry) => entry.status === 'changed');
    expect(file?.output).toContain(`const GetTicketDispositions = {
  ticketId: honored,
  verbose: warned('Published, but the handler never reads it: honour it, refuse it, or remove it from the shape.'),
}`);
    expect(file?.output).toContain(`const CloseTicketDispositions = {
  ticketId: honored,
  reason: honored,
}`);
    expect(file?.notes.map((note) => `${note.line}: ${note.message}`)).toEqual([
      '5: get_ticket: `verbose` is published but the handler never reads it; written as warned in GetTicketDispositions: decide honored, warned or refused',
    ]);
  });
});

describe('dispositions on tool classes registered through a handler that passes the input on', () => {
  const server = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z, type ZodRawShape } from 'zod';

abstract class BaseTool {
  abstract name: string;
  abstract getInputSchema(): ZodRawShape;
  async execute(input: unknown): Promise<CallToolResult> {
    return this.executeInternal(input);
  }
  protected abstract executeInternal(input: unknown): Promise<CallToolResult>;
}

class GetTicketTool extends BaseTool {
  name = 'get_ticket';
  getInputSchema() {
    return { ticketId: z.string(), verbose: z.boolean().optional() };
  }
  protected async executeInternal(input: { ticketId: string }): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: input.ticketId }] };
  }
}

class CloseTicketTool extends BaseTool {
  name = 'close_ticket';
  getInputSchema() {
    return { ticketId: z.string(), reason: z.string() };
  }
  protected async executeInternal({ ticketId, reason }: { ticketId: string; reason: string }): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: \`\${ticketId}: \${reason}\` }] };
  }
}

export const server = new McpServer({ name: 'tickets', version: '1.0.0' });
for (const t of [new GetTicketTool(), new CloseTicketTool()])
  server.registerTool(t.name, { inputSchema: t.getInputSchema() }, async (a: Record<string, unknown>) => t.execute(a));
`;

  it("decides each field by what the class's executeInternal reads, reached through the base's execute", async () => {
    const dir = path.join(work, 'class-forwarding');
    mkdirSync(path.join(dir, 'src'), { recursive: true });
    cpSync(
      path.join(repoRoot, 'test', 'audit', 'fixtures', 'class-tools', 'tsconfig.json'),
      path.join(dir, 'tsconfig.json'),
    );
    writeFileSync(path.join(dir, 'src', 'server.ts'), server);
    symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const run = await runCodemod({ codemod: dispositions, options: {}, cwd: dir, write: false });
    const [file] = run.files.filter((entry) => entry.status === 'changed');
    expect(file?.output).toContain(`const getTicketDispositions = {
  ticketId: honored,
  verbose: warned('Published, but the handler never reads it: honour it, refuse it, or remove it from the shape.'),
}`);
    expect(file?.output).toContain(`const closeTicketDispositions = {
  ticketId: honored,
  reason: honored,
}`);
    expect(file?.notes.map((note) => note.message)).toEqual([
      'get_ticket: `verbose` is published but the handler never reads it; written as warned in getTicketDispositions: decide honored, warned or refused',
    ]);
  });
});
