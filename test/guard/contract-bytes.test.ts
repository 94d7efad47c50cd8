/**
 * The contract an agent sees is the tools/list response as it leaves the server. These tests start real MCP servers
 * from each test/zod-matrix/<folder>/ (one zod copy per folder, rendered by the SDK copies installed next to it),
 * record the response on the server side of the in-memory transport, and compare `{ ticketId: inner }` with
 * `{ ticketId: guardId(inner) }` byte for byte, and a number inner with `guardNumberId(inner)` the same way. Run `node scripts/install-zod-matrix.mjs` first (`npm test`'s pretest does).
 */
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import * as rootZod from 'zod';
import * as rootZod3 from 'zod3';
import { decimalIdToNumber, guardId, guardNumberId, numericIdToString } from '../../src/guard/guard-id.ts';

const MATRIX_ROOT = fileURLToPath(new URL('../zod-matrix/', import.meta.url));
const TOOL_NAME = 'get_ticket';
const TICKET_ID_DESCRIPTION = 'The ticket id, as returned by list_tickets';

// ---------------------------------------------------------------------------------------------------------------
// The slice of each folder's index.mjs these tests use. The folders' own zod and SDK declarations are not compiled
// against: they are other copies of the packages the repo is typed with.

interface ToolResult {
  readonly content: readonly { readonly type: string; readonly text?: string }[];
  readonly isError?: boolean;
}
type ToolHandler = (args: { readonly ticketId: unknown }) => Promise<ToolResult>;
interface JsonRpcMessage {
  readonly id?: string | number;
  readonly result?: { readonly tools?: unknown };
  readonly error?: { readonly code: number; readonly message: string };
}
interface Transport {
  send(message: JsonRpcMessage, options?: unknown): Promise<void>;
}
interface InMemoryTransportClass {
  createLinkedPair(): [Transport, Transport];
}
interface Implementation {
  readonly name: string;
  readonly version: string;
}
interface McpServerLike {
  tool?(name: string, rawShape: Record<string, unknown>, handler: ToolHandler): unknown;
  registerTool(name: string, config: { readonly inputSchema: unknown }, handler: ToolHandler): unknown;
  connect(transport: Transport): Promise<void>;
  close(): Promise<void>;
}
interface ClientLike {
  connect(transport: Transport): Promise<void>;
  listTools(): Promise<unknown>;
  callTool(request: { readonly name: string; readonly arguments: Record<string, unknown> }): Promise<ToolResult>;
  close(): Promise<void>;
}
interface Sdk {
  readonly McpServer: new (info: Implementation) => McpServerLike;
  readonly Client: new (info: Implementation) => ClientLike;
  readonly InMemoryTransport: InMemoryTransportClass;
}

interface ClassicString {
  min(length: number): ClassicString;
  describe(description: string): ClassicString;
  readonly _zod?: { readonly version: { readonly major: number; readonly minor: number; readonly patch: number } };
}
interface ClassicNumber {
  int(): ClassicNumber;
  describe(description: string): ClassicNumber;
}
interface ClassicZod {
  string(): ClassicString;
  number(): ClassicNumber;
  object(shape: Record<string, unknown>): unknown;
  readonly ZodString: unknown;
}
interface MiniString {
  check(...checks: unknown[]): MiniString;
  register(registry: unknown, meta: { readonly description: string }): MiniString;
}
interface MiniNumber {
  register(registry: unknown, meta: { readonly description: string }): MiniNumber;
}
interface MiniZod {
  string(): MiniString;
  number(): MiniNumber;
  minLength(length: number): unknown;
  object(shape: Record<string, unknown>): unknown;
  pipe(input: unknown, output: unknown): unknown;
  transform(transform: (value: unknown) => unknown): unknown;
  readonly globalRegistry: unknown;
}

interface MatrixModule {
  readonly zodNs: ClassicZod;
  readonly zodMiniNs?: MiniZod;
  readonly zodV4Ns?: ClassicZod;
  readonly zodV4MiniNs?: MiniZod;
  readonly McpServer: Sdk['McpServer'];
  readonly Client: Sdk['Client'];
  readonly InMemoryTransport: InMemoryTransportClass;
  readonly McpServerV2?: Sdk['McpServer'];
  readonly ClientV2?: Sdk['Client'];
  readonly InMemoryTransportV2?: InMemoryTransportClass;
}

