import type { ChainMethod, GuardExpr, ObjectExpr, SchemaExpr, ZodChainExpr } from './schema-expr.ts';
import { GUARD_NUMBER_FUNCTION, type ZodModule } from './zod-imports.ts';
import {
  ENUM_FACTORIES,
  NUMBER_FACTORIES,
  OBJECT_EFFECT_METHODS,
  OBJECT_FACTORIES,
  OPTIONAL_METHODS,
  FIELD_ADDING_METHODS,
  FIELD_KEEPING_METHODS,
  FIELD_SELECTING_METHODS,
  formatExcludesDecimalIds,
  isStringConstraint,
  PATTERN_FORMAT,
  regexTakesDecimalIds,
  SHAPE_CHANGING_METHODS,
  STRING_FACTORIES,
  WRAPPER_FACTORIES,
} from './zod-vocabulary.ts';

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
  /**
   * `guardNumberId(...)`, `idSchema('number')`, `z.preprocess(f, <number>)`: accepts numbers and safe integers sent as
   * decimal strings, publishes number.
   */
  | 'guarded-number'
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
  /** For `guarded` and `guarded-number`: the wrapped schema, read by the views that see the plain one. */
  readonly inner?: SchemaExpr<N>;
}

/** What a preprocess in front of a schema that accepts `inner` accepts: the two guards, or the inner as it is. */
function behindPreprocess<N>(
  innerMeaning: SchemaMeaning<N>,
  inner: SchemaExpr<N>,
  module: ZodModule,
): SchemaMeaning<N> {
  if (innerMeaning.accepts === 'string') return { ...innerMeaning, accepts: 'guarded', inner, module };
  if (innerMeaning.accepts === 'number') return { ...innerMeaning, accepts: 'guarded-number', inner, module };
  return { ...innerMeaning, module };
}

function empty<N>(accepts: Acceptance, extra: Partial<SchemaMeaning<N>> = {}): SchemaMeaning<N> {
  return { accepts, formats: [], optional: false, nullable: false, objectEffects: [], ...extra };
}

function isStringLike(meaning: SchemaMeaning<unknown>): boolean {
  return meaning.accepts === 'string';
}

function isNumberLike(meaning: SchemaMeaning<unknown>): boolean {
  return meaning.accepts === 'number';
}

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

/** `z.null()` or `z.undefined()` as a union's member: a value no id is, which makes the union nullable or optional. */
function isAbsentValue<N>(expr: SchemaExpr<N>): boolean {
  return (
    expr.kind === 'zod' && expr.methods.length === 0 && (expr.factory[0] === 'null' || expr.factory[0] === 'undefined')
  );
}

function absentFlags<N>(absent: readonly SchemaExpr<N>[]): { optional?: true; nullable?: true } {
  return {
    ...(absent.some((expr) => expr.kind === 'zod' && expr.factory[0] === 'undefined') ? { optional: true } : {}),
    ...(absent.some((expr) => expr.kind === 'zod' && expr.factory[0] === 'null') ? { nullable: true } : {}),
  };
}

/**
 * `z.union([z.number(), z.null()])` means `z.number().nullable()`: the one member that takes a value, made nullable
 * (or optional) by the others. Only a string or a number member is read so; anything else stays a union of its own.
 */
function withAbsent<N>(
  member: SchemaMeaning<N>,
  absent: readonly SchemaExpr<N>[],
  module: ZodModule | undefined,
): SchemaMeaning<N> {
  const within = module === undefined ? {} : { module };
  if (member.accepts !== 'string' && member.accepts !== 'number') return empty('other', within);
  return { ...member, ...absentFlags(absent), ...within };
}

