import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { stdioFramingModule } from './mcp-sdk.ts';
import type { StdioServer } from './server-process.ts';

// SDK v1's framing when installed, else SDK v2's (./mcp-sdk.ts); this module is loaded when a stdio connection is made.
const { ReadBuffer, serializeMessage } = await stdioFramingModule();

/** A line on the server's stdout that is not a JSON-RPC message (a log line, say); the client skips it. */
export class StdoutNoiseError extends Error {
  override readonly name = 'StdoutNoiseError';
  /** What was wrong with the line, naming its start: JSON.parse's message, or that it is JSON but not a message. */
  readonly detail: string;
  /** The line itself, without its line break; cut at 200 characters. */
  readonly line: string;

  /** `cause` undefined: the SDK skipped the line without saying why (SDK v2 does so with a line that is not JSON). */
  constructor(cause: unknown, line: string) {
    // JSON.parse quotes the text it choked on; a JSON value that is not a message fails the SDK's message schema.
    const detail =
      cause instanceof SyntaxError
        ? cause.message
        : cause === undefined
          ? 'not JSON'
          : 'valid JSON, but not a JSON-RPC message';
    super(
      `the server wrote a line to stdout that is not a JSON-RPC message (${detail}); stdout carries MCP only, log to stderr`,
    );
    this.detail = detail;
    this.line = line;
  }
}

/** How much of a line a `StdoutNoiseError` keeps. */
const LINE_KEPT = 200;
/**
 * The SDK's buffer copies itself whole on every append, so a 10 MB line read in pipe-sized pieces took seconds of
 * copying: the pieces of a line are collected and appended at its end, or once they reach this size.
 */
const PENDING_BYTES = 1024 * 1024;

/**
 * The one warning for a server that wrote `line`, not a message, to stdout, with the fix: npm's script banner
 * (`> user-server@1.0.0 start`) comes from starting it through npm; anything else from the server logging to stdout.
 */
export function stdoutNoiseWarning(line: string): string {
  const npmBanner = /^> \S+@\S+ \S+/.test(line);
  const fix = npmBanner
    ? 'npm printed its script banner there: start the server with node directly (-- node <server file>) or with npm start --silent'
    : 'log to stderr (console.error), and if a script runner printed it, start the server with node directly (-- node <server file>) or with npm start --silent';
  return `agent-contract: warning: the server wrote to stdout a line that is not MCP, ${JSON.stringify(line)}; stdout carries the protocol only, so a client may fail on it; ${fix}`;
}

/**
 * The MCP client side of stdio over a server that is already running: the SDK's `StdioClientTransport` spawns the
 * server itself, which means loading the SDK first. Framing is the SDK's own (`ReadBuffer`, `serializeMessage`); what
 * the server wrote to stdout before `start()` is kept by the `ServerProcess` and read then.
 */
export class ChildProcessTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  readonly #server: StdioServer;
  readonly #closeGraceMs: number;
  readonly #readBuffer = new ReadBuffer();
  /** The start of the line being read, for a `StdoutNoiseError`. */
  #lineStart = '';
  /** The pieces of a line read so far, handed to the SDK's buffer together (see PENDING_BYTES). */
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  #started = false;

  /** `closeGraceMs`: how long `close()` waits for the server to exit after closing its stdin, before SIGTERM. */
  constructor(server: StdioServer, closeGraceMs: number) {
    this.#server = server;
    this.#closeGraceMs = closeGraceMs;
  }

  async start(): Promise<void> {
    if (this.#started) throw new Error('ChildProcessTransport already started; Client.connect() starts it');
    this.#started = true;
    this.#server.readStdout((chunk) => this.#receive(chunk));
    void this.#server.ended.then(() => this.onclose?.());
  }

  /**
   * Hands the SDK's buffer one line at a time, so that a line it cannot read is known by its text: SDK v1 throws on it,
   * SDK v2 skips it (then the line yields no message).
   */
  #receive(chunk: Buffer): void {
    for (let start = 0; start < chunk.length;) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline + 1;
      const piece = chunk.subarray(start, end);
      start = end;
      if (this.#lineStart.length < LINE_KEPT)
        this.#lineStart += piece.toString('utf8', 0, Math.min(piece.length, LINE_KEPT));
      this.#pending.push(piece);
      this.#pendingBytes += piece.length;
      if (newline === -1 && this.#pendingBytes < PENDING_BYTES) return;
      const pending = this.#pending.length === 1 ? piece : Buffer.concat(this.#pending, this.#pendingBytes);
      this.#pending = [];
      this.#pendingBytes = 0;
      try {
        this.#readBuffer.append(pending);
      } catch (error) {
        // More than the buffer's limit without a newline: the SDK's transport gives up on the connection here too.
        this.onerror?.(error as Error);
        void this.close();
        return;
      }
      if (newline === -1) return;
      const line = this.#lineStart.replace(/\r?\n$/, '').slice(0, LINE_KEPT);
      this.#lineStart = '';
      let message: JSONRPCMessage | null;
      try {
        message = this.#readBuffer.readMessage();
      } catch (error) {
        this.onerror?.(new StdoutNoiseError(error, line));
        continue;
      }
      if (message === null) this.onerror?.(new StdoutNoiseError(undefined, line));
      else this.onmessage?.(message);
    }
  }

  send(message: JSONRPCMessage): Promise<void> {
    const stdin = this.#server.stdin;
    if (stdin === null || !stdin.writable || !this.#server.running) return Promise.reject(new Error('Not connected'));
    return new Promise((resolve) => {
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    await this.#server.stop(this.#closeGraceMs);
    this.#readBuffer.clear();
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#lineStart = '';
  }
}
