import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import { SourceCode } from 'eslint';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { EstreeSchemaReader } from '../../src/adapters/estree/from-estree.ts';
import { TypeScriptSchemaReader } from '../../src/adapters/typescript/from-typescript.ts';
import { type GuardRewrite, guardRewriteOf, stringBranchOfUnion } from '../../src/model/guard-rewrite.ts';
import { describedTextOf, type SchemaExpr } from '../../src/model/schema-expr.ts';
import { type SchemaMeaning, meaningOf } from '../../src/model/schema-meaning.ts';
import { guardedSchemasIn, schemaFieldsOf } from '../../src/model/schema-fields.ts';
import { toolDefinitionOf, toolRegistrationOf } from '../../src/model/tool-registration.ts';
import { idAcceptorVerdict } from '../../src/model/id-acceptor.ts';

const source = `
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { z as zz } from 'zod/v4';
import { string, number, union } from 'zod';
import * as zm from 'zod/mini';
import { guardId, guardNumberId, idSchema } from 'agent-contract';
declare const numericIdToString: (value: unknown) => unknown;
declare const decimalIdToNumber: (value: unknown) => unknown;

const plain = z.string().min(1).describe('The ticket id');
const joinedDescription = z.string().describe('The card number - ' + 'the visible ID ' + \`on the board\`);
const optionalPlain = z.string().optional();
const renamed = zz.string();
const named = string().min(1);
const numeric = z.number().int();
const coerced = z.coerce.string();
const coercedNumber = z3.coerce.number();
const unionIds = z.union([z.string(), z.number()]);
const namedUnion = union([string(), number()]);
const orIds = z.number().or(z.string());
const guarded = guardId(z.string().min(1));
const guardedOptional = guardId(z.string()).optional();
const guardedDescribed = guardId(z.string().describe('Genre ids')).optional();
const guardedRedescribed = guardId(z.string().describe('Genre ids')).describe('Genres to match');
const idOnly = idSchema();
const preprocessed = z.preprocess(numericIdToString, z.string());
const miniGuarded = zm.pipe(zm.transform(numericIdToString), zm.string());
const guardedNumber = guardNumberId(z.number().int());
const guardedNumberOptional = guardNumberId(zm.number()).optional();
const numberIdOnly = idSchema('number');
const stringIdOnly = idSchema('string');
const preprocessedNumber = z.preprocess(decimalIdToNumber, z.number());
const miniGuardedNumber = zm.pipe(zm.transform(decimalIdToNumber), zm.number());
const miniOptional = zm.optional(zm.string());
const uuid = z.string().uuid();
const uuidFactory = z.uuid();
const describedUuid = z.string().nullable().optional().describe('Team UUID (null to unset)');
const describedEither = z.string().describe('Project ID or UUID');
const regex = z.string().regex(/^T-[0-9]+$/);
const miniRegex = zm.string().check(zm.regex(/^x/));
const refined = z3.object({ a: z3.string() }).refine(() => true);
const transformed = z.object({ a: z.string() }).transform((value) => value);
const nullish = z.string().nullish();
const unionWithNull = z.union([z.number().int(), z.null()]);
const nullFirst = z.union([z.null(), z.string().min(1)]).optional();
const orNull = z.string().or(z.null());
const unionWithUndefined = z.union([z.string(), z.undefined()]);
const idsOrNull = z.union([z.string(), z.number(), z.null()]);
const objectOrNull = z.union([z.object({ id: z.string() }), z.null()]);
function shadow(z: { string(): unknown }) {
  const notZod = z.string();
  return notZod;
}
`;

interface Summary {
  accepts: string;
  formats: readonly string[];
  optional: boolean;
  nullable: boolean;
  effects: string[];
  coerceTarget?: string;
}

function summarise<N>(meaning: SchemaMeaning<N>): Summary {
  return {
    accepts: meaning.accepts,
    formats: meaning.formats,
    optional: meaning.optional,
    nullable: meaning.nullable,
    effects: meaning.objectEffects.map((effect) => effect.name),
    ...(meaning.coerceTarget === undefined ? {} : { coerceTarget: meaning.coerceTarget }),
  };
}