async function loadMatrixFolder(folder: string): Promise<MatrixModule> {
  const entry = path.join(MATRIX_ROOT, folder, 'index.mjs');
  if (!existsSync(path.join(MATRIX_ROOT, folder, 'node_modules'))) {
    throw new Error(`test/zod-matrix/${folder} is not installed: run node scripts/install-zod-matrix.mjs`);
  }
  return (await import(pathToFileURL(entry).href)) as MatrixModule;
}

// ---------------------------------------------------------------------------------------------------------------
// The matrix, as measured. `guardedRender` says how the guarded field's bytes compare with the inner's:
// 'identical', or 'drops-required' (the guarded bytes are the inner's with ticketId removed from `required`).

type Render = 'identical' | 'drops-required';
type FlavourKey = 'zod3 classic' | 'zod/v4 classic' | 'zod/v4/mini' | 'zod4 classic' | 'zod mini';
type ToolApi =
  | 'v1 tool(name, rawShape, cb)'
  | 'v1 registerTool(name, { inputSchema: rawShape }, cb)'
  | 'v1 registerTool(name, { inputSchema: z.object(shape) }, cb)'
  | 'v2 registerTool(name, { inputSchema: z.object(shape) }, cb)'
  | 'v2 registerTool(name, { inputSchema: rawShape }, cb)';

const V1_APIS: readonly ToolApi[] = [
  'v1 tool(name, rawShape, cb)',
  'v1 registerTool(name, { inputSchema: rawShape }, cb)',
  'v1 registerTool(name, { inputSchema: z.object(shape) }, cb)',
];
const V2_APIS: readonly ToolApi[] = [
  'v2 registerTool(name, { inputSchema: z.object(shape) }, cb)',
  'v2 registerTool(name, { inputSchema: rawShape }, cb)',
];

interface FlavourExpectation {
  readonly flavour: FlavourKey;
  readonly guardedRender: Render;
  /**
   * Mini only: the same pipe guardId builds, but from this folder's own zod mini. guardId takes `pipe` and
   * `transform` from the zod that agent-contract itself resolves (4.6.7 in this repo), so in a folder with another
   * zod the two can render differently.
   */
  readonly sameCopyGuardRender?: Render;
}

interface MatrixFolder {
  readonly folder: string;
  readonly zodVersion: string;
  readonly sdkPackages: readonly string[];
  readonly apis: readonly ToolApi[];
  readonly flavours: readonly FlavourExpectation[];
}

const MATRIX: readonly MatrixFolder[] = [
  {
    folder: 'zod-3.25.76',
    zodVersion: '3.25.76',
    sdkPackages: ['@modelcontextprotocol/sdk'],
    apis: V1_APIS,
    flavours: [
      { flavour: 'zod3 classic', guardedRender: 'identical' },
      { flavour: 'zod/v4 classic', guardedRender: 'identical' },
      // guardId's mini wrapper comes from zod 4.6.7; zod 3.25's v4 renderer reads its transform as optional input.
      { flavour: 'zod/v4/mini', guardedRender: 'drops-required', sameCopyGuardRender: 'identical' },
    ],
  },
  {
    folder: 'zod-4.0.0',
    zodVersion: '4.0.0',
    sdkPackages: ['@modelcontextprotocol/sdk'],
    apis: V1_APIS,
    flavours: [
      { flavour: 'zod4 classic', guardedRender: 'identical' },
      // As above: a 4.6.7 transform inside a 4.0.0 render.
      { flavour: 'zod mini', guardedRender: 'drops-required', sameCopyGuardRender: 'identical' },
    ],
  },
  {
    folder: 'zod-4.4.3',
    zodVersion: '4.4.3',
    sdkPackages: [
      '@modelcontextprotocol/sdk',
      '@modelcontextprotocol/server',
      '@modelcontextprotocol/client',
      '@modelcontextprotocol/core',
    ],
    apis: [...V1_APIS, ...V2_APIS],
    flavours: [
      // zod 4.4.3 itself renders any preprocess as optional input, whichever copy built it.
      { flavour: 'zod4 classic', guardedRender: 'drops-required' },
      { flavour: 'zod mini', guardedRender: 'drops-required', sameCopyGuardRender: 'drops-required' },
    ],
  },
  {
    folder: 'zod-4.6.7',
    zodVersion: '4.6.7',
    sdkPackages: [
      '@modelcontextprotocol/sdk',
      '@modelcontextprotocol/server',
      '@modelcontextprotocol/client',
      '@modelcontextprotocol/core',
    ],
    apis: [...V1_APIS, ...V2_APIS],
    flavours: [
      { flavour: 'zod4 classic', guardedRender: 'identical' },
      { flavour: 'zod mini', guardedRender: 'identical', sameCopyGuardRender: 'identical' },
    ],
  },
];

