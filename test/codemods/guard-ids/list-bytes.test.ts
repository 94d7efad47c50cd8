/**
 * Lists of ids, through the real MCP SDK of each test/zod-matrix/<folder>/ (one zod copy per folder, rendered by the
 * SDK installed next to it): the codemod rewrites `ticketIds: <list>`, and the tools/list bytes of the rewritten field,
 * recorded on the server side of the in-memory transport, must equal those of the field as written, while a call
 * with `[47]` is accepted and reaches the handler as `["47"]`. The forms it leaves alone (`.default([])`) are shown
 * to change the bytes when guarded by hand, so the test fails if the codemod starts rewriting them.
 */
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { guardIdsTransform } from '../../../codemods/guard-ids.ts';
import { guardId } from '../../../src/guard/guard-id.ts';

interface Transport {
  send(message: { readonly result?: { readonly tools?: unknown } }, options?: unknown): Promise<void>;
}
interface ToolResult {
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  readonly isError?: boolean;
}
interface MatrixModule {
  readonly zodNs: unknown;
  readonly zodV4Ns?: unknown;
  readonly zodMiniNs?: unknown;
  readonly McpServer: new (info: { name: string; version: string }) => {
    registerTool(
      name: string,
      config: { inputSchema: unknown },
      handler: (args: { ticketIds?: unknown }) => Promise<ToolResult>,
    ): unknown;
    connect(transport: Transport): Promise<void>;
    close(): Promise<void>;
  };
  readonly Client: new (info: { name: string; version: string }) => {
    connect(transport: Transport): Promise<void>;
    listTools(): Promise<unknown>;
    callTool(request: { name: string; arguments: Record<string, unknown> }): Promise<ToolResult>;
    close(): Promise<void>;
  };
  readonly InMemoryTransport: { createLinkedPair(): [Transport, Transport] };
}

type Flavour = 'classic' | 'mini';

const FOLDERS: readonly {
  folder: string;
  namespaces: readonly { label: string; pick: (module: MatrixModule) => unknown; flavour: Flavour; source: string }[];
}[] = [
  {
    folder: 'zod-3.25.76',
    namespaces: [
      { label: 'zod 3 classic', pick: (module) => module.zodNs, flavour: 'classic', source: 'zod/v3' },
      { label: 'zod/v4 classic', pick: (module) => module.zodV4Ns, flavour: 'classic', source: 'zod/v4' },
    ],
  },
  {
    folder: 'zod-4.0.0',
    namespaces: [{ label: 'zod 4 classic', pick: (module) => module.zodNs, flavour: 'classic', source: 'zod' }],
  },
  {
    folder: 'zod-4.4.3',
    namespaces: [{ label: 'zod 4 classic', pick: (module) => module.zodNs, flavour: 'classic', source: 'zod' }],
  },
  {
    folder: 'zod-4.6.7',
    namespaces: [
      { label: 'zod 4 classic', pick: (module) => module.zodNs, flavour: 'classic', source: 'zod' },
      { label: 'zod mini', pick: (module) => module.zodMiniNs, flavour: 'mini', source: 'zod/mini' },
    ],
  },
];

const REWRITTEN: Record<Flavour, readonly string[]> = {
  classic: [
    'z.array(z.string())',
    'z.array(z.string()).min(1)',
    "z.array(z.string().min(1).describe('One ticket id')).min(1).max(50).describe('The ticket ids')",
    'z.string().array()',
    'z.string().min(1).array().nonempty()',
    'z.array(z.string()).optional()',
    "z.string().array().optional().describe('The ticket ids')",
    'z.array(z.string()).nullable()',
    'z.array(z.string()).nullish()',
    'z.array(z.string().optional())',
    // A preprocess of the whole list (one that takes the list sent as JSON text) renders the list's schema.
    "z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.array(z.string()))",
    "z.preprocess((v) => (typeof v === 'string' ? JSON.parse(v) : v), z.array(z.string().min(1))).optional().describe('The ticket ids')",
  ],
  mini: [
    'z.array(z.string())',
    'z.optional(z.array(z.string()))',
    'z.array(z.string()).check(z.minLength(1))',
    'z.array(z.string().check(z.minLength(1)))',
  ],
};

