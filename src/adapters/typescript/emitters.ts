import ts from 'typescript';
import { castsToText } from '../../model/defensive-cast.ts';
import type { JsonType } from '../../model/id-fields.ts';
import {
  ARRAY_ITEM,
  isIdName,
  isKeyName,
  isNamelessHolder,
  lastKeyOf,
  mayBeRunTogetherIdName,
  type PathSegment,
} from '../../model/ids.ts';
import { castOf } from './defensive-casts.ts';
import { definitionMember, type DefinitionBinding } from './definition-serializers.ts';
import type { FactoryCall } from './definition-factories.ts';
import { recordEntry } from './name-dispatch.ts';
import type { InstanceBinding } from './discover-tools.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import type { ToolClasses } from './tool-classes.ts';
import { returnedExpressions, unwrapExpression } from './unwrap.ts';

/**
 * What a tool emits, from the checker's types: the value of `structuredContent` and the argument of `JSON.stringify`
 * in text content, in whatever the handler returns, following the project's own helper functions (`structured(v)`,
 * `jsonText(v)`) with their arguments in place of their parameters, down to the types that hold the ids (a database
 * row interface, an SDK response type, `z.infer` of a response schema). Where the types say nothing (`any`, a
 * `Record<string, unknown>`) or the value comes from a tool class read through a registration, the code is followed
 * instead: consts, `await`, property reads, and calls into the project's functions and the concrete class's methods.
 * A tool written as data is read through the code that serializes what its handler returns (`definition-serializers`),
 * with the builder's names for the definition bound to it.
 */

/** `prose`: an id printed into text an agent reads (`- ID: ${p.project_id}`), with no JSON type of its own. */
export type EmitChannel = 'structuredContent' | 'text' | 'prose';

/** One id-named leaf of an emitted value, from its root. */
export interface EmittedLeaf {
  readonly path: readonly PathSegment[];
  /** The JSON types the checker gives it; empty when it is `any`/`unknown`. */
  readonly types: readonly JsonType[];
  readonly unknown: boolean;
  /** The project file that declares its type by hand, when a property signature of the project's own does. */
  readonly declaredIn?: string;
  /** The declaration of the property it is, when it is one (an interface member, a Zod shape's property). */
  readonly declaration?: ts.Node;
  /** Where the value holding it is built: the handler's return, or the return inside a method or helper it was followed to. */
  readonly site: ts.Node;
  /**
   * For an id printed off a holder whose name says nothing (`t.id`): its path under the name of the holder's record
   * type (`task.id` of `t: Task`), which names its entity when the tool's name does not name one an input takes.
   */
  readonly typedPath?: readonly PathSegment[];
  /** For a string printed into prose: where the code writes a number's digits into it (`String(issue.number)`). */
  readonly digitsFrom?: ts.Node;
}

export interface EmitSource {
  readonly channel: EmitChannel;
  /** The expression in the handler this came from, for file:line; for an opaque value, where that value is built. */
  readonly site: ts.Node;
  readonly leaves: readonly EmittedLeaf[];
  /** The whole emitted value is `any`/`unknown` (or an index signature of them): nothing can be said about its ids. */
  readonly opaque: boolean;
  /**
   * Values inside it the code puts under a name that is no id (`{ order: response.data }`), typed `any`/`unknown`:
   * the ids in them are as unknown as those of a whole opaque value.
   */
  readonly opaqueWithin: readonly { readonly path: readonly PathSegment[]; readonly site: ts.Node }[];
}

/**
 * What names stand for in the code being read: a parameter bound to the argument a call passed (so a helper's
 * `JSON.stringify(value)` reads the caller's value), a variable holding an instance of one concrete tool class, and the
 * class `this` is an instance of inside the methods followed from it.
 */
interface Bindings {
  readonly values: ReadonlyMap<ts.Symbol, { readonly expr: ts.Expression; readonly bindings: Bindings }>;
  readonly instances: ReadonlyMap<ts.Symbol, ts.ClassLikeDeclaration>;
  readonly self: ts.ClassLikeDeclaration | undefined;
  /** Names in a result builder that stand for one tool definition (`t` of `t.handler(a)`) or one of its members. */
  readonly definitions: ReadonlyMap<ts.Symbol, DefinitionBinding>;
  /** In a builder read for one tool: that tool's name, and which expressions of the builder hold it. */
  readonly toolName?: ToolNameBinding | undefined;
  /** A rest parameter (`...parts`) bound to the arguments a call passed in its place, read as the lines of a list. */
  readonly rests?: ReadonlyMap<ts.Symbol, { readonly elements: readonly ts.Expression[]; readonly bindings: Bindings }>;
  /**
   * Optional parameters the call passed no argument for (`toTextResult('No match.')` of `(text, structured?) =>`):
   * `undefined` there, whatever their declared type says, so a result part built from one holds nothing.
   */
  readonly omitted?: ReadonlySet<ts.Symbol>;
}

/** One line of a list of text, with what the names in it stand for. */
interface TextLine {
  readonly line: ts.Expression;
  readonly bindings: Bindings;
  /** Returned by a function passed by name (`items.map(format)`): reading it is a call, and counts as one. */
  readonly called?: boolean;
}

/**
 * The name of the tool a shared builder is read for (`registerTool(toolDef.name, ..., cb)`, a tool-call handler's
 * `request.params.name`), and which expressions of it hold that name: a handler looked up by it
 * (`toolHandlers[toolName]`) is that tool's own.
 */
/** What a branch leaves to the code after it: the returns there that read its variables, bound to what it assigned. */
export interface LaterResult {
  readonly assigned: ReadonlyMap<ts.Symbol, ts.Expression>;
  readonly returned: readonly ts.Expression[];
}

export interface ToolNameBinding {
  readonly name: string;
  readonly holds: (expr: ts.Expression) => boolean;
}

type Shape =
  /** `declaration`: the property a read of one (`input.folderId`) reads, for a value the emitted object copies from it. */
  | { readonly kind: 'type'; readonly type: ts.Type; readonly declaration?: ts.Node }
  | { readonly kind: 'object'; readonly properties: ReadonlyMap<string, Shape> }
  | { readonly kind: 'array'; readonly element: Shape }
  | { readonly kind: 'union'; readonly members: readonly Shape[] }
  /** A shape built by a `return` the reader followed a call to: the leaves under it are emitted there. */
  | { readonly kind: 'at'; readonly site: ts.Node; readonly shape: Shape };

/** A value the code writes into a property: in an object literal (by name or shorthand), or by assignment. */
type Write =
  | { readonly kind: 'literal'; readonly literal: ts.ObjectLiteralExpression; readonly value: ts.Expression }
  | { readonly kind: 'shorthand'; readonly literal: ts.ObjectLiteralExpression; readonly name: ts.Identifier }
  | { readonly kind: 'assigned'; readonly name: ts.MemberName; readonly value: ts.Expression };

interface Leaf {
  readonly rel: readonly PathSegment[];
  readonly types: ReadonlySet<JsonType>;
  readonly unknown: boolean;
  /** The project file that declares it by hand (`id: string` in an interface or type literal of the project's own). */
  readonly declaredIn?: string;
  /** The declaration of the property it is, when it is one (an interface member, a Zod shape's property). */
  readonly declaration?: ts.Node;
  /** Every value is a literal the code writes there (`book_id: 1`, `book_id: 'from_step_1'`), read from no record. */
  readonly written?: boolean;
}

const EMPTY_BINDINGS: Bindings = { values: new Map(), instances: new Map(), self: undefined, definitions: new Map() };

function isEmpty(bindings: Bindings): boolean {
  return (
    bindings.values.size === 0 &&
    bindings.instances.size === 0 &&
    bindings.self === undefined &&
    bindings.definitions.size === 0 &&
    bindings.toolName === undefined
  );
}

function isAsync(fn: ts.SignatureDeclaration): boolean {
  return (
    ts.canHaveModifiers(fn) &&
    (ts.getModifiers(fn) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AsyncKeyword)
  );
}
const MAX_CALL_DEPTH = 6;
/** Operators whose text may be either side's: a concatenation, or a fallback. */
const TEXT_JOINS = new Set<ts.SyntaxKind>([
  ts.SyntaxKind.PlusToken,
  ts.SyntaxKind.QuestionQuestionToken,
  ts.SyntaxKind.BarBarToken,
]);
/** Array methods whose result holds what their callback returns for each element. */
const MAPPERS = new Set(['map', 'flatMap']);

/** A promise's methods whose result a handler may return: `then`, and the two that pass the value on. */
const PROMISE_METHODS = new Set(['then', 'catch', 'finally']);
/** Array methods whose result holds elements of the list they are called on. */
const SAME_ELEMENTS = new Set(['slice', 'filter', 'sort', 'reverse', 'toSorted', 'toReversed']);
/**
 * String methods whose result is the text they are called on, in pieces or padded. A cut (`slice`, `substring`) is
 * not: it may cut JSON (`JSON.stringify(body).slice(0, 500)` in an error message) into text no agent parses.
 */
const TEXT_PIECES = new Set(['split', 'trim', 'trimStart', 'trimEnd', 'padStart', 'padEnd']);
/** How far a value is followed through consts, awaits, property reads and returns when its type says nothing. */
const MAX_FOLLOW_DEPTH = 12;
const MAX_TYPE_DEPTH = 8;
/** Types whose leaves are themselves: read at any depth. */
const PRIMITIVE_FLAGS =
  ts.TypeFlags.Any |
  ts.TypeFlags.Unknown |
  ts.TypeFlags.StringLike |
  ts.TypeFlags.NumberLike |
  ts.TypeFlags.BooleanLike |
  ts.TypeFlags.BigIntLike |
  ts.TypeFlags.ESSymbolLike |
  ts.TypeFlags.Null |
  ts.TypeFlags.Undefined |
  ts.TypeFlags.Void |
  ts.TypeFlags.Never;
/** The names JSON Schema libraries give a JSON Schema document's type. */
const JSON_SCHEMA_TYPES = new Set([
  'BaseSchema',
  'JSONSchema',
  'JSONSchema4',
  'JSONSchema6',
  'JSONSchema7',
  'JsonSchema7Type',
  'ZodStandardJSONSchemaPayload',
]);
const MAX_PROPERTIES = 300;

/**
 * A leaf the audit keeps: an id, a record's second key (`number`, `employeeCode`) that `keyFieldAt` may name, or a word
 * that may run a noun and `id` together (`signalid`), which `idFieldAt` names when the server's id fields name the noun.
 */
const isIdOrKeyName = (name: string): boolean => isIdName(name) || isKeyName(name) || mayBeRunTogetherIdName(name);

/** Whether a leaf at `rel` is kept: named like an id or key, or typed `any` (the ids in it are unknown, not absent). */
function isKept(
  rel: readonly PathSegment[],
  leaf: { readonly unknown: boolean; readonly types: ReadonlySet<JsonType> },
): boolean {
  const name = lastKeyOf(rel);
  // `addProjectV2ItemById: { item } | null`: what is left of an object beside it, `null` alone, is no id.
  const nullOnly = !leaf.unknown && leaf.types.size === 1 && leaf.types.has('null');
  return (name !== undefined && isIdOrKeyName(name) && !nullOnly) || (leaf.unknown && leaf.types.size === 0);
}

const unwrap = (node: ts.Expression): ts.Expression => unwrapExpression(node, { throughAwait: true });

/** The sides of `a || b` and `a ?? b` (parentheses off), or the expression itself: what a spread of it may spread. */
function fallbackSides(expr: ts.Expression): ts.Expression[] {
  const inner = unwrapExpression(expr);
  return ts.isBinaryExpression(inner) &&
    (inner.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
      inner.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
    ? [...fallbackSides(inner.left), ...fallbackSides(inner.right)]
    : [expr];
}

/** Visits every node of the function (or file) that declares a local: where its uses are. */
function forEachNodeInScope(declaration: ts.Node, visit: (node: ts.Node) => void): void {
  let scope: ts.Node = declaration;
  while (!ts.isFunctionLike(scope) && !ts.isSourceFile(scope)) scope = scope.parent;
  const walk = (node: ts.Node): void => {
    visit(node);
    ts.forEachChild(node, walk);
  };
  walk(scope);
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) ||
    ts.isStringLiteral(name) ||
    ts.isNumericLiteral(name) ||
    ts.isNoSubstitutionTemplateLiteral(name)
    ? name.text
    : undefined;
}

