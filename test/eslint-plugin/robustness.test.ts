import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';

/** Syntax the rules must walk past without throwing: odd callees, spreads, holes, computed keys, JSX, TS-only forms. */
const SNIPPETS: Record<string, string> = {
  'registration without arguments': `import { z } from 'zod'; server.tool(); server.registerTool(); server.addTool(); addTool();`,
  'spread arguments and holes': `import { z } from 'zod'; server.tool(...args); server.registerTool('t', ...rest); const a = [, z.string(), ...b];`,
  'computed and numeric keys': `import { z } from 'zod'; const k = 'id'; server.tool('t', { [k]: z.string(), 1: z.string(), 'ticket_id': z.string() }, cb);`,
  'optional calls and non-null': `import { z } from 'zod'; server?.tool?.('t', { ticketId: z?.string()! }, cb); z.coerce?.string?.();`,
  'getters, methods, shorthand in tool objects': `import { z } from 'zod'; const ticketId = z.string(); export const t = { name: 'x', get inputSchema() { return {}; }, handler() {} }; export const u = { name, inputSchema: { ticketId }, run };`,
  'self-referencing consts': `import { z } from 'zod'; const a: any = a; const b: any = c; const c: any = b; server.registerTool('t', { inputSchema: b, outputSchema: a }, cb);`,
  'import equals and namespaces': `import z = require('zod'); namespace N { export const x = z.string(); } export * from 'zod'; export { z as zz } from 'zod';`,
  'type-only zod imports': `import type { z } from 'zod'; import { type ZodType } from 'zod'; const s: z.ZodString = undefined as never; String(s.id);`,
  'classes, decorators, private fields': `import { z } from 'zod'; @dec class A { #id = String(this.#id); static { z.coerce.string(); } @dec m(@p x = z.string()) {} accessor ticketId = z.union([z.string(), z.number()]); }`,
  'tagged templates and template casts': `import { z } from 'zod'; const q = sql\`\${row.id}\`; const s = \`\${row.id}\`; const t = \`\${a.id}\${b.id}\`;`,
  'unary and binary casts on odd operands': `+(a.id); +'1'; (a.id as string) + ''; '' + (a?.id)!; +x[0].id; +x['ticketId'];`,
  'deep chains and unions of unknowns': `import { z } from 'zod'; const s = z.union(list); const t = z.union([...members]); const u = z.string().or(); const v = z.object(shape).refine().transform(); server.tool('t', v, cb);`,
  'zod mini and core': `import * as z from 'zod/mini'; import * as core from 'zod/v4/core'; server.registerTool('t', { inputSchema: { ticketId: z.pipe(z.transform(f), z.string()) }, outputSchema: z.object({ id: z.optional(z.string()) }) }, cb);`,
  'JSX-like generic arrows in ts': `import { z } from 'zod'; const f = <T,>(x: T) => x; const g = async <T extends string>(id: T) => String(id);`,
};

const config: Linter.Config[] = [
  { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { experimentalDecorators: false } } },
  { ...(plugin.configs.all as Linter.Config), files: ['**/*.ts'] },
];

describe('the rules never throw', () => {
  it.each(Object.entries(SNIPPETS))('%s', (_name, code) => {
    const messages = new Linter({ configType: 'flat' }).verify(code, config, 'snippet.test.ts');
    expect(messages.filter((message) => message.fatal === true)).toEqual([]);
  });
});
