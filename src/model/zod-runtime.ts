import { zodFlavourOf } from './zod-flavour.ts';
import { acceptsSomeDecimalId, formatExcludesDecimalIds, PATTERN_FORMAT } from './zod-vocabulary.ts';

/** What a Zod schema object accepts for one field, told from the object at run time (zod 3, zod 4 and mini alike). */
export type RuntimeFieldKind =
  | 'string'
  | 'number'
  /** A string schema behind a preprocess (`guardId`): takes positive integers too. */
  | 'guarded'
  /** A number schema behind a preprocess (`guardNumberId`): takes stringified safe integers too. */
  | 'guarded-number'
  | 'coerced'
  | 'union'
  | 'other';

/** What a preprocess in front of a field of `kind` makes of it. */
function behindPreprocess(inner: RuntimeFieldShape): RuntimeFieldShape {
  if (inner.kind === 'string') return { kind: 'guarded' };
  return inner.kind === 'number' ? { kind: 'guarded-number' } : inner;
}

export interface RuntimeFieldShape {
  readonly kind: RuntimeFieldKind;
  /** A string format or pattern that no decimal integer can match (uuid, email, url, ...), or a regex. */
  readonly constrainedFormat?: string;
}

/** The first format among `formats` no decimal id can pass, else `regex` when no decimal id matches every pattern. */
function constrainedFormatOf(formats: readonly string[], patterns: readonly RegExp[]): string | undefined {
  const format = formats.find(formatExcludesDecimalIds);
  if (format !== undefined) return format;
  const matchesAll = (value: string) =>
    patterns.every((pattern) => new RegExp(pattern.source, pattern.flags.replace(/[gy]/g, '')).test(value));
  return patterns.length > 0 && !acceptsSomeDecimalId(matchesAll) ? PATTERN_FORMAT : undefined;
}

type Any = Record<string, unknown>;

function describeZod3(schema: Any): RuntimeFieldShape {
  const def = schema['_def'] as Any;
  switch (def['typeName']) {
    case 'ZodOptional':
    case 'ZodNullable':
    case 'ZodDefault':
    case 'ZodReadonly':
      return describeZod3(def['innerType'] as Any);
    case 'ZodEffects': {
      const effect = def['effect'] as Any | undefined;
      const inner = describeZod3(def['schema'] as Any);
      return effect?.['type'] === 'preprocess' ? behindPreprocess(inner) : inner;
    }
    case 'ZodString': {
      if (def['coerce'] === true) return { kind: 'coerced' };
      const checks = (def['checks'] ?? []) as Any[];
      const patterns = checks.flatMap((check) =>
        check['kind'] === PATTERN_FORMAT && check['regex'] instanceof RegExp ? [check['regex']] : [],
      );
      const format = constrainedFormatOf(
        checks.map((check) => String(check['kind'])),
        patterns,
      );
      return format === undefined ? { kind: 'string' } : { kind: 'string', constrainedFormat: format };
    }
    case 'ZodNumber':
      return { kind: def['coerce'] === true ? 'coerced' : 'number' };
    case 'ZodUnion':
      return { kind: 'union' };
    default:
      return { kind: 'other' };
  }
}

function describeZod4(schema: Any): RuntimeFieldShape {
  const internals = schema['_zod'] as Any;
  const def = internals['def'] as Any;
  switch (def['type']) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'nonoptional':
      return describeZod4(def['innerType'] as Any);
    case 'pipe': {
      const input = (def['in'] as Any)['_zod'] as Any;
      const output = describeZod4(def['out'] as Any);
      const isPreprocess = (input['def'] as Any)['type'] === 'transform';
      return isPreprocess ? behindPreprocess(output) : describeZod4(def['in'] as Any);
    }
    case 'string': {
      if (def['coerce'] === true) return { kind: 'coerced' };
      // The format sits on the definition (`z.uuid()`) or on each check (`z.string().uuid()`, `.regex(...)`).
      const checkDefs = ((def['checks'] ?? []) as Any[]).map(
        (check) => ((check['_zod'] as Any | undefined)?.['def'] ?? {}) as Any,
      );
      const formats = [def, ...checkDefs].flatMap((entry) =>
        typeof entry['format'] === 'string' ? [entry['format']] : [],
      );
      const patterns = checkDefs.flatMap((entry) =>
        entry['format'] === PATTERN_FORMAT && entry['pattern'] instanceof RegExp ? [entry['pattern']] : [],
      );
      const format = constrainedFormatOf(formats, patterns);
      return format === undefined ? { kind: 'string' } : { kind: 'string', constrainedFormat: format };
    }
    case 'number':
    case 'int':
      return { kind: def['coerce'] === true ? 'coerced' : 'number' };
    case 'union':
      return { kind: 'union' };
    default:
      return { kind: 'other' };
  }
}

/** Classifies one field schema; `other` for anything that is not a Zod schema. */
export function describeFieldSchema(schema: unknown): RuntimeFieldShape {
  const flavour = zodFlavourOf(schema);
  if (flavour === undefined) return { kind: 'other' };
  return flavour === 'zod3' ? describeZod3(schema as Any) : describeZod4(schema as Any);
}

const NO_DEFAULT: unique symbol = Symbol('no default');

/**
 * The value `.default(...)` gives a field, read from the schema object (zod 3 keeps a function, zod 4 the value or a
 * getter); `NO_DEFAULT` when the field has none. Used to warn only when a caller's value differs from the default.
 */
export function defaultOf(schema: unknown): unknown {
  const flavour = zodFlavourOf(schema);
  if (flavour === undefined) return NO_DEFAULT;
  if (flavour === 'zod3') {
    const def = (schema as Any)['_def'] as Any;
    if (def['typeName'] === 'ZodDefault') return (def['defaultValue'] as () => unknown)();
    const inner = def['innerType'] ?? def['schema'];
    return inner === undefined ? NO_DEFAULT : defaultOf(inner);
  }
  const def = ((schema as Any)['_zod'] as Any)['def'] as Any;
  if (def['type'] === 'default' || def['type'] === 'prefault') {
    const value = def['defaultValue'];
    return typeof value === 'function' ? (value as () => unknown)() : value;
  }
  const inner = def['innerType'] ?? (def['type'] === 'pipe' ? def['out'] : undefined);
  return inner === undefined ? NO_DEFAULT : defaultOf(inner);
}

export function hasDefault(value: unknown): boolean {
  return value !== NO_DEFAULT;
}
