import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { PACKAGE_VERSION } from '../package-info.ts';
import { ServerProcess, type ServerEnd } from './server-process.ts';
import { formatCommandLine } from './command-line.ts';
import { clientModule, inMemoryModule, streamableHttpModule } from './mcp-sdk.ts';

// The SDK client is a large module graph (its zod schemas, ajv); it is imported when a connection is made, so that
// commands which never connect (a contract diff of two files, say) start without it (test/cli/start-up.test.ts checks it).
// SDK v1 when installed, else SDK v2's @modelcontextprotocol/client (./mcp-sdk.ts).
const sdkClient = clientModule;

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
  const [{ Client }, { InMemoryTransport }] = await Promise.all([sdkClient(), inMemoryModule()]);
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
   * How long `close()` waits for the server to exit after its stdin is closed before it sends SIGTERM (SIGKILL follows
   * 2 s later); 2 s when not given, as in the SDK's own stdio transport.
   */
  readonly closeGraceMs?: number;
  /** Aborting ends the server at once, also while it is still starting; `connectStdio` then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * Gets the one warning of a connection whose server wrote to stdout a line that is not MCP (npm's script banner, a
   * log line), naming the first such line and the fix. It is written to stderr when not given. A server that does
   * not start reports its lines in its `ServerStartError` instead.
   */
  readonly onWarning?: (warning: string) => void;
}

/** Why a stdio server could not be reached; `message` is one line that names the command and the next step. */
export class ServerStartError extends Error {
  readonly stderrTail: readonly string[];
  readonly exitCode: number | null;
  /** Why lines the server wrote to stdout are not JSON-RPC messages (a log line there corrupts the protocol); at most 5. */
  readonly stdoutNoise: readonly string[];

  constructor(
    message: string,
    stderrTail: readonly string[],
    exitCode: number | null,
    stdoutNoise: readonly string[] = [],
  ) {
    super(message);
    this.name = 'ServerStartError';
    this.stderrTail = stderrTail;
    this.exitCode = exitCode;
    this.stdoutNoise = stdoutNoise;
  }
}

/** The SDK client and our transport over a running process: loaded after the server is spawned, while it starts. */
const stdioClientModules = () => Promise.all([sdkClient(), import('./child-transport.ts')]);

/** At most this many non-JSON-RPC stdout lines are kept for an error. */
const STDOUT_NOISE_KEPT = 5;

/**
 * Starts a stdio MCP server as a child process and connects a real `Client` to it. Fails with a `ServerStartError`
 * when the command cannot start, exits early, or does not answer `initialize` in time; the child is always ended.
 *
 * The server is spawned before the MCP SDK client is loaded (zod, ajv, the SDK's schemas), so that the two overlap
 * instead of adding up (bench/snapshot-phases.ts shows the phases).
 */
