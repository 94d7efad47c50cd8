import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { connectInMemory, runLiteralConsumer } from '../../src/testing/index.ts';

const GetTicketArgs = z.object({ ticketId: z.string().min(1) });

/** A low-level Server validates in its handler: the ZodError comes back as a JSON-RPC error, not an SDK message. */
function lowLevelServer(): Server {
  const server = new Server({ name: 'tickets', version: '1.0.0' }, { capabilities: { tools: {} } });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      { name: 'create_ticket', inputSchema: { type: 'object' } },
      { name: 'get_ticket', inputSchema: z.toJSONSchema(GetTicketArgs) as { type: 'object' } },
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    if (request.params.name === 'create_ticket')
      return { content: [{ type: 'text', text: JSON.stringify({ ticketId: 47 }) }] };
    const args = GetTicketArgs.parse(request.params.arguments);
    if (args.ticketId !== '47') throw new Error(`no ticket ${args.ticketId}`);
    return { content: [{ type: 'text', text: 'found' }] };
  });
  return server;
}

describe('runLiteralConsumer on a server that validates in its handler', () => {
  it("counts the handler's ZodError at the id field as validation rejecting the id: the chain is broken", async () => {
    const connection = await connectInMemory(lowLevelServer());
    try {
      const report = await runLiteralConsumer({ client: connection.client });
      expect(report.chains.map((chain) => [chain.to.field, chain.status, chain.verdict])).toEqual([
        ['ticketId', 'rejected', 'broken'],
      ]);
      expect(report.chains[0]?.message).toContain('"path": [\n      "ticketId"');
    } finally {
      await connection.close();
    }
  });
});
