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

  constructor(cause: unknown) {
    // JSON.parse quotes the text it choked on; a JSON value that is not a message fails the SDK's message schema.
    const detail = cause instanceof SyntaxError ? cause.message : 'valid JSON, but not a JSON-RPC message';
    super(
      `the server wrote a line to stdout that is not a JSON-RPC message (${detail}); stdout carries MCP only, log to stderr`,
    );
    this.detail = detail;
  }
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

  #receive(chunk: Buffer): void {
    try {
      this.#readBuffer.append(chunk);
    } catch (error) {
      // More than the buffer's limit without a newline: the SDK's transport gives up on the connection here too.
      this.onerror?.(error as Error);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.#readBuffer.readMessage();
      } catch (error) {
        // The bad line is consumed; the next one may be a message.
        this.onerror?.(new StdoutNoiseError(error));
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
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
  }
}