/** The value an object literal's property holds: `key: value`, or the name of a shorthand `key`. */
function valueOfProperty(property: ts.ObjectLiteralElementLike): ts.Expression | undefined {
  if (ts.isPropertyAssignment(property)) return property.initializer;
  return ts.isShorthandPropertyAssignment(property) ? property.name : undefined;
}

/** The callback of a `map`/`flatMap` call, the list it maps, and how it was handed over. */
interface MappedCallback {
  readonly callback: ts.SignatureDeclaration;
  readonly list: ts.Expression;
  /** `flatMap`: each call a list of items. */
  readonly flat: boolean;
  /** Passed by name (`users.map(formatUser)`), not written inline: the function's lines are those of a call. */
  readonly named: boolean;
}

/**
 * The callback of `list.map(cb)` (each call one item) or `list.flatMap(cb)` (each call a list of items): written there,
 * or a function of the project's passed by name (`users.map(formatUser)`).
 */
function mappedCallback(call: ts.CallExpression, resolver: SchemaResolver): MappedCallback | undefined {
  const method = unwrap(call.expression);
  const argument = call.arguments[0] === undefined ? undefined : unwrap(call.arguments[0]);
  if (!ts.isPropertyAccessExpression(method) || !MAPPERS.has(method.name.text) || argument === undefined)
    return undefined;
  const flat = method.name.text === 'flatMap';
  if (ts.isArrowFunction(argument) || ts.isFunctionExpression(argument))
    return { callback: argument, list: method.expression, flat, named: false };
  const callback =
    ts.isIdentifier(argument) || ts.isPropertyAccessExpression(argument) ? resolver.functionOf(argument) : undefined;
  return callback === undefined ? undefined : { callback, list: method.expression, flat, named: true };
}

/** An id printed into prose, once: a text read along two ways (a list item's first line, and the rest) prints it once. */
function pushPrinted(out: EmitSource[], printed: EmitSource): void {
  if (!out.some((source) => source.channel === 'prose' && source.site === printed.site)) out.push(printed);
}

function isJsonStringify(expr: ts.Expression): expr is ts.CallExpression {
  if (!ts.isCallExpression(expr)) return false;
  const callee = unwrap(expr.expression);
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'stringify' &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === 'JSON'
  );
}

/**
 * `{ isError: true, content: [...] }`: a tool result that reports a failure. Its text is the error (`err.message`,
 * `JSON.stringify(err)` of an `unknown`), no emitter of ids, so a handler's JSON branch is what it emits.
 */
function isErrorResult(object: ts.ObjectLiteralExpression): boolean {
  return object.properties.some(
    (property) =>
      ts.isPropertyAssignment(property) &&
      propertyName(property.name) === 'isError' &&
      unwrapExpression(property.initializer).kind === ts.SyntaxKind.TrueKeyword,
  );
}

/** The last property name on a path: the one that decides whether a leaf is an id. */
export class EmitterReader {
  private readonly leafCache = new Map<ts.Type, readonly Leaf[]>();
  private readonly stack = new Set<ts.Type>();
  /** Set while a type's leaves are read when a part of it was cut off at `MAX_TYPE_DEPTH`. */
  private truncated = false;
  /** The `let`s whose texts are being read, so a value made from the let itself is not read again. */
  private readonly textsRead = new Set<ts.Symbol>();

