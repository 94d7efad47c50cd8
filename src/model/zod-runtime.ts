import { zodFlavourOf } from './zod-flavour.ts';

/** What a Zod schema object accepts for one field, told from the object at run time (zod 3, zod 4 and mini alike). */
export type RuntimeFieldKind = 'string' | 'number' | 'guarded' | 'coerced' | 'union' | 'other';

export interface RuntimeFieldShape {
  readonly kind: RuntimeFieldKind;
  /** A string format or pattern that no decimal integer can match (uuid, email, url, ...), or a regex. */
  readonly constrainedFormat?: string;
}

const NON_NUMERIC_FORMATS = new Set(['uuid', 'guid', 'email', 'url', 'cuid', 'cuid2', 'ulid', 'nanoid', 'emoji', 'datetime', 'date', 'time', 'ipv4', 'ipv6', 'base64', 'jwt', 'regex']);

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
      return effect?.['type'] === 'preprocess' && inner.kind === 'string' ? { kind: 'guarded' } : inner;
    }
    case 'ZodString': {
      if (def['coerce'] === true) return { kind: 'coerced' };
      const checks = (def['checks'] ?? []) as Any[];
      const format = checks.map((check) => String(check['kind'])).find((kind) => NON_NUMERIC_FORMATS.has(kind));
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
      return isPreprocess && output.kind === 'string' ? { kind: 'guarded' } : isPreprocess ? output : describeZod4(def['in'] as Any);
    }
    case 'string': {
      if (def['coerce'] === true) return { kind: 'coerced' };
      const bag = (internals['bag'] ?? {}) as Any;
      const format = typeof bag['format'] === 'string' ? bag['format'] : bag['patterns'] instanceof Set && bag['patterns'].size > 0 ? 'regex' : undefined;
      return format !== undefined && NON_NUMERIC_FORMATS.has(format) ? { kind: 'string', constrainedFormat: format } : { kind: 'string' };
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
