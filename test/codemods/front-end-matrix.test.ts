import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import type { Codemod } from '../../codemods/codemod.ts';
import { dispositions } from '../../codemods/dispositions.ts';
import { guardIds } from '../../codemods/guard-ids.ts';
import { runCodemod } from '../../codemods/runner/run-codemod.ts';
import plugin from '../../eslint-plugin/index.ts';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { contractChainMatrix, type ContractChainMatrix } from '../../src/contract/chains.ts';
import type { McpContract } from '../../src/contract/contract-types.ts';
import { formatPath } from '../../src/model/ids.ts';
import { snapshotServer } from '../../src/contract/snapshot.ts';
import type { ConnectableServer } from '../../src/transport/connect.ts';
import { connectStdio } from '../../src/transport/connect.ts';
import { connectInMemory, runLiteralConsumer, type ChainReport } from '../../src/testing/index.ts';
import { repoRoot } from '../support/run-cli.ts';

/**
 * Every front end reads what the codemods write. A small ticket server is written in each registration style real
 * servers use; as written and after each order of the two codemods (through the codemod runner, as
 * `agent-contract codemod <name>` runs them: the discovery that finds tool classes and low-level tool lists needs the
 * project), the audit, the three id lint rules, the live literal consumer and a probed `contract snapshot` of the
 * running server must give every id acceptor field the verdict the server as written predicts: the number ticket id
 * that create_ticket emits breaks get_ticket.ticketId (a string) and close_ticket.ticketId (a coerced string, which
 * takes 47 but turns a missing id into "undefined" on zod 3), and is tolerated once guard-ids guarded them. A codemod
 * or helper that hides a field from one of them fails here.
 */

type CodemodName = 'guard-ids' | 'dispositions';

const CODEMODS: Record<CodemodName, Codemod<object>> = { 'guard-ids': guardIds, dispositions };

const ORDERS: readonly (readonly CodemodName[])[] = [
  [],
  ['guard-ids'],
  ['dispositions'],
  ['guard-ids', 'dispositions'],
  ['dispositions', 'guard-ids'],
];

const TICKETS = `interface Ticket {
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

const MCP_SERVER_IMPORTS = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
`;

const LOW_LEVEL_IMPORTS = `import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
`;

interface Style {
  readonly server: string;
  /** Whether a contract snapshot measures what the server accepts (the probe finds `McpServer`s only). */
  readonly acceptanceMeasured: boolean;
  /**
   * zod 3 renders `z.coerce.string()` as optional (it turns a missing value into "undefined"): guarded, close_ticket's
   * ticketId is published as required. The one published move guard-ids makes here, and it says so in its summary.
   */
  readonly zod3?: true;
  /** create_ticket publishes an outputSchema, so `contract chains` sees it emit the ticket id. */
  readonly publishesOutput: boolean;
  /** A fixture folder (installed by `pretest`) whose node_modules the server's folders link: a framework the repository does not depend on. */
  readonly packages?: string;
  /** The server's main.ts, when it starts otherwise than `createServer().connect(transport)`. */
  readonly main?: string;
  /** The literal consumer calls main.ts over stdio: the server offers no `connect(transport)` to call in process. */
  readonly kitOverStdio?: true;
  /** The live kit also runs every chain as each client profile sends it. */
  readonly profiles?: 'all';
}