function fromTypeScript(): Map<string, SchemaExpr<ts.Node>> {
  const file = ts.createSourceFile('fixture.ts', source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const reader = new TypeScriptSchemaReader(file);
  const found = new Map<string, SchemaExpr<ts.Node>>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined)
      found.set(node.name.text, reader.read(node.initializer));
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

function estreeReader(text: string): { reader: EstreeSchemaReader; ast: TSESTree.Program } {
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
  return { reader: new EstreeSchemaReader(sourceCode as unknown as TSESLint.SourceCode), ast };
}

function fromEstree(): Map<string, SchemaExpr<TSESTree.Node>> {
  const { reader, ast } = estreeReader(source);
  const found = new Map<string, SchemaExpr<TSESTree.Node>>();
  const visit = (node: TSESTree.Node): void => {
    if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init !== null)
      found.set(node.id.name, reader.read(node.init));
    for (const value of Object.values(node)) {
      if (value !== null && typeof value === 'object' && 'type' in value && value !== node.parent)
        visit(value as TSESTree.Node);
      if (Array.isArray(value))
        for (const child of value)
          if (child !== null && typeof child === 'object' && 'type' in child) visit(child as TSESTree.Node);
    }
  };
  visit(ast);
  return found;
}

const base = { formats: [], optional: false, nullable: false, effects: [] };
const expected: Record<string, Summary> = {
  plain: { ...base, accepts: 'string' },
  optionalPlain: { ...base, accepts: 'string', optional: true },
  renamed: { ...base, accepts: 'string' },
  named: { ...base, accepts: 'string' },
  numeric: { ...base, accepts: 'number' },
  coerced: { ...base, accepts: 'coerced', coerceTarget: 'string' },
  coercedNumber: { ...base, accepts: 'coerced', coerceTarget: 'number' },
  unionIds: { ...base, accepts: 'string-or-number' },
  namedUnion: { ...base, accepts: 'string-or-number' },
  orIds: { ...base, accepts: 'string-or-number' },
  guarded: { ...base, accepts: 'guarded' },
  guardedOptional: { ...base, accepts: 'guarded', optional: true },
  idOnly: { ...base, accepts: 'guarded' },
  preprocessed: { ...base, accepts: 'guarded' },
  miniGuarded: { ...base, accepts: 'guarded' },
  guardedNumber: { ...base, accepts: 'guarded-number' },
  guardedNumberOptional: { ...base, accepts: 'guarded-number', optional: true },
  numberIdOnly: { ...base, accepts: 'guarded-number' },
  stringIdOnly: { ...base, accepts: 'guarded' },
  preprocessedNumber: { ...base, accepts: 'guarded-number' },
  miniGuardedNumber: { ...base, accepts: 'guarded-number' },
  miniOptional: { ...base, accepts: 'string', optional: true },
  uuid: { ...base, accepts: 'string', formats: ['uuid'] },
  uuidFactory: { ...base, accepts: 'string', formats: ['uuid'] },
  // useshortcut/mcp-server-shortcut's `team_id`: the description is the author's word that it is a UUID.
  describedUuid: { ...base, accepts: 'string', formats: ['uuid (described)'], optional: true, nullable: true },
  // A description that offers another form says nothing that rules out a number.
  describedEither: { ...base, accepts: 'string' },
  regex: { ...base, accepts: 'string', formats: ['regex'] },
  miniRegex: { ...base, accepts: 'string', formats: ['regex'] },
  refined: { ...base, accepts: 'object', effects: ['refine'] },
  transformed: { ...base, accepts: 'object', effects: ['transform'] },
  nullish: { ...base, accepts: 'string', optional: true, nullable: true },
  // A union of one value's schema with null (or undefined) means that schema made nullable (or optional).
  unionWithNull: { ...base, accepts: 'number', nullable: true },
  nullFirst: { ...base, accepts: 'string', optional: true, nullable: true },
  orNull: { ...base, accepts: 'string', nullable: true },
  unionWithUndefined: { ...base, accepts: 'string', optional: true },
  // Two value members stay a union (a rewrite to one branch would drop null); an object is no id.
  idsOrNull: { ...base, accepts: 'other' },
  objectOrNull: { ...base, accepts: 'other' },
  notZod: { ...base, accepts: 'other' },
};