export async function connectStdio(server: StdioServerCommand): Promise<Connection> {
  server.signal?.throwIfAborted();
  const timeoutMs = server.timeoutMs ?? 20_000;
  const closeGraceMs = server.closeGraceMs ?? 2_000;
  const shown = formatCommandLine(server.command, server.args);
  const proc = new ServerProcess({
    command: server.command,
    ...(server.args === undefined ? {} : { args: server.args }),
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    ...(server.env === undefined ? {} : { env: server.env }),
  });
  const noise: string[] = [];
  const startError = (message: string, exitCode: number | null) =>
    new ServerStartError(message, proc.stderrTail, exitCode, [...noise]);
  const endedError = (end: ServerEnd): ServerStartError => {
    if (end.kind === 'spawn-failed') {
      return end.error.code === 'ENOENT'
        ? startError(`could not start \`${shown}\`: command not found; check the command and your PATH`, null)
        : startError(`could not connect to \`${shown}\`: ${end.error.message}`, null);
    }
    const code = end.code === null ? '' : ` with code ${end.code}`;
    return startError(
      `the server command \`${shown}\` exited${code} before answering initialize; run it on its own to see why`,
      end.code,
    );
  };

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        startError(
          `the server command \`${shown}\` did not answer initialize within ${timeoutMs} ms; check that it speaks MCP on stdio, or raise --timeout`,
          null,
        ),
      );
    }, timeoutMs);
  });
  const endedEarly = proc.ended.then((end) => Promise.reject(endedError(end)));
  const { promise: aborted, dispose } = abortPromise(server.signal);
  for (const settled of [timedOut, endedEarly]) settled.catch(() => undefined);
  let loaded = false;
  try {
    // Not raced with the server's end: a missing SDK is reported as such even when the server has died meanwhile.
    const [{ Client }, { ChildProcessTransport, StdoutNoiseError, stdoutNoiseWarning }] = await Promise.race([
      stdioClientModules(),
      timedOut,
      aborted,
    ]);
    loaded = true;
    /** The first line with text the server wrote to stdout that is not MCP; warned about once it is connected. */
    let firstNoise: string | undefined;
    let connected = false;
    let warned = false;
    const warnOnce = () => {
      if (!connected || warned || firstNoise === undefined) return;
      warned = true;
      const warning = stdoutNoiseWarning(firstNoise);
      if (server.onWarning === undefined) process.stderr.write(`${warning}\n`);
      else server.onWarning(warning);
    };
    const transport = new ChildProcessTransport(proc, closeGraceMs);
    // Set before connect: the client wraps this handler rather than replacing it.
    transport.onerror = (error) => {
      if (!(error instanceof StdoutNoiseError)) return;
      if (noise.length < STDOUT_NOISE_KEPT) noise.push(error.detail);
      // A blank line (npm writes one before its banner) names nothing; the first line with text is the one to show.
      if (error.line.trim() !== '') firstNoise ??= error.line;
      warnOnce();
    };
    if (proc.end !== undefined) {
      // Gone already: not connected to, as its exit code says more than "Not connected"; what it wrote is read for the error.
      await transport.start();
      throw endedError(proc.end);
    }
    const client = new Client(CLIENT_INFO);
    await Promise.race([client.connect(transport), endedEarly, timedOut, aborted]);
    connected = true;
    warnOnce();
    return {
      client,
      close: async () => {
        await client.close();
      },
    };
  } catch (error) {
    const aborting = server.signal?.aborted === true;
    await proc.stop(aborting ? 0 : closeGraceMs);
    if (aborting) throw server.signal?.reason;
    if (error instanceof ServerStartError || !loaded) throw error;
    // The client's own error when the server died while it waited ("Connection closed") says less than the exit code.
    if (proc.end !== undefined) throw endedError(proc.end);
    throw startError(
      `could not connect to \`${shown}\`: ${error instanceof Error ? error.message : String(error)}`,
      null,
    );
  } finally {
    clearTimeout(timer);
    dispose();
  }
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
  return {
    promise,
    dispose: () => (listener === undefined ? undefined : signal.removeEventListener('abort', listener)),
  };
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
    throw new ServerStartError(
      `--url ${endpoint.url} is not a URL; pass the server's MCP endpoint, e.g. --url http://localhost:3000/mcp`,
      [],
      null,
    );
  }
  const [{ Client }, { StreamableHTTPClientTransport, httpStatusOf }] = await Promise.all([
    sdkClient(),
    streamableHttpModule(),
  ]);
  const transport = new StreamableHTTPClientTransport(
    url,
    endpoint.headers === undefined ? {} : { requestInit: { headers: { ...endpoint.headers } } },
  );
  const client = new Client(CLIENT_INFO);
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reject(
        new ServerStartError(
          `${url.href} did not answer initialize within ${timeoutMs} ms; check that the server is up, or raise --timeout`,
          [],
          null,
        ),
      );
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
    const status = httpStatusOf(error);
    if (status === 401 || status === 403) {
      throw new ServerStartError(
        `${url.href} answered HTTP ${status}; pass credentials, e.g. --header "Authorization: Bearer <token>"`,
        [],
        null,
      );
    }
    if (status === 404) {
      throw new ServerStartError(
        `${url.href} answered HTTP 404; check the path of the MCP endpoint (often /mcp)`,
        [],
        null,
      );
    }
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServerStartError(
      `could not connect to ${url.href}: ${reason.split('\n')[0] ?? reason}; check --url`,
      [],
      null,
    );
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
