import { afterEach, describe, expect, it } from 'vitest';
import { guardIdFields } from '../../src/index.ts';
import {
  connectInMemory,
  runLiteralConsumer,
  toolsListWire,
  type ChainReport,
  type Connection,
} from '../../src/testing/index.ts';
import { openHelpdeskDb } from '../../examples/helpdesk/src/db.ts';
import { createHelpdeskServer } from '../../examples/helpdesk/src/server.ts';
import { helpdeskTools, type HelpdeskTool } from '../../examples/helpdesk/src/tools.ts';
import samples from '../../examples/helpdesk/samples.json' with { type: 'json' };

/** The same server, acceptors wrapped by guardId: the fix the helpdesk write-up shipped. */
const guardedTools: HelpdeskTool[] = helpdeskTools.map((tool) => ({
  ...tool,
  inputShape: guardIdFields(tool.inputShape),
}));

let connection: Connection | undefined;
afterEach(async () => {
  await connection?.close();
  connection = undefined;
});

async function chainsOf(tools: readonly HelpdeskTool[]): Promise<ChainReport> {
  connection = await connectInMemory(createHelpdeskServer({ db: openHelpdeskDb(), tools }));
  return runLiteralConsumer({ client: connection.client, samples });
}

function lines(report: ChainReport): string[] {
  return report.chains.map(
    (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
  );
}

describe('the helpdesk as shipped', () => {
  it("breaks every chain that carries a numeric id into a string acceptor, with the server's own message", async () => {
    const report = await chainsOf(helpdeskTools);
    expect(report.summary).toEqual({
      tools: 9,
      emitters: 21,
      acceptors: 8,
      chains: 46,
      ok: 1,
      rejected: 45,
      failed: 0,
    });
    expect(lines(report)).toEqual([
      'list_tickets tickets[].id -> get_ticket_context.ticketId: rejected',
      'list_tickets tickets[].id -> draft_reply.ticketId: rejected',
      'list_tickets tickets[].id -> assign_ticket.ticketId: rejected',
      'list_tickets tickets[].customerId -> create_ticket.customerId: rejected',
      'list_tickets tickets[].customerId -> get_customer.customerId: rejected',
      'list_tickets tickets[].assignedAgentId -> draft_reply.agentId: rejected',
      'list_tickets tickets[].assignedAgentId -> assign_ticket.agentId: rejected',
      'create_ticket ticketId -> get_ticket_context.ticketId: rejected',
      'create_ticket ticketId -> draft_reply.ticketId: rejected',
      'create_ticket ticketId -> assign_ticket.ticketId: rejected',
      'create_ticket customerId -> create_ticket.customerId: rejected',
      'create_ticket customerId -> get_customer.customerId: rejected',
      'get_ticket_context ticket.id -> get_ticket_context.ticketId: rejected',
      'get_ticket_context ticket.id -> draft_reply.ticketId: rejected',
      'get_ticket_context ticket.id -> assign_ticket.ticketId: rejected',
      'get_ticket_context ticket.customerId -> create_ticket.customerId: rejected',
      'get_ticket_context ticket.customerId -> get_customer.customerId: rejected',
      'get_ticket_context ticket.assignedAgentId -> draft_reply.agentId: rejected',
      'get_ticket_context ticket.assignedAgentId -> assign_ticket.agentId: rejected',
      'get_ticket_context customer.id -> create_ticket.customerId: rejected',
      'get_ticket_context customer.id -> get_customer.customerId: rejected',
      'get_ticket_context replies[].id -> approve_reply.replyId: rejected',
      'get_ticket_context replies[].authorAgentId -> draft_reply.agentId: rejected',
      'get_ticket_context replies[].authorAgentId -> assign_ticket.agentId: rejected',
      'draft_reply replyId -> approve_reply.replyId: ok',
      'draft_reply ticketId -> get_ticket_context.ticketId: rejected',
      'draft_reply ticketId -> draft_reply.ticketId: rejected',
      'draft_reply ticketId -> assign_ticket.ticketId: rejected',
      'approve_reply replyId -> approve_reply.replyId: rejected',
      'approve_reply ticketId -> get_ticket_context.ticketId: rejected',
      'approve_reply ticketId -> draft_reply.ticketId: rejected',
      'approve_reply ticketId -> assign_ticket.ticketId: rejected',
      'assign_ticket ticketId -> get_ticket_context.ticketId: rejected',
      'assign_ticket ticketId -> draft_reply.ticketId: rejected',
      'assign_ticket ticketId -> assign_ticket.ticketId: rejected',
      'assign_ticket assignedAgentId -> draft_reply.agentId: rejected',
      'assign_ticket assignedAgentId -> assign_ticket.agentId: rejected',
      'list_customers customers[].id -> create_ticket.customerId: rejected',
      'list_customers customers[].id -> get_customer.customerId: rejected',
      'get_customer customer.id -> create_ticket.customerId: rejected',
      'get_customer customer.id -> get_customer.customerId: rejected',
      'get_customer ticketIds[] -> get_ticket_context.ticketId: rejected',
      'get_customer ticketIds[] -> draft_reply.ticketId: rejected',
      'get_customer ticketIds[] -> assign_ticket.ticketId: rejected',
      'list_agents [].id -> draft_reply.agentId: rejected',
      'list_agents [].id -> assign_ticket.agentId: rejected',
    ]);
    for (const chain of report.chains.filter((candidate) => candidate.status === 'rejected')) {
      expect(chain.message).toBe(
        `MCP error -32602: Input validation error: Invalid arguments for tool ${chain.to.tool}: Invalid input: expected string, received number at ${chain.to.field}`,
      );
      expect(typeof chain.from.value).toBe('number');
    }
  });

  it('records emitters from structuredContent and from JSON in text content', async () => {
    const report = await chainsOf(helpdeskTools);
    const channel = (tool: string, path: string) =>
      report.emitters.find((e) => e.tool === tool && e.path === path)?.channel;
    expect(channel('list_tickets', 'tickets[].id')).toBe('structuredContent');
    expect(channel('get_ticket_context', 'ticket.id')).toBe('text');
    expect(channel('list_agents', '[].id')).toBe('text');
  });
});

describe('the helpdesk with its acceptors wrapped by guardId', () => {
  it('has no broken chain; the two that fail later are the server refusing to approve a reply twice', async () => {
    const report = await chainsOf(guardedTools);
    expect(report.summary).toEqual({
      tools: 9,
      emitters: 21,
      acceptors: 8,
      chains: 46,
      ok: 44,
      rejected: 0,
      failed: 2,
    });
    expect(
      report.chains
        .filter((chain) => chain.status === 'failed')
        .map((chain) => [lines({ ...report, chains: [chain] })[0], chain.message]),
    ).toEqual([
      [
        'get_ticket_context replies[].id -> approve_reply.replyId: failed',
        'Reply 1 is already approved; nothing to do.',
      ],
      ['approve_reply replyId -> approve_reply.replyId: failed', 'Reply 1 is already approved; nothing to do.'],
    ]);
  });

  it('publishes tools/list bytes identical to the shipped server', async () => {
    const shipped = await toolsListWire(createHelpdeskServer({ db: openHelpdeskDb() }));
    const guarded = await toolsListWire(createHelpdeskServer({ db: openHelpdeskDb(), tools: guardedTools }));
    expect(guarded).toBe(shipped);
    expect(shipped).toContain(
      '"ticketId":{"type":"string","minLength":1,"description":"The ticket id, as returned by list_tickets"}',
    );
  });
});
