import rule from '../../eslint-plugin/rules/prefer-guarded-id.ts';
import { runRule } from './rule-tester.ts';

// Facts the rule takes from the model (src/model/zod-vocabulary.ts): fields added by `.safeExtend()` are fields of the
// tool's input, and a format a decimal id can pass (`z.hex()`, `.regex(/^\d+$/)`) still needs the guard.
runRule('prefer-guarded-id', rule, {
  valid: [
    `import { z } from 'zod'; server.registerTool('t', { inputSchema: z.object({ name: z.string() }).safeExtend({ ticketId: z.uuid() }) }, cb);`,
  ],
  invalid: [
    {
      code: `import { z } from 'zod';
server.registerTool('t', { inputSchema: z.object({ name: z.string() }).safeExtend({ ticketId: z.string() }) }, cb);`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.registerTool('t', { inputSchema: z.object({ name: z.string() }).safeExtend({ ticketId: guardId(z.string()) }) }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 2, column: 95 }],
    },
    {
      code: `import { z } from 'zod';
server.tool('t', { ticketId: z.hex() }, cb);`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.tool('t', { ticketId: guardId(z.hex()) }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 2, column: 30 }],
    },
    {
      code: `import { z } from 'zod';
server.tool('t', { orderId: z.string().regex(/^\\d+$/) }, cb);`,
      output: `import { z } from 'zod';
import { guardId } from 'agent-contract';
server.tool('t', { orderId: guardId(z.string().regex(/^\\d+$/)) }, cb);`,
      errors: [{ messageId: 'preferGuardedId', line: 2, column: 29 }],
    },
  ],
});
