import rule from '../../eslint-plugin/rules/no-id-union.ts';
import { runRule } from './rule-tester.ts';

const UNION = /z\.union\(\[z\.string\(\), z\.number\(\)\]\)|z\.string\(\)\.or\(z\.number\(\)\)/;

/** The `useGuardId` suggestion for the union on `line` of `code`: that union becomes `guardId(z.string())`. */
function guardedAt(code: string, line: number) {
  const lines = code.split('\n');
  lines[line - 1] = (lines[line - 1] ?? '').replace(UNION, 'guardId(z.string())');
  lines.splice(1, 0, "import { guardId } from 'agent-contract';");
  return [{ messageId: 'useGuardId' as const, output: lines.join('\n') }];
}

const RESPONSES_AND_INPUTS = `import { z } from 'zod';
const TicketResponseSchema = z.object({ id: z.union([z.string(), z.number()]) });
const shape = { ticketId: z.union([z.string(), z.number()]) };
server.registerTool('get_ticket', { inputSchema: shape }, async ({ ticketId }) => {
  const res = await fetchTicket(ticketId);
  return TicketResponseSchema.parse(await res.json());
});
server.tool('close_ticket', 'Close', { ticketId: z.union([z.string(), z.number()]) }, cb);
const reopenShape = { ticketId: z.string().or(z.number()) };
export const reopen = { name: 'reopen_ticket', inputSchema: reopenShape, handler: cb };
export const GetTicketParams = z.object({ ticketId: z.union([z.string(), z.number()]) });
export const Ticket = z.object({ ticketId: z.union([z.string(), z.number()]) });`;

