import type { ChildProcess } from 'node:child_process';
import { stripVTControlCharacters } from 'node:util';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { PACKAGE_VERSION } from '../package-info.ts';

// The SDK client loads in about half a second (its zod schemas); it is imported when a connection is made, so that
// commands which never connect (a contract diff of two files, say) start without it.
const sdkClient = () => import('@modelcontextprotocol/sdk/client/index.js');

export interface Connection {
  readonly client: Client;
  close(): Promise<void>;
}

/** Anything that serves MCP over a transport: an SDK `McpServer` or a low-level `Server`. */
export interface ConnectableServer {
  connect(transport: Transport): Promise<void>;
}

const CLIENT_INFO = { name: 'agent-contract', version: PACKAGE_VERSION };

/** Connects a real MCP `Client` to a server in this process over the SDK's in-memory transport. */
export async function connectInMemory(server: ConnectableServer): Promise<Connection> {
  const [{ Client }, { InMemoryTransport }] = await Promise.all([sdkClient(), import('@modelcontextprotocol/sdk/inMemory.js')]);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const client = new Client(CLIENT_INFO);
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return {
    client,
    close: async () => {
      await client.close();
    },
  };
}

export interface StdioServerCommand {
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  readonly env?: Readonly<Record<string, string>>;
  /** How long the server may take to answer `initialize`, in milliseconds. */
  readonly timeoutMs?: number;
  /**
   * How long `close()` waits for the server to exit after its stdin is closed before it sends SIGTERM. Without it the
   * SDK's own shutdown applies (2 s, then SIGTERM, 2 s, then SIGKILL).
   */
  readonly closeGraceMs?: number;
  /** Aborting ends the server at once, also while it is still starting; `connectStdio` then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * NODE_DEBUG sections (`ESM`) whose entries are left out of the stderr tail an error shows: the ones the caller
   * turned on itself, not the server.
   */
  readonly hideDebugSections?: readonly string[];
}

/** Drops Node debuglog entries (`ESM 123: ...`, with their indented continuation up to a closing `}`) of the given sections. */
function debugLineFilter(sections: readonly string[]): (line: string) => boolean {
  if (sections.length === 0) return () => true;
  const entry = new RegExp(`^(?:${sections.join('|')}) \\d+: `);
  let inEntry = false;
  return (raw) => {
    // Node colours its debug log under FORCE_COLOR; the entries are recognised without the colours.
    const line = stripVTControlCharacters(raw);
    if (entry.test(line)) {
      inEntry = line.trimEnd().endsWith('{');
      return false;
    }
    if (inEntry) {
      if (line === '}') inEntry = false;
      return false;
    }
    return true;
  };
}

/** Why a stdio server could not be reached; `message` is one line that names the command and the next step. */
export class ServerStartError extends Error {
  readonly stderrTail: readonly string[];
  readonly exitCode: number | null;

  constructor(message: string, stderrTail: readonly string[], exitCode: number | null) {
    super(message);
    this.name = 'ServerStartError';
    this.stderrTail = stderrTail;
    this.exitCode = exitCode;
  }
}

function commandLine({ command, args = [] }: StdioServerCommand): string {
  return [command, ...args].map((part) => (/[\s"']/.test(part) ? JSON.stringify(part) : part)).join(' ');
}

/**
 * Starts a stdio MCP server as a child process and connects a real `Client` to it. Fails with a `ServerStartError`
 * when the command cannot start, exits early, or does not answer `initialize` in time; the child is always ended.
 */
export async function connectStdio(server: StdioServerCommand): Promise<Connection> {
  const timeoutMs = server.timeoutMs ?? 20_000;
  const [{ Client }, { StdioClientTransport }] = await Promise.all([sdkClient(), import('@modelcontextprotocol/sdk/client/stdio.js')]);
  const transport = new StdioClientTransport({
    command: server.command,
    args: [...(server.args ?? [])],
    stderr: 'pipe',
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    ...(server.env === undefined ? {} : { env: { ...process.env, ...server.env } as Record<string, string> }),
  });
  const stderrLines: string[] = [];
  const shownLine = debugLineFilter(server.hideDebugSections ?? []);
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrLines.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim().length > 0 && shownLine(line)));
    if (stderrLines.length > 50) stderrLines.splice(0, stderrLines.length - 50);
  });
  let exitCode: number | null = null;
  let exited = false;
  let child: ChildProcess | undefined;
  const originalStart = transport.start.bind(transport);
  transport.start = async () => {
    await originalStart();
    // The SDK keeps the child private; its exit code is the most useful fact when a server dies during start-up.
    child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code) => {
      exitCode = code;
      exited = true;
    });
  };
  /** Closes stdin, gives the server `graceMs` to exit, then sends SIGTERM; the SDK's close does the rest. */
  const endChild = async (graceMs: number): Promise<void> => {
    const running = child;
    if (running !== undefined && running.exitCode === null && running.signalCode === null) {
      const gone = new Promise<void>((resolve) => running.once('exit', () => resolve()));
      running.stdin?.end();
      await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, graceMs).unref())]);
      if (running.exitCode === null && running.signalCode === null) {
        running.kill('SIGTERM');
        await Promise.race([gone, new Promise((resolve) => setTimeout(resolve, 2_000).unref())]);
      }
    }
  };

  const client = new Client(CLIENT_INFO);
  const shown = commandLine(server);
  let timer: NodeJS.Timeout | undefined;
  let connected = false;
  const exitedEarly = new Promise<never>((_, reject) => {
    // Set before connect: the client wraps this handler rather than replacing it.
    transport.onclose = () => {
      if (connected) return;
      // Give the exit event a moment to land so the code can be reported.
      setTimeout(() => {
        const code = exitCode === null ? '' : ` with code ${exitCode}`;
        reject(new ServerStartError(`the server command \`${shown}\` exited${code} before answering initialize; run it on its own to see why`, stderrLines, exitCode));
      }, 50);
    };
  });
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ServerStartError(
          `the server command \`${shown}\` did not answer initialize within ${timeoutMs} ms; check that it speaks MCP on stdio, or raise --timeout`,
          stderrLines,
          null,
        ),
      );
    }, timeoutMs);
  });
  const { promise: aborted, dispose } = abortPromise(server.signal);
  try {
    await Promise.race([client.connect(transport), exitedEarly, timedOut, aborted]);
    connected = true;
  } catch (error) {
    if (server.signal?.aborted === true) {
      await endChild(0);
      await transport.close().catch(() => undefined);
      throw server.signal.reason;
    }
    await transport.close().catch(() => undefined);
    if (error instanceof ServerStartError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    if (/Connection closed/i.test(reason)) {
      // The child died while the client waited for its answer; wait briefly for its exit code.
      for (let waited = 0; !exited && waited < 500; waited += 25) await new Promise((resolve) => setTimeout(resolve, 25));
      const code = exitCode === null ? '' : ` with code ${exitCode}`;
      throw new ServerStartError(`the server command \`${shown}\` exited${code} before answering initialize; run it on its own to see why`, stderrLines, exitCode);
    }
    const notFound = (error as { code?: unknown }).code === 'ENOENT';
    throw new ServerStartError(
      notFound
        ? `could not start \`${shown}\`: command not found; check the command and your PATH`
        : `could not connect to \`${shown}\`: ${reason}`,
      stderrLines,
      exited ? exitCode : null,
    );
  } finally {
    clearTimeout(timer);
    dispose();
  }
  return {
    client,
    close: async () => {
      if (server.closeGraceMs !== undefined) await endChild(server.closeGraceMs);
      await client.close();
    },
  };
}