  /** The values the project's code writes into each property name, found once, when an opaque part asks. */
  private writes: Map<string, Write[]> | undefined;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly resolver: SchemaResolver,
    private readonly classes: ToolClasses,
    /** The project's own source files, where the values of a part its types leave opaque are written. */
    private readonly sources: readonly ts.SourceFile[] = [],
  ) {}

  /**
   * Everything a handler emits; `instance` is the tool class a registration's handler calls into, when it was read as
   * one; `definitions`, the names a result builder has for the tool definition it runs.
   */
  sourcesOf(
    handler: ts.Node,
    instance?: InstanceBinding,
    definitions: ReadonlyMap<ts.Symbol, DefinitionBinding> = new Map(),
    given: ReadonlyMap<ts.Symbol, ts.Expression> = new Map(),
  ): EmitSource[] {
    const sources: EmitSource[] = [];
    const values = new Map([...given].map(([symbol, expr]) => [symbol, { expr, bindings: EMPTY_BINDINGS }] as const));
    let bindings: Bindings = { ...EMPTY_BINDINGS, definitions, values };
    if (instance !== undefined) {
      const instances = new Map<ts.Symbol, ts.ClassLikeDeclaration>();
      if (instance.symbol !== undefined) instances.set(instance.symbol, instance.declaration);
      const self = instance.symbol === undefined || ts.isMethodDeclaration(handler) ? instance.declaration : undefined;
      bindings = { values: new Map(), instances, self, definitions };
    }
    const returned = returnedExpressions(handler);
    for (const expression of returned) this.results(expression, bindings, 0, expression, sources);
    if (returned.length === 0) {
      const later = this.resultLeftToLaterCode(handler);
      if (later !== undefined && later.returned.length > 0) {
        const values = new Map(bindings.values);
        for (const [symbol, expr] of later.assigned) values.set(symbol, { expr, bindings });
        for (const expression of later.returned)
          this.results(expression, { ...bindings, values }, 0, expression, sources);
      }
    }
    return sources;
  }

  /**
   * What a low-level branch (a `case` clause, an `if` branch) leaves to the code after it, or undefined when it settles
   * its own result: it returns one or throws (an empty clause falls through to the next one, which says it). A `case`
   * that assigns its result to a variable (`case 'x': result = await run(args); break;` ... `return result;`, or
   * `return { content: [{ type: 'text', text: JSON.stringify(result) }] }`) leaves the returns after the switch that
   * read the variable, with the variable bound to what this branch assigned; other branches leave nothing read here.
   */
  resultLeftToLaterCode(branch: ts.Node): LaterResult | undefined {
    if (ts.isFunctionLike(branch)) return undefined;
    const statements =
      ts.isCaseClause(branch) || ts.isDefaultClause(branch) || ts.isBlock(branch) ? [...branch.statements] : [branch];
    let last = statements.at(-1);
    while (last !== undefined && ts.isBlock(last)) last = last.statements.at(-1);
    if (last === undefined || ts.isThrowStatement(last) || ts.isReturnStatement(last)) return undefined;
    if (returnedExpressions(branch).length > 0) return undefined;
    const nothing: LaterResult = { assigned: new Map(), returned: [] };
    if (!ts.isCaseClause(branch) && !ts.isDefaultClause(branch)) return nothing;
    const switchStatement = branch.parent.parent;
    let fn: ts.Node | undefined = switchStatement.parent;
    while (fn !== undefined && !ts.isFunctionLike(fn)) fn = fn.parent;
    if (fn === undefined) return nothing;
    const assigned = new Map<ts.Symbol, ts.Expression>();
    const visit = (node: ts.Node): void => {
      if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
      if (
        ts.isBinaryExpression(node) &&
        node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
        ts.isIdentifier(node.left)
      ) {
        const symbol = this.checker.getSymbolAtLocation(node.left);
        if (symbol !== undefined) assigned.set(symbol, node.right);
      }
      ts.forEachChild(node, visit);
    };
    for (const statement of branch.statements) visit(statement);
    if (assigned.size === 0) return nothing;
    const reads = (node: ts.Node): boolean => {
      if (ts.isIdentifier(node)) {
        const symbol = this.checker.getSymbolAtLocation(node);
        return symbol !== undefined && assigned.has(symbol);
      }
      return ts.forEachChild(node, reads) ?? false;
    };
    const returned = returnedExpressions(fn).filter(
      (expression) => expression.getStart() >= switchStatement.end && reads(expression),
    );
    return { assigned, returned };
  }

  /**
   * What a builder shared by many tools emits for one of them: read with `toolName` bound, so that a handler it looks up
   * by the name (`toolHandlers[name](args)`, through consts, parameters and the project's functions) is that tool's.
   * `values` binds the parameters of a function around the builder to the arguments of one call of it. Undefined when
   * the reading never reached a handler looked up by the name: then the builder says nothing of this tool.
   */
  dispatchedSourcesOf(
    builder: ts.Node,
    toolName: ToolNameBinding,
    values: ReadonlyMap<ts.Symbol, ts.Expression> = new Map(),
  ): EmitSource[] | undefined {
    const outer: Bindings = { ...EMPTY_BINDINGS, toolName };
    const bound = new Map<ts.Symbol, { expr: ts.Expression; bindings: Bindings }>();
    for (const [symbol, expr] of values) bound.set(symbol, { expr, bindings: outer });
    const bindings: Bindings = { ...outer, values: bound };
    const before = this.dispatched;
    const sources: EmitSource[] = [];
    for (const expression of returnedExpressions(builder)) this.results(expression, bindings, 0, expression, sources);
    return this.dispatched > before ? sources : undefined;
  }

  /** How many handlers were looked up by a tool's name so far: a dispatched reading counts them. */
  private dispatched = 0;

  /** The name an expression holds when a builder is read for one tool: a constant, or what holds the tool's name. */
  private toolNameIn(node: ts.Expression, bindings: Bindings, hops = 0): string | undefined {
    const expr = unwrap(node);
    // What holds the name first: `tool.name` in a loop over a literal list is the tool being read, not the first one.
    if (bindings.toolName?.holds(expr)) return bindings.toolName.name;
    const constant = this.resolver.constantString(expr);
    if (constant !== undefined) return constant;
    if (hops > MAX_CALL_DEPTH) return undefined;
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.toolNameIn(boundTo.expr, boundTo.bindings, hops + 1);
      const initializer = this.constInitializer(expr);
      if (initializer !== undefined) return this.toolNameIn(initializer, bindings, hops + 1);
    }
    return undefined;
  }

  /**
   * The handler a call looks up by the tool's name: `handlers[name](...)`, `const handler = handlers[name]; handler(...)`,
   * `(handlers[name] ?? fallback)(...)`, in a record written as an object literal (spreads of other records included).
   */
  private dispatchedFunction(
    callee: ts.Expression,
    bindings: Bindings,
    hops = 0,
  ): { fn: ts.SignatureDeclaration } | undefined {
    const expr = unwrap(callee);
    if (hops > MAX_CALL_DEPTH) return undefined;
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
      return this.dispatchedFunction(expr.left, bindings, hops + 1);
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) {
        const value = unwrap(boundTo.expr);
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return { fn: value };
        // A function of the project's passed by name (`formatList(works, formatWork)`, then `formatter(item)`).
        const declared =
          ts.isIdentifier(value) || ts.isPropertyAccessExpression(value) ? this.resolver.functionOf(value) : undefined;
        if (declared !== undefined) return { fn: declared };
        return this.dispatchedFunction(value, boundTo.bindings, hops + 1);
      }
      const initializer = this.constInitializer(expr);
      return initializer === undefined ? undefined : this.dispatchedFunction(initializer, bindings, hops + 1);
    }
    if (!ts.isElementAccessExpression(expr) || bindings.toolName === undefined) return undefined;
    const name = this.toolNameIn(expr.argumentExpression, bindings);
    if (name === undefined) return undefined;
    const fn = recordEntry(expr.expression, name, this.resolver, this.checker);
    if (fn === undefined) return undefined;
    this.dispatched += 1;
    return { fn };
  }

  /**
   * The first value a handler returns that is plain data, no tool result and no text (`{ ticketId: 47 }`, a
   * `Promise<Ticket>`): what such a handler emits depends on code that serializes it, which was not found.
   */
  /** True when every value an expression may have is plain data: objects or lists, no tool result, no text, not `any`. */
  private isPlainData(expr: ts.Expression): boolean {
    let type = this.checker.getTypeAtLocation(expr);
    type = this.checker.getAwaitedType(type) ?? type;
    const members = (type.isUnion() ? type.types : [type]).filter(
      (member) => (member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null | ts.TypeFlags.Void)) === 0,
    );
    return (
      members.length > 0 &&
      members.every(
        (member) =>
          (member.flags & ts.TypeFlags.Object) !== 0 &&
          !this.isOpaque(member) &&
          member.getCallSignatures().length === 0 &&
          member.getProperty('content') === undefined &&
          member.getProperty('structuredContent') === undefined &&
          !this.isErrorResultType(member),
      )
    );
  }

  /**
   * What a framework that sends the handler's value as the result's text (mcp-framework's `MCPTool`: `JSON.stringify`
   * of what `execute` returns, a string as it is) emits: each returned value as JSON text, or a returned string's text.
   */
  sentReturnsOf(handler: ts.Node): EmitSource[] {
    const sources: EmitSource[] = [];
    for (const expression of returnedExpressions(handler)) {
      let type = this.checker.getTypeAtLocation(expression);
      type = this.checker.getAwaitedType(type) ?? type;
      if ((type.flags & ts.TypeFlags.StringLike) !== 0) {
        this.text(expression, EMPTY_BINDINGS, 0, expression, sources);
        continue;
      }
      const value = unwrap(expression);
      const shape: Shape = ts.isObjectLiteralExpression(value)
        ? this.shapeOf(value, EMPTY_BINDINGS, 0, true)
        : { kind: 'type', type };
      sources.push(this.source('text', shape, expression));
    }
    return sources;
  }

  plainDataReturned(handler: ts.Node): ts.Expression | undefined {
    for (const expression of returnedExpressions(handler)) {
      let type = this.checker.getTypeAtLocation(expression);
      type = this.checker.getAwaitedType(type) ?? type;
      const members = type.isUnion() ? type.types : [type];
      const plain = members.some(
        (member) =>
          (member.flags & ts.TypeFlags.Object) !== 0 &&
          member.getCallSignatures().length === 0 &&
          member.getProperty('content') === undefined &&
          member.getProperty('structuredContent') === undefined &&
          !this.isErrorResultType(member),
      );
      if (plain) return expression;
    }
    return undefined;
  }

  private bound(
    identifier: ts.Identifier,
    bindings: Bindings,
  ): { expr: ts.Expression; bindings: Bindings } | undefined {
    if (bindings.values.size === 0) return undefined;
    const symbol = this.valueSymbolOf(identifier);
    return symbol === undefined ? undefined : bindings.values.get(symbol);
  }

  /** True for an optional parameter the call being read passed no argument for: it is `undefined` there. */
  private isOmitted(identifier: ts.Identifier, bindings: Bindings): boolean {
    if (bindings.omitted === undefined) return false;
    const symbol = this.valueSymbolOf(identifier);
    return symbol !== undefined && bindings.omitted.has(symbol);
  }

  /** The concrete class `node` is an instance of: `this` in a method followed from one, a variable holding one. */
  private instanceOf(node: ts.Expression, bindings: Bindings, hops = 0): ts.ClassLikeDeclaration | undefined {
    const expr = unwrap(node);
    if (expr.kind === ts.SyntaxKind.ThisKeyword) return bindings.self;
    if (!ts.isIdentifier(expr) || hops > MAX_CALL_DEPTH) return undefined;
    const symbol =
      bindings.instances.size > 0 || bindings.values.size > 0 ? this.checker.getSymbolAtLocation(expr) : undefined;
    if (symbol === undefined) return undefined;
    const instance = bindings.instances.get(symbol);
    if (instance !== undefined) return instance;
    const boundTo = bindings.values.get(symbol);
    return boundTo === undefined ? undefined : this.instanceOf(boundTo.expr, boundTo.bindings, hops + 1);
  }

  /** The tool definition (or its member) `node` names in a result builder, also through a helper's parameter. */
  private definitionOf(node: ts.Expression, bindings: Bindings, hops = 0): DefinitionBinding | undefined {
    const expr = unwrap(node);
    if (!ts.isIdentifier(expr) || hops > MAX_CALL_DEPTH) return undefined;
    if (bindings.definitions.size === 0 && bindings.values.size === 0) return undefined;
    const symbol = this.checker.getSymbolAtLocation(expr);
    if (symbol === undefined) return undefined;
    const definition = bindings.definitions.get(symbol);
    if (definition !== undefined) return definition;
    const boundTo = bindings.values.get(symbol);
    return boundTo === undefined ? undefined : this.definitionOf(boundTo.expr, boundTo.bindings, hops + 1);
  }

  /**
   * True when `expr` reads the instance a tool class was bound to, or the tool definition a result builder runs (also
   * through a local const, `const result = await t.handler(a)`): its type is the base's, or the union of every
   * definition's, and the code says more.
   */
  private readsInstance(expr: ts.Node, bindings: Bindings, hops = 0): boolean {
    if (bindings.self === undefined && bindings.instances.size === 0 && bindings.definitions.size === 0) return false;
    let found = false;
    const visit = (node: ts.Node): void => {
      if (found) return;
      if (node.kind === ts.SyntaxKind.ThisKeyword || ts.isIdentifier(node)) {
        if (this.instanceOf(node as ts.Expression, bindings) !== undefined) found = true;
        else if (bindings.definitions.size > 0 && ts.isIdentifier(node)) {
          if (this.definitionOf(node, bindings) !== undefined) found = true;
          else if (hops < MAX_CALL_DEPTH) {
            const initializer = this.constInitializer(node);
            if (initializer !== undefined && this.readsInstance(initializer, bindings, hops + 1)) found = true;
          }
        }
        return;
      }
      if (ts.isFunctionLike(node)) return;
      ts.forEachChild(node, visit);
    };
    visit(expr);
    return found;
  }

  /** The variable a name reads: for `{ text }`, the `text` in scope, not the property it writes. */
  private valueSymbolOf(identifier: ts.Identifier): ts.Symbol | undefined {
    const parent = identifier.parent;
    if (parent !== undefined && ts.isShorthandPropertyAssignment(parent) && parent.name === identifier)
      return this.checker.getShorthandAssignmentValueSymbol(parent);
    return this.checker.getSymbolAtLocation(identifier);
  }

  /** The initializer of a local `const`, so `const result = {...}; return result` is read like the literal. */
  private constInitializer(identifier: ts.Identifier): ts.Expression | undefined {
    const symbol = this.valueSymbolOf(identifier);
    const declaration = symbol?.valueDeclaration;
    if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer === undefined)
      return undefined;
    if (!ts.isIdentifier(declaration.name)) return undefined;
    const list = declaration.parent;
    if (!ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return undefined;
    return declaration.initializer;
  }

  /**
   * A call into the project's own code, with its parameters bound to the call's arguments: a function, or the method
   * the concrete class runs for `t.execute(a)` and `this.executeInternal(i)` (its override, not the base's).
   */
  private callee(
    call: ts.CallExpression,
    bindings: Bindings,
  ): { fn: ts.SignatureDeclaration; bindings: Bindings; inClass: boolean } | undefined {
    const callee = unwrap(call.expression);
    const owner = ts.isPropertyAccessExpression(callee) ? this.instanceOf(callee.expression, bindings) : undefined;
    const method =
      owner === undefined || !ts.isPropertyAccessExpression(callee)
        ? undefined
        : this.classes.methodOf(owner, callee.name.text);
    const member = method === undefined ? this.definitionCallee(callee, bindings) : undefined;
    let fn = method ?? member?.fn ?? this.resolver.functionOf(call.expression);
    // A handler looked up by the tool's name, or a function a parameter of the code being read was given.
    fn ??= this.dispatchedFunction(callee, bindings)?.fn;
    if (fn === undefined) return undefined;
    const values = new Map<ts.Symbol, { expr: ts.Expression; bindings: Bindings }>();
    const rests = new Map<ts.Symbol, { elements: readonly ts.Expression[]; bindings: Bindings }>();
    const omitted = new Set<ts.Symbol>();
    const spreadsArguments = call.arguments.some(ts.isSpreadElement);
    fn.parameters.forEach((parameter, index) => {
      const symbol = ts.isIdentifier(parameter.name) ? this.checker.getSymbolAtLocation(parameter.name) : undefined;
      if (symbol === undefined) return;
      // `lines(...parts: string[])`: the rest parameter holds every argument from its place on.
      if (parameter.dotDotDotToken !== undefined)
        rests.set(symbol, { elements: call.arguments.slice(index), bindings });
      const argument = call.arguments[index];
      if (argument !== undefined && parameter.dotDotDotToken === undefined)
        values.set(symbol, { expr: argument, bindings });
      else if (
        argument === undefined &&
        !spreadsArguments &&
        parameter.dotDotDotToken === undefined &&
        parameter.initializer === undefined
      )
        omitted.add(symbol);
    });
    // A member of a definition a factory built: the factory's parameters stand for that call's arguments.
    const built = member?.built;
    if (built !== undefined)
      built.factory.fn.parameters.forEach((parameter, index) => {
        const argument = built.call.arguments[index];
        if (argument === undefined || !ts.isIdentifier(parameter.name)) return;
        const symbol = this.checker.getSymbolAtLocation(parameter.name);
        if (symbol !== undefined) values.set(symbol, { expr: argument, bindings: EMPTY_BINDINGS });
      });
    // An arrow keeps the `this` around it; a method reached through an instance has that instance.
    const self = method !== undefined ? owner : ts.isArrowFunction(fn) ? bindings.self : undefined;
    return {
      fn,
      bindings: {
        values,
        instances: new Map(),
        self,
        definitions: bindings.definitions,
        toolName: bindings.toolName,
        ...(rests.size > 0 ? { rests } : {}),
        ...(omitted.size > 0 ? { omitted } : {}),
      },
      inClass: method !== undefined,
    };
  }

  /**
   * `t.handler` of a definition `t`, or a `handler` destructured from one: the definition's own function, and the
   * factory call that built the definition, if one did.
   */
  private definitionCallee(
    callee: ts.Expression,
    bindings: Bindings,
  ): { fn: ts.SignatureDeclaration; built: FactoryCall | undefined } | undefined {
    const bound = ts.isPropertyAccessExpression(callee)
      ? this.definitionOf(callee.expression, bindings)
      : this.definitionOf(callee, bindings);
    if (bound === undefined) return undefined;
    const key = ts.isPropertyAccessExpression(callee)
      ? bound.member === undefined
        ? callee.name.text
        : undefined
      : bound.member;
    const fn = key === undefined ? undefined : definitionMember(bound.definition, key, this.resolver, this.checker);
    return fn === undefined ? undefined : { fn, built: bound.built };
  }

  /** A value a handler returns: a tool result object, a helper call that builds one, a conditional of both. */
  private results(input: ts.Expression, bindings: Bindings, depth: number, site: ts.Node, out: EmitSource[]): void {
    const expr = unwrap(input);
    if (ts.isConditionalExpression(expr)) {
      this.results(expr.whenTrue, bindings, depth, site, out);
      this.results(expr.whenFalse, bindings, depth, site, out);
      return;
    }
    if (
      ts.isBinaryExpression(expr) &&
      (expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        expr.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    ) {
      this.results(expr.left, bindings, depth, site, out);
      this.results(expr.right, bindings, depth, site, out);
      return;
    }
    if (ts.isObjectLiteralExpression(expr)) {
      if (isErrorResult(expr)) return;
      for (const property of expr.properties) {
        if (ts.isSpreadAssignment(property)) {
          this.results(property.expression, bindings, depth, site, out);
          continue;
        }
        const key = property.name === undefined ? undefined : propertyName(property.name);
        const value = valueOfProperty(property);
        if (value === undefined) continue;
        if (key === 'structuredContent')
          out.push(this.source('structuredContent', this.shapeOf(value, bindings, depth), site));
        else if (key === 'content') this.content(value, bindings, depth, site, out);
      }
      return;
    }
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.results(boundTo.expr, boundTo.bindings, depth, site, out);
      const initializer = this.constInitializer(expr);
      if (initializer !== undefined) return this.results(initializer, bindings, depth, site, out);
    }
    // `fn().then((text) => ({ content: [...] })).catch(...)`: what the callback makes of what the promise resolves to.
    const settled = ts.isCallExpression(expr) ? this.settledBy(expr, bindings) : undefined;
    if (settled !== undefined) {
      for (const { expr: value, bindings: within } of settled) this.results(value, within, depth, site, out);
      return;
    }
    // fastmcp's `execute` returns the text itself: JSON, or prose an id may be printed into.
    if (isJsonStringify(expr) || this.isText(expr)) return this.text(expr, bindings, depth, site, out);
    // A call typed as plain data (`client.getEmployees()`: `Promise<Employee[]>`) builds no tool result, whatever its
    // body does: the code that serializes the handler's value decides what it emits.
    if (ts.isCallExpression(expr) && this.isPlainData(expr)) return;
    if (ts.isCallExpression(expr) && depth < MAX_CALL_DEPTH) {
      const target = this.callee(expr, bindings);
      if (target !== undefined) {
        // A helper's result is emitted where the tool calls it; a tool class's, in the class.
        for (const returned of returnedExpressions(target.fn))
          this.results(returned, target.bindings, depth + 1, target.inClass ? returned : site, out);
        return;
      }
    }
    this.resultOfType(expr, site, out);
  }

  /**
   * What a promise chain resolves to: `p.then((value) => result)` is what the callback returns, with its parameter
   * standing for what `p` resolves to; `p.catch(handler)` and `p.finally(fn)` resolve to what `p` does (a failure's
   * result is no emitter). Undefined for any other call.
   */
  private settledBy(
    call: ts.CallExpression,
    bindings: Bindings,
  ): { readonly expr: ts.Expression; readonly bindings: Bindings }[] | undefined {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || !PROMISE_METHODS.has(callee.name.text)) return undefined;
    const receiver = callee.expression;
    const type = this.checker.getTypeAtLocation(receiver);
    if (this.checker.getAwaitedType(type) === type) return undefined;
    if (callee.name.text !== 'then') return [{ expr: receiver, bindings }];
    const [onFulfilled] = call.arguments;
    const callback = onFulfilled === undefined ? undefined : unwrap(onFulfilled);
    if (callback === undefined || !(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback)))
      return undefined;
    const [parameter] = callback.parameters;
    const symbol =
      parameter !== undefined && ts.isIdentifier(parameter.name)
        ? this.checker.getSymbolAtLocation(parameter.name)
        : undefined;
    const values = new Map(bindings.values);
    if (symbol !== undefined) values.set(symbol, { expr: receiver, bindings });
    const within: Bindings = { ...bindings, values };
    return returnedExpressions(callback).map((returned) => ({ expr: returned, bindings: within }));
  }

  /** A value typed as a string (`Promise<string>` awaited): text returned as it is, never a tool result object. */
  private isText(expr: ts.Expression): boolean {
    const type = this.checker.getTypeAtLocation(expr);
    const awaited = this.checker.getAwaitedType(type) ?? type;
    const members = awaited.isUnion() ? awaited.types : [awaited];
    return members.every((member) => (member.flags & ts.TypeFlags.StringLike) !== 0);
  }

  /** A result the syntax does not show: judged by its type (`Promise<CallToolResult>` tells nothing; `any` is unknown). */
  private resultOfType(expr: ts.Expression, site: ts.Node, out: EmitSource[]): void {
    let type = this.checker.getTypeAtLocation(expr);
    type = this.checker.getAwaitedType(type) ?? type;
    if (this.isErrorResultType(type)) return;
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) {
      out.push({ channel: 'text', site, leaves: [], opaque: true, opaqueWithin: [] });
      return;
    }
    const structured = type.getProperty('structuredContent');
    if (structured !== undefined) {
      const shape: Shape = {
        kind: 'type',
        type: this.checker.getNonNullableType(this.checker.getTypeOfSymbol(structured)),
      };
      const source = this.source('structuredContent', shape, site);
      // `structuredContent?: Record<string, unknown>` on a result type says nothing about ids; only a typed one counts.
      if (!source.opaque) {
        out.push(source);
        return;
      }
    }
    // A result the code does not show, typed only as a tool result (`CallToolResult`): its text may hold any JSON.
    // A domain value with a `content` of its own (a wiki page's text) is no tool result.
    if (this.isContentList(type.getProperty('content')))
      out.push({ channel: 'text', site, leaves: [], opaque: true, opaqueWithin: [] });
  }

  /** `{ isError: true, ... }` as a type: a tool result that reports a failure. */
  private isErrorResultType(type: ts.Type): boolean {
    const flag = type.getProperty('isError');
    if (flag === undefined) return false;
    const flagType = this.checker.getTypeOfSymbol(flag);
    return (flagType.flags & ts.TypeFlags.BooleanLiteral) !== 0 && this.checker.typeToString(flagType) === 'true';
  }

  /** A tool result's `content`: a list of content blocks (or a type that may be one, `any`). */
  private isContentList(content: ts.Symbol | undefined): boolean {
    if (content === undefined) return false;
    const type = this.checker.getNonNullableType(this.checker.getTypeOfSymbol(content));
    const members = type.isUnion() ? type.types : [type];
    return members.some(
      (member) =>
        (member.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0 ||
        this.checker.isArrayType(member) ||
        this.checker.isTupleType(member),
    );
  }

  /** `content: [{ type: 'text', text: JSON.stringify(value) }]`, however it is built. */
  private content(input: ts.Expression, bindings: Bindings, depth: number, site: ts.Node, out: EmitSource[]): void {
    const expr = unwrap(input);
    if (ts.isArrayLiteralExpression(expr)) {
      for (const element of expr.elements) {
        const item = unwrap(ts.isSpreadElement(element) ? element.expression : element);
        if (ts.isObjectLiteralExpression(item)) {
          for (const value of this.itemTexts(item, bindings)) this.text(value, bindings, depth, site, out);
        } else if (ts.isSpreadElement(element)) {
          this.content(element.expression, bindings, depth, site, out);
        } else {
          this.contentItem(item, bindings, depth, site, out);
        }
      }
      return;
    }
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.content(boundTo.expr, boundTo.bindings, depth, site, out);
      const initializer = this.constInitializer(expr);
      if (initializer !== undefined) {
        this.content(initializer, bindings, depth, site, out);
        // `const content = [summary]; rows.forEach((row) => content.push(item(row)))`: the items pushed in too.
        for (const pushed of this.pushedInto(expr) ?? [])
          this.content(
            ts.isSpreadElement(pushed) ? pushed.expression : ts.factory.createArrayLiteralExpression([pushed]),
            bindings,
            depth,
            site,
            out,
          );
        return;
      }
    }
    // `records.map((record) => item(record))`: one item for each record, as the callback builds it.
    const mapped = ts.isCallExpression(expr) ? mappedCallback(expr, this.resolver) : undefined;
    if (mapped !== undefined && depth < MAX_CALL_DEPTH) {
      for (const returned of returnedExpressions(mapped.callback))
        this.content(
          mapped.flat ? returned : ts.factory.createArrayLiteralExpression([returned]),
          bindings,
          depth + 1,
          site,
          out,
        );
      return;
    }
    if (ts.isCallExpression(expr) && depth < MAX_CALL_DEPTH) {
      const target = this.callee(expr, bindings);
      if (target !== undefined) {
        for (const returned of returnedExpressions(target.fn))
          this.content(returned, target.bindings, depth + 1, site, out);
        return;
      }
    }
    // `content: response.data.content`: a list typed `any` may hold any JSON text.
    if (this.checker.getTypeAtLocation(expr).flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown))
      out.push({ channel: 'text', site: expr, leaves: [], opaque: true, opaqueWithin: [] });
  }

  /**
   * What an agent reads as text in one content item written out: its `text`, and the `text` of the resource an
   * embedded resource carries (`{ type: 'resource', resource: { uri, mimeType, text: JSON.stringify(record) } }`).
   */
  private itemTexts(item: ts.ObjectLiteralExpression, bindings: Bindings): ts.Expression[] {
    const texts: ts.Expression[] = [];
    for (const property of item.properties) {
      const key = property.name === undefined ? undefined : propertyName(property.name);
      const value = valueOfProperty(property);
      if (value === undefined) continue;
      if (key === 'text') texts.push(value);
      if (key !== 'resource') continue;
      let resource = unwrap(value);
      if (ts.isIdentifier(resource)) resource = unwrap(this.bound(resource, bindings)?.expr ?? resource);
      if (ts.isObjectLiteralExpression(resource)) texts.push(...this.itemTexts(resource, bindings));
    }
    return texts;
  }

  /** One element of `content` built by a helper: `textItem(JSON.stringify(x))`. */
  private contentItem(expr: ts.Expression, bindings: Bindings, depth: number, site: ts.Node, out: EmitSource[]): void {
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.contentItem(unwrap(boundTo.expr), boundTo.bindings, depth, site, out);
    }
    if (ts.isCallExpression(expr) && depth < MAX_CALL_DEPTH) {
      const target = this.callee(expr, bindings);
      if (target === undefined) return;
      for (const returned of returnedExpressions(target.fn))
        this.content(ts.factory.createArrayLiteralExpression([returned]), target.bindings, depth + 1, site, out);
    }
  }

  /**
   * The `text` of a text item: JSON when it is `JSON.stringify(value)`, directly or through a const or a helper, also
   * inside a sentence (`` `Found:\n${JSON.stringify(value)}` ``, `'Found: ' + JSON.stringify(value)`): an agent reads
   * the ids out of the JSON wherever the text puts it.
   */
  private text(input: ts.Expression, bindings: Bindings, depth: number, site: ts.Node, out: EmitSource[]): void {
    const expr = unwrap(input);
    if (ts.isConditionalExpression(expr)) {
      this.text(expr.whenTrue, bindings, depth, site, out);
      this.text(expr.whenFalse, bindings, depth, site, out);
      return;
    }
    if (ts.isTemplateExpression(expr)) {
      for (const span of expr.templateSpans) this.text(span.expression, bindings, depth, site, out);
      return;
    }
    // `'Found: ' + JSON.stringify(x)`, and a fallback for a value with no JSON form: `JSON.stringify(x) ?? 'null'`.
    if (ts.isBinaryExpression(expr) && TEXT_JOINS.has(expr.operatorToken.kind)) {
      this.text(expr.left, bindings, depth, site, out);
      this.text(expr.right, bindings, depth, site, out);
      return;
    }
    if (ts.isCallExpression(expr)) {
      if (isJsonStringify(expr)) {
        const [value] = expr.arguments;
        if (value !== undefined) {
          out.push(this.source('text', this.shapeOf(value, bindings, depth), site));
          this.jsonInJson(value, bindings, depth, site, out);
        }
        return;
      }
      // `rows.map((p) => `- ID: ${p.id}`).join('\n')`, `lines.join('\n')`: the text of each line.
      const lines = this.linesJoined(expr, bindings);
      if (lines !== undefined) {
        for (const { line, bindings: lineBindings, called } of lines)
          if (!called) this.text(line, lineBindings, depth, site, out);
          else if (depth < MAX_CALL_DEPTH) this.text(line, lineBindings, depth + 1, site, out);
        return;
      }
      // `text.split('\n')`, `line.trim()`, `lines.slice(1)`: a piece of a text, or of a list of lines, is that text.
      const piece = this.pieceOf(expr);
      if (piece !== undefined) return this.text(piece, bindings, depth, site, out);
      // `await res.text()`: the body of an HTTP response passed on as the API sent it. It is typed only as text, so the
      // ids it holds are unknown, as those of a value typed `any`.
      if (this.isResponseBody(expr)) {
        out.push({ channel: 'text', site: expr, leaves: [], opaque: true, opaqueWithin: [] });
        return;
      }
      // `String(p.id)`, `p.id.toString()`: a value turned into its text prints as the value does.
      const cast = castOf(expr);
      if (cast !== undefined && castsToText(cast.kind)) return this.text(cast.value, bindings, depth, site, out);
      // A call whose value is a record (`await client.get<Currency[]>(...)`) is typed by its type, not by the text its
      // body may return on the way (`readBody()`'s `await response.text()`, cast `as T`): nothing to print from it.
      if (depth < MAX_CALL_DEPTH && !this.isRecordTyped(expr)) {
        const target = this.callee(expr, bindings);
        if (target !== undefined)
          for (const returned of returnedExpressions(target.fn))
            this.text(returned, target.bindings, depth + 1, site, out);
      }
      return;
    }
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.text(boundTo.expr, boundTo.bindings, depth, site, out);
      // A name destructured from a record (`for (const { id } of rows)`, `({ project_id }) =>`) is that record's
      // property; any other local is what it holds (`const id = display(row.id)` prints what `display` makes of it).
      const printed = ts.isBindingElement(this.valueSymbolOf(expr)?.valueDeclaration ?? expr)
        ? this.printedId(expr)
        : undefined;
      if (printed !== undefined) return pushPrinted(out, printed);
      // A `let` the handler builds its text in: its initializer, and every value assigned or appended to it. A value
      // made from the let itself (`note = `Cut off.\n${note}``) adds what is new; what it held is read already.
      const symbol = this.valueSymbolOf(expr);
      if (symbol === undefined || this.textsRead.has(symbol)) return;
      this.textsRead.add(symbol);
      try {
        for (const value of this.valuesOf(expr, true)) this.text(value, bindings, depth, site, out);
      } finally {
        this.textsRead.delete(symbol);
      }
      return;
    }
    if (ts.isPropertyAccessExpression(expr)) {
      const printed = this.printedId(expr, bindings);
      if (printed !== undefined) pushPrinted(out, printed);
      return;
    }
    // `itemLines[0]` of `const itemLines = text.split('\n')`: one line of the list is read as the list's text.
    if (ts.isElementAccessExpression(expr) && this.isTextList(expr.expression))
      this.text(expr.expression, bindings, depth, site, out);
  }

  /**
   * JSON text inside the JSON a tool sends: `JSON.stringify(response)` where `response` is a response helper's
   * `{ type: 'text', text: JSON.stringify({ message, ...data }) }`, as helpers written for another framework build it.
   * The agent reads the ids out of that string too, so each string property made by `JSON.stringify` is text of its
   * own, followed through consts and helper calls as the outer value is.
   */
  private jsonInJson(input: ts.Expression, bindings: Bindings, depth: number, site: ts.Node, out: EmitSource[]): void {
    const expr = unwrap(input);
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.jsonInJson(boundTo.expr, boundTo.bindings, depth, site, out);
      const initializer = this.constInitializer(expr);
      if (initializer !== undefined) this.jsonInJson(initializer, bindings, depth, site, out);
      return;
    }
    if (ts.isCallExpression(expr)) {
      if (isJsonStringify(expr) || depth >= MAX_CALL_DEPTH) return;
      const target = this.callee(expr, bindings);
      if (target !== undefined)
        for (const returned of returnedExpressions(target.fn))
          this.jsonInJson(returned, target.bindings, depth + 1, site, out);
      return;
    }
    if (!ts.isObjectLiteralExpression(expr)) return;
    for (const property of expr.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const value = unwrap(property.initializer);
      if (ts.isCallExpression(value) && isJsonStringify(value)) this.text(value, bindings, depth, site, out);
      else if (ts.isObjectLiteralExpression(value)) this.jsonInJson(value, bindings, depth, site, out);
    }
  }

  /** `res.text()` on a fetch `Response` (the global one, undici's or node-fetch's): an HTTP response's body as text. */
  private isResponseBody(call: ts.CallExpression): boolean {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'text' || call.arguments.length > 0)
      return false;
    const type = this.checker.getNonNullableType(this.checker.getTypeAtLocation(callee.expression));
    const name = (type.getSymbol() ?? type.aliasSymbol)?.getName();
    return name === 'Response' || name === 'Body';
  }

  /**
   * A value whose type (awaited) is a record or a list of records: an object type, no primitive, `any`, `unknown` or
   * list of text.
   */
  private isRecordTyped(expr: ts.Expression): boolean {
    const type = this.checker.getTypeAtLocation(expr);
    const awaited = this.checker.getAwaitedType(type) ?? type;
    const members = awaited.isUnion() ? awaited.types : [awaited];
    return members.every(
      (member) =>
        (member.flags & ts.TypeFlags.Object) !== 0 &&
        !((this.checker.isArrayType(member) || this.checker.isTupleType(member)) && this.isTextListType(member)),
    );
  }

  /** A list whose elements are text (`string[]`, `(string | false)[]`), as lines split off a text or built one by one. */
  private isTextList(expr: ts.Expression): boolean {
    return this.isTextListType(this.checker.getTypeAtLocation(expr));
  }

  private isTextListType(type: ts.Type): boolean {
    if (!this.checker.isArrayType(type)) return false;
    const element = this.checker.getTypeArguments(type as ts.TypeReference)[0];
    const members = element === undefined ? [] : element.isUnion() ? element.types : [element];
    return members.some((member) => (member.flags & ts.TypeFlags.StringLike) !== 0);
  }

  /**
   * The text a call takes a piece of: the string of `s.split(sep)`, `s.trim()`, `s.padEnd(8)`, and the list of lines
   * of `lines.slice(1)`, `lines.filter(Boolean)`.
   */
  private pieceOf(call: ts.CallExpression): ts.Expression | undefined {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const receiver = callee.expression;
    const name = callee.name.text;
    if (TEXT_PIECES.has(name)) {
      const type = this.checker.getTypeAtLocation(receiver);
      if ((type.flags & ts.TypeFlags.StringLike) !== 0) return receiver;
    }
    return SAME_ELEMENTS.has(name) && this.isTextList(receiver) ? receiver : undefined;
  }

  /**
   * An id printed into prose (`- ID: ${p.project_id}`, `(${t.id})`): named like an id (or a record's second key,
   * `@${post.nr}`), typed `string` or `number` by the code. Its path is its name, under the name of what holds it when that is a word (`project.id`; not `p.id`).
   */
  private printedId(
    expr: ts.Identifier | ts.PropertyAccessExpression,
    bindings: Bindings = EMPTY_BINDINGS,
  ): EmitSource | undefined {
    const name = ts.isIdentifier(expr) ? expr.text : expr.name.text;
    // A record's second key is printed as its id is: `@${post.nr}`.
    if (!isIdName(name) && !isKeyName(name)) return undefined;
    const argument = ts.isPropertyAccessExpression(expr) ? this.propertyOfArgument(expr, bindings) : undefined;
    const type = argument?.type ?? this.checker.getTypeAtLocation(expr);
    // A `bigint` has no JSON form, but printed it is digits, read as a number.
    const types =
      (type.getNonNullableType().flags & ts.TypeFlags.BigIntLike) !== 0
        ? new Set<JsonType>(['number'])
        : this.leavesOf(type).find((leaf) => leaf.rel.length === 0)?.types;
    if (types === undefined || types.size === 0 || [...types].some((type) => type !== 'string' && type !== 'number'))
      return undefined;
    const holder = ts.isPropertyAccessExpression(expr) ? unwrap(expr.expression) : undefined;
    const owner =
      holder === undefined
        ? undefined
        : ts.isIdentifier(holder)
          ? holder.text
          : ts.isPropertyAccessExpression(holder)
            ? holder.name.text
            : undefined;
    // `args.campaign_id` in a helper the handler hands its input to (`cutZones(client, args)`): the property of what
    // the call hands in, so the tool's own input printed back is known as the input's field.
    const declaration =
      argument?.declaration ??
      (ts.isPropertyAccessExpression(expr) ? this.propertyOfArgument(expr, bindings, true)?.declaration : undefined) ??
      this.printedDeclaration(expr);
    // A string the code fills with a number's digits (`id: String(issue.number)`) prints as digits: read as a number.
    const printedTypes = new Set(types);
    const digitsFrom =
      declaration !== undefined && types.has('string') ? this.filledWithDigits(declaration) : undefined;
    if (digitsFrom !== undefined) printedTypes.add('number');
    const named = owner !== undefined && owner.length > 1 && !isNamelessHolder(owner);
    // `(#${t.id})` of a `t: Task`: a holder whose name says nothing has the name of its project type besides.
    const typeName = named || holder === undefined || name !== 'id' ? undefined : this.recordTypeName(holder);
    const leaf: EmittedLeaf = {
      path: named ? [owner, name] : [name],
      ...(typeName === undefined ? {} : { typedPath: [typeName, name] }),
      types: [...printedTypes],
      unknown: false,
      ...(declaration === undefined ? {} : { declaration }),
      site: expr,
      ...(digitsFrom === undefined ? {} : { digitsFrom }),
    };
    return { channel: 'prose', site: expr, leaves: [leaf], opaque: false, opaqueWithin: [] };
  }

  /**
   * A property read off a helper's parameter the code leaves untyped (`group.group_id` in `format(group: any)`), typed
   * by the argument the call hands in (`format(await api.createGroup())`): its type and declaration there. `typed`
   * reads it so however the parameter is typed.
   */
  private propertyOfArgument(
    expr: ts.PropertyAccessExpression,
    bindings: Bindings,
    typed = false,
  ): { type: ts.Type; declaration: ts.Node | undefined } | undefined {
    if (!typed && !(this.checker.getTypeAtLocation(expr).flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)))
      return undefined;
    const names: string[] = [];
    let holder: ts.Expression = expr;
    while (ts.isPropertyAccessExpression(holder)) {
      names.unshift(holder.name.text);
      holder = unwrap(holder.expression);
    }
    const boundTo = ts.isIdentifier(holder) ? this.bound(holder, bindings) : undefined;
    if (boundTo === undefined) return undefined;
    let type = this.checker.getTypeAtLocation(boundTo.expr);
    let declaration: ts.Node | undefined;
    for (const name of names) {
      const property = type.getNonNullableType().getProperty(name);
      if (property === undefined) return undefined;
      type = this.checker.getTypeOfSymbolAtLocation(property, boundTo.expr);
      declaration = property.declarations?.[0];
    }
    return { type, declaration };
  }

  /**
   * The property a printed id is: `p.project_id`'s, or for a name destructured from a parameter (`({ project_id }) =>`)
   * the property of the parameter's type it takes, so an input printed back is known as the input's own field.
   */
  private printedDeclaration(expr: ts.Identifier | ts.PropertyAccessExpression): ts.Node | undefined {
    if (ts.isPropertyAccessExpression(expr)) return this.checker.getSymbolAtLocation(expr.name)?.declarations?.[0];
    const declaration = this.valueSymbolOf(expr)?.valueDeclaration;
    if (declaration === undefined || !ts.isBindingElement(declaration)) return declaration;
    const key = declaration.propertyName ?? declaration.name;
    const name = ts.isIdentifier(key) || ts.isStringLiteral(key) ? key.text : undefined;
    const property =
      name === undefined ? undefined : this.checker.getTypeAtLocation(declaration.parent).getProperty(name);
    return property?.declarations?.[0] ?? declaration;
  }

  /**
   * The lines a `.join()` puts together: the text each element of `list.map(fn)` is made of (what `fn` returns), the
   * elements of a list written out (`[head, ...rest]`), a rest parameter's arguments (`lines(...parts)` joining
   * `parts.filter(Boolean)`), or what the code pushes into a local list (`lines.push(`- ${t.id}`)`) besides its
   * initializer.
   */
  private linesJoined(call: ts.CallExpression, bindings: Bindings): TextLine[] | undefined {
    const callee = unwrap(call.expression);
    if (!ts.isPropertyAccessExpression(callee) || callee.name.text !== 'join') return undefined;
    return this.linesOf(callee.expression, bindings, 0);
  }

  private linesOf(input: ts.Expression, bindings: Bindings, hops: number): TextLine[] | undefined {
    const list = unwrap(input);
    if (hops > MAX_FOLLOW_DEPTH) return undefined;
    if (ts.isArrayLiteralExpression(list)) return this.elementLines(list.elements, bindings, hops);
    if (ts.isCallExpression(list)) {
      const method = unwrap(list.expression);
      if (ts.isPropertyAccessExpression(method) && SAME_ELEMENTS.has(method.name.text))
        return this.linesOf(method.expression, bindings, hops + 1);
      const mapped = mappedCallback(list, this.resolver);
      if (mapped === undefined) return undefined;
      // `text.split('\n').map((line) => `  ${line}`)`: each element the callback is handed is the text split.
      let lineBindings = bindings;
      const [element] = mapped.callback.parameters;
      const symbol =
        element !== undefined && ts.isIdentifier(element.name)
          ? this.checker.getSymbolAtLocation(element.name)
          : undefined;
      if (symbol !== undefined && this.isTextList(mapped.list)) {
        const values = new Map(bindings.values);
        values.set(symbol, { expr: mapped.list, bindings });
        lineBindings = { ...bindings, values };
      }
      return returnedExpressions(mapped.callback).map((line) => ({
        line,
        bindings: lineBindings,
        called: mapped.named,
      }));
    }
    if (!ts.isIdentifier(list)) return undefined;
    const symbol = this.valueSymbolOf(list);
    const rest = symbol === undefined ? undefined : bindings.rests?.get(symbol);
    if (rest !== undefined) return this.elementLines(rest.elements, rest.bindings, hops);
    const boundTo = this.bound(list, bindings);
    if (boundTo !== undefined) return this.linesOf(boundTo.expr, boundTo.bindings, hops + 1);
    const declaration = symbol?.valueDeclaration;
    if (declaration === undefined || !ts.isVariableDeclaration(declaration)) return undefined;
    // `const lines = rows.map((row) => ...)`, joined later; `const parts = [a, b]` with more pushed in.
    const initial =
      declaration.initializer === undefined ? undefined : this.linesOf(declaration.initializer, bindings, hops + 1);
    const pushed = this.pushedInto(list);
    if (initial === undefined && pushed === undefined) return undefined;
    return [...(initial ?? []), ...this.elementLines(pushed ?? [], bindings, hops)];
  }

  /** The lines of a list's elements: each element, and the lines of a list spread into it (`...more`). */
  private elementLines(elements: readonly ts.Expression[], bindings: Bindings, hops: number): TextLine[] {
    return elements.flatMap((element) =>
      ts.isSpreadElement(element)
        ? (this.linesOf(element.expression, bindings, hops + 1) ?? [])
        : [{ line: element, bindings }],
    );
  }

  /** What the code pushes into a local list (`lines.push(x)`, `content.push(...items)`), in its scope; a list only. */
  private pushedInto(list: ts.Identifier): ts.Expression[] | undefined {
    const symbol = this.valueSymbolOf(list);
    const declaration = symbol?.valueDeclaration;
    if (symbol === undefined || declaration === undefined || !ts.isVariableDeclaration(declaration)) return undefined;
    const pushed: ts.Expression[] = [];
    forEachNodeInScope(declaration, (node) => {
      if (!ts.isCallExpression(node)) return;
      const push = unwrap(node.expression);
      if (
        ts.isPropertyAccessExpression(push) &&
        push.name.text === 'push' &&
        ts.isIdentifier(push.expression) &&
        this.checker.getSymbolAtLocation(push.expression) === symbol
      )
        pushed.push(...node.arguments);
    });
    return pushed;
  }

  /**
   * The shape of an emitted value: object literals property by property (so bound parameters count), else its type;
   * where the type says nothing, or the value reads a tool class's instance (`force` when a property of it is read), the
   * code that makes it.
   */
  private shapeOf(input: ts.Expression, bindings: Bindings, depth: number, force = false): Shape {
    // Only parentheses come off: `rows as AgentRow[]` and `await x` have the type that is emitted.
    let expr = input;
    while (ts.isParenthesizedExpression(expr)) expr = expr.expression;
    if (ts.isIdentifier(expr)) {
      const boundTo = this.bound(expr, bindings);
      if (boundTo !== undefined) return this.shapeOf(boundTo.expr, boundTo.bindings, depth, force);
      if (this.isOmitted(expr, bindings)) return { kind: 'type', type: this.checker.getUndefinedType() };
    }
    if (ts.isObjectLiteralExpression(expr) && (!isEmpty(bindings) || force)) {
      const properties = new Map<string, Shape>();
      for (const property of expr.properties) {
        if (ts.isSpreadAssignment(property)) {
          // `...(data || {})`, `...(extra ?? {})`: each side spreads its keys.
          const spread = fallbackSides(property.expression).map((side) => this.shapeOf(side, bindings, depth));
          for (const member of spread) {
            if (member.kind === 'object') for (const [key, value] of member.properties) properties.set(key, value);
            else if (member.kind === 'type')
              for (const symbol of this.checker.getPropertiesOfType(member.type))
                properties.set(symbol.name, { kind: 'type', type: this.checker.getTypeOfSymbol(symbol) });
          }
          continue;
        }
        const key = property.name === undefined ? undefined : propertyName(property.name);
        if (key === undefined) continue;
        if (ts.isPropertyAssignment(property)) properties.set(key, this.shapeOf(property.initializer, bindings, depth));
        else if (ts.isShorthandPropertyAssignment(property)) {
          // `{ people_id }`: the value is the property written here, for a reader to follow where the name came from.
          const shape = this.shapeOf(property.name, bindings, depth);
          properties.set(
            key,
            shape.kind === 'type' && shape.declaration === undefined ? { ...shape, declaration: property } : shape,
          );
        }
      }
      return { kind: 'object', properties };
    }
    if (ts.isConditionalExpression(expr))
      return {
        kind: 'union',
        members: [this.shapeOf(expr.whenTrue, bindings, depth), this.shapeOf(expr.whenFalse, bindings, depth)],
      };
    const type = this.checker.getTypeAtLocation(expr);
    if (
      depth < MAX_FOLLOW_DEPTH &&
      (force ||
        this.isOpaque(type) ||
        this.readsInstance(expr, bindings) ||
        this.spreadsOpaque(expr) ||
        (ts.isIdentifier(expr) && this.holdsOpaque(type)))
    ) {
      const followed = this.followed(expr, bindings, depth);
      // Following the code never makes a value less known than its type says (`rows as Row[]` of an untyped call).
      if (followed !== undefined && (this.isOpaque(type) || !this.isOpaqueShape(followed))) return followed;
    }
    const declaration = ts.isPropertyAccessExpression(expr)
      ? this.checker.getSymbolAtLocation(expr.name)?.declarations?.[0]
      : undefined;
    return declaration === undefined ? { kind: 'type', type } : { kind: 'type', type, declaration };
  }

  /**
   * A const built by spreading a bag of unknown values (`const body = { ...payload, status: 'ok' }` with `payload:
   * Record<string, unknown>`): its type keeps only the named keys, so the code that fills the bag decides.
   */
  private spreadsOpaque(expr: ts.Expression): boolean {
    const initializer = ts.isIdentifier(expr) ? this.constInitializer(expr) : expr;
    if (initializer === undefined) return false;
    const literal = unwrap(initializer);
    return (
      ts.isObjectLiteralExpression(literal) &&
      literal.properties.some(
        (property) =>
          ts.isSpreadAssignment(property) && this.isOpaque(this.checker.getTypeAtLocation(property.expression)),
      )
    );
  }

  /** A type with a part of no type in it (`{ alerts: Record<string, unknown>[]; total: number }`): the code says more. */
  private holdsOpaque(type: ts.Type): boolean {
    return this.leavesOf(type).some((leaf) => leaf.unknown && leaf.types.size === 0);
  }

  private isOpaqueShape(shape: Shape): boolean {
    switch (shape.kind) {
      case 'type':
        // A promise is as opaque as its value: `Promise<T>` of a generic `request<T>()` says nothing.
        return this.isOpaque(this.checker.getAwaitedType(shape.type) ?? shape.type);
      case 'at':
        return this.isOpaqueShape(shape.shape);
      case 'union':
        return shape.members.some((member) => this.isOpaqueShape(member));
      default:
        return false;
    }
  }

  /**
   * What a local variable holds: a `const`'s initializer, or for a `let` (`let result; if (...) result = await a();
   * else result = await b();`) its initializer and every value assigned to it in the function that declares it.
   */
  private valuesOf(identifier: ts.Identifier, appended = false): ts.Expression[] {
    const initializer = this.constInitializer(identifier);
    if (initializer !== undefined) return [initializer];
    const symbol = this.valueSymbolOf(identifier);
    const declaration = symbol?.valueDeclaration;
    if (declaration === undefined || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name))
      return [];
    const values: ts.Expression[] = declaration.initializer === undefined ? [] : [declaration.initializer];
    forEachNodeInScope(declaration, (node) => {
      if (
        ts.isBinaryExpression(node) &&
        (node.operatorToken.kind === ts.SyntaxKind.EqualsToken ||
          (appended && node.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken)) &&
        ts.isIdentifier(node.left) &&
        this.checker.getSymbolAtLocation(node.left) === symbol
      )
        values.push(node.right);
    });
    return values;
  }

  /** The shape the code gives a value: a const's initializer, an awaited call, a property of what is followed, a call's returns. */
  private followed(expr: ts.Expression, bindings: Bindings, depth: number): Shape | undefined {
    if (ts.isAwaitExpression(expr)) return this.awaited(this.shapeOf(expr.expression, bindings, depth, true));
    if (
      ts.isAsExpression(expr) ||
      ts.isNonNullExpression(expr) ||
      ts.isSatisfiesExpression(expr) ||
      ts.isTypeAssertionExpression(expr)
    )
      return this.shapeOf(expr.expression, bindings, depth, true);
    if (ts.isIdentifier(expr)) {
      const values = this.valuesOf(expr);
      if (values.length === 0) return undefined;
      const members = values.map((value) => this.shapeOf(value, bindings, depth + 1, true));
      return members.length === 1 ? members[0] : { kind: 'union', members };
    }
    const key = ts.isPropertyAccessExpression(expr)
      ? expr.name.text
      : ts.isElementAccessExpression(expr) && ts.isStringLiteralLike(expr.argumentExpression)
        ? expr.argumentExpression.text
        : undefined;
    if (key !== undefined && (ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr))) {
      const owner = this.instanceOf(expr.expression, bindings);
      if (owner !== undefined) {
        const value = this.classes.valueOf(owner, key);
        return value === undefined ? undefined : this.shapeOf(value, { ...EMPTY_BINDINGS, self: owner }, depth + 1);
      }
      return this.pick(this.shapeOf(expr.expression, bindings, depth + 1, true), key);
    }
    if (ts.isCallExpression(expr)) {
      // `result.slice(0, n)`, `rows.filter(...)`: a part of a list holds what the list holds.
      const method = unwrap(expr.expression);
      if (ts.isPropertyAccessExpression(method) && SAME_ELEMENTS.has(method.name.text)) {
        const list = this.shapeOf(method.expression, bindings, depth + 1, true);
        if (!this.isOpaqueShape(list)) return list;
      }
      // `alerts.map((alert) => withOptionalField({ id: alert.id }, ...))`: a list of what the callback returns.
      const mapper = expr.arguments[0] === undefined ? undefined : unwrap(expr.arguments[0]);
      if (
        ts.isPropertyAccessExpression(method) &&
        method.name.text === 'map' &&
        mapper !== undefined &&
        (ts.isArrowFunction(mapper) || ts.isFunctionExpression(mapper))
      ) {
        const members = returnedExpressions(mapper).map((value) => this.shapeOf(value, bindings, depth + 1, true));
        if (members.length > 0)
          return { kind: 'array', element: members.length === 1 ? (members[0] as Shape) : { kind: 'union', members } };
      }
      const target = this.callee(expr, bindings);
      if (target === undefined) return undefined;
      const returned = returnedExpressions(target.fn);
      if (returned.length === 0) return undefined;
      const members: Shape[] = returned.map((value) => ({
        kind: 'at',
        site: value,
        shape: this.shapeOf(value, target.bindings, depth + 1, true),
      }));
      const shape: Shape = members.length === 1 ? (members[0] as Shape) : { kind: 'union', members };
      return isAsync(target.fn) ? this.awaited(shape) : shape;
    }
    return undefined;
  }

  /** What `await` makes of a shape: a promise's value. */
  private awaited(shape: Shape): Shape {
    switch (shape.kind) {
      case 'type':
        return { kind: 'type', type: this.checker.getAwaitedType(shape.type) ?? shape.type };
      case 'at':
        return { kind: 'at', site: shape.site, shape: this.awaited(shape.shape) };
      case 'union':
        return { kind: 'union', members: shape.members.map((member) => this.awaited(member)) };
      default:
        return shape;
    }
  }

  /** The shape of property `key` of a shape; undefined when it cannot be told. */
  private pick(shape: Shape, key: string): Shape | undefined {
    switch (shape.kind) {
      case 'at': {
        const inner = this.pick(shape.shape, key);
        return inner === undefined ? undefined : { kind: 'at', site: shape.site, shape: inner };
      }
      case 'object':
        // A key the literal does not have is not emitted.
        return shape.properties.get(key) ?? { kind: 'type', type: this.checker.getUndefinedType() };
      case 'union': {
        const members = shape.members
          .map((member) => this.pick(member, key))
          .filter((member): member is Shape => member !== undefined);
        return members.length === 0 ? undefined : { kind: 'union', members };
      }
      case 'array':
        return undefined;
      case 'type': {
        const property = this.checker.getNonNullableType(shape.type).getProperty(key);
        return property === undefined ? undefined : { kind: 'type', type: this.checker.getTypeOfSymbol(property) };
      }
    }
  }

  private source(channel: EmitChannel, shape: Shape, site: ts.Node): EmitSource {
    const leaves = new Map<
      string,
      {
        path: PathSegment[];
        types: Set<JsonType>;
        unknown: boolean;
        site: ts.Node;
        declaredIn?: string | undefined;
        declaration?: ts.Node | undefined;
        written: boolean;
      }
    >();
    /** Where an opaque value is built, when the reader followed a call to it (a definition's handler). */
    let opaqueAt: ts.Node | undefined;
    const opaqueWithin = new Map<string, { path: readonly PathSegment[]; site: ts.Node }>();
    const within = (path: readonly PathSegment[], at: ts.Node): void => {
      const key = path.join('\u0000');
      if (!opaqueWithin.has(key)) opaqueWithin.set(key, { path, site: at });
    };
    const add = (path: readonly PathSegment[], leaf: Leaf, at: ts.Node): void => {
      const full = [...path, ...leaf.rel];
      const name = lastKeyOf(full);
      if (name === undefined || !isIdOrKeyName(name)) {
        if (full.length > 0 && leaf.unknown && leaf.types.size === 0) within(full, at);
        return;
      }
      // One path written from two declarations (a record's `people_id` in one answer, the input's handed back in
      // another) stays two leaves, so a reader can tell an input handed back from the record beside it.
      const declared = leaf.declaration;
      const key =
        declared === undefined
          ? full.join('\u0000')
          : `${full.join('\u0000')}\u0001${declared.getSourceFile().fileName}:${declared.pos}`;
      const entry = leaves.get(key) ?? {
        path: full,
        types: new Set<JsonType>(),
        unknown: false,
        site: at,
        written: leaf.written === true,
      };
      for (const type of leaf.types) entry.types.add(type);
      entry.unknown ||= leaf.unknown;
      entry.declaredIn ??= leaf.declaredIn;
      entry.declaration ??= leaf.declaration;
      entry.written &&= leaf.written === true;
      leaves.set(key, entry);
    };
    const walk = (current: Shape, path: PathSegment[], at: ts.Node): void => {
      switch (current.kind) {
        case 'type':
          if (this.isOpaque(current.type)) {
            const name = lastKeyOf(path);
            if (path.length === 0) opaqueAt ??= at;
            else if (name === undefined || !isIdName(name)) within(path, at);
          }
          for (const leaf of this.leavesOf(current.type))
            add(
              path,
              leaf.rel.every((segment) => segment === ARRAY_ITEM) &&
                leaf.declaration === undefined &&
                current.declaration !== undefined
                ? { ...leaf, declaration: current.declaration }
                : leaf,
              at,
            );
          return;
        case 'object':
          for (const [key, value] of current.properties) walk(value, [...path, key], at);
          return;
        case 'array':
          walk(current.element, [...path, ARRAY_ITEM], at);
          return;
        case 'union':
          for (const member of current.members) walk(member, path, at);
          return;
        case 'at':
          walk(current.shape, path, current.site);
          return;
      }
    };
    walk(shape, [], site);
    return {
      channel,
      site: opaqueAt ?? site,
      opaque: opaqueAt !== undefined,
      opaqueWithin: [...opaqueWithin.values()],
      leaves: withoutIllustrations([...leaves.values()]).map((leaf) => ({
        path: leaf.path,
        types: [...leaf.types],
        unknown: leaf.unknown,
        site: leaf.site,
        ...(leaf.declaredIn === undefined ? {} : { declaredIn: leaf.declaredIn }),
        ...(leaf.declaration === undefined ? {} : { declaration: leaf.declaration }),
      })),
    };
  }

  /**
   * The types of the values the project's code writes into a property its own type declares opaque (`raw?: unknown`
   * filled `{ ..., raw }` with the API's record, or `message.raw = api` after the literal): what the JSON carries
   * there. Empty when the code writes nothing typed into it; a value of no type written beside typed ones keeps the
   * part unknown.
   */
  private filledInto(property: ts.Symbol): ts.Type[] {
    const declarations = new Set(property.declarations ?? []);
    const types: ts.Type[] = [];
    for (const write of this.writesOf(property.name)) {
      const target =
        write.kind === 'assigned'
          ? this.checker.getSymbolAtLocation(write.name)
          : this.contextualProperty(write.literal, property.name);
      if (!(target?.declarations ?? []).some((declaration) => declarations.has(declaration))) continue;
      const value =
        write.kind === 'shorthand'
          ? this.checker.getTypeAtLocation(write.name)
          : this.checker.getTypeAtLocation(write.value);
      types.push(value);
    }
    return types.some((type) => !this.isOpaque(type)) ? types : [];
  }

  /**
   * The name of the record type the project declares for a value (`Task` of `t: Task`, an interface or a type alias
   * in the project's own files), first letter in lower case; undefined for a type from a package or of no name.
   */
  private recordTypeName(holder: ts.Expression): string | undefined {
    const type = this.checker.getTypeAtLocation(holder).getNonNullableType();
    const symbol = type.aliasSymbol ?? type.getSymbol();
    const declaration = symbol?.declarations?.[0];
    if (
      symbol === undefined ||
      declaration === undefined ||
      !(ts.isInterfaceDeclaration(declaration) || ts.isTypeAliasDeclaration(declaration)) ||
      declaration.getSourceFile().isDeclarationFile ||
      /[\\/]node_modules[\\/]/.test(declaration.getSourceFile().fileName)
    )
      return undefined;
    const name = symbol.name.charAt(0).toLowerCase() + symbol.name.slice(1);
    return isNamelessHolder(name) ? undefined : name;
  }

  /**
   * Whether the project's code writes a number's text into a string property of its own types (`{ id:
   * String(issue.number) }` for a `Task`, `task.id = item.id.toString()`, `` `${row.id}` ``): its value is digits
   * wherever it is printed, whatever other writes put there. The first such write, or undefined.
   */
  private filledWithDigits(declaration: ts.Node): ts.Expression | undefined {
    if (!ts.isPropertySignature(declaration) && !ts.isPropertyDeclaration(declaration)) return undefined;
    const name = propertyName(declaration.name);
    if (name === undefined) return undefined;
    for (const write of this.writesOf(name)) {
      if (write.kind === 'shorthand') continue;
      const target =
        write.kind === 'assigned'
          ? this.checker.getSymbolAtLocation(write.name)
          : this.contextualProperty(write.literal, name);
      if (!(target?.declarations ?? []).includes(declaration)) continue;
      if (this.textOfNumber(write.value)) return write.value;
    }
    return undefined;
  }

  /** A number turned into its text: `String(n)`, `n.toString()`, `` `${n}` `` with nothing around it. */
  private textOfNumber(value: ts.Expression): boolean {
    const cast = castOf(unwrapExpression(value));
    if (cast === undefined || !castsToText(cast.kind)) return false;
    const type = this.checker.getTypeAtLocation(cast.value).getNonNullableType();
    return (type.flags & ts.TypeFlags.NumberLike) !== 0;
  }

  /** The property of the type an object literal is written for (`const m: Message = { raw }`), by name. */
  private contextualProperty(literal: ts.ObjectLiteralExpression, name: string): ts.Symbol | undefined {
    const contextual = this.checker.getContextualType(literal);
    if (contextual === undefined) return undefined;
    const members = contextual.isUnion() ? contextual.types : [contextual];
    for (const member of members) {
      const found = this.checker.getPropertyOfType(member, name);
      if (found !== undefined) return found;
    }
    return undefined;
  }

  /** Every property write of the project's sources by that name: literal properties and `x.name = value`. */
  private writesOf(name: string): readonly Write[] {
    if (this.writes === undefined) {
      const writes = new Map<string, Write[]>();
      const add = (key: string, write: Write): void => {
        const list = writes.get(key);
        if (list === undefined) writes.set(key, [write]);
        else list.push(write);
      };
      const visit = (node: ts.Node): void => {
        if (ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
          const key = propertyName(node.name);
          if (key !== undefined) add(key, { kind: 'literal', literal: node.parent, value: node.initializer });
        } else if (ts.isShorthandPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent)) {
          add(node.name.text, { kind: 'shorthand', literal: node.parent, name: node.name });
        } else if (
          ts.isBinaryExpression(node) &&
          node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
          ts.isPropertyAccessExpression(node.left)
        ) {
          add(node.left.name.text, { kind: 'assigned', name: node.left.name, value: node.right });
        }
        ts.forEachChild(node, visit);
      };
      for (const file of this.sources) if (!file.isDeclarationFile) visit(file);
      this.writes = writes;
    }
    return this.writes.get(name) ?? [];
  }

  /** `any`, `unknown`, or a bag of them (`Record<string, unknown>`): a value whose ids the types do not show. */
  isOpaque(type: ts.Type): boolean {
    // A generic type (`T`, `Awaited<T>` inside a generic `request<T>()`) says nothing until a call site gives it.
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Instantiable)) return true;
    if (type.isUnion()) return type.types.some((member) => this.isOpaque(member));
    // `any[]`, `Record<string, unknown>[]`: a list says nothing of the ids of what it holds.
    if (this.checker.isArrayType(type)) {
      const [element] = this.checker.getTypeArguments(type as ts.TypeReference);
      return element !== undefined && this.isOpaque(element);
    }
    if (!(type.flags & ts.TypeFlags.Object) || this.checker.getPropertiesOfType(type).length > 0) return false;
    return this.checker
      .getIndexInfosOfType(type)
      .some((info) => (info.type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) !== 0);
  }

  /**
   * The id leaves of what a Zod output schema parses to, read from its type (`z.output<typeof schema>`), or undefined
   * when the expression is no Zod schema nor a raw shape of them. A schema a helper of the project builds from its
   * parameters (`pageSchema(companySchema)`) is read as exactly as one written out: the checker has put the argument
   * in the parameter's place.
   */
  schemaOutputLeaves(schema: ts.Node): EmittedLeaf[] | undefined {
    const type = this.checker.getTypeAtLocation(schema);
    const parsed = this.parsedTypeOf(type);
    let leaves: readonly Leaf[];
    if (parsed !== undefined) leaves = this.leavesOf(parsed);
    else {
      // A raw shape (`outputSchema: { id: z.number() }`): each property is a schema of its own.
      const properties = type.flags & ts.TypeFlags.Object ? this.checker.getPropertiesOfType(type) : [];
      const values = properties.map((property) => this.parsedTypeOf(this.checker.getTypeOfSymbol(property)));
      if (values.length === 0 || values.includes(undefined)) return undefined;
      leaves = properties.flatMap((property, index) =>
        this.leavesOf(values[index] as ts.Type)
          .map((leaf) => ({ ...leaf, rel: [property.name, ...leaf.rel] }))
          .filter((leaf) => isKept(leaf.rel, leaf)),
      );
    }
    return leaves.map((leaf) => ({
      path: leaf.rel,
      types: [...leaf.types],
      unknown: leaf.unknown,
      ...(leaf.declaration === undefined ? {} : { declaration: leaf.declaration }),
      site: leaf.declaration ?? schema,
    }));
  }

  /** What a Zod schema type parses to: `_output` (Zod 3, Zod 4 classic), or `_zod.output` (Zod 4 core and mini). */
  private parsedTypeOf(type: ts.Type): ts.Type | undefined {
    if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return undefined;
    const output = type.getProperty('_output');
    if (output !== undefined) return this.checker.getTypeOfSymbol(output);
    const internals = type.getProperty('_zod');
    const parsed = internals === undefined ? undefined : this.checker.getTypeOfSymbol(internals).getProperty('output');
    return parsed === undefined ? undefined : this.checker.getTypeOfSymbol(parsed);
  }

  /**
   * The id-named leaves of a type, relative to it: `[]` for the type itself when it is a scalar (its name comes from
   * the path above), `['[]']` for a list of scalars, `['ticket', 'id']` for nested ones. Cached per type.
   */
  private leavesOf(type: ts.Type): readonly Leaf[] {
    const cached = this.leafCache.get(type);
    if (cached !== undefined) return cached;
    if (this.stack.has(type)) return [];
    // A primitive is a leaf whatever the depth; a deeper object is cut off, and what holds it is then partial.
    if (this.stack.size >= MAX_TYPE_DEPTH && (type.flags & PRIMITIVE_FLAGS) === 0) {
      this.truncated = true;
      return [];
    }
    const outer = this.truncated;
    this.truncated = false;
    this.stack.add(type);
    const leaves = this.computeLeaves(type);
    this.stack.delete(type);
    // Leaves cut off at this depth are kept for no other place: the same type read nearer the top holds them all.
    if (!this.truncated) this.leafCache.set(type, leaves);
    this.truncated ||= outer;
    return leaves;
  }

  /**
   * A JSON Schema document as a JSON Schema library types it (zod's `JSONSchema.BaseSchema` and what extends it, as
   * `z.toJSONSchema` returns; `JSONSchema4` to `JSONSchema7` of @types/json-schema; zod-to-json-schema's result), by
   * the name of the type or of a type it extends, declared in a package's JSON Schema module.
   */
  private isJsonSchemaDocument(type: ts.Type, hops = 0): boolean {
    const symbol = type.aliasSymbol ?? type.getSymbol();
    // Declared by a JSON Schema module of a package (`zod/v4/core/json-schema.d.ts`, `@types/json-schema`).
    const declaredInPackage = (symbol?.declarations ?? []).some((declaration) => {
      const file = declaration.getSourceFile().fileName;
      return file.includes('/node_modules/') && /json-schema/i.test(file);
    });
    if (symbol !== undefined && declaredInPackage && JSON_SCHEMA_TYPES.has(symbol.name)) return true;
    if (hops >= 3 || !(type.flags & ts.TypeFlags.Object)) return false;
    const target = (type as ts.TypeReference).target ?? type;
    if (
      !(target.flags & ts.TypeFlags.Object) ||
      !((target as ts.ObjectType).objectFlags & ts.ObjectFlags.ClassOrInterface)
    )
      return false;
    return (this.checker.getBaseTypes(target as ts.InterfaceType) ?? []).some((base) =>
      this.isJsonSchemaDocument(base, hops + 1),
    );
  }

  private computeLeaves(type: ts.Type): Leaf[] {
    const flags = type.flags;
    if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return [{ rel: [], types: new Set(), unknown: true }];
    if (flags & ts.TypeFlags.StringLike) return [{ rel: [], types: new Set(['string']), unknown: false }];
    if (flags & ts.TypeFlags.NumberLike) return [{ rel: [], types: new Set(['number']), unknown: false }];
    if (flags & ts.TypeFlags.BooleanLike) return [{ rel: [], types: new Set(['boolean']), unknown: false }];
    if (flags & ts.TypeFlags.Null) return [{ rel: [], types: new Set(['null']), unknown: false }];
    if (
      flags &
      (ts.TypeFlags.Undefined |
        ts.TypeFlags.Void |
        ts.TypeFlags.Never |
        ts.TypeFlags.ESSymbolLike |
        ts.TypeFlags.BigIntLike)
    )
      return [];
    if (flags & ts.TypeFlags.TypeParameter) {
      const constraint = this.checker.getBaseConstraintOfType(type);
      return constraint === undefined || constraint === type
        ? [{ rel: [], types: new Set(), unknown: true }]
        : [...this.leavesOf(constraint)];
    }
    if (type.isUnion()) return merge(type.types.flatMap((member) => this.leavesOf(member)));
    if (type.isIntersection()) {
      const primitive = type.types.find(
        (member) => member.flags & (ts.TypeFlags.StringLike | ts.TypeFlags.NumberLike | ts.TypeFlags.BooleanLike),
      );
      if (primitive !== undefined) return [...this.leavesOf(primitive)];
    }
    if (this.checker.isArrayType(type) || this.checker.isTupleType(type)) {
      const elements = this.checker.getTypeArguments(type as ts.TypeReference);
      return merge(
        elements.flatMap((element) =>
          this.leavesOf(element).map((leaf) => ({ ...leaf, rel: [ARRAY_ITEM, ...leaf.rel] })),
        ),
      );
    }
    if (!(flags & ts.TypeFlags.Object) && !type.isIntersection()) return [];
    // `Date` serialises as a string through its toJSON.
    if (type.getProperty('toJSON') !== undefined && type.getProperty('getTime') !== undefined)
      return [{ rel: [], types: new Set(['string']), unknown: false }];
    if (type.getCallSignatures().length > 0) return [];
    // `z.toJSONSchema(schema)`: a JSON Schema document describes inputs and holds no record's id.
    if (this.isJsonSchemaDocument(type)) return [];
    const leaves: Leaf[] = [];
    const properties = this.checker.getPropertiesOfType(type).slice(0, MAX_PROPERTIES);
    // `{ [bookingId: string]: Booking }`: a map of records sends each record as a value, as a list sends its items.
    const values = properties.length === 0 ? type.getStringIndexType() : undefined;
    // `Record<string, unknown>`: a bag of values of no type; the ids in it are unknown, not absent.
    if (values !== undefined && values.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown))
      return [{ rel: [], types: new Set(), unknown: true }];
    if (
      values !== undefined &&
      values.flags & ts.TypeFlags.Object &&
      this.checker.getPropertiesOfType(values).length > 0
    )
      return this.leavesOf(values).map((leaf) => ({ ...leaf, rel: [ARRAY_ITEM, ...leaf.rel] }));
    for (const property of properties) {
      if (property.flags & ts.SymbolFlags.Method) continue;
      const propertyType = this.checker.getTypeOfSymbol(property);
      if (propertyType.getCallSignatures().length > 0 && !(propertyType.flags & ts.TypeFlags.Union)) continue;
      const declaration = property.declarations?.[0];
      const declaredIn = handDeclaredIn(property);
      const filled = declaredIn !== undefined && this.isOpaque(propertyType) ? this.filledInto(property) : [];
      const inner =
        filled.length > 0 ? merge(filled.flatMap((value) => this.leavesOf(value))) : this.leavesOf(propertyType);
      const written = isWrittenLiteral(property);
      for (const leaf of inner) {
        const rel = [property.name, ...leaf.rel];
        if (isKept(rel, leaf))
          // A list of values (`people_ids: (string | number)[]`) is the property's value too: its items keep the
          // property's declaration, so a list the input declares is read as handed back like a single value.
          leaves.push(
            !leaf.rel.every((segment) => segment === ARRAY_ITEM) || declaration === undefined
              ? { ...leaf, rel }
              : {
                  ...leaf,
                  rel,
                  declaration,
                  ...(declaredIn === undefined ? {} : { declaredIn }),
                  ...(written ? { written } : {}),
                },
          );
      }
    }
    return leaves;
  }
}