describe('the neutral schema model', () => {
  const typescript = fromTypeScript();
  const estree = fromEstree();
  it.each(Object.entries(expected))('%s means the same from both front ends', (name, summary) => {
    const fromTs = typescript.get(name);
    const fromEs = estree.get(name);
    expect(fromTs).toBeDefined();
    expect(fromEs).toBeDefined();
    expect(summarise(meaningOf(fromTs as SchemaExpr<ts.Node>))).toEqual(summary);
    expect(summarise(meaningOf(fromEs as SchemaExpr<TSESTree.Node>))).toEqual(summary);
  });

  it('reads a description joined from strings with + as the one string, from both front ends', () => {
    const joined = 'The card number - the visible ID on the board';
    expect(describedTextOf(typescript.get('joinedDescription') as SchemaExpr<ts.Node>)).toBe(joined);
    expect(describedTextOf(estree.get('joinedDescription') as SchemaExpr<TSESTree.Node>)).toBe(joined);
  });

  it("reads the description a guard publishes: its inner schema's, unless the guard gives its own", () => {
    for (const reader of [typescript, estree] as const) {
      expect(describedTextOf(reader.get('guardedDescribed') as SchemaExpr<unknown>)).toBe('Genre ids');
      expect(describedTextOf(reader.get('guardedRedescribed') as SchemaExpr<unknown>)).toBe('Genres to match');
    }
  });

  it('does not take a local z for zod', () => {
    expect(typescript.get('notZod')?.kind).not.toBe('zod');
    expect(estree.get('notZod')?.kind).not.toBe('zod');
  });
});