/** A promise that rejects with the signal's reason when it aborts; `dispose` removes the listener. */
function abortPromise(signal: AbortSignal | undefined): { promise: Promise<never>; dispose: () => void } {
  if (signal === undefined) return { promise: new Promise<never>(() => undefined), dispose: () => undefined };
  let listener: (() => void) | undefined;
  const promise = new Promise<never>((_, reject) => {
    listener = () => reject(signal.reason);
    if (signal.aborted) listener();
    else signal.addEventListener('abort', listener, { once: true });
  });
  promise.catch(() => undefined);
  return { promise, dispose: () => (listener === undefined ? undefined : signal.removeEventListener('abort', listener)) };
}

export interface HttpServerEndpoint {
  /** The Streamable HTTP endpoint, e.g. `http://localhost:3000/mcp`. */
  readonly url: string;
  /** Extra request headers, e.g. `{ Authorization: 'Bearer ...' }`. */
  readonly headers?: Readonly<Record<string, string>>;
  /** How long the server may take to answer `initialize`, in milliseconds. */
  readonly timeoutMs?: number;
  readonly signal?: AbortSignal;
}

function networkCode(error: unknown): string | undefined {
  const cause = (error as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

/** Connects a real MCP `Client` to a running server over Streamable HTTP; fails with a one-line `ServerStartError`. */
export async function connectHttp(endpoint: HttpServerEndpoint): Promise<Connection> {
  const timeoutMs = endpoint.timeoutMs ?? 20_000;
  let url: URL;
  try {
    url = new URL(endpoint.url);
  } catch {
    throw new ServerStartError(`--url ${endpoint.url} is not a URL; pass the server's MCP endpoint, e.g. --url http://localhost:3000/mcp`, [], null);
  }
  const [{ Client }, { StreamableHTTPClientTransport, StreamableHTTPError }] = await Promise.all([
    sdkClient(),
    import('@modelcontextprotocol/sdk/client/streamableHttp.js'),
  ]);
  const transport = new StreamableHTTPClientTransport(url, endpoint.headers === undefined ? {} : { requestInit: { headers: { ...endpoint.headers } } });
  const client = new Client(CLIENT_INFO);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(new ServerStartError(`${url.href} did not answer initialize within ${timeoutMs} ms; check that the server is up, or raise --timeout`, [], null));
    }, timeoutMs);
  });
  const { promise: aborted, dispose } = abortPromise(endpoint.signal);
  try {
    await Promise.race([client.connect(transport), timedOut, aborted]);
  } catch (error) {
    await client.close().catch(() => undefined);
    if (endpoint.signal?.aborted === true) throw endpoint.signal.reason;
    if (error instanceof ServerStartError) throw error;
    const code = networkCode(error);
    if (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ECONNRESET' || code === 'EHOSTUNREACH') {
      throw new ServerStartError(`could not reach ${url.href} (${code}); start the server or check --url`, [], null);
    }
    if (error instanceof StreamableHTTPError && (error.code === 401 || error.code === 403)) {
      throw new ServerStartError(`${url.href} answered HTTP ${error.code}; pass credentials, e.g. --header "Authorization: Bearer <token>"`, [], null);
    }
    if (error instanceof StreamableHTTPError && error.code === 404) {
      throw new ServerStartError(`${url.href} answered HTTP 404; check the path of the MCP endpoint (often /mcp)`, [], null);
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServerStartError(`could not connect to ${url.href}: ${reason.split('\n')[0] ?? reason}; check --url`, [], null);
  } finally {
    clearTimeout(timer);
    dispose();
  }
  return {
    client,
    close: async () => {
      await client.close();
    },
  };
}
