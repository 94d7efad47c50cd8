import rule from '../../eslint-plugin/rules/no-effects-on-tool-schema.ts';
import { runRule } from './rule-tester.ts';

runRule('no-effects-on-tool-schema', rule, {
  valid: [
    // zod 4 keeps a ZodObject through refine.
    `import { z } from 'zod/v4'; server.registerTool('t', { inputSchema: z.object({ a: z.string() }).refine(() => true) }, cb);`,
    {
      code: `import { z } from 'zod'; server.registerTool('t', { inputSchema: z.object({ a: z.string() }).superRefine(() => {}) }, cb);`,
      options: [{ zodMajor: 4 }],
    },
    // The installed zod next to this repository is 4: a bare import is judged as zod 4.
    `import { z } from 'zod'; server.registerTool('t', { inputSchema: z.object({ a: z.string() }).refine(() => true) }, cb);`,
    // Refined schemas that are not tool schemas, and a local z.
    `import { z } from 'zod/v3'; export const range = z.object({ a: z.string() }).refine(() => true);`,
    `import { z } from 'zod/v3'; function f(z: any) { server.registerTool('t', { inputSchema: z.object({}).refine(() => true) }, cb); }`,
  ],
  invalid: [
    {
      code: `import { z } from 'zod/v3';
const input = z.object({ from: z.string(), to: z.string() }).refine((range) => range.from <= range.to);
server.registerTool('list_tickets', { inputSchema: input, outputSchema: z.object({ n: z.number() }).transform((o) => o) }, cb);`,
      errors: [
        {
          messageId: 'emptiedInput',
          line: 2,
          column: 62,
          endColumn: 68,
          data: { effect: 'refine', tool: 'tool `list_tickets`', major: '3' },
        },
        {
          messageId: 'droppedOutput',
          line: 3,
          column: 101,
          data: { effect: 'transform', tool: 'tool `list_tickets`', major: '3' },
        },
      ],
    },
    {
      code: `import { z } from 'zod/v4';
server.tool('ping', 'Ping', z.object({ a: z.string() }).transform((o) => o), cb);`,
      errors: [
        {
          messageId: 'emptiedInput',
          line: 2,
          column: 57,
          data: { effect: 'transform', tool: 'tool `ping`', major: '4' },
        },
      ],
    },
    {
      code: `import { z } from 'zod';
fastmcp.addTool({ name: 'close', parameters: z.object({ a: z.string() }).superRefine(() => {}), execute: async () => '' });`,
      options: [{ zodMajor: 3 }],
      errors: [
        {
          messageId: 'emptiedInput',
          line: 2,
          column: 74,
          data: { effect: 'superRefine', tool: 'tool `close`', major: '3' },
        },
      ],
    },
    {
      // A bare zod import: .transform() empties the contract under both majors, so no version look-up is needed.
      code: `import { z } from 'zod';
export const tool = { name: 'close', inputSchema: z.object({ a: z.string() }).transform((o) => o), handler: async () => ({ content: [] }) };`,
      errors: [
        {
          messageId: 'emptiedInput',
          line: 2,
          column: 79,
          data: { effect: 'transform', tool: 'tool `close`', major: '3 and 4' },
        },
      ],
    },
  ],
});
