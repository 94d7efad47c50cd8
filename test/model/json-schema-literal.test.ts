import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TypeScriptSchemaReader } from '../../src/adapters/typescript/from-typescript.ts';
import { jsonSchemaLiteralOf, jsonValueOf } from '../../src/model/json-schema-literal.ts';
import type { SchemaExpr } from '../../src/model/schema-expr.ts';

const source = `
import { z } from 'zod';
declare const version: string;

const ticketId = { type: 'string' };
const required = ['ticketId'];
const paging = { cursor: { type: 'string' } };

const written = { type: 'object', properties: { ticketId }, required, additionalProperties: false };
const spread = { $schema: 'x', properties: { ...paging, limit: { type: 'integer' } }, description: \`v\${version}\` };
const rawShape = { type: z.enum(['bug', 'task']), properties: z.record(z.string(), z.string()) };
const zodInside = { type: 'object', properties: { ticketId: z.string() } };
const options = { type: 'fast', retries: 3 };
`;

const sourceFile = ts.createSourceFile('schemas.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
const reader = new TypeScriptSchemaReader(sourceFile);

function expr(name: string): SchemaExpr<ts.Node> {
  for (const statement of sourceFile.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const declaration = statement.declarationList.declarations[0];
    if (declaration !== undefined && ts.isIdentifier(declaration.name) && declaration.name.text === name)
      return reader.read(declaration.initializer as ts.Expression);
  }
  throw new Error(`no const ${name}`);
}

function jsonOf(name: string): unknown {
  const schema = jsonSchemaLiteralOf(expr(name), reader.resolve);
  return schema === undefined ? undefined : jsonValueOf(schema.object, reader.resolve);
}

describe('jsonSchemaLiteralOf', () => {
  it('reads a JSON Schema through the consts and spreads it names', () => {
    expect(jsonOf('written')).toEqual({
      type: 'object',
      properties: { ticketId: { type: 'string' } },
      required: ['ticketId'],
      additionalProperties: false,
    });
    expect(jsonOf('spread')).toEqual({
      $schema: 'x',
      properties: { cursor: { type: 'string' }, limit: { type: 'integer' } },
    });
  });

  it('keeps its fields, the keys of `properties`, apart from its keywords', () => {
    const schema = jsonSchemaLiteralOf(expr('spread'), reader.resolve);
    expect(schema?.properties?.properties.map((property) => property.key)).toEqual(['cursor', 'limit']);
  });

  it('is no JSON Schema when Zod is in it, or when its `type` names no JSON type', () => {
    expect(jsonSchemaLiteralOf(expr('rawShape'), reader.resolve)).toBeUndefined();
    expect(jsonSchemaLiteralOf(expr('zodInside'), reader.resolve)).toBeUndefined();
    expect(jsonSchemaLiteralOf(expr('options'), reader.resolve)).toBeUndefined();
  });
});
