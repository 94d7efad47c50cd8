import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { cutText, NAME_CHARS } from '../model/cut-text.ts';
import { formatCommandLine } from '../transport/command-line.ts';
import { connectHttp, connectStdio, type Connection } from '../transport/connect.ts';
import { compatibilityFindings } from './compatibility.ts';
// The format constants come from the schema module: contract-file.ts would load its validator before the server is spawned.
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION } from './contract-file-schema.ts';
import type {
  ContractRuntime,
  ContractTool,
  FieldAcceptance,
  JsonObject,
  JsonValue,
  McpContract,
} from './contract-types.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.ts';
import { isObject, normaliseSchema } from './normalise.ts';
import { acceptanceFromAnswer, acceptanceQuestions } from './acceptance.ts';

export { ACCEPTANCE_UNKNOWN } from './acceptance.ts';
import { runtimeProbeEnv, runtimeReportReader, type AcceptanceFiles } from './runtime-probe.ts';

/** Where the server is: a command that starts it on stdio, or the URL of a running Streamable HTTP server. */
export type ServerSource =
  | { readonly kind: 'stdio'; readonly command: string; readonly args: readonly string[]; readonly cwd?: string }
  | { readonly kind: 'http'; readonly url: string; readonly headers?: Readonly<Record<string, string>> };

/** What the server sent that cannot become a contract; `message` is one line with the next step. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
}

export interface SnapshotOptions {
  /** How long the server may take to answer `initialize`, and then each `tools/list` page. */
  readonly timeoutMs?: number;
  /**
   * Ask a Node server which MCP SDK and zod copies it loaded, and what its tools' id fields accept at run time
   * (through NODE_OPTIONS). On by default.
   */
  readonly probeRuntime?: boolean;
  /** Aborting ends the server at once; the snapshot rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * Called with the contract as soon as it is built, while the server is still being ended (a server takes some 20 ms
   * to exit after its stdin closes, gitlab-mcp up to a second): what the caller does with the contract, such as
   * writing it, overlaps with that. The snapshot resolves once both are done; if this rejects, so does the snapshot,
   * after the server has ended.
   */
  readonly onContract?: (contract: McpContract) => Promise<void> | void;
}

/** Milliseconds since the snapshot began: `initialized` is the server's own start-up as a client sees it. */
export interface SnapshotTimings {
  readonly initialized: number;
  readonly listed: number;
  readonly closed: number;
}

export interface Snapshot {
  readonly contract: McpContract;
  readonly timings: SnapshotTimings;
}

/** `node dist/server.js` or the URL, as messages show it. */
export function describeSource(source: ServerSource): string {
  if (source.kind === 'http') return source.url;
  return formatCommandLine(source.command, source.args);
}

function copyDefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, entry]) => entry !== undefined)) as T;
}

function sortedObject(value: JsonObject): JsonObject {
  return Object.fromEntries(
    Object.keys(value)
      .sort()
      .map((key) => [key, value[key] as JsonValue]),
  );
}

/** One published tool as the contract records it. */
export function contractTool(raw: JsonObject): ContractTool {
  const input = normaliseSchema(raw['inputSchema'] ?? {});
  const output = raw['outputSchema'] === undefined ? undefined : normaliseSchema(raw['outputSchema']);
  const dialect = copyDefined({ input: input.dialect, output: output?.dialect });
  const annotations = raw['annotations'];
  return copyDefined({
    name: raw['name'] as string,
    title: typeof raw['title'] === 'string' ? raw['title'] : undefined,
    description: typeof raw['description'] === 'string' ? raw['description'] : undefined,
    dialect: Object.keys(dialect).length > 0 ? dialect : undefined,
    inputSchema: input.schema,
    outputSchema: output?.schema,
    annotations: isObject(annotations) && Object.keys(annotations).length > 0 ? sortedObject(annotations) : undefined,
  }) as ContractTool;
}

export interface ContractMeta {
  readonly serverName: string;
  readonly instructions?: string;
  readonly runtime?: ContractRuntime;
  /** What the acceptance probe measured (acceptance.ts); absent when it could not. */
  readonly acceptance?: readonly FieldAcceptance[];
}