/** SDK v2 wraps a raw shape with its own classic z.object, which cannot render mini fields. */
function rejectsAtToolsList(api: ToolApi, flavour: FlavourKey): boolean {
  return api === 'v2 registerTool(name, { inputSchema: rawShape }, cb)' && isMini(flavour);
}

function isMini(flavour: FlavourKey): boolean {
  return flavour === 'zod mini' || flavour === 'zod/v4/mini';
}

// ---------------------------------------------------------------------------------------------------------------
// What the wire carries, measured: the inner field's tools/list bytes and the SDKs' validation error texts.

type Renderer = 'v1 with zod 3' | 'v1 with zod 4' | 'v2';

function rendererOf(api: ToolApi, flavour: FlavourKey): Renderer {
  if (api.startsWith('v2')) return 'v2';
  return flavour === 'zod3 classic' ? 'v1 with zod 3' : 'v1 with zod 4';
}

const INNER_TOOLS_BYTES: Record<Renderer, string> = {
  'v1 with zod 3':
    '[{"name":"get_ticket","inputSchema":{"type":"object","properties":{"ticketId":{"type":"string","minLength":1}},' +
    '"required":["ticketId"],"additionalProperties":false,"$schema":"http://json-schema.org/draft-07/schema#"},' +
    '"execution":{"taskSupport":"forbidden"}}]',
  'v1 with zod 4':
    '[{"name":"get_ticket","inputSchema":{"$schema":"http://json-schema.org/draft-07/schema#","type":"object",' +
    '"properties":{"ticketId":{"type":"string","minLength":1}},"required":["ticketId"]},' +
    '"execution":{"taskSupport":"forbidden"}}]',
  v2:
    '[{"name":"get_ticket","inputSchema":{"type":"object","$schema":"https://json-schema.org/draft/2020-12/schema",' +
    '"properties":{"ticketId":{"type":"string","minLength":1}},"required":["ticketId"]}}]',
};

/** What the plain tool answers an id of the other type with: `expected string, received number` and its mirror. */
function rejectedText(renderer: Renderer, idType: IdType): string {
  const [expected, received] = idType === 'string' ? ['string', 'number'] : ['number', 'string'];
  const prefix = 'Input validation error: Invalid arguments for tool get_ticket:';
  switch (renderer) {
    case 'v1 with zod 3':
      return `MCP error -32602: ${prefix} Expected ${expected}, received ${received} at ticketId`;
    case 'v1 with zod 4':
      return `MCP error -32602: ${prefix} Invalid input: expected ${expected}, received ${received} at ticketId`;
    default:
      return `${prefix} ticketId: Invalid input: expected ${expected}, received ${received}`;
  }
}

/**
 * The two directions: a string acceptor behind `guardId` takes the number 47 as "47"; a number acceptor behind
 * `guardNumberId` takes the string "123" as 123.
 */
type IdType = 'string' | 'number';

interface IdDirection {
  readonly guard: (inner: unknown) => unknown;
  readonly preprocess: (value: unknown) => unknown;
  readonly sent: unknown;
  readonly received: unknown;
  /** The JSON Schema `type` each flavour's inner publishes for the field. */
  readonly publishedType: (mini: boolean) => string;
}

/** The guards as the runtime sees them: the folders' zod copies are not the ones their overloads are typed against. */
const DIRECTIONS: Record<IdType, IdDirection> = {
  string: {
    guard: guardId as (inner: unknown) => unknown,
    preprocess: numericIdToString,
    sent: 47,
    received: '47',
    publishedType: () => 'string',
  },
  number: {
    guard: guardNumberId as (inner: unknown) => unknown,
    preprocess: decimalIdToNumber,
    sent: '123',
    received: 123,
    // The classic inner is z.number().int(); zod 4.0's mini has no int() check, so the mini inner is z.number().
    publishedType: (mini) => (mini ? 'number' : 'integer'),
  },
};

/** The inner's tools array with a description on ticketId, as parsed JSON (key order differs between zod versions). */
function describedInnerTools(renderer: Renderer): unknown {
  const tools = JSON.parse(INNER_TOOLS_BYTES[renderer]) as {
    inputSchema: { properties: { ticketId: Record<string, unknown> } };
  }[];
  for (const tool of tools) tool.inputSchema.properties.ticketId.description = TICKET_ID_DESCRIPTION;
  return tools;
}