/**
 * The file of the project that declares a property by hand: a property signature of an interface or type literal in
 * one of the project's own sources (not a package's declarations, not a type inferred from a schema).
 */
function handDeclaredIn(property: ts.Symbol): string | undefined {
  const declaration = property.declarations?.[0];
  if (declaration === undefined || !ts.isPropertySignature(declaration)) return undefined;
  const file = declaration.getSourceFile();
  return file.isDeclarationFile || /[\\/]node_modules[\\/]/.test(file.fileName) ? undefined : file.fileName;
}

function merge(leaves: readonly Leaf[]): Leaf[] {
  const byPath = new Map<
    string,
    {
      rel: readonly PathSegment[];
      types: Set<JsonType>;
      unknown: boolean;
      declaredIn?: string | undefined;
      declaration?: ts.Node | undefined;
      written: boolean;
    }
  >();
  for (const leaf of leaves) {
    const key = leaf.rel.join('\u0000');
    const entry = byPath.get(key) ?? {
      rel: leaf.rel,
      types: new Set<JsonType>(),
      unknown: false,
      written: leaf.written === true,
    };
    for (const type of leaf.types) entry.types.add(type);
    entry.unknown ||= leaf.unknown;
    entry.declaredIn ??= leaf.declaredIn;
    entry.declaration ??= leaf.declaration;
    entry.written &&= leaf.written === true;
    byPath.set(key, entry);
  }
  return [...byPath.values()].map(({ declaredIn, declaration, written, ...leaf }) => ({
    ...leaf,
    ...(declaredIn === undefined ? {} : { declaredIn }),
    ...(declaration === undefined ? {} : { declaration }),
    ...(written ? { written } : {}),
  }));
}

