import rule from '../../eslint-plugin/rules/no-guarded-id-in-output.ts';
import { runRule } from './rule-tester.ts';

runRule('no-guarded-id-in-output', rule, {
  valid: [
    `import { z } from 'zod'; import { guardId } from 'agent-contract';
     server.registerTool('t', { inputSchema: { ticketId: guardId(z.string()) }, outputSchema: { ticketId: z.number() } }, cb);`,
    // A guardId that is not this package's, and a file without zod.
    `import { z } from 'zod'; const guardId = (s: unknown) => s;
     server.registerTool('t', { outputSchema: { ticketId: guardId(z.string()) } }, cb);`,
    `import { guardId } from 'agent-contract'; server.registerTool('t', { outputSchema: { ticketId: guardId(x) } }, cb);`,
  ],
  invalid: [
    {
      code: `import { z } from 'zod';
import { guardId, idSchema } from 'agent-contract';
server.registerTool('create_ticket', { outputSchema: { ticketId: guardId(z.string()), tickets: z.array(z.object({ id: idSchema() })) } }, cb);`,
      errors: [
        {
          messageId: 'guardedOutput',
          line: 3,
          column: 66,
          endColumn: 85,
          data: { subject: '`ticketId`', tool: 'tool `create_ticket`', values: 'numbers' },
        },
        {
          messageId: 'guardedOutput',
          line: 3,
          column: 119,
          data: { subject: '`id`', tool: 'tool `create_ticket`', values: 'numbers' },
        },
      ],
    },
    {
      // A numeric preprocess in a same-file output shape of a tool object; zod mini's pipe form too.
      code: `import * as z from 'zod/mini';
declare const toText: (v: unknown) => unknown;
const output = { replyId: z.pipe(z.transform(toText), z.string()) };
export const tool = { name: 'draft_reply', inputShape: {}, outputShape: output, run: () => null };`,
      errors: [
        {
          messageId: 'guardedOutput',
          line: 3,
          column: 27,
          data: { subject: '`replyId`', tool: 'tool `draft_reply`', values: 'numbers' },
        },
      ],
    },
    {
      // The number guard lets strings through instead: clients reject "123" against the published number type.
      code: `import { z } from 'zod';
import { guardNumberId, idSchema } from 'agent-contract';
server.registerTool('create_board', { outputSchema: { boardId: guardNumberId(z.number()), ownerId: idSchema('number') } }, cb);`,
      errors: [
        {
          messageId: 'guardedOutput',
          line: 3,
          column: 64,
          endColumn: 89,
          data: { subject: '`boardId`', tool: 'tool `create_board`', values: 'strings' },
        },
        {
          messageId: 'guardedOutput',
          line: 3,
          column: 100,
          data: { subject: '`ownerId`', tool: 'tool `create_board`', values: 'strings' },
        },
      ],
    },
    {
      code: `import { z } from 'zod';
import { guardId as g } from '#ids';
server.registerTool('t', { outputSchema: z.object({ userId: g(z.string()) }) }, cb);`,
      options: [{ importFrom: '#ids' }],
      errors: [{ messageId: 'guardedOutput', line: 3, column: 61 }],
    },
  ],
});