function lowLevel(imports: string, toJsonSchema: (schema: string) => string): string {
  return `${LOW_LEVEL_IMPORTS}${imports}
${TICKETS}
const CreateTicketArgs = z.object({ subject: z.string() });
const CreateTicketResult = z.object({ ticketId: z.number() });
const GetTicketArgs = z.object({ ticketId: z.string().min(1), verbose: z.boolean().optional() });
const CloseTicketArgs = z.object({ ticketId: z.coerce.string() });

export function createServer(): Server {
  const server = new Server({ name: 'tickets', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      {
        name: 'create_ticket',
        description: 'Open a ticket.',
        inputSchema: ${toJsonSchema('CreateTicketArgs')} as { type: 'object' },
        outputSchema: ${toJsonSchema('CreateTicketResult')} as { type: 'object' },
      },
      { name: 'get_ticket', description: 'Read a ticket.', inputSchema: ${toJsonSchema('GetTicketArgs')} as { type: 'object' } },
      { name: 'close_ticket', description: 'Close a ticket.', inputSchema: ${toJsonSchema('CloseTicketArgs')} as { type: 'object' } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    switch (request.params.name) {
      case 'create_ticket': {
        const args = CreateTicketArgs.parse(request.params.arguments);
        const ticket = createTicket(args.subject);
        const result = CreateTicketResult.parse({ ticketId: ticket.id });
        return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
      }
      case 'get_ticket': {
        const args = GetTicketArgs.parse(request.params.arguments);
        return { content: [{ type: 'text', text: findTicket(args.ticketId)?.subject ?? 'no such ticket' }] };
      }
      case 'close_ticket': {
        const args = CloseTicketArgs.parse(request.params.arguments);
        return { content: [{ type: 'text', text: findTicket(args.ticketId) === undefined ? 'no such ticket' : 'closed' }] };
      }
      default:
        throw new Error(\`Unknown tool: \${request.params.name}\`);
    }
  });
  return server;
}
`;
}

