import type * as v3 from 'zod/v3';
import type * as v4 from 'zod/v4';
import type * as core from 'zod/v4/core';
import { pipe as miniPipe, transform as miniTransform } from 'zod/v4/mini';
import type * as mini from 'zod/v4/mini';
import { zodFlavourOf } from '../model/zod-flavour.ts';

/**
 * Rewrites a positive safe integer to its decimal string and passes every other value through untouched, so the
 * inner schema still rejects null, {}, -1, 1.5, 0, NaN and 2^53 with the message it always gave.
 */
export function numericIdToString(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : value;
}

/**
 * Rewrites a string that is how a client writes a safe integer (`"5812"`, `"0"`, `"-1001234567890"`) to that number
 * and passes every other value through untouched, so a number schema still rejects `""`, `" 7"`, `"07"`, `"1e3"`,
 * `"0x1F"`, `"-0"` and `"9007199254740993"` (beyond 2^53, where the number would not be the id) with its own message.
 * Negatives are read back because a JSON number can be negative; whether one is a valid id stays the inner schema's
 * call (`.positive()`), as it is for a number sent as a number.
 */
export function decimalIdToNumber(value: unknown): unknown {
  if (typeof value !== 'string' || !/^(?:0|-?[1-9]\d*)$/.test(value)) return value;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : value;
}

type StringOutput = string | undefined | null;
type NumberOutput = number | undefined | null;

/**
 * What `guardId` needs of a zod 3 schema, named without zod 3's classes. A project on zod 3.25 whose tsconfig says
 * `"moduleResolution": "node"` sees `zod` (`index.d.cts`) and `zod/v3` (`v3/index.d.ts`) as two copies of every class;
 * TypeScript 6 compares two such copies structurally, which took it minutes and ended in TS2589 for one
 * `guardId(z.string())`. The inner schema's own `refine` names the wrapper in the project's copy instead.
 */
interface Zod3Schema<Output = StringOutput> {
  readonly _def: object;
  readonly _output: Output;
  readonly _zod?: never;
  refine(check: (value: never) => unknown): unknown;
}

/**
 * What `guardId` returns for each Zod flavour: for zod 3 the `ZodEffects<Inner, output, input>` of the inner schema's
 * own copy (its last `refine` overload), for zod 4 the pipe `z.preprocess(numericIdToString, inner)` has there.
 */
export type GuardedId<Inner> = Guarded<Inner, StringOutput>;

/** What `guardNumberId` returns: the same wrappers, around a number schema. */
export type GuardedNumberId<Inner> = Guarded<Inner, NumberOutput>;

type Guarded<Inner, Output> =
  Inner extends Zod3Schema<Output>
    ? ReturnType<Inner['refine']>
    : Inner extends v4.ZodType
      ? v4.ZodPipe<v4.ZodTransform<unknown, unknown>, Inner>
      : Inner extends core.$ZodType
        ? mini.ZodMiniPipe<mini.ZodMiniTransform<unknown, unknown>, Inner>
        : never;

interface Zod3Effects {
  createWithPreprocess(preprocess: (value: unknown) => unknown, schema: unknown): unknown;
}

/**
 * Wraps a string schema the caller already has so that a positive integer id is accepted as its decimal string,
 * while the published JSON Schema stays byte-identical to the inner schema's. Keep `.describe()`, `.min()` and
 * `.regex()` on the inner schema: a description on the outer wrapper reorders the rendered keys from zod 4.3.6 on.
 *
 * The wrapper is built from the inner schema's own Zod copy for zod 3 and zod 4 classic; zod mini schemas carry no
 * methods, so the mini wrapper comes from the `zod` peer dependency (zod 4 is duck-typed, so copies interoperate).
 */
export function guardId<Inner extends Zod3Schema>(inner: Inner): GuardedId<Inner>;
export function guardId<Inner extends v4.ZodType<StringOutput, unknown>>(inner: Inner): GuardedId<Inner>;
export function guardId<Inner extends core.$ZodType<StringOutput, unknown>>(inner: Inner): GuardedId<Inner>;
export function guardId(inner: unknown): unknown {
  return behindPreprocess(
    inner,
    numericIdToString,
    'guardId(inner): inner is not a Zod schema. Pass the string schema the field already has, e.g. guardId(z.string().min(1)).',
  );
}

/**
 * The mirror of `guardId` for number schemas: an id a client sent as a string (`"5812"`) reaches the handler as the
 * number it always got (see `decimalIdToNumber`), while the published JSON Schema stays byte-identical to the inner
 * schema's. Built, and kept out of output schemas, as `guardId` is.
 */
export function guardNumberId<Inner extends Zod3Schema<NumberOutput>>(inner: Inner): GuardedNumberId<Inner>;
export function guardNumberId<Inner extends v4.ZodType<NumberOutput, unknown>>(inner: Inner): GuardedNumberId<Inner>;
export function guardNumberId<Inner extends core.$ZodType<NumberOutput, unknown>>(inner: Inner): GuardedNumberId<Inner>;
export function guardNumberId(inner: unknown): unknown {
  return behindPreprocess(
    inner,
    decimalIdToNumber,
    'guardNumberId(inner): inner is not a Zod schema. Pass the number schema the field already has, e.g. guardNumberId(z.number().int()).',
  );
}

function behindPreprocess(inner: unknown, preprocess: (value: unknown) => unknown, notASchema: string): unknown {
  switch (zodFlavourOf(inner)) {
    case 'zod3': {
      // ZodEffects is reachable from any zod 3 schema through one of its own effects; this keeps the wrapper in
      // the inner schema's copy, so zod-to-json-schema recognises it as a preprocess and renders the inner type.
      const effects = (inner as v3.ZodTypeAny).transform((value: unknown) => value);
      return (effects.constructor as unknown as Zod3Effects).createWithPreprocess(preprocess, inner);
    }
    case 'zod4': {
      // `inner.transform(f)` is `pipe(inner, transform(f))` in the inner's own copy; its `out` is the transform we need.
      const transformed = (inner as v4.ZodType).transform(preprocess) as v4.ZodPipe<v4.ZodType, v4.ZodTransform>;
      return transformed.def.out.pipe(inner as v4.ZodType);
    }
    case 'zod4-mini':
      return miniPipe(miniTransform(preprocess), inner as core.$ZodType);
    default:
      throw new TypeError(notASchema);
  }
}
