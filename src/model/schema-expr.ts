import { GUARD_FUNCTIONS, type ZodBinding, type ZodModule } from './zod-imports.ts';

/**
 * A schema expression in a neutral form. The ESLint plugin builds it from ESTree, codemods and the audit from the
 * TypeScript AST; `node` points back into whichever AST it came from, so a front end can report and fix at it.
 * Only what decides a verdict is kept: which Zod factory, which methods, which arguments.
 */
export type SchemaExpr<N> =
  | ZodChainExpr<N>
  | GuardExpr<N>
  | { readonly kind: 'call'; readonly node: N; readonly callee: string; readonly args: readonly SchemaExpr<N>[] }
  | { readonly kind: 'array'; readonly node: N; readonly elements: readonly SchemaExpr<N>[] }
  | ObjectExpr<N>
  | { readonly kind: 'identifier'; readonly node: N; readonly name: string }
  | { readonly kind: 'function'; readonly node: N }
  | { readonly kind: 'literal'; readonly node: N; readonly value: string | number | boolean | null }
  | { readonly kind: 'regex'; readonly node: N }
  | { readonly kind: 'other'; readonly node: N };

/** `z.string().min(1).describe('x')`: a Zod factory call followed by method calls. */
export interface ZodChainExpr<N> {
  readonly kind: 'zod';
  /** The whole expression, up to the last method call. */
  readonly node: N;
  readonly binding: ZodBinding;
  /** `['string']` for `z.string()`, `['coerce', 'string']` for `z.coerce.string()`, `['string']` for a named `string()`. */
  readonly factory: readonly string[];
  readonly factoryArgs: readonly SchemaExpr<N>[];
  /** The factory call alone (`z.string()`), before any method. */
  readonly factoryNode: N;
  readonly methods: readonly ChainMethod<N>[];
}

export interface ChainMethod<N> {
  readonly name: string;
  readonly args: readonly SchemaExpr<N>[];
  /** The call expression that ends with this method. */
  readonly node: N;
}

/** `guardId(inner)` or `idSchema()` from this package (or a configured helper), possibly followed by methods. */
export interface GuardExpr<N> {
  readonly kind: 'guard';
  readonly node: N;
  readonly name: string;
  readonly args: readonly SchemaExpr<N>[];
  readonly methods: readonly ChainMethod<N>[];
}

export interface ObjectExpr<N> {
  readonly kind: 'object';
  readonly node: N;
  readonly properties: readonly ObjectProperty<N>[];
}

export interface ObjectProperty<N> {
  /** The static key, or undefined for a spread or a computed key. */
  readonly key: string | undefined;
  readonly spread: boolean;
  readonly value: SchemaExpr<N>;
  /** The whole property (`ticketId: z.string()`), or the spread element. */
  readonly node: N;
  /** The key's node, for reports that point at the field name. */
  readonly keyNode: N;
}

/** What a field's schema accepts from a JSON value, the question every id verdict turns on. */
export type Acceptance =
  | 'string'
  | 'number'
  /** `z.union([z.string(), z.number()])`, `z.string().or(z.number())`: accepts both, publishes `anyOf`/a type array. */
  | 'string-or-number'
  /** `z.coerce.*()`: accepts anything and converts it (null becomes "null"). */
  | 'coerced'
  /** `guardId(...)`, `idSchema()`, `z.preprocess(f, <string>)`: accepts strings and positive integers, publishes string. */
  | 'guarded'
  | 'boolean'
  | 'enum'
  | 'object'
  | 'array'
  /** An identifier or a call the model cannot see into. */
  | 'unknown'
  | 'other';

export interface SchemaMeaning<N> {
  readonly accepts: Acceptance;
  /** For `coerced`: what it coerces to. */
  readonly coerceTarget?: string;
  /** String constraints no decimal integer can satisfy (`uuid`, `email`, `url`, `regex`, ...). */
  readonly formats: readonly string[];
  readonly optional: boolean;
  readonly nullable: boolean;
  /** Methods applied after an object schema that change what the SDK can publish (`refine`, `transform`, ...). */
  readonly objectEffects: readonly ChainMethod<N>[];
  /** The Zod module the expression comes from, when it is Zod. */
  readonly module?: ZodModule;
  /** For `object`: the shape's properties when they are written inline. */
  readonly shape?: ObjectExpr<N>;
  /** For `guarded`: the wrapped string schema. */
  readonly inner?: SchemaExpr<N>;
}