const STYLES: Record<string, Style> = {
  'server.tool': {
    publishesOutput: false,
    acceptanceMeasured: true,
    server: `${MCP_SERVER_IMPORTS}
${TICKETS}
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
  server.tool('close_ticket', 'Close a ticket.', { ticketId: z.coerce.string() }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: findTicket(ticketId) === undefined ? 'no such ticket' : 'closed' }],
  }));
  return server;
}
`,
  },
  registerTool: {
    publishesOutput: true,
    acceptanceMeasured: true,
    server: `${MCP_SERVER_IMPORTS}
${TICKETS}
export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.registerTool(
    'create_ticket',
    { inputSchema: { subject: z.string() }, outputSchema: { ticketId: z.number() } },
    async ({ subject }) => {
      const ticket = createTicket(subject);
      return {
        content: [{ type: 'text', text: JSON.stringify({ ticketId: ticket.id }) }],
        structuredContent: { ticketId: ticket.id },
      };
    },
  );
  server.registerTool(
    'get_ticket',
    { inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() } },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: findTicket(ticketId)?.subject ?? 'no such ticket' }] }),
  );
  server.registerTool('close_ticket', { inputSchema: { ticketId: z.coerce.string() } }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: findTicket(ticketId) === undefined ? 'no such ticket' : 'closed' }],
  }));
  return server;
}
`,
  },
  'registerTool on zod 3': {
    publishesOutput: true,
    acceptanceMeasured: true,
    zod3: true,
    server: `${MCP_SERVER_IMPORTS.replace("from 'zod'", "from 'zod/v3'")}
${TICKETS}
export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.registerTool(
    'create_ticket',
    { inputSchema: { subject: z.string() }, outputSchema: { ticketId: z.number() } },
    async ({ subject }) => {
      const ticket = createTicket(subject);
      return {
        content: [{ type: 'text', text: JSON.stringify({ ticketId: ticket.id }) }],
        structuredContent: { ticketId: ticket.id },
      };
    },
  );
  server.registerTool(
    'get_ticket',
    { inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() } },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: findTicket(ticketId)?.subject ?? 'no such ticket' }] }),
  );
  server.registerTool('close_ticket', { inputSchema: { ticketId: z.coerce.string() } }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: findTicket(ticketId) === undefined ? 'no such ticket' : 'closed' }],
  }));
  return server;
}
`,
  },
  'tool objects in a loop': {
    publishesOutput: true,
    acceptanceMeasured: true,
    server: `${MCP_SERVER_IMPORTS}
${TICKETS}
const tools = [
  {
    name: 'create_ticket',
    inputSchema: { subject: z.string() },
    outputSchema: { ticketId: z.number() },
    handler: async ({ subject }: { subject: string }) => {
      const ticket = createTicket(subject);
      return {
        content: [{ type: 'text' as const, text: JSON.stringify({ ticketId: ticket.id }) }],
        structuredContent: { ticketId: ticket.id },
      };
    },
  },
  {
    name: 'get_ticket',
    inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() },
    handler: async ({ ticketId }: { ticketId: string }) => ({
      content: [{ type: 'text' as const, text: findTicket(ticketId)?.subject ?? 'no such ticket' }],
    }),
  },
  {
    name: 'close_ticket',
    inputSchema: { ticketId: z.coerce.string() },
    handler: async ({ ticketId }: { ticketId: string }) => ({
      content: [{ type: 'text' as const, text: findTicket(ticketId) === undefined ? 'no such ticket' : 'closed' }],
    }),
  },
];

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  for (const tool of tools)
    server.registerTool(
      tool.name,
      { inputSchema: tool.inputSchema, ...(tool.outputSchema === undefined ? {} : { outputSchema: tool.outputSchema }) },
      tool.handler as never,
    );
  return server;
}
`,
  },
  'tool classes': {
    publishesOutput: false,
    acceptanceMeasured: true,
    server: `import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
${MCP_SERVER_IMPORTS.replace("import { z } from 'zod';", "import { z, type ZodRawShape } from 'zod';")}
${TICKETS}
abstract class BaseTool {
  abstract name: string;
  abstract getInputSchema(): ZodRawShape;
  async execute(input: unknown): Promise<CallToolResult> {
    return this.executeInternal(input);
  }
  protected abstract executeInternal(input: unknown): Promise<CallToolResult>;
}

class CreateTicketTool extends BaseTool {
  name = 'create_ticket';
  getInputSchema() {
    return { subject: z.string() };
  }
  protected async executeInternal(input: { subject: string }): Promise<CallToolResult> {
    const ticket = createTicket(input.subject);
    return { content: [{ type: 'text', text: JSON.stringify({ ticketId: ticket.id }) }] };
  }
}

class GetTicketTool extends BaseTool {
  name = 'get_ticket';
  getInputSchema() {
    return { ticketId: z.string().min(1), verbose: z.boolean().optional() };
  }
  protected async executeInternal(input: { ticketId: string }): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: findTicket(input.ticketId)?.subject ?? 'no such ticket' }] };
  }
}

class CloseTicketTool extends BaseTool {
  name = 'close_ticket';
  getInputSchema() {
    return { ticketId: z.coerce.string() };
  }
  protected async executeInternal(input: { ticketId: string }): Promise<CallToolResult> {
    return { content: [{ type: 'text', text: findTicket(input.ticketId) === undefined ? 'no such ticket' : 'closed' }] };
  }
}

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  for (const t of [new CreateTicketTool(), new GetTicketTool(), new CloseTicketTool()])
    server.registerTool(t.name, { inputSchema: t.getInputSchema() }, async (a: Record<string, unknown>) => t.execute(a));
  return server;
}
`,
  },
  'low-level setRequestHandler with z.toJSONSchema': {
    publishesOutput: true,
    acceptanceMeasured: false,
    server: lowLevel("import { z } from 'zod';\n", (schema) => `z.toJSONSchema(${schema})`),
  },
  'low-level setRequestHandler with zodToJsonSchema (zod 3)': {
    publishesOutput: true,
    acceptanceMeasured: false,
    zod3: true,
    server: lowLevel(
      "import { z } from 'zod/v3';\nimport { zodToJsonSchema } from 'zod-to-json-schema';\n",
      (schema) => `zodToJsonSchema(${schema})`,
    ),
  },
  fastmcp: {
    publishesOutput: false,
    // fastmcp builds an SDK Server per session, not an McpServer, so the probe cannot measure what it accepts: contract
    // chains judge by the published schema alone, as for a low-level server.
    acceptanceMeasured: false,
    packages: path.join(repoRoot, 'test', 'fastmcp'),
    // A FastMCP connects itself (`start`): no transport can be handed to it in process, so the kit runs over stdio.
    kitOverStdio: true,
    main: `import { createServer } from './server.ts';

await createServer().start({ transportType: 'stdio' });
`,
    server: `import { FastMCP } from 'fastmcp';
import { z } from 'zod';

${TICKETS}
export function createServer(): FastMCP {
  const server = new FastMCP({ name: 'tickets', version: '1.0.0' });
  server.addTool({
    name: 'create_ticket',
    description: 'Open a ticket.',
    parameters: z.object({ subject: z.string() }),
    execute: async ({ subject }) => JSON.stringify({ ticketId: createTicket(subject).id }),
  });
  server.addTool({
    name: 'get_ticket',
    description: 'Read a ticket.',
    parameters: z.object({ ticketId: z.string().min(1), verbose: z.boolean().optional() }),
    execute: async ({ ticketId }) => findTicket(ticketId)?.subject ?? 'no such ticket',
  });
  server.addTool({
    name: 'close_ticket',
    description: 'Close a ticket.',
    parameters: z.object({ ticketId: z.coerce.string() }),
    execute: async ({ ticketId }) => (findTicket(ticketId) === undefined ? 'no such ticket' : 'closed'),
  });
  return server;
}
`,
  },
};