runRule('no-id-union', rule, {
  valid: [
    `import { z } from 'zod'; export const input = { page: z.union([z.string(), z.number()]), ticketId: z.string() };`,
    `import { z } from 'zod'; export const input = { ticketId: z.union([z.string(), z.boolean()]) };`,
    // A local z, and a file without zod.
    `import { z } from 'zod'; function f(z: any) { return { ticketId: z.union([z.string(), z.number()]) }; }`,
    `declare const z: any; export const input = { ticketId: z.string().or(z.number()) };`,
    // Schemas that parse upstream responses may be lenient: named so, parsed from fetched data, or a tool's output.
    `import { z } from 'zod';
const TicketResponseSchema = z.object({ id: z.union([z.string(), z.number()]) });
export async function getTicket(url: string) {
  const res = await fetch(url);
  return TicketResponseSchema.parse(await res.json());
}`,
    `import { z } from 'zod';
const Ticket = z.object({ ticketId: z.union([z.string(), z.number()]) });
export async function getTicket(url: string) {
  const response = await fetch(url);
  const body = await response.json();
  return Ticket.safeParse(body);
}`,
    `import { z } from 'zod'; export const CreateTicketResult = z.object({ ticketId: z.union([z.string(), z.number()]) });`,
    `import { z } from 'zod';
server.registerTool('t', { inputSchema: { query: z.string() }, outputSchema: { ticketId: z.union([z.string(), z.number()]) } }, cb);`,
    // A union const used only by response schemas is quiet too.
    `import { z } from 'zod';
const AnyId = z.union([z.string(), z.number()]);
export const UserResponse = z.object({ id: AnyId, teamId: AnyId });`,
    // Every schema of a file named for responses describes an output.
    {
      code: `import { z } from 'zod'; export const Ticket = z.object({ id: z.union([z.string(), z.number()]) });`,
      filename: 'src/api/responses.ts',
    },
  ],
  invalid: [
    {
      // A union held in a const: reported at the const (named as an id) and at each id field that uses it.
      code: `import { z } from 'zod';
const AnyId = z.union([z.string(), z.number()]);
const shape = { id: AnyId };
export const Ticket = z.object({ ticketId: AnyId });`,
      errors: [
        {
          messageId: 'idUnion',
          line: 2,
          column: 15,
          data: { name: 'AnyId' },
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { guard: 'guardId', branch: 'z.string()' },
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
const AnyId = guardId(z.string());
const shape = { id: AnyId };
export const Ticket = z.object({ ticketId: AnyId });`,
            },
          ],
        },
        {
          messageId: 'idUnionThrough',
          line: 3,
          column: 21,
          endColumn: 26,
          data: { name: 'id', union: 'AnyId' },
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { guard: 'guardId', branch: 'z.string()' },
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
const AnyId = z.union([z.string(), z.number()]);
const shape = { id: guardId(z.string()) };
export const Ticket = z.object({ ticketId: AnyId });`,
            },
          ],
        },
        {
          messageId: 'idUnionThrough',
          line: 4,
          column: 44,
          data: { name: 'ticketId', union: 'AnyId' },
          suggestions: [
            {
              messageId: 'useGuardId',
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
const AnyId = z.union([z.string(), z.number()]);
const shape = { id: AnyId };
export const Ticket = z.object({ ticketId: guardId(z.string()) });`,
            },
          ],
        },
      ],
    },
    {
      // Tool inputs beside response schemas in one file are still reported; the response schema is not.
      code: RESPONSES_AND_INPUTS,
      errors: [
        { messageId: 'idUnion', line: 3, column: 27, suggestions: guardedAt(RESPONSES_AND_INPUTS, 3) },
        { messageId: 'idUnion', line: 8, column: 50, suggestions: guardedAt(RESPONSES_AND_INPUTS, 8) },
        { messageId: 'idUnion', line: 9, column: 33, suggestions: guardedAt(RESPONSES_AND_INPUTS, 9) },
        { messageId: 'idUnion', line: 11, column: 53, suggestions: guardedAt(RESPONSES_AND_INPUTS, 11) },
        // Exported, unused here and named neither way: the rule cannot tell, so it reports.
        { messageId: 'idUnion', line: 12, column: 44, suggestions: guardedAt(RESPONSES_AND_INPUTS, 12) },
      ],
    },
    {
      code: `import { z } from 'zod';
export const input = { ticketId: z.union([z.string().min(1), z.number()]).describe('The ticket id') };`,
      errors: [
        {
          messageId: 'idUnion',
          line: 2,
          column: 34,
          endColumn: 100,
          data: { name: 'ticketId' },
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { guard: 'guardId', branch: "z.string().min(1).describe('The ticket id')" },
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
export const input = { ticketId: guardId(z.string().min(1).describe('The ticket id')) };`,
            },
          ],
        },
      ],
    },
    {
      // Reversed members, .or() in both directions, a renamed import and an existing guard import.
      code: `import { z as zz } from 'zod/v3';
import { guardId } from 'agent-contract';
const input = {
  agentId: zz.number().or(zz.string()).optional(),
  reply_id: zz.string().or(zz.number().int()),
  userID: zz.union([zz.number(), zz.string()]),
};`,
      errors: [
        {
          messageId: 'idUnion',
          line: 4,
          column: 12,
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { guard: 'guardId', branch: 'zz.string().optional()' },
              output: `import { z as zz } from 'zod/v3';
import { guardId } from 'agent-contract';
const input = {
  agentId: guardId(zz.string().optional()),
  reply_id: zz.string().or(zz.number().int()),
  userID: zz.union([zz.number(), zz.string()]),
};`,
            },
          ],
        },
        {
          messageId: 'idUnion',
          line: 5,
          column: 13,
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { guard: 'guardId', branch: 'zz.string()' },
              output: `import { z as zz } from 'zod/v3';
import { guardId } from 'agent-contract';
const input = {
  agentId: zz.number().or(zz.string()).optional(),
  reply_id: guardId(zz.string()),
  userID: zz.union([zz.number(), zz.string()]),
};`,
            },
          ],
        },
        {
          messageId: 'idUnion',
          line: 6,
          column: 11,
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { guard: 'guardId', branch: 'zz.string()' },
              output: `import { z as zz } from 'zod/v3';
import { guardId } from 'agent-contract';
const input = {
  agentId: zz.number().or(zz.string()).optional(),
  reply_id: zz.string().or(zz.number().int()),
  userID: guardId(zz.string()),
};`,
            },
          ],
        },
      ],
    },
    {
      // Named factories.
      code: `import { union, string, number } from 'zod';
server.tool('t', { id: union([string(), number()]) }, cb);`,
      errors: [
        {
          messageId: 'idUnion',
          line: 2,
          column: 24,
          suggestions: [
            {
              messageId: 'useGuardId',
              output: `import { union, string, number } from 'zod';
import { guardId } from 'agent-contract';
server.tool('t', { id: guardId(string()) }, cb);`,
            },
          ],
        },
      ],
    },
  ],
});
