import type { ChildProcess } from 'node:child_process';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { PACKAGE_VERSION } from '../package-info.ts';

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
  const transport = new StdioClientTransport({
    command: server.command,
    args: [...(server.args ?? [])],
    stderr: 'pipe',
    ...(server.cwd === undefined ? {} : { cwd: server.cwd }),
    ...(server.env === undefined ? {} : { env: { ...process.env, ...server.env } as Record<string, string> }),
  });
  const stderrLines: string[] = [];
  transport.stderr?.on('data', (chunk: Buffer) => {
    stderrLines.push(...chunk.toString('utf8').split('\n').filter((line) => line.trim().length > 0));
    if (stderrLines.length > 50) stderrLines.splice(0, stderrLines.length - 50);
  });
  let exitCode: number | null = null;
  let exited = false;
  const originalStart = transport.start.bind(transport);
  transport.start = async () => {
    await originalStart();
    // The SDK keeps the child private; its exit code is the most useful fact when a server dies during start-up.
    const child = (transport as unknown as { _process?: ChildProcess })._process;
    child?.once('exit', (code) => {
      exitCode = code;
      exited = true;
    });
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
  try {
    await Promise.race([client.connect(transport), exitedEarly, timedOut]);
    connected = true;
  } catch (error) {
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
  }
  return {
    client,
    close: async () => {
      await client.close();
    },
  };
}
