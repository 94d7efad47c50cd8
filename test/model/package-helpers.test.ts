import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { SourceCode } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EstreeSchemaReader } from '../../src/adapters/estree/from-estree.ts';
import { TypeScriptSchemaReader } from '../../src/adapters/typescript/from-typescript.ts';
import type { SchemaExpr } from '../../src/model/schema-expr.ts';
import { schemaFieldsOf } from '../../src/model/schema-fields.ts';

// What the dispositions codemod and a server author write with this package's helpers, read back by both readers.
const source = `
import { z } from 'zod';
import { type Disposition, dispositionsFor, guardIdFields, honored, offeredShape, refused } from 'agent-contract';
declare const importedTable: Record<string, Disposition>;
const shape = { ticketId: z.string(), webhookUrl: z.string().url(), note: z.string() };
const table = {
  ticketId: honored,
  webhookUrl: refused('Webhooks are not sent.', { instead: 'poll get_ticket' }),
  note: honored,
} as const satisfies Record<keyof typeof shape, Disposition>;
const offered = offeredShape(shape, table);
const checked = offeredShape(shape, dispositionsFor(shape)({ ticketId: honored, webhookUrl: { decision: 'refused', reason: 'r', instead: 'i' }, note: honored }));
const unreadable = offeredShape(shape, importedTable);
const wrapped = z.object(offeredShape(shape, table));
const guarded = guardIdFields({ ticketId: z.string(), email: z.string(), orderId: z.uuid(), customerId: z.number() });
const numbersToo = guardIdFields({ ticketId: z.string(), customerId: z.number(), count: z.number() }, { numberIds: true });
`;

function fromTypeScript(): Map<
  string,
  { expr: SchemaExpr<unknown>; resolve: (e: SchemaExpr<unknown>) => SchemaExpr<unknown> }
> {
  const file = ts.createSourceFile('server.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const reader = new TypeScriptSchemaReader(file);
  const found = new Map();
  for (const statement of file.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    for (const declaration of statement.declarationList.declarations) {
      if (ts.isIdentifier(declaration.name) && declaration.initializer !== undefined) {
        found.set(declaration.name.text, { expr: reader.read(declaration.initializer), resolve: reader.resolve });
      }
    }
  }
  return found;
}

function fromEstree(): Map<
  string,
  { expr: SchemaExpr<unknown>; resolve: (e: SchemaExpr<unknown>) => SchemaExpr<unknown> }
> {
  const { ast, scopeManager, visitorKeys, services } = parseForESLint(source, {
    range: true,
    loc: true,
    tokens: true,
    comment: true,
    sourceType: 'module',
  });
  const sourceCode = new SourceCode({
    text: source,
    ast: ast as never,
    scopeManager: scopeManager as never,
    visitorKeys,
    parserServices: services,
  } as never);
  const reader = new EstreeSchemaReader(sourceCode as unknown as TSESLint.SourceCode);
  const found = new Map();
  for (const statement of ast.body) {
    if (statement.type !== 'VariableDeclaration') continue;
    for (const declaration of statement.declarations as TSESTree.VariableDeclarator[]) {
      if (declaration.id.type === 'Identifier' && declaration.init !== null)
        found.set(declaration.id.name, { expr: reader.read(declaration.init), resolve: reader.resolve });
    }
  }
  return found;
}

const readers = { typescript: fromTypeScript(), estree: fromEstree() };

function fields(reader: keyof typeof readers, name: string): Record<string, string> {
  const entry = readers[reader].get(name);
  if (entry === undefined) throw new Error(`no const ${name}`);
  return Object.fromEntries(
    schemaFieldsOf(entry.expr, entry.resolve).map((field) => [field.key, field.meaning.accepts]),
  );
}

describe.each(['typescript', 'estree'] as const)('the %s reader sees through the package helpers', (reader) => {
  it('offeredShape(shape, table) publishes the shape minus the refused fields', () => {
    expect(fields(reader, 'offered')).toEqual({ ticketId: 'string', note: 'string' });
    expect(fields(reader, 'checked')).toEqual({ ticketId: 'string', note: 'string' });
    expect(fields(reader, 'wrapped')).toEqual({ ticketId: 'string', note: 'string' });
  });

  it('a table it cannot read refuses nothing', () => {
    expect(fields(reader, 'unreadable')).toEqual({ ticketId: 'string', webhookUrl: 'string', note: 'string' });
  });

  it('guardIdFields(shape) guards the id-named plain strings only', () => {
    expect(fields(reader, 'guarded')).toEqual({
      ticketId: 'guarded',
      email: 'string',
      orderId: 'string',
      customerId: 'number',
    });
  });

  it('guardIdFields(shape, { numberIds: true }) guards the id-named plain numbers too', () => {
    expect(fields(reader, 'numbersToo')).toEqual({
      ticketId: 'guarded',
      customerId: 'guarded-number',
      count: 'number',
    });
  });
});