/** The tools of a `tools/list` answer as the contract records them, sorted by name. */
function contractToolsOf(rawTools: readonly JsonValue[]): ContractTool[] {
  const tools = new Map<string, ContractTool>();
  rawTools.forEach((raw, index) => {
    if (!isObject(raw) || typeof raw['name'] !== 'string' || raw['name'] === '') {
      throw new SnapshotError(`tools/list entry ${index} has no name; the server's tool list is malformed`);
    }
    if (raw['inputSchema'] !== undefined && !isObject(raw['inputSchema']) && typeof raw['inputSchema'] !== 'boolean') {
      throw new SnapshotError(
        `tool \`${cutText(raw['name'], NAME_CHARS)}\` publishes an inputSchema that is not a JSON Schema object; fix its registration`,
      );
    }
    if (nestedDeeperThan(raw))
      throw new SnapshotError(
        `tool \`${cutText(raw['name'], NAME_CHARS)}\` publishes schemas nested more than ${MAX_JSON_DEPTH} levels deep, more than agent-contract reads; flatten its schema`,
      );
    if (tools.has(raw['name']))
      throw new SnapshotError(
        `tools/list names the tool \`${cutText(raw['name'], NAME_CHARS)}\` twice; tool names must be unique`,
      );
    tools.set(raw['name'], contractTool(raw));
  });
  return [...tools.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

function buildContract(
  rawTools: readonly JsonValue[],
  tools: readonly ContractTool[],
  meta: ContractMeta,
): McpContract {
  return copyDefined({
    format: CONTRACT_FORMAT,
    formatVersion: CONTRACT_FORMAT_VERSION,
    server: { name: meta.serverName },
    runtime: meta.runtime,
    instructions: meta.instructions,
    tools,
    compatibility: compatibilityFindings(rawTools),
    acceptance: meta.acceptance,
  }) as McpContract;
}

/** The contract for the `tools` of a `tools/list` answer (all pages), exactly as the server sent them. */
export function contractFromToolsList(rawTools: readonly JsonValue[], meta: ContractMeta): McpContract {
  return buildContract(rawTools, contractToolsOf(rawTools), meta);
}

const MAX_PAGES = 10_000;

/** A failed `tools/list` request as one line with the next step (the SDK's codes: -32001 timeout, -32000 connection closed). */
function listError(error: unknown, timeoutMs: number): SnapshotError {
  const code = (error as { code?: unknown }).code;
  const message = error instanceof Error ? error.message.replace(/^MCP error -?\d+:\s*/, '') : String(error);
  if (code === -32001)
    return new SnapshotError(`the server did not answer tools/list within ${timeoutMs} ms; raise --timeout`);
  if (code === -32000)
    return new SnapshotError(
      'the server closed the connection while answering tools/list; run it on its own to see why',
    );
  return new SnapshotError(`the server answered tools/list with an error (${message}); fix the server's tool list`);
}

/** Every tool of every `tools/list` page, as sent: a permissive result schema keeps what the client would drop or reject. */
export async function listToolsRaw(client: Client, timeoutMs: number): Promise<JsonValue[]> {
  const { ResultSchema } = await import('@modelcontextprotocol/sdk/types.js');
  const tools: JsonValue[] = [];
  const cursors = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    let result: { tools?: unknown; nextCursor?: unknown };
    try {
      result = (await client.request(
        { method: 'tools/list', params: cursor === undefined ? {} : { cursor } },
        ResultSchema,
        { timeout: timeoutMs },
      )) as typeof result;
    } catch (error) {
      throw listError(error, timeoutMs);
    }
    if (!Array.isArray(result.tools))
      throw new SnapshotError(
        'the server answered tools/list without a "tools" array; it is not a valid MCP tools/list answer',
      );
    tools.push(...(result.tools as JsonValue[]));
    if (typeof result.nextCursor !== 'string') return tools;
    if (cursors.has(result.nextCursor))
      throw new SnapshotError(
        `tools/list returned the cursor ${JSON.stringify(result.nextCursor)} twice; the server's pagination loops`,
      );
    cursors.add(result.nextCursor);
    cursor = result.nextCursor;
  }
  throw new SnapshotError(`tools/list did not end after ${MAX_PAGES} pages; the server's pagination loops`);
}

/**
 * Starts (or reaches) the server, reads `tools/list` as a real MCP client and returns its contract. The server is
 * always ended before this returns or throws, also when `signal` aborts.
 */
export async function snapshotServer(source: ServerSource, options: SnapshotOptions = {}): Promise<Snapshot> {
  const timeoutMs = options.timeoutMs ?? 20_000;
  const started = performance.now();
  const probe = source.kind === 'stdio' && options.probeRuntime !== false;
  const probeDir = probe ? await mkdtemp(join(tmpdir(), 'agent-contract-')) : undefined;
  const reportFile = probeDir === undefined ? undefined : join(probeDir, 'runtime.jsonl');
  const acceptanceFiles: AcceptanceFiles | undefined =
    probeDir === undefined
      ? undefined
      : { request: join(probeDir, 'acceptance-request.json'), answer: join(probeDir, 'acceptance.json') };
  const probeEnv = reportFile === undefined ? undefined : runtimeProbeEnv(reportFile, process.env, acceptanceFiles);
  const readRuntime = reportFile === undefined ? undefined : runtimeReportReader(reportFile);
  let probeRemoved: Promise<boolean> | undefined;
  try {
    const signalOption = options.signal === undefined ? {} : { signal: options.signal };
    const connecting: Promise<Connection> =
      source.kind === 'http'
        ? connectHttp({
            url: source.url,
            timeoutMs,
            ...(source.headers === undefined ? {} : { headers: source.headers }),
            ...signalOption,
          })
        : connectStdio({
            command: source.command,
            args: source.args,
            timeoutMs,
            closeGraceMs: 500,
            ...(source.cwd === undefined ? {} : { cwd: source.cwd }),
            // The server gets this process's whole environment, as in the user's shell (the SDK alone would pass a few variables).
            env: probeEnv ?? {},
            ...signalOption,
          });
    // The server has been spawned (or is being reached): the schema tools/list is read with loads meanwhile, not after.
    void import('@modelcontextprotocol/sdk/types.js').catch(() => undefined);
    const connection = await connecting;
    const initialized = performance.now() - started;
    const onAbort = () => void connection.close().catch(() => undefined);
    options.signal?.addEventListener('abort', onAbort, { once: true });
    let closing: Promise<void> | undefined;
    let contract: McpContract;
    let listed: number;
    try {
      if (connection.client.getServerCapabilities()?.tools === undefined) {
        throw new SnapshotError(
          'the server does not offer tools (no "tools" capability in its initialize answer); there is no contract to snapshot',
        );
      }
      const listing = listToolsRaw(connection.client, timeoutMs);
      // While the server answers: what the probe reported up to now is read; at the end only a report that grew is.
      const runtimeSoFar = readRuntime?.();
      const rawTools = await listing;
      const runtimeListed = await runtimeSoFar;
      listed = performance.now() - started;
      const tools = contractToolsOf(rawTools);
      const acceptance =
        acceptanceFiles !== undefined && loadedMcpServer(runtimeListed)
          ? await askAcceptance(connection.client, tools, acceptanceFiles, timeoutMs)
          : undefined;
      // The server is ended while the contract is built; it is awaited below either way.
      closing = connection.close().catch(() => undefined);
      const serverInfo = connection.client.getServerVersion();
      const instructions = connection.client.getInstructions();
      const runtime = await readRuntime?.();
      // Read: the folder goes while the server ends (a line the probe still appends then fails silently, unread).
      probeRemoved = removeProbeDir(probeDir);
      contract = buildContract(rawTools, tools, {
        serverName: serverInfo?.name ?? '',
        ...(instructions === undefined || instructions === '' ? {} : { instructions }),
        ...(runtime === undefined ? {} : { runtime }),
        ...(acceptance === undefined ? {} : { acceptance }),
      });
      await options.onContract?.(contract);
    } catch (error) {
      if (options.signal?.aborted === true) throw options.signal.reason;
      throw error;
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
      await (closing ?? connection.close().catch(() => undefined));
    }
    return { contract, timings: { initialized, listed, closed: performance.now() - started } };
  } finally {
    // Once the server has ended, after a failure or if the first try found the folder busy: nothing of the probe's stays.
    if ((await probeRemoved) !== true) await removeProbeDir(probeDir);
  }
}

/** The acceptance probe answers on the McpServer of SDK 1.x and of SDK 2.x; a server with neither is not asked. */
function loadedMcpServer(runtime: ContractRuntime | undefined): boolean {
  return (
    runtime?.sdk.some(
      (name) => name.startsWith('@modelcontextprotocol/sdk@') || name.startsWith('@modelcontextprotocol/server@'),
    ) === true
  );
}

/**
 * Asks the acceptance probe inside the server what each input id field accepts: the questions go to the request
 * file, then a `ping`, which the probe holds back until it has written its answer. Undefined when it did not answer
 * (the probe found no McpServer it knows, or the server does not answer pings); an empty list when there is no id field.
 */
async function askAcceptance(
  client: Client,
  tools: readonly ContractTool[],
  files: AcceptanceFiles,
  timeoutMs: number,
): Promise<FieldAcceptance[] | undefined> {
  const questions = acceptanceQuestions(tools);
  if (questions.length === 0) return [];
  try {
    await writeFile(files.request, JSON.stringify(questions.map(({ tool, path }) => ({ tool, path }))));
    await client.ping({ timeout: timeoutMs });
    return acceptanceFromAnswer(questions, await readFile(files.answer, 'utf8'));
  } catch {
    return undefined;
  }
}

async function removeProbeDir(probeDir: string | undefined): Promise<boolean> {
  if (probeDir === undefined) return true;
  return rm(probeDir, { recursive: true, force: true }).then(
    () => true,
    () => false,
  );
}
