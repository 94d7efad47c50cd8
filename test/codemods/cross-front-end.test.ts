import { describe, expect, it } from 'vitest';
import { dispositionsTransform } from '../../codemods/dispositions.ts';
import { guardIdsTransform } from '../../codemods/guard-ids.ts';

// Every front end reads what another one wrote: guard-ids after dispositions, dispositions after guard-ids.
const server = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool('get_ticket', { inputSchema: { ticketId: z.string().min(1), verbose: z.boolean().optional() } }, async ({ ticketId }) => ({
    content: [{ type: 'text', text: ticketId }],
  }));
}
`;

describe('codemods read each other’s output', () => {
  it('guard-ids guards the id in the shape dispositions extracted', () => {
    const withTables = dispositionsTransform(server, 'server.ts');
    expect(withTables).toContain('offeredShape(getTicketShape, getTicketDispositions)');
    const guarded = guardIdsTransform(withTables as string, 'server.ts');
    expect(guarded).toContain('ticketId: guardId(z.string().min(1))');
    expect(guardIdsTransform(guarded as string, 'server.ts')).toBeUndefined();
  });

  it('dispositions scaffolds a table for a shape guard-ids wrapped, and keeps the guard', () => {
    const guarded = guardIdsTransform(server, 'server.ts');
    expect(guarded).toContain('ticketId: guardId(z.string().min(1))');
    const withTables = dispositionsTransform(guarded as string, 'server.ts');
    expect(withTables).toContain('ticketId: guardId(z.string().min(1))');
    expect(withTables).toContain('offeredShape(getTicketShape, getTicketDispositions)');
    expect(dispositionsTransform(withTables as string, 'server.ts')).toBeUndefined();
  });
});
