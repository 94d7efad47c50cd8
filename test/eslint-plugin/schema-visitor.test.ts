import { LOCAL_Z_WITH_CAST } from './fixtures/cast-samples.ts';
import { Linter, type Rule } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { defineSchemaVisitor, type SchemaHooks } from '../../eslint-plugin/utils/schema-visitor.ts';

/** Lints `code` with one probe rule per hook set; each hook records what it was handed. */
function visit(code: string, ...hookSets: readonly SchemaHooks[]): void {
  const rules = Object.fromEntries(
    hookSets.map((hooks, index): [string, Rule.RuleModule] => [
      `probe-${index}`,
      {
        meta: { type: 'problem', schema: [] },
        create: (context) => defineSchemaVisitor(context as never, hooks) as Rule.RuleListener,
      },
    ]),
  );
  const messages = new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { probe: { rules } },
        rules: Object.fromEntries(Object.keys(rules).map((ruleName) => [`probe/${ruleName}`, 'error'])),
      },
    ],
    'probe.ts',
  );
  expect(messages.filter((message) => message.fatal === true)).toEqual([]);
}

describe('defineSchemaVisitor', () => {
  it('reads each tool schema once for every rule of the file', () => {
    const seen: unknown[][] = [[], []];
    const record = (index: 0 | 1): SchemaHooks => ({ onToolSchema: (schema) => seen[index]?.push(schema.expr) });
    visit(
      `import { z } from 'zod';
const shape = { ticketId: z.string() };
server.registerTool('get_ticket', { inputSchema: shape, outputSchema: z.object({ ok: z.boolean() }) }, cb);`,
      record(0),
      record(1),
    );
    expect(seen[0]).toHaveLength(2);
    // The same objects, not equal copies: the second rule was handed the first rule's reading.
    expect(seen[1]?.every((expr, index) => expr === seen[0]?.[index])).toBe(true);
  });

  it('calls the tool hooks once for a definition passed straight to addTool, and once per field two tools share', () => {
    const tools: (string | undefined)[] = [];
    const fields: string[] = [];
    visit(
      `import { z } from 'zod';
const shape = { ticketId: z.string(), note: z.string() };
server.addTool({ name: 'close_ticket', parameters: z.object(shape), execute: async () => '' });
server.tool('reopen_ticket', shape, cb);`,
      {
        onToolSchema: (schema) => tools.push(schema.tool.name),
        onInputIdField: ({ field, verdict }) => fields.push(`${field.key}:${verdict}`),
      },
    );
    expect(tools).toEqual(['close_ticket', 'reopen_ticket']);
    expect(fields).toEqual(['ticketId:guard']);
  });

  it('skips a file that imports nothing from Zod, and one whose text the rule rules out, but still finds casts there', () => {
    const calls: string[] = [];
    const hooks: SchemaHooks = {
      onIdField: (field) => calls.push(`id:${field.name}`),
      onCoercion: (coercion) => calls.push(`coerce:${coercion.target}`),
      onToolSchema: (schema) => calls.push(`tool:${schema.role}`),
      onDefensiveCast: (cast) => calls.push(`cast:${cast.idName}`),
    };
    // `zod` in a comment and a local z: no import, so no facts.
    visit(LOCAL_Z_WITH_CAST, hooks);
    expect(calls).toEqual(['cast:id']);
    calls.length = 0;
    visit(`import { z } from 'zod';\nserver.tool('t', { ticketId: z.coerce.string() }, cb);`, {
      ...hooks,
      mayReport: (text) => text.includes('union'),
    });
    expect(calls).toEqual([]);
    visit(`import { z } from 'zod';\nserver.tool('t', { ticketId: z.coerce.string() }, cb);`, hooks);
    expect(calls.sort()).toEqual(['coerce:string', 'id:ticketId', 'tool:input']);
  });

  it('hands coercions over with their field and a namespace to rebuild them from, also for a named coerce import', () => {
    const coercions: string[] = [];
    visit(
      `import { coerce as c } from 'zod'; import * as zod from 'zod';
export const input = { ticketId: c.string(), limit: zod.coerce.number().int() };`,
      { onCoercion: ({ target, fieldName, namespace }) => coercions.push(`${target}:${fieldName}:${namespace}`) },
    );
    expect(coercions).toEqual(['string:ticketId:zod', 'number:limit:zod']);
  });

  it('reads an id field only when a hook asks for its facts', () => {
    const verdicts: string[] = [];
    visit(
      `import { z } from 'zod';
export const input = { ticketId: z.union([z.string(), z.number()]), agentId: z.string(), projectIdOrKey: z.string().or(z.number()), valid: z.string() };`,
      {
        onIdField: (field) =>
          field.mayHoldUnion ? verdicts.push(`${field.name}:${field.verdict}`) : verdicts.push(`${field.name}:skipped`),
      },
    );
    expect(verdicts).toEqual(['ticketId:union', 'agentId:skipped', 'projectIdOrKey:union']);
  });
});