const STRING_FORMATS = new Set([
  'uuid', 'uuidv4', 'uuidv6', 'uuidv7', 'guid', 'email', 'url', 'httpUrl', 'cuid', 'cuid2', 'ulid', 'nanoid', 'emoji',
  'datetime', 'date', 'time', 'duration', 'ip', 'ipv4', 'ipv6', 'cidrv4', 'cidrv6', 'base64', 'base64url', 'jwt',
  'regex', 'e164', 'hostname', 'hex', 'mac', 'iso',
]);
const STRING_FACTORIES = new Set(['string', ...STRING_FORMATS]);
const NUMBER_FACTORIES = new Set(['number', 'int', 'int32', 'uint32', 'int64', 'uint64', 'float32', 'float64', 'bigint', 'nan']);
const OBJECT_FACTORIES = new Set(['object', 'strictObject', 'looseObject']);
const ENUM_FACTORIES = new Set(['enum', 'nativeEnum', 'literal']);
const WRAPPER_FACTORIES = new Set(['optional', 'nullable', 'nullish', 'readonly', 'nonoptional', '_default', 'prefault']);
/** Methods that keep what a schema accepts, as far as JSON types go. */
const OBJECT_EFFECT_METHODS = new Set(['refine', 'superRefine', 'transform', 'pipe', 'check', 'overwrite']);

function empty<N>(accepts: Acceptance, extra: Partial<SchemaMeaning<N>> = {}): SchemaMeaning<N> {
  return { accepts, formats: [], optional: false, nullable: false, objectEffects: [], ...extra };
}

function isStringLike(meaning: SchemaMeaning<unknown>): boolean {
  return meaning.accepts === 'string';
}

function isNumberLike(meaning: SchemaMeaning<unknown>): boolean {
  return meaning.accepts === 'number';
}

/**
 * Whether the source text `text.slice(start, end)` of a schema can hold a string-or-number union at all: unions are
 * written with the `union` factory (`z.union`, or a named `union` import under `unionLocals`) or the `.or()` method.
 * A front end rules most fields out with it before reading their chains; `meaningOf` still decides.
 */
export function mayHoldUnion(text: string, start: number, end: number, unionLocals: readonly string[] = []): boolean {
  // A slice of a long string is a view in V8, so this costs no copy and bounds every search.
  const source = text.slice(start, end);
  return UNION_WORDS.test(source) || unionLocals.some((local) => source.includes(local));
}

/** The words a union is written with: the `union` factory or the `.or` method (the whole name: not `.order`). */
const UNION_WORDS = /union|\.or\b/;

/** A union's members: `z.union([a, b])`, mini `z.union([a, b])`, or the receiver plus `.or(b)` arguments. */
function unionMeaning<N>(members: readonly SchemaMeaning<N>[]): SchemaMeaning<N> {
  const hasString = members.some(isStringLike);
  const hasNumber = members.some(isNumberLike);
  if (hasString && hasNumber && members.every((member) => isStringLike(member) || isNumberLike(member))) {
    return empty('string-or-number', {
      optional: members.some((member) => member.optional),
      nullable: members.some((member) => member.nullable),
    });
  }
  return empty('other');
}

function factoryMeaning<N>(expr: ZodChainExpr<N>): SchemaMeaning<N> {
  const [first, second] = expr.factory;
  const module = expr.binding.module;
  if (first === 'coerce' && second !== undefined) return empty('coerced', { coerceTarget: second, module });
  if (first === undefined) return empty('other', { module });
  if (STRING_FACTORIES.has(first)) return empty('string', { formats: first === 'string' ? [] : [first], module });
  if (NUMBER_FACTORIES.has(first)) return empty('number', { module });
  if (first === 'boolean') return empty('boolean', { module });
  if (ENUM_FACTORIES.has(first)) return empty('enum', { module });
  if (first === 'array') return empty('array', { module });
  if (OBJECT_FACTORIES.has(first)) {
    const shape = expr.factoryArgs[0];
    return empty('object', { module, ...(shape?.kind === 'object' ? { shape } : {}) });
  }
  if (first === 'union') {
    const members = expr.factoryArgs[0];
    if (members?.kind !== 'array') return empty('other', { module });
    return { ...unionMeaning(members.elements.map((element) => meaningOf(element))), module };
  }
  if (first === 'preprocess') {
    const inner = expr.factoryArgs[1];
    const innerMeaning = inner === undefined ? empty<N>('other') : meaningOf(inner);
    return innerMeaning.accepts === 'string' ? { ...innerMeaning, accepts: 'guarded', inner: inner as SchemaExpr<N>, module } : { ...innerMeaning, module };
  }
  if (first === 'pipe') {
    // zod mini's preprocess: pipe(transform(f), inner).
    const [source, target] = expr.factoryArgs;
    const isTransform = source?.kind === 'zod' && source.factory[0] === 'transform';
    const targetMeaning = target === undefined ? empty<N>('other') : meaningOf(target);
    if (isTransform && targetMeaning.accepts === 'string') return { ...targetMeaning, accepts: 'guarded', inner: target as SchemaExpr<N>, module };
    return source === undefined ? empty('other', { module }) : { ...meaningOf(source), module };
  }
  if (WRAPPER_FACTORIES.has(first)) {
    const inner = expr.factoryArgs[0];
    const innerMeaning = inner === undefined ? empty<N>('other') : meaningOf(inner);
    return {
      ...innerMeaning,
      optional: innerMeaning.optional || first === 'optional' || first === 'nullish',
      nullable: innerMeaning.nullable || first === 'nullable' || first === 'nullish',
      module,
    };
  }
  return empty('other', { module });
}

