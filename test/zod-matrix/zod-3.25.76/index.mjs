// What test/guard/contract-bytes.test.ts needs, resolved from this folder's own node_modules so the SDK renders with this zod.
export * as zodNs from 'zod';
export * as zodV4Ns from 'zod/v4';
export * as zodV4MiniNs from 'zod/v4/mini';
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