function withoutRequiredTicketId(toolsBytes: string): string {
  const tools = JSON.parse(toolsBytes) as { inputSchema: { required?: string[] } }[];
  for (const tool of tools) {
    const required = tool.inputSchema.required?.filter((name) => name !== 'ticketId');
    if (required === undefined) continue;
    if (required.length === 0) delete tool.inputSchema.required;
    else tool.inputSchema.required = required;
  }
  return JSON.stringify(tools);
}

// ---------------------------------------------------------------------------------------------------------------
// Building fields from a folder's own zod, and running one server.

interface FieldBuilder {
  readonly inner: (described: boolean) => unknown;
  readonly objectOf: (shape: Record<string, unknown>) => unknown;
  /** Mini only: the guard's pipe, built from this folder's own zod mini. */
  readonly sameCopyGuard?: (inner: unknown) => unknown;
}

function classicFields(z: ClassicZod, idType: IdType): FieldBuilder {
  return {
    inner: (described) => {
      if (idType === 'number') return described ? z.number().int().describe(TICKET_ID_DESCRIPTION) : z.number().int();
      return described ? z.string().min(1).describe(TICKET_ID_DESCRIPTION) : z.string().min(1);
    },
    objectOf: (shape) => z.object(shape),
  };
}

function miniFields(z: MiniZod, idType: IdType): FieldBuilder {
  return {
    // zod 4.0's mini has no describe() check; registering the description is what it does in every version.
    inner: (described) => {
      const inner = idType === 'number' ? z.number() : z.string().check(z.minLength(1));
      return described ? inner.register(z.globalRegistry, { description: TICKET_ID_DESCRIPTION }) : inner;
    },
    objectOf: (shape) => z.object(shape),
    sameCopyGuard: (inner) => z.pipe(z.transform(DIRECTIONS[idType].preprocess), inner),
  };
}

function fieldsOf(loaded: MatrixModule, flavour: FlavourKey, idType: IdType): FieldBuilder {
  const namespaces: Record<FlavourKey, ClassicZod | MiniZod | undefined> = {
    'zod3 classic': loaded.zodNs,
    'zod/v4 classic': loaded.zodV4Ns,
    'zod/v4/mini': loaded.zodV4MiniNs,
    'zod4 classic': loaded.zodNs,
    'zod mini': loaded.zodMiniNs,
  };
  const namespace = namespaces[flavour];
  if (namespace === undefined) throw new Error(`index.mjs exports no namespace for ${flavour}`);
  return isMini(flavour) ? miniFields(namespace as MiniZod, idType) : classicFields(namespace as ClassicZod, idType);
}

function sdkFor(loaded: MatrixModule, api: ToolApi): Sdk {
  if (api.startsWith('v1')) return loaded;
  const { McpServerV2, ClientV2, InMemoryTransportV2 } = loaded;
  if (!McpServerV2 || !ClientV2 || !InMemoryTransportV2) throw new Error('index.mjs exports no SDK v2 classes');
  return { McpServer: McpServerV2, Client: ClientV2, InMemoryTransport: InMemoryTransportV2 };
}

interface ToolServerRun {
  /** JSON.stringify(result.tools) of the tools/list response, taken as the server handed it to the transport. */
  readonly toolsBytes: string | undefined;
  /** The JSON-RPC error the server answered tools/list with, if it did. */
  readonly listError: { readonly code: number; readonly message: string } | undefined;
  readonly calls: readonly { readonly received: readonly unknown[]; readonly result: ToolResult }[];
}