/** Left alone by the codemod: guarded by hand, each publishes other bytes on the zod 4 renders. */
const LEFT_ALONE: readonly { text: string; byHand: string }[] = [
  { text: 'z.array(z.string()).default([])', byHand: 'z.array(guardId(z.string())).default([])' },
];

async function loadFolder(folder: string): Promise<MatrixModule> {
  const entry = new URL(`../../zod-matrix/${folder}/index.mjs`, import.meta.url);
  if (!existsSync(new URL(`../../zod-matrix/${folder}/node_modules`, import.meta.url)))
    throw new Error(`test/zod-matrix/${folder} is not installed: run node scripts/install-zod-matrix.mjs`);
  return (await import(pathToFileURL(entry.pathname).href)) as MatrixModule;
}

/** The field's text after the codemod, from a file that registers it as a tool input. */
function rewrittenField(text: string, source: string): string | undefined {
  const file = `import ${source === 'zod/mini' ? '* as z' : '{ z }'} from '${source}';\nexport const GetTicketsArgs = { ticketIds: ${text} };\n`;
  const output = guardIdsTransform(file, '/project/src/tools.ts');
  if (output === undefined) return undefined;
  const parsed = ts.createSourceFile('tools.ts', output, ts.ScriptTarget.Latest, true);
  let field: string | undefined;
  const visit = (node: ts.Node): void => {
    if (ts.isPropertyAssignment(node) && ts.isIdentifier(node.name) && node.name.text === 'ticketIds')
      field = node.initializer.getText(parsed);
    ts.forEachChild(node, visit);
  };
  visit(parsed);
  return field;
}

interface Rendered {
  readonly tools: string;
  readonly received: unknown;
}

/** Registers `{ ticketIds: <text> }` as a raw input shape, lists the tools and calls the tool with [47]. */
async function render(module: MatrixModule, z: unknown, flavour: Flavour, text: string): Promise<Rendered> {
  const field: unknown = new Function('z', 'guardId', `return (${text});`)(z, guardId);
  const shape = { ticketIds: field };
  const server = new module.McpServer({ name: 'lists', version: '1.0.0' });
  let received: unknown;
  const inputSchema = flavour === 'mini' ? (z as { object(shape: unknown): unknown }).object(shape) : shape;
  server.registerTool('get_tickets', { inputSchema }, async (args) => {
    received = args.ticketIds;
    return { content: [{ type: 'text', text: 'ok' }] };
  });
  const [clientSide, serverSide] = module.InMemoryTransport.createLinkedPair();
  let tools = '';
  const send = serverSide.send.bind(serverSide);
  serverSide.send = async (message, options) => {
    if (message.result?.tools !== undefined) tools = JSON.stringify(message.result.tools);
    return send(message, options);
  };
  const client = new module.Client({ name: 'lists-test', version: '1.0.0' });
  await server.connect(serverSide);
  await client.connect(clientSide);
  await client.listTools();
  const result = await client.callTool({ name: 'get_tickets', arguments: { ticketIds: [47] } });
  await client.close();
  await server.close();
  return { tools, received: result.isError === true ? result.content : received };
}

describe.each(FOLDERS)('lists of ids on $folder', ({ folder, namespaces }) => {
  describe.each(namespaces)('$label', ({ pick, flavour, source }) => {
    it.each(REWRITTEN[flavour])('%s: rewritten, same tools/list bytes, [47] arrives as ["47"]', async (text) => {
      const module = await loadFolder(folder);
      const z = pick(module);
      const rewritten = rewrittenField(text, source);
      expect(rewritten, text).toBeDefined();
      expect(rewritten).not.toBe(text);
      const before = await render(module, z, flavour, text);
      const after = await render(module, z, flavour, rewritten ?? '');
      expect(after.tools, rewritten).toBe(before.tools);
      expect(after.received, rewritten).toEqual(['47']);
    });

    if (flavour === 'classic') {
      it.each(LEFT_ALONE)(
        '$text: left alone, and guarding it by hand moves the bytes on zod 4',
        async ({ text, byHand }) => {
          const module = await loadFolder(folder);
          const z = pick(module);
          expect(rewrittenField(text, source)).toBeUndefined();
          const plain = await render(module, z, flavour, text);
          const guarded = await render(module, z, flavour, byHand);
          if (source === 'zod/v3') expect(guarded.tools).toBe(plain.tools);
          else expect(guarded.tools).not.toBe(plain.tools);
        },
      );
    }
  });
});