describe('tool registrations', () => {
  const registrations = `
import { z } from 'zod';
server.tool('get_ticket', 'Read a ticket', { ticketId: z.string() }, async () => ({ content: [] }));
server.tool('ping', async () => ({ content: [] }));
server.tool('annotated', { readOnlyHint: true }, async () => ({ content: [] }));
server.registerTool('list_tickets', { inputSchema: { status: z.string() }, outputSchema: { tickets: z.array(z.object({ id: z.number() })) } }, handler);
fastmcp.addTool({ name: 'add_note', parameters: z.object({ noteId: z.string() }), execute: async () => '' });
logger.tool;
console.log('tool', 1);
`;
  it('finds the name, input, output and handler in every style, from both front ends', () => {
    const file = ts.createSourceFile('r.ts', registrations, ts.ScriptTarget.Latest, true);
    const reader = new TypeScriptSchemaReader(file);
    const fromTs: unknown[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const site = reader.callSite(node);
        const registration = site === undefined ? undefined : toolRegistrationOf(site);
        if (registration !== undefined) {
          fromTs.push([
            registration.style,
            registration.name,
            registration.input?.kind,
            registration.output?.kind,
            registration.handler?.kind,
          ]);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
    expect(fromTs).toEqual([
      ['sdk-tool', 'get_ticket', 'object', undefined, 'function'],
      ['sdk-tool', 'ping', undefined, undefined, 'function'],
      ['sdk-tool', 'annotated', undefined, undefined, 'function'],
      ['register-tool', 'list_tickets', 'object', 'object', 'identifier'],
      ['add-tool', 'add_note', 'zod', undefined, 'function'],
    ]);

    const { reader: esReader, ast } = estreeReader(registrations);
    const fromEs = ast.body.flatMap((statement) => {
      if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'CallExpression') return [];
      const site = esReader.callSite(statement.expression);
      const registration = site === undefined ? undefined : toolRegistrationOf(site);
      return registration === undefined
        ? []
        : [
            [
              registration.style,
              registration.name,
              registration.input?.kind,
              registration.output?.kind,
              registration.handler?.kind,
            ],
          ];
    });
    expect(fromEs).toEqual(fromTs);
  });
});

describe('idAcceptorVerdict', () => {
  const typescript = fromTypeScript();
  const verdict = (field: string, name: string) =>
    idAcceptorVerdict(field, meaningOf(typescript.get(name) as SchemaExpr<ts.Node>));
  it.each([
    ['ticketId', 'plain', 'guard'],
    ['ticketId', 'optionalPlain', 'guard'],
    ['ticketId', 'guarded', 'guarded'],
    ['ticketId', 'miniGuarded', 'guarded'],
    ['ticketId', 'coerced', 'coerced'],
    ['ticketId', 'unionIds', 'union'],
    ['ticketId', 'numeric', 'numeric'],
    ['ticketId', 'uuid', 'constrained'],
    ['ticketId', 'regex', 'constrained'],
    ['subject', 'plain', 'not-id'],
  ])('%s: %s -> %s', (field, name, expected) => expect(verdict(field, name)).toBe(expected));
});

describe('same-file references, tool objects and fields, from both front ends', () => {
  const text = `
import { z } from 'zod';
import { guardId } from 'agent-contract';
import { imported } from './elsewhere';
const idField = z.string().min(1);
const shape = { ticketId: idField, note: z.object({ authorId: z.string() }), replies: z.array(z.object({ id: z.number() })) };
let mutable = { ticketId: z.string() };
export const tool = { name: 'get_ticket', inputShape: shape, outputShape: { replyId: guardId(z.string()) }, run: () => null };
const viaObject = z.object(shape);
const fromImport = imported;
const fromLet = mutable;
const union = z.union([z.string().min(1), z.number()]).optional();
const orReceiver = z.string().or(z.number()).describe('x');
const orArgument = z.number().or(z.string().uuid());
const alternatives = {
  customer: z.union([z.object({ id: z.number() }), z.object({ id: z.number(), email: z.string() })]),
  author: z.discriminatedUnion('kind', [z.object({ kind: z.literal('user'), userId: z.string() }), z.object({ kind: z.literal('bot') })]),
  owner: z.object({ teamId: z.string() }).or(z.object({ userId: z.number() })).optional(),
};
const lists = {
  labels: z.object({ label_id: z.string() }).array().optional(),
  parsed: z.preprocess((value) => value, z.array(z.object({ user_id: z.number() }))),
};
function shadowed(shape: unknown) {
  const local = shape;
  return local;
}
`;

  interface Resolved {
    kind: string;
    fields: string[];
  }

  function fromBoth(): {
    ts: Map<string, Resolved>;
    es: Map<string, Resolved>;
    tsUnions: Map<string, string>;
    esUnions: Map<string, string>;
    tsTools: unknown[];
    esTools: unknown[];
  } {
    const describeFields = <N>(expr: SchemaExpr<N>, resolve: (e: SchemaExpr<N>) => SchemaExpr<N>): Resolved => ({
      kind: resolve(expr).kind,
      fields: schemaFieldsOf(expr, resolve).map((field) => `${field.path.join('.')}:${field.meaning.accepts}`),
    });
    const file = ts.createSourceFile('refs.ts', text, ts.ScriptTarget.Latest, true);
    const tsReader = new TypeScriptSchemaReader(file);
    const tsResult = new Map<string, Resolved>();
    const tsUnions = new Map<string, string>();
    const tsTools: unknown[] = [];
    const visitTs = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer !== undefined) {
        const expr = tsReader.read(node.initializer);
        tsResult.set(
          node.name.text,
          describeFields({ kind: 'identifier', node: node.name, name: node.name.text }, tsReader.resolve),
        );
        const union = stringBranchOfUnion(expr);
        if (union !== undefined)
          tsUnions.set(
            node.name.text,
            `${union.branch.node.getText(file)} + ${union.after.map((m) => m.name).join(',')}`,
          );
      }
      if (ts.isObjectLiteralExpression(node)) {
        const definition = toolDefinitionOf(tsReader.read(node));
        if (definition !== undefined) {
          tsTools.push([
            definition.style,
            definition.name,
            schemaFieldsOf(definition.input as SchemaExpr<ts.Node>, tsReader.resolve).length,
            guardedSchemasIn(definition.output as SchemaExpr<ts.Node>).length,
          ]);
        }
      }
      ts.forEachChild(node, visitTs);
    };
    visitTs(file);

    const { reader, ast } = estreeReader(text);
    const esResult = new Map<string, Resolved>();
    const esUnions = new Map<string, string>();
    const esTools: unknown[] = [];
    const visitEs = (node: TSESTree.Node): void => {
      if (node.type === 'VariableDeclarator' && node.id.type === 'Identifier' && node.init !== null) {
        const expr = reader.read(node.init);
        esResult.set(
          node.id.name,
          describeFields({ kind: 'identifier', node: node.id, name: node.id.name }, reader.resolve),
        );
        const union = stringBranchOfUnion(expr);
        if (union !== undefined)
          esUnions.set(
            node.id.name,
            `${text.slice(...(union.branch.node as TSESTree.Node).range)} + ${union.after.map((m) => m.name).join(',')}`,
          );
      }
      if (node.type === 'ObjectExpression') {
        const definition = toolDefinitionOf(reader.read(node));
        if (definition !== undefined) {
          esTools.push([
            definition.style,
            definition.name,
            schemaFieldsOf(definition.input as SchemaExpr<TSESTree.Node>, reader.resolve).length,
            guardedSchemasIn(definition.output as SchemaExpr<TSESTree.Node>).length,
          ]);
        }
      }
      for (const [key, value] of Object.entries(node)) {
        if (key === 'parent') continue;
        if (value !== null && typeof value === 'object' && 'type' in value) visitEs(value as TSESTree.Node);
        if (Array.isArray(value))
          for (const child of value)
            if (child !== null && typeof child === 'object' && 'type' in child) visitEs(child as TSESTree.Node);
      }
    };
    visitEs(ast);
    return { ts: tsResult, es: esResult, tsUnions, esUnions, tsTools, esTools };
  }

  const both = fromBoth();

  it("lists the fields of a union's object members, a place two members share once", () => {
    const expected = [
      'customer:other',
      'customer.id:number',
      'customer.email:string',
      'author:other',
      'author.kind:enum',
      'author.userId:string',
      'owner:other',
      'owner.teamId:string',
      'owner.userId:number',
    ];
    expect(both.ts.get('alternatives')?.fields).toEqual(expected);
    expect(both.es.get('alternatives')?.fields).toEqual(expected);
  });

  it('lists the fields of list elements written `.array()` and of a list behind a preprocess', () => {
    const expected = ['labels:array', 'labels.[].label_id:string', 'parsed:array', 'parsed.[].user_id:number'];
    expect(both.ts.get('lists')?.fields).toEqual(expected);
    expect(both.es.get('lists')?.fields).toEqual(expected);
  });

  it('resolves a same-file const, but not an import, a let or a shadowing parameter', () => {
    const shapeFields = [
      'ticketId:string',
      'note:object',
      'note.authorId:string',
      'replies:array',
      'replies.[].id:number',
    ];
    const expectedRefs: Record<string, Resolved> = {
      shape: { kind: 'object', fields: shapeFields },
      viaObject: { kind: 'zod', fields: shapeFields },
      fromImport: { kind: 'identifier', fields: [] },
      fromLet: { kind: 'identifier', fields: [] },
      local: { kind: 'identifier', fields: [] },
    };
    for (const [name, expectedRef] of Object.entries(expectedRefs)) {
      expect(both.ts.get(name), name).toEqual(expectedRef);
      expect(both.es.get(name), name).toEqual(expectedRef);
    }
  });

  it('finds the string branch of a string-or-number union and the methods after it', () => {
    const expectedUnions = {
      union: 'z.string().min(1) + optional',
      orReceiver: 'z.string() + describe',
      orArgument: 'z.string().uuid() + ',
    };
    expect(Object.fromEntries(both.tsUnions)).toEqual(expectedUnions);
    expect(Object.fromEntries(both.esUnions)).toEqual(expectedUnions);
  });

  it('reads a tool object with its input fields through a reference and its guarded outputs', () => {
    expect(both.tsTools).toEqual([['tool-object', 'get_ticket', 5, 1]]);
    expect(both.esTools).toEqual(both.tsTools);
  });

  it('does not take an options bag with `parameters` but no handler for a tool', () => {
    const { reader, init } = firstConstOf(`const options = { name: 'x', parameters: {} };`);
    expect(toolDefinitionOf(reader.read(init))).toBeUndefined();
  });

  it('takes a name and a handler with no input for a tool only when asked (the declared type says it is one)', () => {
    const { reader, init } = firstConstOf(
      `const tool = { name: 'get_own_account', description: 'd', execute: async () => ({}) };`,
    );
    expect(toolDefinitionOf(reader.read(init))).toBeUndefined();
    const inputless = toolDefinitionOf(reader.read(init), { withoutInput: true });
    expect(inputless?.name).toBe('get_own_account');
    expect(inputless?.input).toBeUndefined();
    expect(inputless?.handler?.kind).toBe('function');
  });
});

