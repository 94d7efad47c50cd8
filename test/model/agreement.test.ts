import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { SourceCode } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as z3 from 'zod3';
import { EstreeSchemaReader } from '../../src/adapters/estree/from-estree.ts';
import { TypeScriptSchemaReader } from '../../src/adapters/typescript/from-typescript.ts';
import { idAcceptorVerdict } from '../../src/model/id-acceptor.ts';
import type { SchemaExpr } from '../../src/model/schema-expr.ts';
import { meaningOf } from '../../src/model/schema-meaning.ts';
import { describeFieldSchema } from '../../src/model/zod-runtime.ts';

/**
 * One answer per fact, whichever reader asks: the ESTree reader (lint rules), the TypeScript reader (codemods, audit)
 * and the run-time reader of schema objects (`guardIdFields`, the contract probe). Each case is a schema written with
 * `z` (zod 4) or `z3` (zod 3) as a server would, read statically from source and built with the real zod package.
 */
const HEADER = `import { z } from 'zod';\nimport * as z3 from 'zod/v3';\n`;

function readStatically(expression: string): { estree: SchemaExpr<unknown>; typescript: SchemaExpr<unknown> } {
  const text = `${HEADER}const subject = ${expression};\n`;
  const file = ts.createSourceFile('case.ts', text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const statement = file.statements.at(-1) as ts.VariableStatement;
  const initializer = statement.declarationList.declarations[0]?.initializer as ts.Expression;
  const typescript = new TypeScriptSchemaReader(file).read(initializer);

  const { ast, scopeManager, visitorKeys, services } = parseForESLint(text, {
    range: true,
    loc: true,
    tokens: true,
    comment: true,
    sourceType: 'module',
  });
  const sourceCode = new SourceCode({
    text,
    ast: ast as never,
    scopeManager: scopeManager as never,
    visitorKeys,
    parserServices: services,
  } as never);
  const declaration = (ast.body.at(-1) as TSESTree.VariableDeclaration).declarations[0] as TSESTree.VariableDeclarator;
  const estree = new EstreeSchemaReader(sourceCode as unknown as TSESLint.SourceCode).read(
    declaration.init as TSESTree.Expression,
  );
  return { estree, typescript };
}

function build(expression: string): unknown {
  return new Function('z', 'z3', `return ${expression};`)(z4.z, z3.z);
}

/** The run-time reader's answer in the verdict words of the static model. */
function runtimeVerdict(schema: unknown): string {
  const field = describeFieldSchema(schema);
  switch (field.kind) {
    case 'string':
      return field.constrainedFormat === undefined ? 'guard' : 'constrained';
    case 'number':
      return 'numeric';
    case 'union':
      return 'union';
    default:
      return field.kind;
  }
}

const ID_CASES: readonly [expression: string, verdict: string][] = [
  ['z.string()', 'guard'],
  ['z.string().min(1).describe("The ticket id")', 'guard'],
  ['z.string().optional()', 'guard'],
  ['z.hex()', 'guard'],
  ['z.cuid2()', 'guard'],
  ['z.base64url()', 'guard'],
  ['z.string().base64()', 'guard'],
  ['z.string().lowercase()', 'guard'],
  ['z.string().regex(/^\\d+$/)', 'guard'],
  ['z.string().regex(/^[0-9]{1,12}$/u)', 'guard'],
  ['z.string().regex(/^T-[0-9]+$/)', 'constrained'],
  ['z.string().uuid()', 'constrained'],
  ['z.uuid()', 'constrained'],
  ['z.guid()', 'constrained'],
  ['z.string().email()', 'constrained'],
  ['z.url()', 'constrained'],
  ['z.ulid()', 'constrained'],
  ['z.nanoid()', 'constrained'],
  ['z.e164()', 'constrained'],
  ['z.string().datetime()', 'constrained'],
  ['z.iso.date()', 'constrained'],
  ['z.number()', 'numeric'],
  ['z.number().int().positive()', 'numeric'],
  ['z.int()', 'numeric'],
  ['z.coerce.string()', 'coerced'],
  ['z.union([z.string(), z.number()])', 'union'],
  ['z.string().or(z.number())', 'union'],
  ['z.preprocess((value) => value, z.string())', 'guarded'],
  ['z3.string()', 'guard'],
  ['z3.string().cuid2()', 'guard'],
  ['z3.string().base64()', 'guard'],
  ['z3.string().emoji()', 'guard'],
  ['z3.string().regex(/^\\d+$/)', 'guard'],
  ['z3.string().regex(/^[a-f0-9]{24}$/)', 'constrained'],
  ['z3.string().regex(/^[a-z]+-[0-9]+$/)', 'constrained'],
  ['z3.string().uuid()', 'constrained'],
  ['z3.string().email()', 'constrained'],
  ['z3.string().datetime()', 'constrained'],
  ['z3.number().int()', 'numeric'],
  ['z3.coerce.string()', 'coerced'],
  ['z3.union([z3.string(), z3.number()])', 'union'],
  ['z3.preprocess((value) => value, z3.string())', 'guarded'],
];

describe('an id field means the same to every reader', () => {
  it.each(ID_CASES)('ticketId: %s is %s', (expression, verdict) => {
    const { estree, typescript } = readStatically(expression);
    expect(idAcceptorVerdict('ticketId', meaningOf(estree)), 'ESTree reader').toBe(verdict);
    expect(idAcceptorVerdict('ticketId', meaningOf(typescript)), 'TypeScript reader').toBe(verdict);
    const atRunTime = runtimeVerdict(build(expression));
    expect(atRunTime, 'run-time reader').toBe(verdict === 'guarded' ? 'guarded' : verdict);
  });
});

const SHAPE_CASES: readonly [expression: string, fields: readonly string[]][] = [
  ['z.object({ a: z.string() })', ['a']],
  ['z.strictObject({ a: z.string() })', ['a']],
  ['z.looseObject({ a: z.string() })', ['a']],
  ['z.object({ a: z.string() }).extend({ ticketId: z.string() })', ['a', 'ticketId']],
  ['z.object({ a: z.string() }).safeExtend({ ticketId: z.string() })', ['a', 'ticketId']],
  ['z.object({ a: z.string(), ticketId: z.number() }).extend({ ticketId: z.string() })', ['a', 'ticketId']],
  ['z.object({ a: z.string() }).merge(z.object({ ticketId: z.string() }))', ['a', 'ticketId']],
  ['z.object({ a: z.string(), ticketId: z.string() }).pick({ ticketId: true })', ['ticketId']],
  ['z.object({ a: z.string(), ticketId: z.string() }).omit({ a: true })', ['ticketId']],
  ['z.object({ ticketId: z.string() }).partial()', ['ticketId']],
  ['z.object({ ticketId: z.string() }).required()', ['ticketId']],
  ['z.object({ ticketId: z.string() }).strict()', ['ticketId']],
  ['z.object({ ticketId: z.string() }).passthrough()', ['ticketId']],
  ['z.object({ ticketId: z.string() }).catchall(z.string())', ['ticketId']],
  ['z3.object({ a: z3.string() }).extend({ ticketId: z3.string() })', ['a', 'ticketId']],
  ['z3.object({ a: z3.string() }).merge(z3.object({ ticketId: z3.string() }))', ['a', 'ticketId']],
  ['z3.object({ a: z3.string(), ticketId: z3.string() }).pick({ ticketId: true })', ['ticketId']],
  ['z3.object({ ticketId: z3.string() }).strict()', ['ticketId']],
];

function staticFields(expr: SchemaExpr<unknown>): string[] {
  return (meaningOf(expr).shape?.properties ?? [])
    .flatMap((property) => (property.key === undefined ? [] : [property.key]))
    .sort();
}

describe('an object schema has the same fields to every reader', () => {
  it.each(SHAPE_CASES)('%s has fields %j', (expression, fields) => {
    const { estree, typescript } = readStatically(expression);
    expect(staticFields(estree), 'ESTree reader').toEqual([...fields].sort());
    expect(staticFields(typescript), 'TypeScript reader').toEqual([...fields].sort());
    const shape = (build(expression) as { shape: Record<string, unknown> }).shape;
    expect(Object.keys(shape).sort(), 'zod itself').toEqual([...fields].sort());
  });
});
