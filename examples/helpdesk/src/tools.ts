import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { AgentRow, CustomerRow, HelpdeskDb, ReplyRow, TicketRow } from './db.ts';

/**
 * The helpdesk's tools as its team shipped them, bug included: SQLite hands out INTEGER ids, every result emits them
 * as JSON numbers, and every input demands `z.string().min(1)` while its description says "as returned by ...".
 */
export interface HelpdeskTool {
  readonly name: string;
  readonly description: string;
  readonly inputShape: z.ZodRawShape;
  readonly outputShape?: z.ZodRawShape;
  run(db: HelpdeskDb, args: Record<string, unknown>): CallToolResult;
}

function defineTool<Input extends z.ZodRawShape>(tool: {
  name: string;
  description: string;
  inputShape: Input;
  outputShape?: z.ZodRawShape;
  run(db: HelpdeskDb, args: z.output<z.ZodObject<Input>>): CallToolResult;
}): HelpdeskTool {
  return tool as unknown as HelpdeskTool;
}

/** Structured result for tools with an output schema; the SDK convention is to mirror it as JSON text. */
function structured(value: Record<string, unknown>): CallToolResult {
  return { structuredContent: value, content: [{ type: 'text', text: JSON.stringify(value) }] };
}

/** JSON in text content only, as many real servers answer. */
function jsonText(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

function failure(message: string): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: message }] };
}

function findTicket(db: HelpdeskDb, ticketId: string): TicketRow | undefined {
  return db.prepare('SELECT * FROM tickets WHERE id = ?').get(ticketId) as TicketRow | undefined;
}

function findAgent(db: HelpdeskDb, agentId: string): AgentRow | undefined {
  return db.prepare('SELECT * FROM agents WHERE id = ?').get(agentId) as AgentRow | undefined;
}

function ticketView(row: TicketRow) {
  return {
    id: row.id,
    customerId: row.customer_id,
    assignedAgentId: row.assigned_agent_id,
    subject: row.subject,
    status: row.status,
  };
}

const ticketStatus = z.enum(['active', 'pending', 'closed']);