/** The reader of a one-statement source and the initializer of its first const. */
function firstConstOf(code: string): { reader: TypeScriptSchemaReader; init: ts.Expression } {
  const file = ts.createSourceFile('p.ts', code, ts.ScriptTarget.Latest, true);
  const statement = file.statements[0] as ts.VariableStatement;
  const init = statement.declarationList.declarations[0]?.initializer as ts.Expression;
  return { reader: new TypeScriptSchemaReader(file), init };
}

describe('guardRewriteOf, from both front ends', () => {
  const text = `
import { z } from 'zod';
import * as zm from 'zod/mini';
import { coerce } from 'zod';
const plain = z.string().min(1).nullable().describe('The ticket id');
const miniOptional = zm.optional(zm.string());
const coerced = z.coerce.string().optional();
const miniCoerced = zm.optional(zm.coerce.string());
const coerceImported = coerce.string();
const coercedNumber = z.coerce.number().int();
const coercedBoolean = z.coerce.boolean();
const numberId = z.number().int().positive().optional();
const miniNumberId = zm.number();
const union = z.union([z.string().min(1), z.number()]).describe('x');
const orArgument = z.number().or(z.string());
const transformed = z.string().transform((value) => value.length);
const stringArray = z.string().array();
const optionalDescribed = z.string().min(1).optional().describe('d');
const nullableOptional = z.string().nullable().optional();
const optionalNullable = z.string().optional().nullable();
const defaulted = z.string().default('x');
const numberOrNull = z.union([z.number(), z.null()]).optional();
const stringOrNull = z.string().or(z.null()).describe('d');
`;

  /** The plan with every node replaced by its text, so both ASTs can be compared. */
  function summarise<N>(rewrite: GuardRewrite<N>, textOf: (node: N) => string): string {
    switch (rewrite.kind) {
      case 'wrap':
        return `${rewrite.guard} around ${textOf(rewrite.target)}`;
      case 'drop-coerce':
        return `drop-coerce ${textOf(rewrite.factory)} for ${rewrite.namespace}.${rewrite.into}, ${rewrite.guard} around ${textOf(rewrite.target)}`;
      case 'keep-string-branch':
        return `keep ${textOf(rewrite.branch)} of ${textOf(rewrite.union)}, ${rewrite.guard} around ${textOf(rewrite.target)}`;
      case 'blocked':
        return `blocked ${rewrite.reason} ${rewrite.detail}`;
    }
  }

  function plans(): { ts: Record<string, string>; es: Record<string, string>; meanings: Record<string, string> } {
    const file = ts.createSourceFile('plans.ts', text, ts.ScriptTarget.Latest, true);
    const tsReader = new TypeScriptSchemaReader(file);
    const fromTs: Record<string, string> = {};
    const meanings: Record<string, string> = {};
    for (const statement of file.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const declaration = statement.declarationList.declarations[0];
      if (declaration?.initializer === undefined || !ts.isIdentifier(declaration.name)) continue;
      const expr = tsReader.read(declaration.initializer);
      fromTs[declaration.name.text] = summarise(guardRewriteOf(expr), (node) => node.getText(file));
      meanings[declaration.name.text] = meaningOf(expr).accepts;
    }
    const { reader, ast } = estreeReader(text);
    const fromEs: Record<string, string> = {};
    for (const statement of ast.body) {
      if (statement.type !== 'VariableDeclaration') continue;
      const declarator = statement.declarations[0];
      if (declarator?.init === undefined || declarator.init === null || declarator.id.type !== 'Identifier') continue;
      fromEs[declarator.id.name] = summarise(guardRewriteOf(reader.read(declarator.init)), (node: TSESTree.Node) =>
        text.slice(...node.range),
      );
    }
    return { ts: fromTs, es: fromEs, meanings };
  }

  const found = plans();

  it('wraps the whole expression but a trailing .optional(), and says what to drop for coerce and unions', () => {
    expect(found.ts).toEqual({
      plain: "guardId around z.string().min(1).nullable().describe('The ticket id')",
      miniOptional: 'guardId around zm.string()',
      coerced: 'drop-coerce z.coerce.string() for z.string, guardId around z.coerce.string()',
      miniCoerced: 'drop-coerce zm.coerce.string() for zm.string, guardId around zm.coerce.string()',
      coerceImported: 'blocked coerce-factory coerce',
      coercedNumber: 'drop-coerce z.coerce.number() for z.number, guardNumberId around z.coerce.number().int()',
      coercedBoolean: 'blocked coerce-target boolean',
      numberId: 'guardNumberId around z.number().int().positive()',
      miniNumberId: 'guardNumberId around zm.number()',
      union:
        "keep z.string().min(1) of z.union([z.string().min(1), z.number()]), guardId around z.union([z.string().min(1), z.number()]).describe('x')",
      orArgument: 'keep z.string() of z.number().or(z.string()), guardId around z.number().or(z.string())',
      transformed: 'blocked retyped transform',
      stringArray: 'blocked retyped array',
      optionalDescribed: 'guardId around z.string().min(1)',
      nullableOptional: 'guardId around z.string().nullable()',
      optionalNullable: 'guardId around z.string().optional().nullable()',
      defaulted: "guardId around z.string().default('x')",
      numberOrNull: 'guardNumberId around z.union([z.number(), z.null()])',
      stringOrNull: "guardId around z.string().or(z.null()).describe('d')",
    });
    expect(found.es).toEqual(found.ts);
  });

  it('reads z.string().array() as an array, not a string', () => {
    expect(found.meanings['stringArray']).toBe('array');
  });
});
