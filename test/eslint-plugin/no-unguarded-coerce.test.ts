import rule from '../../eslint-plugin/rules/no-unguarded-coerce.ts';
import { runRule } from './rule-tester.ts';

const STRING_GUARD = "(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value)";
const NUMBER_GUARD = "(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)";

runRule('no-unguarded-coerce', rule, {
  valid: [
    `import { z } from 'zod'; export const input = { limit: z.number(), ticketId: z.string() };`,
    // Not zod: a local z, a shadowing parameter, a file without zod imports.
    `const z = { coerce: { string: () => 1 } }; z.coerce.string();`,
    `import { z } from 'zod'; function f(z: any) { return z.coerce.string(); }`,
    {
      code: `import { z } from 'zod'; export const since = z.coerce.date();`,
      options: [{ importFrom: 'agent-contract', allow: ['date'] }],
    },
    // A nullable date coercion has nothing surprising left: null stays null, dates and epochs are what it is for.
    `import { z } from 'zod'; export const finishedAt = z.coerce.date().nullable();`,
    // 0 fails .min(1) and .positive(), so null and "" still end in a validation error on a field that is no id.
    `import { z } from 'zod'; export const input = { top: z.coerce.number().positive(), page: z.coerce.number().int().min(1).optional() };`,
  ],
  invalid: [
    {
      // On an id field no number check helps: true becomes 1, [5] becomes 5 and " 7 " becomes 7, all valid ids.
      code: `import { z } from 'zod';
export const input = { id: z.coerce.number().int().positive(), pullRequestId: z.coerce.number().min(1).optional() };`,
      errors: [
        {
          messageId: 'coerce',
          line: 2,
          column: 28,
          data: { call: 'z.coerce.number()', field: ' on `id`', surprise: 'true becomes 1' },
          // guardNumberId takes only decimal strings of safe integers: " 7 ", "0x1F", "" and true stay what they are and fail.
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { replacement: 'guardNumberId(z.number().int().positive())' },
              output: `import { z } from 'zod';
import { guardNumberId } from 'agent-contract';
export const input = { id: guardNumberId(z.number().int().positive()), pullRequestId: z.coerce.number().min(1).optional() };`,
            },
          ],
        },
        {
          messageId: 'coerce',
          line: 2,
          column: 79,
          data: { call: 'z.coerce.number()', field: ' on `pullRequestId`', surprise: 'true becomes 1' },
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { replacement: 'guardNumberId(z.number().min(1).optional())' },
              output: `import { z } from 'zod';
import { guardNumberId } from 'agent-contract';
export const input = { id: z.coerce.number().int().positive(), pullRequestId: guardNumberId(z.number().min(1).optional()) };`,
            },
          ],
        },
      ],
    },
    {
      code: `import { z } from 'zod';
export const input = { ticketId: z.coerce.string().min(1) };`,
      errors: [
        {
          messageId: 'coerce',
          line: 2,
          column: 34,
          endColumn: 51,
          data: {
            call: 'z.coerce.string()',
            field: ' on `ticketId`',
            surprise: 'null becomes "null"',
          },
          suggestions: [
            {
              messageId: 'useGuardId',
              data: { replacement: 'guardId(z.string().min(1))' },
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
export const input = { ticketId: guardId(z.string().min(1)) };`,
            },
          ],
        },
      ],
    },
    {
      code: `import * as zod from 'zod/v3';
const input = { limit: zod.coerce.number().int().max(100), name: zod.coerce.string() };`,
      errors: [
        {
          messageId: 'coerce',
          line: 2,
          column: 24,
          suggestions: [
            {
              messageId: 'useGuardedPreprocess',
              output: `import * as zod from 'zod/v3';
const input = { limit: zod.preprocess(${NUMBER_GUARD}, zod.number().int().max(100)), name: zod.coerce.string() };`,
            },
          ],
        },
        {
          messageId: 'coerce',
          line: 2,
          column: 66,
          suggestions: [
            {
              messageId: 'useGuardedPreprocess',
              output: `import * as zod from 'zod/v3';
const input = { limit: zod.coerce.number().int().max(100), name: zod.preprocess(${STRING_GUARD}, zod.string()) };`,
            },
          ],
        },
      ],
    },
    {
      // zod mini has no preprocess: the guard is a pipe.
      code: `import * as z from 'zod/mini';
export const flag = z.coerce.boolean();`,
      errors: [
        {
          messageId: 'coerce',
          line: 2,
          column: 21,
          data: {
            call: 'z.coerce.boolean()',
            field: '',
            surprise: 'null becomes false',
          },
          suggestions: [
            {
              messageId: 'useGuardedPreprocess',
              output: `import * as z from 'zod/mini';
export const flag = z.pipe(z.transform((value) => (value === 'true' ? true : value === 'false' ? false : value)), z.boolean());`,
            },
          ],
        },
      ],
    },
    {
      // A named `coerce` import with no namespace to build from: reported, no suggestion.
      code: `import { coerce } from 'zod';
export const since = coerce.date();`,
      errors: [{ messageId: 'coerce', line: 2, column: 22, suggestions: [] }],
    },
    {
      // null and undefined never reach a coercion behind .nullable()/.optional(): only what is left is named.
      code: `import { z } from 'zod';
export const row = { duration: z.coerce
  .number()
  .nullable()
  .optional(), project_id: z.coerce.string().nullish() };`,
      errors: [
        {
          messageId: 'coerce',
          line: 2,
          column: 32,
          data: {
            call: 'z.coerce.number()',
            field: ' on `duration`',
            surprise: '"" becomes 0',
          },
          suggestions: [
            {
              messageId: 'useGuardedPreprocess',
              output: `import { z } from 'zod';
export const row = { duration: z.preprocess(${NUMBER_GUARD}, z.number()
  .nullable()
  .optional()), project_id: z.coerce.string().nullish() };`,
            },
          ],
        },
        {
          messageId: 'coerce',
          line: 5,
          column: 28,
          data: {
            call: 'z.coerce.string()',
            field: ' on `project_id`',
            surprise: '{} becomes "[object Object]"',
          },
          suggestions: [
            {
              messageId: 'useGuardId',
              output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
export const row = { duration: z.coerce
  .number()
  .nullable()
  .optional(), project_id: guardId(z.string().nullish()) };`,
            },
          ],
        },
      ],
    },
    {
      code: `import { z } from 'zod/v4';
export const big = z.coerce.bigint();`,
      errors: [
        {
          messageId: 'coerce',
          line: 2,
          column: 20,
          suggestions: [
            {
              messageId: 'useGuardedPreprocess',
              output: `import { z } from 'zod/v4';
export const big = z.preprocess((value) => ((typeof value === 'string' && /^-?\\d+$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value)) ? BigInt(value) : value), z.bigint());`,
            },
          ],
        },
      ],
    },
  ],
});