/*
 * File-level shortcuts in the manner of `mayHoldUnion`: whether a file's source text can hold a schema a verdict
 * needs at all, so a front end can skip a file without reading a chain. Each lists the words the model's own
 * recognisers need spelled out in the text (a factory, method or import name); a false answer is certain, a true
 * one says nothing.
 */
/** One search for several identifiers: a regular expression scans the text once, where `includes` would scan it per word. */
const anyOf = (identifiers: readonly string[]): RegExp => new RegExp(identifiers.join('|'));

/** False when no import in `text` can be Zod (every Zod module specifier starts with `zod`). */
export function mayImportZod(text: string): boolean {
  return text.includes('zod');
}

/** False when `text` holds no string-or-number union anywhere (see `mayHoldUnion`). */
export function mayHoldUnionIn(text: string): boolean {
  // A renamed `union` import still spells `union` in its import declaration.
  return UNION_WORDS.test(text);
}

/** False when `text` holds no `z.coerce.*()` and no `coerce` import. */
export function mayHoldCoercion(text: string): boolean {
  return text.includes('coerce');
}

const GUARDED_WORDS = anyOf([...GUARD_FUNCTIONS, 'preprocess', 'pipe']);

/** False when `text` holds no guarded schema: no `guardId`/`idSchema` import, no `preprocess`, no mini `pipe`. */
export function mayHoldGuardedSchema(text: string): boolean {
  return GUARDED_WORDS.test(text);
}

/** False when `text` calls no method for which `effectEmptiesContract` holds under either major. */
export function mayHoldContractEmptyingEffect(text: string): boolean {
  return CONTRACT_EMPTYING_WORDS.test(text);
}

/** Folds methods into the factory's meaning: flags, formats, unions by `.or()`, effects on objects. */
function applyMethods<N>(start: SchemaMeaning<N>, methods: readonly ChainMethod<N>[]): SchemaMeaning<N> {
  let meaning = start;
  for (const method of methods) {
    const { name } = method;
    if (name === 'optional' || name === 'default' || name === 'prefault' || name === 'catch') meaning = { ...meaning, optional: true };
    else if (name === 'nullable') meaning = { ...meaning, nullable: true };
    else if (name === 'nullish') meaning = { ...meaning, optional: true, nullable: true };
    else if (name === 'or') {
      const other = method.args[0];
      meaning = other === undefined ? meaning : { ...unionMeaning([meaning, meaningOf(other)]), module: meaning.module } as SchemaMeaning<N>;
    } else if (meaning.accepts === 'string' && STRING_FORMATS.has(name)) meaning = { ...meaning, formats: [...meaning.formats, name] };
    else if (meaning.accepts === 'string' && name === 'check') {
      const formats = method.args.flatMap((arg) => (arg.kind === 'zod' && STRING_FORMATS.has(arg.factory[0] ?? '') ? [arg.factory[0] as string] : []));
      meaning = { ...meaning, formats: [...meaning.formats, ...formats] };
    } else if (meaning.accepts === 'object' && OBJECT_EFFECT_METHODS.has(name)) {
      meaning = { ...meaning, objectEffects: [...meaning.objectEffects, method] };
    } else if (meaning.accepts === 'object' && (name === 'extend' || name === 'merge' || name === 'pick' || name === 'omit' || name === 'partial' || name === 'strict' || name === 'passthrough')) {
      // Still an object, but its shape is no longer the literal one written inline.
      const { shape: _shape, ...rest } = meaning;
      meaning = rest;
    } else if (name === 'array') {
      // `z.string().array()` accepts a list, whatever its element accepts.
      meaning = empty('array', meaning.module === undefined ? {} : { module: meaning.module });
    } else if (name === 'transform' && meaning.accepts !== 'object') {
      meaning = { ...meaning, accepts: meaning.accepts === 'string' ? 'string' : 'other' };
    }
  }
  return meaning;
}