async function runToolServer(
  sdk: Sdk,
  api: ToolApi,
  fields: FieldBuilder,
  ticketIdField: unknown,
  callArguments: readonly Record<string, unknown>[],
): Promise<ToolServerRun> {
  const server = new sdk.McpServer({ name: 'contract-bytes', version: '1.0.0' });
  let received: unknown[] = [];
  const handler: ToolHandler = async ({ ticketId }) => {
    received.push(ticketId);
    return { content: [{ type: 'text', text: 'found' }] };
  };
  const shape = { ticketId: ticketIdField };
  if (api === 'v1 tool(name, rawShape, cb)') {
    if (!server.tool) throw new Error('this McpServer has no tool()');
    server.tool(TOOL_NAME, shape, handler);
  } else if (api.includes('z.object(shape)')) {
    server.registerTool(TOOL_NAME, { inputSchema: fields.objectOf(shape) }, handler);
  } else {
    server.registerTool(TOOL_NAME, { inputSchema: shape }, handler);
  }

  const [clientTransport, serverTransport] = sdk.InMemoryTransport.createLinkedPair();
  let toolsBytes: string | undefined;
  const errorResponses: { code: number; message: string }[] = [];
  const sendToClient = serverTransport.send.bind(serverTransport);
  serverTransport.send = (message, options) => {
    if (message.result?.tools !== undefined) toolsBytes = JSON.stringify(message.result.tools);
    if (message.error !== undefined) errorResponses.push({ code: message.error.code, message: message.error.message });
    return sendToClient(message, options);
  };

  const client = new sdk.Client({ name: 'contract-bytes-client', version: '1.0.0' });
  await server.connect(serverTransport);
  await client.connect(clientTransport);
  try {
    let listError: ToolServerRun['listError'];
    try {
      await client.listTools();
    } catch (error) {
      listError = errorResponses.at(-1);
      if (listError === undefined) throw error;
    }
    const calls: { received: unknown[]; result: ToolResult }[] = [];
    if (listError === undefined) {
      for (const args of callArguments) {
        received = [];
        const result = await client.callTool({ name: TOOL_NAME, arguments: args });
        calls.push({ received, result });
      }
    }
    return { toolsBytes, listError, calls };
  } finally {
    await client.close();
    await server.close();
  }
}

interface ContractCase {
  readonly flavour: FlavourExpectation;
  readonly api: ToolApi;
  readonly described: boolean;
  readonly idType: IdType;
}

function casesOf(folder: MatrixFolder): ContractCase[] {
  return (['string', 'number'] as const).flatMap((idType) =>
    folder.flavours.flatMap((flavour) =>
      folder.apis.flatMap((api) => [false, true].map((described) => ({ flavour, api, described, idType }))),
    ),
  );
}

function caseTitle({ flavour, api, described, idType }: ContractCase): string {
  const inner = idType === 'string' ? 'string().min(1)' : isMini(flavour.flavour) ? 'number()' : 'number().int()';
  return `${flavour.flavour}, ${api}, inner ${inner}${described ? ' + description' : ''}`;
}

function callsOf(idType: IdType): readonly Record<string, unknown>[] {
  return [{ ticketId: DIRECTIONS[idType].sent }, {}];
}

// ---------------------------------------------------------------------------------------------------------------