/**
 * The leaves less the places where every value is a literal the code writes and those literals are strings at one
 * place and numbers at another (`book_id: 'from_step_1'` in one example step, `book_id: 1` in the next): the code
 * itself gives no one type there, so the values illustrate a call (usage examples, placeholders) and are no record's
 * id. A table of literals of one type (`{ id: 1, name: 'Open' }` statuses) stays an emitter.
 */
function withoutIllustrations<
  T extends { path: readonly PathSegment[]; types: ReadonlySet<JsonType>; written: boolean },
>(leaves: readonly T[]): T[] {
  const byPath = new Map<string, { written: boolean; types: Set<JsonType> }>();
  for (const leaf of leaves) {
    const key = leaf.path.join('\u0000');
    const entry = byPath.get(key) ?? { written: true, types: new Set<JsonType>() };
    entry.written &&= leaf.written;
    for (const type of leaf.types) entry.types.add(type);
    byPath.set(key, entry);
  }
  return leaves.filter((leaf) => {
    const entry = byPath.get(leaf.path.join('\u0000'));
    return !(entry?.written === true && entry.types.has('string') && entry.types.has('number'));
  });
}

/** A property every declaration of which is written with a string or number literal (`book_id: 'from_step_1'`). */
function isWrittenLiteral(property: ts.Symbol): boolean {
  const declarations = property.declarations ?? [];
  return (
    declarations.length > 0 &&
    declarations.every((declaration) => {
      if (!ts.isPropertyAssignment(declaration)) return false;
      let value = declaration.initializer;
      while (ts.isParenthesizedExpression(value)) value = value.expression;
      if (ts.isPrefixUnaryExpression(value) && value.operator === ts.SyntaxKind.MinusToken) value = value.operand;
      return ts.isStringLiteral(value) || ts.isNoSubstitutionTemplateLiteral(value) || ts.isNumericLiteral(value);
    })
  );
}
