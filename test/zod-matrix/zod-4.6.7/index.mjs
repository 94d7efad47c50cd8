// What test/guard/contract-bytes.test.ts needs, resolved from this folder's own node_modules so the SDK renders with this zod.
export * as zodNs from 'zod';
export * as zodMiniNs from 'zod/mini';
export { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
export { Client } from '@modelcontextprotocol/sdk/client/index.js';
export { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
export { McpServer as McpServerV2, InMemoryTransport as InMemoryTransportV2 } from '@modelcontextprotocol/server';
export { Client as ClientV2 } from '@modelcontextprotocol/client';
