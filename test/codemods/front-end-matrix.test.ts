import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Linter } from 'eslint';
import tsParser from '@typescript-eslint/parser';
import { afterAll, describe, expect, it } from 'vitest';
import { dispositionsTransform } from '../../codemods/dispositions.ts';
import { guardIdsTransform } from '../../codemods/guard-ids.ts';
import plugin from '../../eslint-plugin/index.ts';
import { audit } from '../../src/audit/audit.ts';
import { connectInMemory, runLiteralConsumer } from '../../src/testing/index.ts';
import { repoRoot } from '../support/run-cli.ts';

/**
 * Every front end reads what the codemods write. For a server in each registration style, as written and after each
 * order of the two codemods, the audit, the lint rule and the live literal consumer must give the number ticket id that
 * create_ticket emits into get_ticket.ticketId the same verdict: broken as written, tolerated once guarded. A codemod or
 * helper that hides the field from one of them fails here.
 */

const SERVER_HEAD = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

interface Ticket {
  id: number;
  subject: string;
}

const tickets: Ticket[] = [];
function createTicket(subject: string): Ticket {
  const ticket = { id: tickets.length + 47, subject };
  tickets.push(ticket);
  return ticket;
}
function findTicket(ticketId: string): Ticket | undefined {
  return tickets.find((ticket) => ticket.id === Number(ticketId));
}
`;

const STYLES: Record<string, string> = {
  'server.tool': `${SERVER_HEAD}
export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.tool('create_ticket', 'Open a ticket.', { subject: z.string() }, async ({ subject }) => {
    const ticket = createTicket(subject);
    return { content: [{ type: 'text', text: JSON.stringify({ ticketId: ticket.id }) }] };
  });
  server.tool(
    'get_ticket',
    'Read a ticket.',
    { ticketId: z.string().min(1), verbose: z.boolean().optional() },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: findTicket(ticketId)?.subject ?? 'no such ticket' }] }),
  );
  return server;
}
`,
  registerTool: `${SERVER_HEAD}
export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.registerTool('create_ticket', { inputSchema: { subject: z.string() } }, async ({ subject }) => {
    const ticket = createTicket(subject);
    return { content: [{ type: 'text', text: JSON.stringify({ ticketId: ticket.id }) }] };
  });
  server.registerTool(
    'get_ticket',
    { inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() } },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: findTicket(ticketId)?.subject ?? 'no such ticket' }] }),
  );
  return server;
}
`,
  'tool objects in a loop': `${SERVER_HEAD}
const tools = [
  {
    name: 'create_ticket',
    inputSchema: { subject: z.string() },
    handler: async ({ subject }: { subject: string }) => {
      const ticket = createTicket(subject);
      return { content: [{ type: 'text' as const, text: JSON.stringify({ ticketId: ticket.id }) }] };
    },
  },
  {
    name: 'get_ticket',
    inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() },
    handler: async ({ ticketId }: { ticketId: string }) => ({
      content: [{ type: 'text' as const, text: findTicket(ticketId)?.subject ?? 'no such ticket' }],
    }),
  },
];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  for (const tool of tools) server.registerTool(tool.name, { inputSchema: tool.inputSchema }, tool.handler as never);
  return server;
}
`,
};

const ORDERS: readonly (readonly ('guard-ids' | 'dispositions')[])[] = [
  [],
  ['guard-ids'],
  ['dispositions'],
  ['guard-ids', 'dispositions'],
  ['dispositions', 'guard-ids'],
];

const work = path.join(repoRoot, '.tmp', `front-end-matrix-${process.pid}`);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function written(source: string, order: readonly ('guard-ids' | 'dispositions')[], file: string): string {
  let text = source;
  for (const codemod of order) {
    const next = codemod === 'guard-ids' ? guardIdsTransform(text, file) : dispositionsTransform(text, file);
    if (next !== undefined) text = next;
  }
  return text;
}

function lintReports(text: string, file: string): string[] {
  const linter = new Linter({ configType: 'flat' });
  const messages = linter.verify(
    text,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tsParser as Linter.Parser },
        plugins: { 'agent-contract': plugin as never },
        rules: { 'agent-contract/prefer-guarded-id': 'error', 'agent-contract/no-id-union': 'error' },
      },
    ],
    file,
  );
  return messages.map((message) => `${message.ruleId}:${message.line}`);
}

describe.each(Object.keys(STYLES))('a %s server', (style) => {
  it.each(ORDERS.map((order) => [order.join(' then ') || 'as written', order] as const))(
    '%s: the audit, prefer-guarded-id and the literal consumer agree on get_ticket.ticketId',
    async (_, order) => {
      const dir = path.join(work, `${style.replace(/\W/g, '-')}-${order.join('-') || 'none'}`);
      mkdirSync(path.join(dir, 'src'), { recursive: true });
      const file = path.join(dir, 'src', 'server.ts');
      const text = written(STYLES[style] as string, order, file);
      writeFileSync(file, text);
      const guarded = order.includes('guard-ids');
      if (guarded) expect(text).toContain('guardId(z.string().min(1))');
      if (order.includes('dispositions')) expect(text).toContain('offeredShape(');

      // The audit reads the written file.
      const { report } = audit(dir);
      const chain = report.chains.find(
        (candidate) => candidate.to.tool === 'get_ticket' && candidate.to.field === 'ticketId',
      );
      expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`)).toEqual(['get_ticket.ticketId']);
      expect(chain?.status).toBe(guarded ? 'tolerated' : 'broken');

      // The lint rule reads it too: an unguarded string id is reported, a guarded one is not.
      expect(
        lintReports(text, file).filter((report) => report.startsWith('agent-contract/prefer-guarded-id')),
      ).toHaveLength(guarded ? 0 : 1);

      // The live literal consumer runs it: the module, with `agent-contract` taken from this repository's sources.
      const runnable = path.join(dir, 'src', 'server.run.ts');
      writeFileSync(
        runnable,
        text.replaceAll("from 'agent-contract'", `from ${JSON.stringify(path.join(repoRoot, 'src', 'index.ts'))}`),
      );
      const { createServer } = (await import(pathToFileURL(runnable).href)) as { createServer: () => McpServer };
      const connection = await connectInMemory(createServer());
      try {
        const live = await runLiteralConsumer({ client: connection.client });
        const liveChain = live.chains.find(
          (candidate) => candidate.to.tool === 'get_ticket' && candidate.to.field === 'ticketId',
        );
        expect(liveChain?.verdict).toBe(guarded ? 'tolerated' : 'broken');
      } finally {
        await connection.close();
      }
    },
  );
});