describe.each(MATRIX)('test/zod-matrix/$folder', (folder) => {
  let loaded: MatrixModule;
  const folderPath = path.join(MATRIX_ROOT, folder.folder);

  beforeAll(async () => {
    loaded = await loadMatrixFolder(folder.folder);
  });

  it.each(folder.sdkPackages)('%s resolves the folder’s own zod', (sdkPackage) => {
    const sdkDirectory = path.join(folderPath, 'node_modules', sdkPackage);
    expect(existsSync(sdkDirectory)).toBe(true);
    const zodPackageJson = createRequire(path.join(folderPath, 'package.json')).resolve('zod/package.json', {
      paths: [sdkDirectory],
    });
    expect(zodPackageJson).toBe(path.join(folderPath, 'node_modules', 'zod', 'package.json'));
    expect((JSON.parse(readFileSync(zodPackageJson, 'utf8')) as { version: string }).version).toBe(folder.zodVersion);
  });

  it('index.mjs hands out the folder’s zod copy, not the repo’s', () => {
    if (folder.zodVersion.startsWith('3.')) {
      expect(loaded.zodNs.ZodString).not.toBe(rootZod3.ZodString);
      expect(loaded.zodNs.string()._zod).toBeUndefined();
    } else {
      expect(loaded.zodNs.ZodString).not.toBe(rootZod.ZodString);
      const { major, minor, patch } = loaded.zodNs.string()._zod?.version ?? {};
      expect(`${major}.${minor}.${patch}`).toBe(folder.zodVersion);
    }
  });

  describe.each(casesOf(folder).map((contractCase) => [caseTitle(contractCase), contractCase] as const))(
    '%s',
    (_title, { flavour, api, described, idType }) => {
      const direction = DIRECTIONS[idType];
      const calls = callsOf(idType);
      const renderer = rendererOf(api, flavour.flavour);

      if (rejectsAtToolsList(api, flavour.flavour)) {
        it('is rejected by the SDK at tools/list, guarded or not', async () => {
          const fields = fieldsOf(loaded, flavour.flavour, idType);
          const sdk = sdkFor(loaded, api);
          const fieldsAndRejectedTypes: readonly [unknown, string][] = [
            [fields.inner(described), idType],
            [direction.guard(fields.inner(described)), 'pipe'],
            [fields.sameCopyGuard?.(fields.inner(described)), 'pipe'],
          ];
          for (const [field, rejectedType] of fieldsAndRejectedTypes) {
            const run = await runToolServer(sdk, api, fields, field, calls);
            expect(run.toolsBytes).toBeUndefined();
            expect(run.listError).toStrictEqual({
              code: -32603,
              message: `[toJSONSchema]: Non-representable type encountered: ${rejectedType}`,
            });
          }
        });
        return;
      }

      let plain: ToolServerRun;
      let guarded: ToolServerRun;
      beforeAll(async () => {
        const fields = fieldsOf(loaded, flavour.flavour, idType);
        const sdk = sdkFor(loaded, api);
        plain = await runToolServer(sdk, api, fields, fields.inner(described), calls);
        guarded = await runToolServer(sdk, api, fields, direction.guard(fields.inner(described)), calls);
      });

      it('publishes the inner field as measured', () => {
        if (idType === 'number') {
          const [tool] = JSON.parse(plain.toolsBytes ?? '[]') as {
            inputSchema: { properties: { ticketId: { type: string; description?: string } } };
          }[];
          expect(tool?.inputSchema.properties.ticketId.type).toBe(direction.publishedType(isMini(flavour.flavour)));
          expect(tool?.inputSchema.properties.ticketId.description).toBe(described ? TICKET_ID_DESCRIPTION : undefined);
        } else if (described)
          expect(JSON.parse(plain.toolsBytes ?? 'null')).toStrictEqual(describedInnerTools(renderer));
        else expect(plain.toolsBytes).toBe(INNER_TOOLS_BYTES[renderer]);
      });

      if (flavour.guardedRender === 'identical') {
        it(`publishes byte-identical tools/list bytes for ${idType === 'string' ? 'guardId' : 'guardNumberId'}(inner)`, () => {
          expect(guarded.toolsBytes).toBe(plain.toolsBytes);
        });
      } else {
        it(`publishes ${idType === 'string' ? 'guardId' : 'guardNumberId'}(inner) with ticketId dropped from required, and no other byte changed`, () => {
          expect(guarded.toolsBytes).not.toBe(plain.toolsBytes);
          expect(guarded.toolsBytes).toBe(withoutRequiredTicketId(plain.toolsBytes ?? '[]'));
        });
      }

      it(`hands { ticketId: ${JSON.stringify(direction.sent)} } to the guarded handler as ${JSON.stringify(direction.received)}, while the plain tool rejects it`, () => {
        expect(guarded.calls[0]).toStrictEqual({
          received: [direction.received],
          result: { content: [{ type: 'text', text: 'found' }] },
        });
        expect(plain.calls[0]).toStrictEqual({
          received: [],
          result: { content: [{ type: 'text', text: rejectedText(renderer, idType) }], isError: true },
        });
      });

      it('rejects a call without ticketId with the same error, guarded or not', () => {
        expect(plain.calls[1]?.received).toStrictEqual([]);
        expect(plain.calls[1]?.result.isError).toBe(true);
        expect(plain.calls[1]?.result.content[0]?.text).toContain('ticketId');
        expect(guarded.calls[1]).toStrictEqual(plain.calls[1]);
      });

      const { sameCopyGuardRender } = flavour;
      if (sameCopyGuardRender !== undefined) {
        it(`publishes ${sameCopyGuardRender === 'identical' ? 'identical bytes' : 'bytes without ticketId in required'} for the guard built from this folder’s own zod mini`, async () => {
          const fields = fieldsOf(loaded, flavour.flavour, idType);
          const sameCopy = await runToolServer(
            sdkFor(loaded, api),
            api,
            fields,
            fields.sameCopyGuard?.(fields.inner(described)),
            calls,
          );
          const expectedBytes =
            sameCopyGuardRender === 'identical' ? plain.toolsBytes : withoutRequiredTicketId(plain.toolsBytes ?? '[]');
          expect(sameCopy.toolsBytes).toBe(expectedBytes);
          expect(sameCopy.calls).toStrictEqual(guarded.calls);
        });
      }
    },
  );
});