const MAIN = `import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createServer } from './server.ts';

await createServer().connect(new StdioServerTransport());
`;

const LINT_RULES = ['prefer-guarded-id', 'no-id-union', 'no-unguarded-coerce'] as const;
/** The rule that reports an acceptor of each audit type while it is not guarded. */
const RULE_OF_TYPE: Readonly<Record<string, (typeof LINT_RULES)[number]>> = {
  string: 'prefer-guarded-id',
  'string-or-number': 'no-id-union',
  coerced: 'no-unguarded-coerce',
};

/** The acceptors and the audit type of each, as written. */
const ACCEPTORS_AS_WRITTEN = ['close_ticket.ticketId coerced', 'get_ticket.ticketId string'];

/** One state of a server's src/: file name -> text. */
type Files = ReadonlyMap<string, string>;

interface Views {
  readonly report: AuditReport;
  /** `src/server.ts:34 prefer-guarded-id` */
  readonly linted: readonly string[];
  readonly kit: ChainReport;
  readonly contract: McpContract;
  readonly matrix: ContractChainMatrix;
  /** The audit with the snapshot as the published contract. */
  readonly withContract: AuditReport;
}

const folders: string[] = [];
const servers: Promise<unknown>[] = [];
afterAll(async () => {
  await Promise.allSettled(servers);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

function lintFindings(folder: string, files: Files): string[] {
  const linter = new Linter({ configType: 'flat' });
  const rules = Object.fromEntries(LINT_RULES.map((rule) => [`agent-contract/${rule}`, 'error' as const]));
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'agent-contract': plugin as never },
      rules,
    },
  ];
  return [...files]
    .flatMap(([name, text]) =>
      linter.verify(text, config, path.join(folder, 'src', name)).map((message) => {
        expect(message.ruleId, message.message).not.toBeNull();
        return `src/${name}:${message.line} ${message.ruleId?.replace('agent-contract/', '')}`;
      }),
    )
    .sort();
}

/** Each unguarded acceptor the audit lists, as the rule for its kind must report it. */
function expectedLintFindings(report: AuditReport): string[] {
  return report.acceptors
    .flatMap((acceptor) => {
      const rule = RULE_OF_TYPE[acceptor.type];
      if (rule === undefined) return [];
      return [`${acceptor.file}:${acceptor.line} ${rule}`];
    })
    .sort();
}

/**
 * The states of one style, each written once to a folder of its own under the repository's .tmp/ with a tsconfig
 * that gives its files the repository's compiler options. The codemods and the views are functions of the files: an
 * order that writes the very bytes another one wrote is read once.
 */
class ServerStates {
  private readonly folders = new Map<string, string>();
  private readonly steps = new Map<string, Promise<Files>>();
  private readonly views = new Map<string, Promise<Views>>();

  constructor(
    private readonly name: string,
    private readonly style: Style,
  ) {}

  written(): Files {
    return new Map([
      ['main.ts', this.style.main ?? MAIN],
      ['server.ts', this.style.server],
    ]);
  }

