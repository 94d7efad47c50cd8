import rule from '../../eslint-plugin/rules/prefer-guarded-id.ts';
import { runRule } from './rule-tester.ts';

runRule('prefer-guarded-id', rule, {
  valid: [
    // Already guarded, in every spelling the model knows.
    `import { z } from 'zod'; import { guardId, idSchema } from 'agent-contract';
     server.registerTool('t', { inputSchema: { ticketId: guardId(z.string()), agentId: idSchema() } }, cb);`,
    `import { z } from 'zod'; declare const f: (v: unknown) => unknown;
     server.registerTool('t', { inputSchema: { ticketId: z.preprocess(f, z.string()) } }, cb);`,
    // Ids that cannot be numeric.
    `import { z } from 'zod'; server.tool('t', { ticketId: z.string().uuid(), userId: z.email(), pageId: z.string().regex(/^P/) }, cb);`,
    // Look-alikes of a registration method: no literal name, no Zod in the object, or no handler last.
    `import { z } from 'zod'; ui.addToolbarButton('save', { buttonId: 'b1' }, () => undefined); server.addToolWithReadAccess(name, 'd', { ticketId: z.string() }, cb); server.addToolTip('t', { tipId: z.string() });`,
    // An id its own description calls a UUID (useshortcut/mcp-server-shortcut's team and member ids).
    `import { z } from 'zod'; server.tool('t', { team_id: z.string().nullable().optional().describe('Team UUID (null to unset)'), owner_ids: z.array(z.string().describe('Owner user UUID')) }, cb);`,
    // Not an id, or an output schema; a number id with numberIds off.
    {
      code: `import { z } from 'zod'; server.registerTool('t', { inputSchema: { valid: z.string(), ticketId: z.number() }, outputSchema: { ticketId: z.string() } }, cb);`,
      options: [{ importFrom: 'agent-contract', ignoredNames: [], numberIds: false }],
    },
    // A number id already guarded, in every spelling the model knows.
    `import { z } from 'zod'; import { guardNumberId, idSchema } from 'agent-contract';
     server.registerTool('t', { inputSchema: { boardId: guardNumberId(z.number()), itemId: idSchema('number') }, outputSchema: { boardId: z.number() } }, cb);`,
    // A z that is not zod, and a file without zod.
    `import { z } from 'zod'; function f(z: { string(): unknown }) { server.tool('t', { ticketId: z.string() }, cb); }`,
    `const z = { string: () => 1 }; server.tool('t', { ticketId: z.string() }, cb);`,
    // Not a tool: a plain schema is not an input the rule can vouch for.
    `import { z } from 'zod'; export const row = z.object({ ticketId: z.string() });`,
    // A response schema is never an input, even beside a tool.
    `import { z } from 'zod';
const TicketResponseSchema = z.object({ ticketId: z.string() });
server.tool('get_ticket', 'Read', { query: z.string() }, async () => TicketResponseSchema.parse(await (await fetch('/t')).json()));`,
    // Look-alikes of a tool class: a method that is no input member, and an input method on a class with no name
    // and no base to run it.
    `import { z } from 'zod';
class CreateItemForm extends BaseForm<Item> {
  name = 'create_item';
  getDefaults() {
    return { boardId: z.string() };
  }
}
class ItemValidator {
  getInputSchema() {
    return { boardId: z.string() };
  }
}`,
    // Fields whose descriptions name ids of an entity their names do not name, or no id at all.
    `import { z } from 'zod'; server.tool('t', { with_roles: z.string().describe('Comma-separated credit ids, cast roles only'), name: z.string().describe('Team ID or name'), sort_by: z.string().describe('Sort order') }, cb);`,
    {
      code: `import { z } from 'zod'; server.tool('t', { sessionId: z.string() }, cb);`,
      options: [{ importFrom: 'agent-contract', ignoredNames: ['sessionId'] }],
    },
  ],
  invalid: [
    {
      // A field its description calls an id of the entity its name names, as the audit reads it.
      code: `import { z } from 'zod';
server.tool('discover', { with_genres: z.string().describe('Comma-separated genre ids').optional(), sort_by: z.string() }, cb);`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.tool('discover', { with_genres: guardId(z.string().describe('Comma-separated genre ids').optional()), sort_by: z.string() }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 2, data: { name: 'with_genres' } }],
    },
    {
      // A number id refuses "123" from a client that sends numbers as strings: guardNumberId, beside guardId.
      code: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.registerTool('create_item', { inputSchema: { boardId: z.number().int(), title: z.string() }, outputSchema: { boardId: z.number() } }, cb);`,
      output: `import { z } from 'zod';
import { guardId, guardNumberId } from 'agent-contract';
server.registerTool('create_item', { inputSchema: { boardId: guardNumberId(z.number().int()), title: z.string() }, outputSchema: { boardId: z.number() } }, cb);`,
      errors: [{ messageId: 'preferGuardedNumberId', line: 3, column: 62, data: { name: 'boardId' } }],
    },
    {
      // A server's own registration method in server.tool's form (useshortcut/mcp-server-shortcut's
      // addToolWithReadAccess): its inline shape is a tool input, though the class that defines it is elsewhere.
      code: `import { z } from 'zod';
server.addToolWithReadAccess('epics-create', 'Create an epic', { name: z.string(), ownerId: z.string() }, async (params) => tools.createEpic(params));`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.addToolWithReadAccess('epics-create', 'Create an epic', { name: z.string(), ownerId: guardId(z.string()) }, async (params) => tools.createEpic(params));`,
      errors: [{ messageId: 'preferGuardedId', line: 2, data: { name: 'ownerId' } }],
    },
    {
      // A tool class's input method, its base class holding the handler; the output method stays an output.
      code: `import { z } from 'zod';
class CreateItemTool extends BaseTool<Item> {
  name = 'create_item';
  getInputSchema() {
    return { boardId: z.string() };
  }
  getOutputSchema() {
    return { itemId: z.string() };
  }
}`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
class CreateItemTool extends BaseTool<Item> {
  name = 'create_item';
  getInputSchema() {
    return { boardId: guardId(z.string()) };
  }
  getOutputSchema() {
    return { itemId: z.string() };
  }
}`,
      errors: [{ messageId: 'preferGuardedId', line: 5, column: 23, data: { name: 'boardId' } }],
    },
    {
      // An input getter and a property, each in a class with a handler of its own.
      code: `import { z } from 'zod';
class GetItemTool {
  name = 'get_item';
  get inputSchema() {
    return z.object({ itemId: z.string() });
  }
  async execute(input: { itemId: string }) {
    return input.itemId;
  }
}
class ListItemsTool {
  readonly name = 'list_items';
  parameters = { boardId: z.string() };
  run = async () => [];
}`,
      output: [
        `import { z } from 'zod';
import { guardId } from 'agent-contract';
class GetItemTool {
  name = 'get_item';
  get inputSchema() {
    return z.object({ itemId: guardId(z.string()) });
  }
  async execute(input: { itemId: string }) {
    return input.itemId;
  }
}
class ListItemsTool {
  readonly name = 'list_items';
  parameters = { boardId: z.string() };
  run = async () => [];
}`,
        `import { z } from 'zod';
import { guardId } from 'agent-contract';
class GetItemTool {
  name = 'get_item';
  get inputSchema() {
    return z.object({ itemId: guardId(z.string()) });
  }
  async execute(input: { itemId: string }) {
    return input.itemId;
  }
}
class ListItemsTool {
  readonly name = 'list_items';
  parameters = { boardId: guardId(z.string()) };
  run = async () => [];
}`,
      ],
      errors: [
        { messageId: 'preferGuardedId', line: 5, column: 31, data: { name: 'itemId' } },
        { messageId: 'preferGuardedId', line: 13, column: 27, data: { name: 'boardId' } },
      ],
    },
    {
      // An exported shape named as an input, and a schema the handler parses tool arguments with, are inputs.
      code: `import { z } from 'zod';
export const GetTicketParams = z.object({ ticketId: z.string() });
const Ticket = z.object({ agentId: z.string() });
export function handle(request: { params: { arguments: unknown } }) {
  return Ticket.parse(request.params.arguments);
}`,
      output: [
        `import { z } from 'zod';
import { guardId } from 'agent-contract';
export const GetTicketParams = z.object({ ticketId: guardId(z.string()) });
const Ticket = z.object({ agentId: z.string() });
export function handle(request: { params: { arguments: unknown } }) {
  return Ticket.parse(request.params.arguments);
}`,
        `import { z } from 'zod';
import { guardId } from 'agent-contract';
export const GetTicketParams = z.object({ ticketId: guardId(z.string()) });
const Ticket = z.object({ agentId: guardId(z.string()) });
export function handle(request: { params: { arguments: unknown } }) {
  return Ticket.parse(request.params.arguments);
}`,
      ],
      errors: [
        { messageId: 'preferGuardedId', line: 2, column: 53 },
        { messageId: 'preferGuardedId', line: 3, column: 36 },
      ],
    },
    {
      // `.catch()` already turned 47 into the fallback; the guard would change that, so it is a suggestion.
      code: `import { z } from 'zod';
server.tool('t', { ticketId: z.string().catch('none') }, cb);`,
      output: null,
      errors: [
        {
          messageId: 'preferGuardedId',
          line: 2,
          column: 30,
          suggestions: [
            {
              messageId: 'wrapWithCatch',
              data: { guard: 'guardId' },
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.tool('t', { ticketId: guardId(z.string().catch('none')) }, cb);`,
            },
          ],
        },
      ],
    },
    {
      code: `import { z } from 'zod';
server.registerTool('get_ticket', { inputSchema: { ticketId: z.string().min(1).describe('The ticket id') } }, cb);`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.registerTool('get_ticket', { inputSchema: { ticketId: guardId(z.string().min(1).describe('The ticket id')) } }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 2, column: 62, endColumn: 105 }],
    },
    {
      // Double quotes, no semicolons, a trailing comment on the last import that must stay where it is.
      code: `import { z } from "zod"
import x from "y" // keep me
server.tool("get_ticket", "Read", { id: z.string() }, cb)`,
      output: `import { z } from "zod"
import x from "y" // keep me
import { guardId } from "agent-contract"
server.tool("get_ticket", "Read", { id: guardId(z.string()) }, cb)`,
      errors: [{ messageId: 'preferGuardedId', line: 3, column: 41, data: { name: 'id' } }],
    },
    {
      // An existing import from the module gains the name; a renamed import is reused as it is.
      code: `import { z } from 'zod';
import { idSchema } from 'agent-contract';
server.tool('t', { customer_id: z.string() }, cb);`,
      output: `import { z } from 'zod';
import { idSchema, guardId } from 'agent-contract';
server.tool('t', { customer_id: guardId(z.string()) }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 3, column: 33 }],
    },
    {
      code: `import { z as zz } from 'zod/v4';
import { guardId as g } from '#ids';
const shape = { ticketID: zz.string().optional() };
fastmcp.addTool({ name: 'close_ticket', parameters: zz.object(shape), execute: async () => '' });`,
      options: [{ importFrom: '#ids', ignoredNames: [] }],
      output: `import { z as zz } from 'zod/v4';
import { guardId as g } from '#ids';
const shape = { ticketID: g(zz.string().optional()) };
fastmcp.addTool({ name: 'close_ticket', parameters: zz.object(shape), execute: async () => '' });`,
      errors: [{ messageId: 'preferGuardedId', line: 3, column: 27, data: { name: 'ticketID' } }],
    },
    {
      // Named imports, a tool object with a same-file shape, nested objects and arrays of objects; two passes.
      code: `import { string, object, array } from 'zod';
const input = { note: object({ noteId: string() }), items: array(object({ id: string() })) };
export const tool = { name: 'add_notes', inputSchema: input, handler: async () => ({ content: [] }) };`,
      output: [
        `import { string, object, array } from 'zod';
import { guardId } from 'agent-contract';
const input = { note: object({ noteId: guardId(string()) }), items: array(object({ id: string() })) };
export const tool = { name: 'add_notes', inputSchema: input, handler: async () => ({ content: [] }) };`,
        `import { string, object, array } from 'zod';
import { guardId } from 'agent-contract';
const input = { note: object({ noteId: guardId(string()) }), items: array(object({ id: guardId(string()) })) };
export const tool = { name: 'add_notes', inputSchema: input, handler: async () => ({ content: [] }) };`,
      ],
      errors: [
        { messageId: 'preferGuardedId', line: 2, column: 40 },
        { messageId: 'preferGuardedId', line: 2, column: 79 },
      ],
    },
    {
      // A module-level helper of the same name is the author's own guard: reused, no import added.
      code: `import { z } from 'zod';
const guardId = <T,>(schema: T) => schema;
server.tool('t', { ticketId: z.string() }, cb);`,
      output: `import { z } from 'zod';
const guardId = <T,>(schema: T) => schema;
server.tool('t', { ticketId: guardId(z.string()) }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 3, column: 30 }],
    },
    {
      // Another `guardId` in an inner scope takes the name there: reported without a fix inside it, while a field
      // outside that scope still gets the import.
      code: `import { z } from 'zod';
function register(guardId: number) {
  server.tool('t', { ticketId: z.string() }, cb);
}
server.tool('u', { agentId: z.string() }, cb);`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
function register(guardId: number) {
  server.tool('t', { ticketId: z.string() }, cb);
}
server.tool('u', { agentId: guardId(z.string()) }, cb);`,
      errors: [
        { messageId: 'preferGuardedId', line: 3, column: 32 },
        { messageId: 'preferGuardedId', line: 5, column: 29 },
      ],
    },
    {
      // A namespace import of the guard module is used as it is.
      code: `import * as z from 'zod/mini';
import * as ac from 'agent-contract';
defineTool({ name: 'get_agent', inputShape: { agentId: z.string() }, run: () => null });`,
      output: `import * as z from 'zod/mini';
import * as ac from 'agent-contract';
defineTool({ name: 'get_agent', inputShape: { agentId: ac.guardId(z.string()) }, run: () => null });`,
      errors: [{ messageId: 'preferGuardedId', line: 3, column: 56 }],
    },
  ],
});
