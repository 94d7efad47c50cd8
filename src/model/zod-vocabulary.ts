/**
 * Zod's vocabulary, once: which factories and methods exist and what each does to the JSON a schema accepts. The
 * static readers (ESTree and TypeScript) and the run-time reader of schema objects all take their words from here.
 */

/**
 * The decimal strings of positive safe integers a format is tried against: a guarded id hands the inner schema one of
 * these, so a format that takes none of them can never accept a numeric id.
 */
export const DECIMAL_ID_SAMPLES: readonly string[] = ['1', '47', '1234', '12345678', '9007199254740991'];

/** True when some decimal id sample passes `test`. */
export function acceptsSomeDecimalId(test: (value: string) => boolean): boolean {
  return DECIMAL_ID_SAMPLES.some(test);
}

/**
 * Every string format Zod 3 and 4 know (factories such as `z.uuid()`, methods such as `.uuid()`, zod 4's `bag.format`,
 * zod 3's check kinds), and whether the decimal string of a positive integer can pass it. `true` for `hex`, `cuid2`,
 * `hostname`, `base64`, `base64url` and zod 3's `emoji` (digits are emoji code points there): on those an id field
 * still takes `"47"`, so a guard helps. Checked against both zod majors by test/model/zod-vocabulary.test.ts.
 */
export const STRING_FORMATS: Readonly<Record<string, { readonly takesDecimalIds: boolean }>> = {
  uuid: { takesDecimalIds: false },
  uuidv4: { takesDecimalIds: false },
  uuidv6: { takesDecimalIds: false },
  uuidv7: { takesDecimalIds: false },
  guid: { takesDecimalIds: false },
  email: { takesDecimalIds: false },
  url: { takesDecimalIds: false },
  httpUrl: { takesDecimalIds: false },
  cuid: { takesDecimalIds: false },
  cuid2: { takesDecimalIds: true },
  ulid: { takesDecimalIds: false },
  nanoid: { takesDecimalIds: false },
  ksuid: { takesDecimalIds: false },
  xid: { takesDecimalIds: false },
  emoji: { takesDecimalIds: true },
  datetime: { takesDecimalIds: false },
  date: { takesDecimalIds: false },
  time: { takesDecimalIds: false },
  duration: { takesDecimalIds: false },
  ip: { takesDecimalIds: false },
  ipv4: { takesDecimalIds: false },
  ipv6: { takesDecimalIds: false },
  cidr: { takesDecimalIds: false },
  cidrv4: { takesDecimalIds: false },
  cidrv6: { takesDecimalIds: false },
  base64: { takesDecimalIds: true },
  base64url: { takesDecimalIds: true },
  jwt: { takesDecimalIds: false },
  e164: { takesDecimalIds: false },
  hostname: { takesDecimalIds: true },
  hex: { takesDecimalIds: true },
  mac: { takesDecimalIds: false },
  /** `z.iso.datetime()` and the other `z.iso` factories: dates and times, never a bare number. */
  iso: { takesDecimalIds: false },
};

export function isStringFormat(name: string): boolean {
  return Object.hasOwn(STRING_FORMATS, name);
}

/** `.regex(pattern)` (and zod 4's `z.regex(pattern)` check): a format whose verdict depends on the pattern. */
export const PATTERN_FORMAT = 'regex';

/** A method or check that restricts a string to a format or a pattern. */
export function isStringConstraint(name: string): boolean {
  return name === PATTERN_FORMAT || isStringFormat(name);
}

/** True for a format no decimal id can pass (`uuid`, `email`, ...); false for `hex` and friends, and for unknown names. */
export function formatExcludesDecimalIds(format: string): boolean {
  return isStringFormat(format) && STRING_FORMATS[format]?.takesDecimalIds === false;
}

/**
 * Whether a regular expression written in source can match a decimal id, from its pattern and flags; undefined when
 * the pattern is not a valid JavaScript regular expression here (then nothing is claimed about it).
 */
export function regexTakesDecimalIds(pattern: string, flags: string): boolean | undefined {
  let regex: RegExp;
  try {
    regex = new RegExp(pattern, flags.replace(/[gy]/g, ''));
  } catch {
    return undefined;
  }
  return acceptsSomeDecimalId((value) => regex.test(value));
}