function factoryMeaning<N>(expr: ZodChainExpr<N>): SchemaMeaning<N> {
  const [first, second] = expr.factory;
  const module = expr.binding.module;
  if (first === 'coerce' && second !== undefined) return empty('coerced', { coerceTarget: second, module });
  if (first === undefined) return empty('other', { module });
  if (STRING_FACTORIES.has(first))
    return empty('string', { formats: formatsExcludingDecimalIds(first, expr.factoryArgs), module });
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
    const absent = members.elements.filter(isAbsentValue);
    const present = members.elements.filter((element) => !isAbsentValue(element));
    const [only] = present;
    if (absent.length > 0 && present.length === 1 && only !== undefined)
      return withAbsent(meaningOf(only), absent, module);
    return { ...unionMeaning(members.elements.map((element) => meaningOf(element))), module };
  }
  if (first === 'preprocess') {
    const inner = expr.factoryArgs[1];
    return inner === undefined ? empty('other', { module }) : behindPreprocess(meaningOf(inner), inner, module);
  }
  if (first === 'pipe') {
    // zod mini's preprocess: pipe(transform(f), inner).
    const [source, target] = expr.factoryArgs;
    const isTransform = source?.kind === 'zod' && source.factory[0] === 'transform';
    if (isTransform && target !== undefined) {
      const guarded = behindPreprocess(meaningOf(target), target, module);
      if (guarded.accepts === 'guarded' || guarded.accepts === 'guarded-number') return guarded;
    }
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

/**
 * The formats a string format factory or method (`uuid`, `regex`, ...) adds to `formats`: itself when no decimal id
 * can pass it, nothing when one can (`hex`, or a `regex` literal such as `/^\d+$/`). A regex the reader cannot see
 * (a variable, `new RegExp(...)`) counts as excluding them, as before a guard is offered on evidence only.
 */
function formatsExcludingDecimalIds<N>(format: string, args: readonly SchemaExpr<N>[]): string[] {
  if (format === PATTERN_FORMAT) {
    const pattern = args[0];
    return pattern?.kind === 'regex' && regexTakesDecimalIds(pattern.pattern, pattern.flags) === true
      ? []
      : [PATTERN_FORMAT];
  }
  return formatExcludesDecimalIds(format) ? [format] : [];
}

/** A description that says the value is a UUID or GUID, and names no other form it may take. */
const DESCRIBED_UUID = /\b[GU]UIDs?\b/i;
const OTHER_FORM = /\b(?:or|numeric|number|integer|int|slug|key|name)\b/i;

/**
 * The format a string schema's own description states (`.describe('Team UUID')`): `uuid (described)` when it says the
 * value is a UUID and offers no other form (`'Project ID or UUID'` offers one). The author's word that no number is a
 * valid value, as `.uuid()` would say it.
 */
export function describedFormat(description: string): string[] {
  return DESCRIBED_UUID.test(description) && !OTHER_FORM.test(description) ? ['uuid (described)'] : [];
}

function withShape<N>(meaning: SchemaMeaning<N>, shape: ObjectExpr<N> | undefined): SchemaMeaning<N> {
  const { shape: _old, ...rest } = meaning;
  return shape === undefined ? rest : { ...rest, shape };
}

/** The shape of `<object>.<method>(...)` when the receiver's shape and the method's argument are written inline. */
function shapeAfter<N>(shape: ObjectExpr<N> | undefined, method: ChainMethod<N>): ObjectExpr<N> | undefined {
  if (shape === undefined) return undefined;
  if (FIELD_KEEPING_METHODS.has(method.name)) return shape;
  const argument = method.args[0];
  if (FIELD_ADDING_METHODS.has(method.name)) {
    // `.extend({...})` and `.safeExtend({...})` take a shape, `.merge(z.object({...}))` an object schema.
    const added =
      argument?.kind === 'object' ? argument : argument === undefined ? undefined : meaningOf(argument).shape;
    if (added === undefined) return undefined;
    const keys = new Set(added.properties.map((property) => property.key));
    const kept = shape.properties.filter((property) => property.key === undefined || !keys.has(property.key));
    return { kind: 'object', node: method.node, properties: [...kept, ...added.properties] };
  }
  if (FIELD_SELECTING_METHODS.has(method.name) && argument?.kind === 'object') {
    const mask = new Set(argument.properties.flatMap((property) => (property.key === undefined ? [] : [property.key])));
    if (argument.properties.some((property) => property.key === undefined)) return undefined;
    const keep = (key: string | undefined) =>
      key !== undefined && (method.name === 'pick' ? mask.has(key) : !mask.has(key));
    if (shape.properties.some((property) => property.key === undefined)) return undefined;
    return { kind: 'object', node: method.node, properties: shape.properties.filter((property) => keep(property.key)) };
  }
  return undefined;
}

/**
 * The alternatives a schema takes one of: `z.union([a, b])`'s members, `z.discriminatedUnion('kind', [a, b])`'s, or
 * the receiver and the argument of `a.or(b)`; empty for any other schema.
 */
export function alternativesOf<N>(expr: SchemaExpr<N>): readonly SchemaExpr<N>[] {
  if (expr.kind !== 'zod') return [];
  const [first] = expr.factory;
  const list =
    first === 'union' ? expr.factoryArgs[0] : first === 'discriminatedUnion' ? expr.factoryArgs[1] : undefined;
  if (list?.kind === 'array') return list.elements;
  const at = expr.methods.findIndex((method) => method.name === 'or');
  const other = at >= 0 ? expr.methods[at]?.args[0] : undefined;
  return other === undefined ? [] : [{ ...expr, methods: expr.methods.slice(0, at) }, other];
}

/**
 * The scalar member of a one-or-many union, `z.union([z.string(), z.array(z.string())])` or `x.or(x.array())`: a
 * field that takes one id or a list of them. Undefined for any other schema. `meaningOf` keeps such a union `other`
 * (a guard or a rewrite of it would be a guard of a union); the audit reads the id it takes from this member.
 */
export function oneOrManyMemberOf<N>(expr: SchemaExpr<N>): SchemaExpr<N> | undefined {
  if (expr.kind !== 'zod') return undefined;
  if (
    expr.factory[0] === 'union' &&
    !expr.methods.every((method) => OPTIONAL_METHODS.has(method.name) || method.name === 'describe')
  )
    return undefined;
  const members = alternativesOf(expr);
  if (members.length !== 2) return undefined;
  for (const [one, many] of [members, [...members].reverse()] as const) {
    if (one === undefined || many === undefined) continue;
    const scalar = meaningOf(one).accepts;
    if (scalar !== 'string' && scalar !== 'number') continue;
    const element = arrayElementOf(many);
    if (element !== undefined && meaningOf(element).accepts === scalar) return one;
  }
  return undefined;
}

/**
 * The element schema of a list: `z.array(x)` or `x.array()` (the chain before `.array()`, pointing at its end), also
 * behind a preprocess of the whole list (`z.preprocess(parseJsonString, z.array(x))`, which takes a list sent as JSON
 * text): the elements are still validated by `x`.
 */
export function arrayElementOf<N>(expr: SchemaExpr<N>): SchemaExpr<N> | undefined {
  if (expr.kind !== 'zod') return undefined;
  if (expr.factory[0] === 'array') return expr.factoryArgs[0];
  const inner = expr.factory[0] === 'preprocess' ? expr.factoryArgs[1] : undefined;
  if (inner !== undefined) return arrayElementOf(inner);
  const index = expr.methods.findIndex((method) => method.name === 'array');
  if (index === -1) return undefined;
  return {
    ...expr,
    methods: expr.methods.slice(0, index),
    node: index === 0 ? expr.factoryNode : (expr.methods[index - 1]?.node ?? expr.node),
  };
}

/** Folds methods into the factory's meaning: flags, formats, unions by `.or()`, effects on objects. */
function applyMethods<N>(start: SchemaMeaning<N>, methods: readonly ChainMethod<N>[]): SchemaMeaning<N> {
  let meaning = start;
  for (const method of methods) {
    const { name } = method;
    if (OPTIONAL_METHODS.has(name)) meaning = { ...meaning, optional: true };
    else if (name === 'nullable') meaning = { ...meaning, nullable: true };
    else if (name === 'nullish') meaning = { ...meaning, optional: true, nullable: true };
    else if (name === 'or') {
      const other = method.args[0];
      meaning =
        other === undefined
          ? meaning
          : isAbsentValue(other)
            ? withAbsent(meaning, [other], meaning.module)
            : ({ ...unionMeaning([meaning, meaningOf(other)]), module: meaning.module } as SchemaMeaning<N>);
    } else if (meaning.accepts === 'string' && isStringConstraint(name)) {
      meaning = { ...meaning, formats: [...meaning.formats, ...formatsExcludingDecimalIds(name, method.args)] };
    } else if (meaning.accepts === 'string' && name === 'describe') {
      const [text] = method.args;
      const described = text?.kind === 'literal' && typeof text.value === 'string' ? describedFormat(text.value) : [];
      meaning = { ...meaning, formats: [...meaning.formats, ...described] };
    } else if (meaning.accepts === 'string' && name === 'check') {
      const formats = method.args.flatMap((arg) =>
        arg.kind === 'zod' ? formatsExcludingDecimalIds(arg.factory[0] ?? '', arg.factoryArgs) : [],
      );
      meaning = { ...meaning, formats: [...meaning.formats, ...formats] };
    } else if (meaning.accepts === 'object' && OBJECT_EFFECT_METHODS.has(name)) {
      meaning = { ...meaning, objectEffects: [...meaning.objectEffects, method] };
    } else if (meaning.accepts === 'object' && SHAPE_CHANGING_METHODS.has(name)) {
      meaning = withShape(meaning, shapeAfter(meaning.shape, method));
    } else if (name === 'array') {
      // `z.string().array()` accepts a list, whatever its element accepts.
      meaning = empty('array', meaning.module === undefined ? {} : { module: meaning.module });
    } else if (name === 'transform' && meaning.accepts !== 'object') {
      meaning = { ...meaning, accepts: meaning.accepts === 'string' ? 'string' : 'other' };
    }
  }
  return meaning;
}

/**
 * `guardNumberId(x)`, `idSchema('number')`, and the shape helper's guard around a number field: the number side.
 * The inner schema decides where the name does not (`guardIdFields` wraps whichever type a field has).
 */
function guardsNumbers<N>(expr: GuardExpr<N>, innerMeaning: SchemaMeaning<N>): boolean {
  if (expr.name === GUARD_NUMBER_FUNCTION) return true;
  const [first] = expr.args;
  if (first?.kind === 'literal') return first.value === 'number';
  return innerMeaning.accepts === 'number';
}

/** What a schema expression accepts, decided once for every front end. */
export function meaningOf<N>(expr: SchemaExpr<N>): SchemaMeaning<N> {
  switch (expr.kind) {
    case 'zod':
      return applyMethods(factoryMeaning(expr), expr.methods);
    case 'guard': {
      const inner = expr.args[0];
      const innerMeaning = inner === undefined ? empty<N>('string') : meaningOf(inner);
      const accepts = guardsNumbers(expr, innerMeaning) ? 'guarded-number' : 'guarded';
      return applyMethods({ ...innerMeaning, accepts, ...(inner === undefined ? {} : { inner }) }, expr.methods);
    }
    case 'object':
      return empty('object', { shape: expr });
    case 'identifier':
    case 'call':
      return empty('unknown');
    case 'either':
      return eitherMeaning(meaningOf(expr.branches[0]), meaningOf(expr.branches[1]));
    default:
      return empty('other');
  }
}

/**
 * `cond ? z.string().optional() : z.string()`: what an agent may send is what both branches accept, when they agree
 * on the JSON type and its formats (optional or nullable when either is); where they do not, what the field accepts
 * depends on the run, and it is read as unknown.
 */
function eitherMeaning<N>(first: SchemaMeaning<N>, second: SchemaMeaning<N>): SchemaMeaning<N> {
  const agree =
    first.accepts === second.accepts &&
    first.accepts !== 'object' &&
    first.accepts !== 'array' &&
    first.accepts !== 'other' &&
    first.formats.join('\u0000') === second.formats.join('\u0000');
  if (!agree) return empty('unknown');
  return { ...first, optional: first.optional || second.optional, nullable: first.nullable || second.nullable };
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

/** Whether an effect empties a tool's contract, and under which zod: `3 and 4` when the major did not matter. */
export interface EffectVerdict {
  readonly empties: boolean;
  readonly major: '3' | '4' | '3 and 4';
}

/**
 * The one decision on an effect of a tool's object schema, for the lint rule and the audit alike. The import's own
 * major (`zod/v3`) decides; for a bare `zod` import, `installed` is asked only when the two majors disagree about the
 * effect (refine, not transform), and an unknown major counts as 4, so only certain breakage is reported.
 */
export function effectVerdictOf(
  effect: string,
  declared: 3 | 4 | undefined,
  installed: () => 3 | 4 | undefined,
): EffectVerdict {
  const sameUnderBoth = effectEmptiesContract(effect, 3) === effectEmptiesContract(effect, 4);
  if (sameUnderBoth && declared === undefined) return { empties: effectEmptiesContract(effect, 4), major: '3 and 4' };
  const major = declared ?? installed() ?? 4;
  return { empties: effectEmptiesContract(effect, major), major: major === 3 ? '3' : '4' };
}