export const helpdeskTools: readonly HelpdeskTool[] = [
  defineTool({
    name: 'list_tickets',
    description: 'List tickets, newest first. Filter by status if given.',
    inputShape: { status: ticketStatus.optional().describe('Only tickets in this status') },
    outputShape: {
      tickets: z.array(
        z.object({
          id: z.number().int(),
          customerId: z.number().int(),
          assignedAgentId: z.number().int().nullable(),
          subject: z.string(),
          status: ticketStatus,
        }),
      ),
    },
    run(db, { status }) {
      const rows = (
        status === undefined
          ? db.prepare('SELECT * FROM tickets ORDER BY id DESC').all()
          : db.prepare('SELECT * FROM tickets WHERE status = ? ORDER BY id DESC').all(status)
      ) as TicketRow[];
      return structured({ tickets: rows.map(ticketView) });
    },
  }),
  defineTool({
    name: 'create_ticket',
    description: 'Open a ticket for a customer.',
    inputShape: {
      customerId: z.string().min(1).describe('The customer id, as returned by list_customers'),
      subject: z.string().min(1).max(200),
      body: z.string().min(1),
    },
    outputShape: { ticketId: z.number().int(), customerId: z.number().int(), status: ticketStatus },
    run(db, { customerId, subject, body }) {
      const customer = db.prepare('SELECT * FROM customers WHERE id = ?').get(customerId) as CustomerRow | undefined;
      if (customer === undefined)
        return failure(`No customer ${customerId}. Call list_customers to find the customer.`);
      const created = db
        .prepare('INSERT INTO tickets (customer_id, subject) VALUES (?, ?) RETURNING *')
        .get(customer.id, `${subject}\n\n${body}`.slice(0, 200)) as TicketRow;
      return structured({ ticketId: created.id, customerId: created.customer_id, status: created.status });
    },
  }),
  defineTool({
    name: 'get_ticket_context',
    description: 'Read a ticket with its customer and its reply thread.',
    inputShape: { ticketId: z.string().min(1).describe('The ticket id, as returned by list_tickets') },
    run(db, { ticketId }) {
      const ticket = findTicket(db, ticketId);
      if (ticket === undefined) return failure(`No ticket ${ticketId}. Call list_tickets to find the ticket.`);
      const customer = db.prepare('SELECT * FROM customers WHERE id = ?').get(ticket.customer_id) as CustomerRow;
      const replies = db.prepare('SELECT * FROM replies WHERE ticket_id = ? ORDER BY id').all(ticket.id) as ReplyRow[];
      return jsonText({
        ticket: ticketView(ticket),
        customer: { id: customer.id, name: customer.name, email: customer.email },
        replies: replies.map((reply) => ({
          id: reply.id,
          authorAgentId: reply.author_agent_id,
          body: reply.body,
          status: reply.status,
        })),
      });
    },
  }),
  defineTool({
    name: 'draft_reply',
    description: 'Draft a reply on a ticket for a human to approve. Nothing is sent until approve_reply.',
    inputShape: {
      ticketId: z.string().min(1).describe('The ticket id, as returned by list_tickets'),
      agentId: z.string().min(1).describe('The agent writing the reply, as returned by list_agents'),
      body: z.string().min(1),
    },
    run(db, { ticketId, agentId, body }) {
      const ticket = findTicket(db, ticketId);
      if (ticket === undefined) return failure(`No ticket ${ticketId}. Call list_tickets to find the ticket.`);
      const agent = findAgent(db, agentId);
      if (agent === undefined) return failure(`No agent ${agentId}. Call list_agents to find the agent.`);
      const reply = db
        .prepare('INSERT INTO replies (ticket_id, author_agent_id, body) VALUES (?, ?, ?) RETURNING *')
        .get(ticket.id, agent.id, body) as ReplyRow;
      // Written a year after the rest, by someone who had been bitten: the one emitter that sends its id as a string.
      return jsonText({ replyId: reply.id.toString(), ticketId: reply.ticket_id, status: reply.status });
    },
  }),
  defineTool({
    name: 'approve_reply',
    description: 'Approve a drafted reply so it is sent to the customer.',
    inputShape: { replyId: z.string().min(1).describe('The reply id, as returned by draft_reply') },
    run(db, { replyId }) {
      const reply = db.prepare('SELECT * FROM replies WHERE id = ?').get(replyId) as ReplyRow | undefined;
      if (reply === undefined) return failure(`No reply ${replyId}. Call get_ticket_context to see the thread.`);
      if (reply.status === 'approved') return failure(`Reply ${replyId} is already approved; nothing to do.`);
      db.prepare("UPDATE replies SET status = 'approved' WHERE id = ?").run(reply.id);
      return jsonText({ replyId: reply.id, ticketId: reply.ticket_id, status: 'approved' });
    },
  }),
  defineTool({
    name: 'assign_ticket',
    description: 'Assign a ticket to an agent.',
    inputShape: {
      ticketId: z.string().min(1).describe('The ticket id, as returned by list_tickets'),
      agentId: z.string().min(1).describe('The agent id, as returned by list_agents'),
    },
    outputShape: { ticketId: z.number().int(), assignedAgentId: z.number().int() },
    run(db, { ticketId, agentId }) {
      const ticket = findTicket(db, ticketId);
      if (ticket === undefined) return failure(`No ticket ${ticketId}. Call list_tickets to find the ticket.`);
      const agent = findAgent(db, agentId);
      if (agent === undefined) return failure(`No agent ${agentId}. Call list_agents to find the agent.`);
      db.prepare('UPDATE tickets SET assigned_agent_id = ? WHERE id = ?').run(agent.id, ticket.id);
      return structured({ ticketId: ticket.id, assignedAgentId: agent.id });
    },
  }),
  defineTool({
    name: 'list_customers',
    description: 'List customers with their number of open tickets.',
    inputShape: {},
    run(db) {
      const rows = db
        .prepare(
          "SELECT c.*, (SELECT count(*) FROM tickets t WHERE t.customer_id = c.id AND t.status != 'closed') AS open FROM customers c ORDER BY c.id",
        )
        .all() as (CustomerRow & { open: number })[];
      return jsonText({
        customers: rows.map((row) => ({ id: row.id, name: row.name, email: row.email, openTickets: row.open })),
      });
    },
  }),
  defineTool({
    name: 'get_customer',
    description: 'Read a customer and the ids of their tickets.',
    inputShape: { customerId: z.string().min(1).describe('The customer id, as returned by list_customers') },
    outputShape: {
      customer: z.object({ id: z.number().int(), name: z.string(), email: z.string() }),
      ticketIds: z.array(z.number().int()),
    },
    run(db, { customerId }) {
      const customer = db.prepare('SELECT * FROM customers WHERE id = ?').get(customerId) as CustomerRow | undefined;
      if (customer === undefined)
        return failure(`No customer ${customerId}. Call list_customers to find the customer.`);
      const tickets = db.prepare('SELECT id FROM tickets WHERE customer_id = ? ORDER BY id').all(customer.id) as {
        id: number;
      }[];
      return structured({
        customer: { id: customer.id, name: customer.name, email: customer.email },
        ticketIds: tickets.map((ticket) => ticket.id),
      });
    },
  }),
  defineTool({
    name: 'list_agents',
    description: 'List the support agents tickets can be assigned to.',
    inputShape: {},
    run(db) {
      return jsonText(db.prepare('SELECT id, name FROM agents ORDER BY id').all() as AgentRow[]);
    },
  }),
];
