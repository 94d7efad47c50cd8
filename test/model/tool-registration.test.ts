import { describe, expect, it } from 'vitest';
import { isSchemaRenderer, renderedSchemaOf } from '../../src/model/tool-registration.ts';
import type { SchemaExpr } from '../../src/model/schema-expr.ts';

const args: SchemaExpr<string> = { kind: 'identifier', node: 'Args', name: 'Args' };

describe('renderedSchemaOf', () => {
  it('takes the schema out of zodToJsonSchema(X) and toJSONSchema(X)', () => {
    expect(renderedSchemaOf<string>({ kind: 'call', node: 'c', callee: 'zodToJsonSchema', args: [args] })).toBe(args);
    expect(renderedSchemaOf<string>({ kind: 'call', node: 'c', callee: 'toJSONSchema', args: [args] })).toBe(args);
  });

  it('is undefined for any other call', () => {
    expect(renderedSchemaOf<string>({ kind: 'call', node: 'c', callee: 'offeredShape', args: [args] })).toBeUndefined();
    expect(isSchemaRenderer('z.toJSONSchema')).toBe(true);
    expect(isSchemaRenderer('toSchema')).toBe(false);
  });
});
