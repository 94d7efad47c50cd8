import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { JsonObject } from '../../src/contract/contract-file.ts';
import { toolsListWire } from '../../src/testing/wire.ts';

/** The tools of the `tools/list` wire bytes of an SDK v1 server on which `build` registered its tools. */
export async function publishedTools(build: (server: McpServer) => void): Promise<JsonObject[]> {
  const server = new McpServer({ name: 'published-tools', version: '1.0.0' });
  build(server);
  return JSON.parse(await toolsListWire(server)) as JsonObject[];
}

const answer = () => ({ content: [] });

type LooseRegister = (name: string, config: Record<string, unknown>, callback: typeof answer) => void;

/** registerTool without the SDK's generic inference, which costs the type checker minutes on zod 3 + zod 4 shapes. */
export function registerTool(server: McpServer, name: string, config: Record<string, unknown>): void {
  (server.registerTool as unknown as LooseRegister).call(server, name, config, answer);
}
