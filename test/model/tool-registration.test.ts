import { describe, expect, it } from 'vitest';
import {
  isSchemaRenderer,
  renderedSchemaOf,
  toolLikeRegistrationOf,
  toolRegistrationOf,
} from '../../src/model/tool-registration.ts';
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

describe('toolLikeRegistrationOf', () => {
  const name: SchemaExpr<string> = { kind: 'literal', node: 'n', value: 'epics-create' };
  const description: SchemaExpr<string> = { kind: 'literal', node: 'd', value: 'Create an epic' };
  const zodValue: SchemaExpr<string> = {
    kind: 'zod',
    node: 'z',
    factory: ['string'],
    factoryArgs: [],
    factoryNode: 'z',
    methods: [],
    binding: { kind: 'namespace', local: 'z', module: { source: 'zod', major: 4, mini: false } },
  } as never;
  const shape: SchemaExpr<string> = {
    kind: 'object',
    node: 's',
    properties: [{ key: 'teamId', value: zodValue, spread: false, node: 'p' }],
  } as never;
  const handler: SchemaExpr<string> = { kind: 'function', node: 'h' } as never;

  it("reads a server's own registration method in server.tool's form", () => {
    const registration = toolLikeRegistrationOf({
      method: 'addToolWithReadAccess',
      args: [name, description, shape, handler],
      node: 'c',
    });
    expect(registration).toMatchObject({ style: 'sdk-tool', name: 'epics-create', input: shape, handler });
  });

  it('takes a description written as a template with values in it before the schema', () => {
    // `server.tool('monitors', \`Actions: ... one of: \${names.join(', ')}\`, InputSchema, handler)`: a template with
    // values reads as `other`; with the schema after it and the handler last, it is the description.
    const template: SchemaExpr<string> = { kind: 'other', node: 't' };
    const annotations: SchemaExpr<string> = {
      kind: 'object',
      node: 'a',
      properties: [
        { key: 'readOnlyHint', value: { kind: 'literal', node: 'v', value: true }, spread: false, node: 'p' },
      ],
    } as never;
    expect(toolRegistrationOf({ method: 'tool', args: [name, template, shape, handler], node: 'c' })).toMatchObject({
      style: 'sdk-tool',
      input: shape,
    });
    // The schema itself followed by annotations keeps its place.
    expect(
      toolRegistrationOf({ method: 'tool', args: [name, template, annotations, handler], node: 'c' }),
    ).toMatchObject({ input: template });
  });

  it('takes a description or a name picked by a conditional as a template is taken', () => {
    // `server.tool(name, readOnly ? 'List (read-only)' : 'List', shape, handler)`: the conditional is the description.
    const either: SchemaExpr<string> = {
      kind: 'either',
      node: 'e',
      branches: [
        { kind: 'literal', node: 'a', value: 'List (read-only)' },
        { kind: 'literal', node: 'b', value: 'List' },
      ],
    };
    expect(toolRegistrationOf({ method: 'tool', args: [name, either, shape, handler], node: 'c' })).toMatchObject({
      style: 'sdk-tool',
      input: shape,
    });
    expect(toolRegistrationOf({ method: 'tool', args: [either, shape, handler], node: 'c' })).toMatchObject({
      style: 'sdk-tool',
      input: shape,
    });
  });

  it('takes a description a call builds, when a written shape follows it', () => {
    // `server.tool('projects', withNote('projects', 'Manage projects'), { id: z.number() }, handler)`: with a shape
    // written out after it, whatever comes first is the description, a call as much as a string.
    const built: SchemaExpr<string> = { kind: 'call', node: 'b', callee: 'withNote', args: [name, description] };
    expect(toolRegistrationOf({ method: 'tool', args: [name, built, shape, handler], node: 'c' })).toMatchObject({
      input: shape,
    });
    // A schema a call builds, followed by annotations, is the input.
    const annotations: SchemaExpr<string> = {
      kind: 'object',
      node: 'a',
      properties: [{ key: 'title', value: description, spread: false, node: 'p' }],
    } as never;
    expect(toolRegistrationOf({ method: 'tool', args: [name, built, annotations, handler], node: 'c' })).toMatchObject({
      input: built,
    });
  });

  it('leaves the known methods to toolRegistrationOf, and look-alikes alone', () => {
    const call = (method: string, args: SchemaExpr<string>[]) => toolLikeRegistrationOf({ method, args, node: 'c' });
    expect(call('tool', [name, shape, handler])).toBeUndefined();
    expect(call('addToolbarButton', [name, shape, handler])).toBeUndefined();
    expect(
      call('addToolWithReadAccess', [{ kind: 'identifier', node: 'x', name: 'x' }, shape, handler]),
    ).toBeUndefined();
    expect(
      call('addToolWithReadAccess', [name, { kind: 'object', node: 'o', properties: [] } as never, handler]),
    ).toBeUndefined();
  });
});
