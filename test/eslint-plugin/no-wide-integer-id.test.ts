import rule from '../../eslint-plugin/rules/no-wide-integer-id.ts';
import { runRule } from './rule-tester.ts';

runRule('no-wide-integer-id', rule, {
  valid: [
    // The fix: a string of digits, guarded for the small ids clients send as numbers.
    `import { z } from 'zod'; import { guardId } from 'agent-contract';
export const input = { messageId: guardId(z.string().regex(/^\\d+$/)) };`,
    // A 64-bit number that is not an id, and an id that is a safe integer.
    `import { z } from 'zod'; export const input = { bytes: z.bigint(), ticketId: z.number().int() };`,
    // A local z, and a file without zod.
    `import { z } from 'zod'; function f(z: any) { return { messageId: z.bigint() }; }`,
    `declare const z: any; export const input = { messageId: z.int64() };`,
  ],
  invalid: [
    {
      code: `import { z } from 'zod';
server.registerTool(
  'get_message',
  { inputSchema: { messageId: z.coerce.bigint(), channelId: z.int64().optional() } },
  cb,
);
server.registerTool('latest_message', { inputSchema: {}, outputSchema: { messageId: z.uint64() } }, cb);`,
      errors: [
        { messageId: 'wideIntegerId', line: 4, column: 31 },
        { messageId: 'wideIntegerId', line: 4, column: 61 },
        { messageId: 'wideIntegerId', line: 7, column: 85 },
      ],
    },
    {
      code: `import * as z from 'zod/v4';
const MessageId = z.bigint().positive();
export const GetMessageParams = z.object({ messageId: MessageId });`,
      // The const is an id by its name, and the field names it: both are reported, as no-id-union reports a union.
      errors: [
        { messageId: 'wideIntegerId', data: { name: 'MessageId' }, line: 2, column: 19 },
        { messageId: 'wideIntegerId', data: { name: 'messageId' }, line: 3, column: 55 },
      ],
    },
  ],
});