  private folderOf(files: Files): string {
    const key = JSON.stringify([...files]);
    let folder = this.folders.get(key);
    if (folder === undefined) {
      const name = `front-end-matrix-${process.pid}-${this.name.replace(/\W+/g, '-')}-${this.folders.size}`;
      folder = path.join(repoRoot, '.tmp', name);
      mkdirSync(path.join(folder, 'src'), { recursive: true });
      folders.push(folder);
      const tsconfig = { extends: '../../tsconfig.json', include: ['src'], exclude: [] };
      writeFileSync(path.join(folder, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
      for (const [file, text] of files) writeFileSync(path.join(folder, 'src', file), text);
      this.linkPackages(folder);
      this.folders.set(key, folder);
    }
    return folder;
  }

  private linkPackages(folder: string): void {
    const { packages } = this.style;
    if (packages !== undefined)
      symlinkSync(path.join(packages, 'node_modules'), path.join(folder, 'node_modules'), 'dir');
  }

  /** The files after `codemod` ran over them with the runner, as `agent-contract codemod <name>` runs it. */
  apply(files: Files, name: CodemodName): Promise<Files> {
    const key = `${name} ${JSON.stringify([...files])}`;
    let step = this.steps.get(key);
    if (step === undefined) {
      const folder = this.folderOf(files);
      step = runCodemod({
        codemod: CODEMODS[name],
        options: {},
        targets: [...files.keys()].map((file) => path.join(folder, 'src', file)),
        write: false,
      }).then((run) => {
        expect(run.files.filter((file) => file.status === 'error')).toEqual([]);
        const next = new Map(files);
        for (const file of run.files) if (file.output !== undefined) next.set(path.basename(file.path), file.output);
        return next;
      });
      this.steps.set(key, step);
    }
    return step;
  }

  viewsOf(files: Files): Promise<Views> {
    const key = JSON.stringify([...files]);
    let views = this.views.get(key);
    if (views === undefined) {
      views = this.read(files);
      this.views.set(key, views);
    }
    return views;
  }

  private async read(files: Files): Promise<Views> {
    const folder = this.folderOf(files);
    // The runnable copy: the same files, with `agent-contract` taken from this repository's sources.
    const runnable = path.join(`${folder}-run`, 'src');
    mkdirSync(runnable, { recursive: true });
    folders.push(path.dirname(runnable));
    const entry = path
      .relative(runnable, path.join(repoRoot, 'src', 'index.ts'))
      .split(path.sep)
      .join('/');
    for (const [name, text] of files)
      writeFileSync(path.join(runnable, name), text.replaceAll("from 'agent-contract'", `from '${entry}'`));
    this.linkPackages(path.dirname(runnable));

    // The snapshot starts the server as `contract snapshot` does, probe included; the server boots while the kit
    // runs and the audit reads.
    let contractBuilt: (contract: McpContract) => void = () => undefined;
    const built = new Promise<McpContract>((resolve) => (contractBuilt = resolve));
    const command = {
      command: process.execPath,
      args: ['--import', 'tsx', path.join(runnable, 'main.ts')],
      cwd: repoRoot,
    };
    const snapshot = snapshotServer(
      { kind: 'stdio', ...command },
      { timeoutMs: 60_000, onContract: (contract) => contractBuilt(contract) },
    );
    servers.push(snapshot);
    const contract = Promise.race([built, snapshot.then((done) => done.contract)]);
    // The literal consumer calls the running copy in process, or a second one over stdio.
    let connection;
    if (this.style.kitOverStdio === true) {
      connection = await connectStdio({ ...command, timeoutMs: 60_000 });
    } else {
      const { createServer } = (await import(pathToFileURL(path.join(runnable, 'server.ts')).href)) as {
        createServer: () => ConnectableServer;
      };
      connection = await connectInMemory(createServer());
    }
    let kit: ChainReport;
    try {
      kit = await runLiteralConsumer({
        client: connection.client,
        ...(this.style.profiles === undefined ? {} : { profiles: this.style.profiles }),
      });
    } finally {
      await connection.close();
    }
    const { report } = audit(folder);
    const linted = lintFindings(folder, files);
    const taken = await contract;
    // The audit again, with what the server published as the ground truth of what it accepts (`audit --server`).
    const withContract = audit(folder, {
      published: {
        source: 'snapshot',
        tools: taken.tools,
        ...(taken.acceptance === undefined ? {} : { acceptance: taken.acceptance }),
      },
    }).report;
    return { report, linted, kit, contract: taken, matrix: contractChainMatrix(taken), withContract };
  }
}

describe.each(Object.keys(STYLES))('a %s server', (style) => {
  const states = new ServerStates(style, STYLES[style] as Style);
  const { acceptanceMeasured, publishesOutput, zod3 = false } = STYLES[style] as Style;

  it.each(ORDERS.map((order) => [order.join(' then ') || 'as written', order] as const))(
    '%s: the audit, the lint rules, the literal consumer and the contract agree on every id acceptor',
    async (_, order) => {
      let files = states.written();
      for (const name of order) files = await states.apply(files, name);
      const server = files.get('server.ts') as string;
      const guarded = order.includes('guard-ids');
      if (guarded) expect(server).toContain('guardId(z.string().min(1))');
      // dispositions decides each field by what the tool's handler reads (for tool classes, the class's executeInternal
      // its registration's handler reaches through the base's execute): get_ticket never reads `verbose`.
      if (order.includes('dispositions')) expect(/verbose: (honored|warned)\b/.exec(server)?.[1]).toBe('warned');
      const { report, linted, kit, contract, matrix, withContract } = await states.viewsOf(files);
      const baseline = await states.viewsOf(states.written());

      // The audit reads every tool and acceptor of the written files, which type-check.
      expect(report.project.parseErrors).toEqual([]);
      expect(report.project.errors).toEqual([]);
      expect(report.tools.map((tool) => tool.name).sort()).toEqual(['close_ticket', 'create_ticket', 'get_ticket']);
      const acceptors = report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`);
      expect(acceptors.sort()).toEqual(
        guarded ? ACCEPTORS_AS_WRITTEN.map((acceptor) => acceptor.replace(/\S+$/, 'guarded')) : ACCEPTORS_AS_WRITTEN,
      );
      // The audit's unread-field check reads the handler dispositions reads (a low-level case clause, a tool class's
      // executeInternal): get_ticket publishes `verbose` and never reads it; once dispositions records it as warned,
      // the decision is the accepted state of that field and nothing is reported.
      expect(
        report.findings
          .filter((finding) => finding.rule === 'unread-input-field')
          .map((finding) => `${finding.tool} ${/publishes `(\w+)`/.exec(finding.message)?.[1] ?? finding.message}`),
      ).toEqual(order.includes('dispositions') ? [] : ['get_ticket verbose']);
      const audited = report.chains.map(
        (entry) => `${entry.from.tool} ${entry.from.path} -> ${entry.to.tool}.${entry.to.field}: ${entry.status}`,
      );
      // z.coerce.string() takes 47 as "47": tolerated as written; the string id is broken until guard-ids guards it.
      expect(audited.sort()).toEqual([
        'create_ticket ticketId -> close_ticket.ticketId: tolerated',
        `create_ticket ticketId -> get_ticket.ticketId: ${guarded ? 'tolerated' : 'broken'}`,
      ]);

      // The lint rules report every unguarded acceptor at its line, by the rule for its kind, and nothing else.
      expect(linted).toEqual(expectedLintFindings(report));
      expect(linted).toHaveLength(guarded ? 0 : ACCEPTORS_AS_WRITTEN.length);

      // The live literal consumer: the same acceptors and chains, with the audit's verdicts; the server's validation
      // rejected exactly the broken one.
      expect(kit.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`).sort()).toEqual(
        report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`).sort(),
      );
      const consumed = kit.chains.map(
        (entry) => `${entry.from.tool} ${entry.from.path} -> ${entry.to.tool}.${entry.to.field}: ${entry.verdict}`,
      );
      expect(consumed.sort()).toEqual(audited);
      expect(
        kit.chains.filter((entry) => entry.status === 'rejected').map((entry) => `${entry.to.tool}.${entry.to.field}`),
      ).toEqual(guarded ? [] : ['get_ticket.ticketId']);

      // The contract: every tool and acceptor published, the published bytes those of the server as written (but for
      // zod 3's required coerced field), and what the server accepts recorded where the probe can measure it.
      expect(contract.tools.map((tool) => tool.name)).toEqual(['close_ticket', 'create_ticket', 'get_ticket']);
      const published = (tools: McpContract['tools']) =>
        tools
          .map((tool) => JSON.stringify(tool.inputSchema))
          .map((schema, index) =>
            zod3 && guarded && index === 0 ? schema.replace(/}}}$/, '}},"required":["ticketId"]}') : schema,
          );
      expect(contract.tools.map((tool) => JSON.stringify(tool.inputSchema))).toEqual(
        published(baseline.contract.tools),
      );
      expect(matrix.summary.acceptors).toBe(ACCEPTORS_AS_WRITTEN.length);
      const contracted = matrix.chains.map(
        (entry) =>
          `${entry.from.tool} ${formatPath(entry.from.field.path)} -> ${entry.to.tool}.${formatPath(entry.to.field.path)}: ${entry.verdict}`,
      );
      if (!publishesOutput) {
        expect(contracted).toEqual([]);
        expect(matrix.toolsWithoutOutputSchema).toContain('create_ticket');
      } else if (acceptanceMeasured) {
        expect(contracted.sort()).toEqual(audited);
      } else {
        // By design: where the probe cannot measure what the server accepts (it finds McpServers, not a low-level
        // Server), contract chains judge by the published schema alone, which says string for both acceptors.
        expect(contracted.sort()).toEqual([
          'create_ticket ticketId -> close_ticket.ticketId: broken',
          'create_ticket ticketId -> get_ticket.ticketId: broken',
        ]);
      }
      expect(matrix.acceptance).toBe(acceptanceMeasured ? 'recorded' : 'unknown');

      // The audit against the published contract: every published tool and id field placed in source, the same
      // acceptors and the same verdicts as the source alone (where the probe measured nothing, what the source shows
      // the validation tolerates counts).
      expect(withContract.coverage.contract).toMatchObject({
        tools: 3,
        placedTools: 3,
        unplacedTools: [],
        unplacedFields: [],
      });
      expect(
        withContract.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.placed}`).sort(),
      ).toEqual(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} field`).sort());
      expect(
        withContract.chains
          .map(
            (entry) => `${entry.from.tool} ${entry.from.path} -> ${entry.to.tool}.${entry.to.field}: ${entry.status}`,
          )
          .sort(),
      ).toEqual(audited);
      const accepted = (contract.acceptance ?? []).map(
        (field) =>
          `${field.tool}.${field.field} number:${String(field.number)} string:${String(field.string)} missing:${String(field.missing)}`,
      );
      expect(accepted).toEqual(
        acceptanceMeasured
          ? [
              `close_ticket.ticketId number:true string:true missing:${zod3 && !guarded ? 'coerced' : 'rejected'}`,
              `get_ticket.ticketId number:${String(guarded)} string:true missing:rejected`,
            ]
          : [],
      );
    },
  );
});

/**
 * Both directions of the bug on one server: create_ticket emits the ticket id as a number into get_ticket's string,
 * and create_board emits a board id as a string (a GraphQL ID) into create_item's number. One guard-ids run turns both
 * broken chains into tolerated ones, with guardId on the string and guardNumberId on the number, and every front end
 * reads the guarded form back: the audit, the lint rules, the literal consumer, the probed contract and the audit
 * against it. The published tools/list bytes do not move.
 */
const BOTH_DIRECTIONS: Style = {
  publishesOutput: true,
  acceptanceMeasured: true,
  profiles: 'all',
  server: `${MCP_SERVER_IMPORTS}
${TICKETS}
/** The one board there is; its id is a GraphQL ID, a string of digits. */
const BOARD = { id: '123', items: [] as string[] };

export function createServer(): McpServer {
  const server = new McpServer({ name: 'tickets', version: '1.0.0' });
  server.registerTool(
    'create_ticket',
    { inputSchema: { subject: z.string() }, outputSchema: { ticketId: z.number() } },
    async ({ subject }) => {
      const ticket = createTicket(subject);
      return {
        content: [{ type: 'text', text: JSON.stringify({ ticketId: ticket.id }) }],
        structuredContent: { ticketId: ticket.id },
      };
    },
  );
  server.registerTool(
    'get_ticket',
    { inputSchema: { ticketId: z.string().min(1) } },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: findTicket(ticketId)?.subject ?? 'no such ticket' }] }),
  );
  server.registerTool(
    'create_board',
    { inputSchema: { name: z.string() }, outputSchema: { boardId: z.string() } },
    async () => ({
      content: [{ type: 'text', text: JSON.stringify({ boardId: BOARD.id }) }],
      structuredContent: { boardId: BOARD.id },
    }),
  );
  server.registerTool(
    'create_item',
    { inputSchema: { boardId: z.number().int().positive(), title: z.string() } },
    async ({ boardId, title }) => {
      BOARD.items.push(title);
      return { content: [{ type: 'text', text: boardId === 123 ? 'added' : 'no such board' }] };
    },
  );
  return server;
}
`,
};

describe('a server broken in both directions', () => {
  const states = new ServerStates('both directions', BOTH_DIRECTIONS);
  it.each([
    ['as written', false],
    ['after guard-ids', true],
  ] as const)('%s: every front end gives both chains the same verdict', async (_, guarded) => {
    const files = guarded ? await states.apply(states.written(), 'guard-ids') : states.written();
    const server = files.get('server.ts') as string;
    if (guarded) {
      expect(server).toContain("import { guardId, guardNumberId } from 'agent-contract';");
      expect(server).toContain('ticketId: guardId(z.string().min(1))');
      expect(server).toContain('boardId: guardNumberId(z.number().int().positive())');
      // Output schemas stay as they are.
      expect(server).toContain('outputSchema: { boardId: z.string() }');
      expect(server).toContain('outputSchema: { ticketId: z.number() }');
    }
    const { report, linted, kit, contract, matrix, withContract } = await states.viewsOf(files);
    const baseline = await states.viewsOf(states.written());
    const verdict = guarded ? 'tolerated' : 'broken';
    const expected = [
      `create_board -> create_item.boardId: ${verdict}`,
      `create_ticket -> get_ticket.ticketId: ${verdict}`,
    ];

    expect(report.project.errors).toEqual([]);
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`).sort()).toEqual(
      guarded
        ? ['create_item.boardId guarded', 'get_ticket.ticketId guarded']
        : ['create_item.boardId number', 'get_ticket.ticketId string'],
    );
    const audited = report.chains.map(
      (entry) => `${entry.from.tool} -> ${entry.to.tool}.${entry.to.field}: ${entry.status}`,
    );
    expect(audited.sort()).toEqual(expected);
    expect(
      withContract.chains
        .map((entry) => `${entry.from.tool} -> ${entry.to.tool}.${entry.to.field}: ${entry.status}`)
        .sort(),
    ).toEqual(expected);

    // prefer-guarded-id reports both acceptors until they are guarded, the number one for guardNumberId.
    expect(linted).toEqual(
      guarded
        ? []
        : [
            expect.stringMatching(/^src\/server\.ts:\d+ prefer-guarded-id$/),
            expect.stringMatching(/^src\/server\.ts:\d+ prefer-guarded-id$/),
          ],
    );

    expect(
      kit.chains.map((entry) => `${entry.from.tool} -> ${entry.to.tool}.${entry.to.field}: ${entry.verdict}`).sort(),
    ).toEqual(expected);
    expect(
      kit.chains
        .filter((entry) => entry.status === 'rejected')
        .map((entry) => `${entry.to.tool}.${entry.to.field}`)
        .sort(),
    ).toEqual(guarded ? [] : ['create_item.boardId', 'get_ticket.ticketId']);
    // Each kind of client: a client that sends strings already fits the string acceptor and still breaks the number
    // one, a client that turns digit strings into numbers the reverse; these ids are small, so the client that carries
    // big ids as numbers sends them as they are. Once guarded, no client breaks either chain.
    const profiled = Object.fromEntries(
      (kit.profiles ?? []).map((profile) => [
        profile.profile,
        profile.chains.map((entry) => `${entry.to.tool}.${entry.to.field}: ${entry.verdict}`).sort(),
      ]),
    );
    expect(profiled).toEqual({
      'stringify-scalars': [`create_item.boardId: ${verdict}`, 'get_ticket.ticketId: ok'],
      'numberify-digit-strings': ['create_item.boardId: ok', `get_ticket.ticketId: ${verdict}`],
      'big-ids-as-numbers': [`create_item.boardId: ${verdict}`, `get_ticket.ticketId: ${verdict}`],
    });

    // The published bytes are those of the server as written; the probe records what each acceptor takes.
    expect(contract.tools.map((tool) => JSON.stringify(tool.inputSchema))).toEqual(
      baseline.contract.tools.map((tool) => JSON.stringify(tool.inputSchema)),
    );
    expect(
      (contract.acceptance ?? []).map(
        (field) => `${field.tool}.${field.field} number:${String(field.number)} string:${String(field.string)}`,
      ),
    ).toEqual([
      `create_item.boardId number:true string:${String(guarded)}`,
      `get_ticket.ticketId number:${String(guarded)} string:true`,
    ]);
    expect(
      matrix.chains
        .map((entry) => `${entry.from.tool} -> ${entry.to.tool}.${formatPath(entry.to.field.path)}: ${entry.verdict}`)
        .sort(),
    ).toEqual(expected);
  });
});