/** What a schema expression accepts, decided once for every front end. */
export function meaningOf<N>(expr: SchemaExpr<N>): SchemaMeaning<N> {
  switch (expr.kind) {
    case 'zod':
      return applyMethods(factoryMeaning(expr), expr.methods);
    case 'guard': {
      const inner = expr.args[0];
      const innerMeaning = inner === undefined ? empty<N>('string') : meaningOf(inner);
      return applyMethods({ ...innerMeaning, accepts: 'guarded', ...(inner === undefined ? {} : { inner }) }, expr.methods);
    }
    case 'object':
      return empty('object', { shape: expr });
    case 'identifier':
    case 'call':
      return empty('unknown');
    default:
      return empty('other');
  }
}

/**
 * Whether an effect on an object schema empties or drops the published contract (FACTS: the SDK publishes
 * `{"type":"object","properties":{}}` when the schema no longer normalises to an object). Under zod 3 every
 * `ZodEffects` does; under zod 4 `.refine()` keeps a `ZodObject` and only `.transform()`/`.pipe()` lose the shape.
 * `major` undefined (bare `zod`): judged as zod 4 for refine, so only certain breakage is reported.
 */
export function effectEmptiesContract(effect: string, major: 3 | 4 | undefined): boolean {
  if (effect === 'transform' || effect === 'pipe') return true;
  if (effect === 'refine' || effect === 'superRefine') return major === 3;
  return false;
}

/** Every effect `effectEmptiesContract` can hold for, under one major or the other. */
const CONTRACT_EMPTYING_WORDS = anyOf([...OBJECT_EFFECT_METHODS].filter((effect) => effectEmptiesContract(effect, 3) || effectEmptiesContract(effect, 4)));

/**
 * The string side of a string-or-number union on one id, and the methods that follow the union, so a fix can keep
 * the string schema the author wrote: `z.union([z.string().min(1), z.number()]).optional()` gives
 * `z.string().min(1)` and `[optional]`; `z.number().or(z.string())` gives `z.string()`; `z.string().or(z.number())`
 * gives the receiver `z.string()` (a chain cut before `.or`). Undefined when the expression is no such union.
 */
export function stringBranchOfUnion<N>(expr: SchemaExpr<N>): { readonly branch: SchemaExpr<N>; readonly after: readonly ChainMethod<N>[] } | undefined {
  if (expr.kind !== 'zod' || meaningOf(expr).accepts !== 'string-or-number') return undefined;
  const orIndex = expr.methods.findIndex((method) => method.name === 'or');
  if (expr.factory[0] === 'union') {
    const members = expr.factoryArgs[0];
    const branch = members?.kind === 'array' ? members.elements.find((element) => meaningOf(element).accepts === 'string') : undefined;
    return branch === undefined || orIndex !== -1 ? undefined : { branch, after: expr.methods };
  }
  const or = expr.methods[orIndex];
  if (or === undefined) return undefined;
  const receiver: SchemaExpr<N> = {
    ...expr,
    methods: expr.methods.slice(0, orIndex),
    node: orIndex === 0 ? expr.factoryNode : (expr.methods[orIndex - 1] as ChainMethod<N>).node,
  };
  const argument = or.args[0];
  const after = expr.methods.slice(orIndex + 1);
  if (meaningOf(receiver).accepts === 'string') return { branch: receiver, after };
  if (argument !== undefined && meaningOf(argument).accepts === 'string') return { branch: argument, after };
  return undefined;
}

/**
 * How an id acceptor becomes a guarded one, in terms of its own nodes, for every front end that fixes it (codemods,
 * lint fixes). `target` is what `guardId(...)` goes around: the whole expression, except that a trailing
 * `.optional()` (with any `.describe()`/`.meta()` after it, or a `z.optional(...)` wrapper) stays outside. Measured on
 * zod 3.25.76, 4.0.0, 4.4.3 and 4.6.7: `guardId(z.string()).optional()` publishes the bytes of `z.string().optional()`
 * on all four, `guardId(z.string().optional())` drops out of `required` on 4.0.0; `guardId(z.string().nullable())` and
 * `guardId(z.string().default(x))` keep the bytes on 3.25 and 4.6, while the guard inside a `.nullable()` or
 * `.default()` drops the field from `required` or loses the default.
 * - `wrap`: `guardId(<target>)`.
 * - `drop-coerce`: the same, with the callee of `factory` (`z.coerce.string`) becoming `<namespace>.string`.
 * - `keep-string-branch`: the same, with `union` (a `z.union([...])` call or a `.or(...)` call) replaced by `branch`.
 * - `blocked`: no safe rewrite; `reason` says why (`retyped`: a method such as `.transform()` makes the output
 *   something other than the parsed string; `coerce-target`: coerces to a number, boolean, ...; `coerce-factory`:
 *   `coerce` was imported on its own, so there is no namespace to write `.string()` on; `union-shape`: no plain
 *   string member to keep).
 */
