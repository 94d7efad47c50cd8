import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { PACKAGE_VERSION } from '../package-info.ts';
import type { ConnectableServer } from '../transport/connect.ts';
import { clientModule, inMemoryModule } from '../transport/mcp-sdk.ts';

/**
 * The `tools` array of a server's `tools/list` answer exactly as the server serialises it, before the client re-parses
 * and reorders it. Compare these strings, never `client.listTools()` objects, to tell whether a contract moved.
 */
export async function toolsListWire(server: ConnectableServer): Promise<string> {
  // SDK v1 when installed, else SDK v2's @modelcontextprotocol/client.
  const [{ Client }, { InMemoryTransport }] = await Promise.all([clientModule(), inMemoryModule()]);
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  const pages: unknown[] = [];
  const send = serverTransport.send.bind(serverTransport);
  serverTransport.send = async (message: JSONRPCMessage, options) => {
    const result = (message as { result?: { tools?: unknown[] } }).result;
    if (result !== undefined && Array.isArray(result.tools)) pages.push(...result.tools);
    return send(message, options);
  };
  const client = new Client({ name: 'agent-contract', version: PACKAGE_VERSION });
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  try {
    let cursor: string | undefined;
    do {
      const page = await client.listTools(cursor === undefined ? undefined : { cursor });
      cursor = page.nextCursor;
    } while (cursor !== undefined);
    return JSON.stringify(pages);
  } finally {
    await client.close();
  }
}