/** Factories whose schema accepts a string: `z.string()` and every format factory. */
export const STRING_FACTORIES: ReadonlySet<string> = new Set(['string', ...Object.keys(STRING_FORMATS)]);
export const NUMBER_FACTORIES: ReadonlySet<string> = new Set([
  'number',
  'int',
  'int32',
  'uint32',
  'int64',
  'uint64',
  'float32',
  'float64',
  'bigint',
  'nan',
]);
/** Factories that build an object schema from a shape. */
export const OBJECT_FACTORIES: ReadonlySet<string> = new Set(['object', 'strictObject', 'looseObject']);
export const ENUM_FACTORIES: ReadonlySet<string> = new Set(['enum', 'nativeEnum', 'literal']);
/** `z.optional(x)` and the other functional wrappers (zod mini's way of writing `.optional()`). */
export const WRAPPER_FACTORIES: ReadonlySet<string> = new Set([
  'optional',
  'nullable',
  'nullish',
  'readonly',
  'nonoptional',
  '_default',
  'prefault',
]);

/** Methods that make a field optional to the caller. */
export const OPTIONAL_METHODS: ReadonlySet<string> = new Set(['optional', 'default', 'prefault', 'catch']);

/** Methods on an object schema that add the fields of their argument (a shape, or another object schema for `merge`). */
export const FIELD_ADDING_METHODS: ReadonlySet<string> = new Set(['extend', 'safeExtend', 'merge']);
/** Methods on an object schema that keep a subset of its fields, named by a `{ key: true }` mask. */
export const FIELD_SELECTING_METHODS: ReadonlySet<string> = new Set(['pick', 'omit']);
/** Methods on an object schema that keep its fields and change only how they or extra keys are treated. */
export const FIELD_KEEPING_METHODS: ReadonlySet<string> = new Set([
  'partial',
  'required',
  'deepPartial',
  'strict',
  'passthrough',
  'strip',
  'catchall',
  'loose',
]);
/** Every method that returns an object schema with another shape than its receiver's literal one. */
export const SHAPE_CHANGING_METHODS: ReadonlySet<string> = new Set([
  ...FIELD_ADDING_METHODS,
  ...FIELD_SELECTING_METHODS,
  ...FIELD_KEEPING_METHODS,
]);

/** Effects on an object schema: they keep what it accepts as JSON, but may change what the SDK can publish. */
export const OBJECT_EFFECT_METHODS: ReadonlySet<string> = new Set([
  'refine',
  'superRefine',
  'transform',
  'pipe',
  'check',
  'overwrite',
]);

/** Methods whose output is no longer the string the schema parsed, so `guardId(...)` around them would not type-check. */
export const RETYPING_METHODS: ReadonlySet<string> = new Set(['transform', 'pipe', 'array', 'and', 'promise']);

/** A conversion `z.coerce.<target>()` makes: `input` (JSON, as written) `becomes` the parsed value. */
export interface Coerced {
  readonly input: string;
  readonly becomes: string;
}

/**
 * JSON values that are no ids but that `z.coerce.<target>()` turns into a value an id check cannot tell from a real
 * id, measured on zod 3.25.76 and 4.6.7: `Number(true)` is 1, `Number([5])` is 5, `Number(" 7 ")` is 7. No `.int()`,
 * `.positive()` or `.min(1)` rejects them, so on an id field a coercion stays a surprise whatever checks follow it.
 */
export const COERCED_ID_LOOKALIKES: Readonly<Record<string, readonly Coerced[]>> = {
  string: [
    { input: 'true', becomes: '"true"' },
    { input: '[5]', becomes: '"5"' },
  ],
  number: [
    { input: 'true', becomes: '1' },
    { input: '[5]', becomes: '5' },
    { input: '" 7 "', becomes: '7' },
  ],
  bigint: [
    { input: 'true', becomes: '1n' },
    { input: '[5]', becomes: '5n' },
    { input: '" 7 "', becomes: '7n' },
  ],
};