export type GuardRewrite<N> =
  | { readonly kind: 'wrap'; readonly target: N }
  | { readonly kind: 'drop-coerce'; readonly target: N; readonly factory: N; readonly namespace: string }
  | { readonly kind: 'keep-string-branch'; readonly target: N; readonly union: N; readonly branch: N }
  | { readonly kind: 'blocked'; readonly target: N; readonly reason: 'retyped' | 'coerce-target' | 'coerce-factory' | 'union-shape'; readonly detail: string };

/** Methods whose output is no longer the string the schema parsed, so `guardId(...)` around them would not type-check. */
const RETYPING_METHODS = new Set(['transform', 'pipe', 'array', 'and', 'promise']);

/** The schema inside wrapper factories (`z.optional(x)`, mini's `z.nullable(x)`), and every method met on the way. */
function coreOf<N>(expr: SchemaExpr<N>): { core: SchemaExpr<N>; methods: ChainMethod<N>[] } {
  const methods: ChainMethod<N>[] = [];
  let core = expr;
  while (core.kind === 'zod' && WRAPPER_FACTORIES.has(core.factory[0] ?? '') && core.factoryArgs[0] !== undefined) {
    methods.push(...core.methods);
    core = core.factoryArgs[0];
  }
  return { core, methods };
}

/** Methods that may follow a trailing `.optional()` and stay outside the guard with it. */
const OUTSIDE_AFTER_OPTIONAL = new Set(['optional', 'describe', 'meta']);

/** The node `guardId(...)` goes around: see `GuardRewrite`. */
function guardTargetOf<N>(expr: SchemaExpr<N>): N {
  if (expr.kind !== 'zod') return expr.node;
  const { methods } = expr;
  let run = methods.length;
  while (run > 0 && OUTSIDE_AFTER_OPTIONAL.has(methods[run - 1]?.name ?? '')) run -= 1;
  const optionalAt = methods.findIndex((method, index) => index >= run && method.name === 'optional');
  if (optionalAt === 0) return expr.factoryNode;
  if (optionalAt > 0) return (methods[optionalAt - 1] as ChainMethod<N>).node;
  const inner = expr.factoryArgs[0];
  if (run === 0 && expr.factory[0] === 'optional' && inner !== undefined) return guardTargetOf(inner);
  return expr.node;
}

/** The rewrite for an id field whose verdict (`idAcceptorVerdict`) is `guard`, `coerced` or `union`. */
export function guardRewriteOf<N>(expr: SchemaExpr<N>): GuardRewrite<N> {
  const target = guardTargetOf(expr);
  const { core, methods } = coreOf(expr);
  const blocked = (reason: 'retyped' | 'coerce-target' | 'coerce-factory' | 'union-shape', detail: string): GuardRewrite<N> => ({ kind: 'blocked', target, reason, detail });
  if (core.kind !== 'zod') return { kind: 'wrap', target };
  const meaning = meaningOf(core);
  const union = meaning.accepts === 'string-or-number' ? stringBranchOfUnion(core) : undefined;
  const chainMethods = [...methods, ...(union === undefined ? core.methods : union.after)];
  const retyping = chainMethods.find((method) => RETYPING_METHODS.has(method.name));
  if (retyping !== undefined) return blocked('retyped', retyping.name);
  if (meaning.accepts === 'coerced') {
    if (meaning.coerceTarget !== 'string') return blocked('coerce-target', meaning.coerceTarget ?? 'unknown');
    if (core.binding.kind !== 'namespace') return blocked('coerce-factory', core.binding.local);
    return { kind: 'drop-coerce', target, factory: core.factoryNode, namespace: core.binding.local };
  }
  if (meaning.accepts === 'string-or-number') {
    if (union === undefined) return blocked('union-shape', core.factory.join('.'));
    const orCall = core.methods.find((method) => method.name === 'or');
    return { kind: 'keep-string-branch', target, union: orCall === undefined ? core.factoryNode : orCall.node, branch: union.branch.node };
  }
  return { kind: 'wrap', target };
}
