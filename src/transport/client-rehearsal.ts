import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ReadBuffer, serializeMessage } from '@modelcontextprotocol/sdk/shared/stdio.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { LATEST_PROTOCOL_VERSION, ResultSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

/**
 * The SDK client's first message of each kind is slow: zod builds the parser of each schema it meets (the JSON-RPC
 * envelope, the initialize result, the result of a request) on first use, and V8 has not compiled any of it yet.
 * Measured on the helpdesk example, the client took 10 to 29 ms from the server's initialize answer to its
 * `notifications/initialized`, and a few more for `tools/list`. While a spawned server is still starting, the client
 * has nothing to do: a rehearsal of the same exchange against a canned peer in this process does that work then, so
 * that the real answers are read by warm code.
 *
 * The rehearsal goes through the same code as a real connection: a `Client`, the SDK's stdio framing
 * (`serializeMessage`, `ReadBuffer`), `initialize`, `notifications/initialized` and a `tools/list` request read with
 * the permissive `ResultSchema` (as `listToolsRaw` reads it). Each answer is sent from `setImmediate`, so that the real
 * server's output is read between two steps rather than after all of them.
 */

const CANNED_TOOL = {
  name: 'rehearsal_get_item',
  description: 'A canned tool: the rehearsal never reaches a real server.',
  inputSchema: { type: 'object', properties: { itemId: { type: 'string', minLength: 1 } }, required: ['itemId'], additionalProperties: false },
  outputSchema: { type: 'object', properties: { id: { type: 'string' }, tags: { type: 'array', items: { type: 'string' } } }, required: ['id'] },
  annotations: { readOnlyHint: true },
};

function cannedResult(method: string): Record<string, unknown> | undefined {
  if (method === 'initialize') {
    return { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: { tools: { listChanged: false } }, serverInfo: { name: 'rehearsal', version: '0.0.0' } };
  }
  if (method === 'tools/list') return { tools: [CANNED_TOOL] };
  return undefined;
}

/** A peer in this process that answers `initialize` and `tools/list`, framed as a stdio server's output would be. */
class CannedPeerTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  readonly #readBuffer = new ReadBuffer();

  async start(): Promise<void> {}

  async send(message: JSONRPCMessage): Promise<void> {
    if (!('method' in message) || !('id' in message)) return; // notifications/initialized
    const result = cannedResult(message.method);
    const answer: JSONRPCMessage =
      result === undefined
        ? { jsonrpc: '2.0', id: message.id, error: { code: -32601, message: `Method not found: ${message.method}` } }
        : { jsonrpc: '2.0', id: message.id, result };
    setImmediate(() => {
      this.#readBuffer.append(Buffer.from(serializeMessage(answer), 'utf8'));
      for (let next = this.#readBuffer.readMessage(); next !== null; next = this.#readBuffer.readMessage()) this.onmessage?.(next);
    });
  }

  async close(): Promise<void> {
    this.#readBuffer.clear();
    this.onclose?.();
  }
}

/**
 * Connects a throwaway client of the given class to a canned peer, lists its tools and closes it. Never rejects: a
 * rehearsal that fails has only failed to save time.
 */
export async function rehearseClient(ClientClass: typeof Client, clientInfo: { name: string; version: string }): Promise<void> {
  const client = new ClientClass(clientInfo);
  try {
    await client.connect(new CannedPeerTransport());
    await client.request({ method: 'tools/list', params: {} }, ResultSchema);
  } catch {
    // nothing to report: the real connection reports its own failures
  } finally {
    await client.close().catch(() => undefined);
  }
}
