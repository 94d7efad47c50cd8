import rule from '../../eslint-plugin/rules/no-id-union.ts';
import { runRule } from './rule-tester.ts';

runRule('no-id-union', rule, {
  valid: [
    `import { z } from 'zod'; export const input = { page: z.union([z.string(), z.number()]), ticketId: z.string() };`,
    `import { z } from 'zod'; export const input = { ticketId: z.union([z.string(), z.boolean()]) };`,
    // A local z, and a file without zod.
    `import { z } from 'zod'; function f(z: any) { return { ticketId: z.union([z.string(), z.number()]) }; }`,
    `declare const z: any; export const input = { ticketId: z.string().or(z.number()) };`,
  ],
  invalid: [
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
