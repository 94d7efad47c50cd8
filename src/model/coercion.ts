/**
 * What `z.coerce.<target>()` does to values a client did not mean, measured on zod 3.25.76 and 4.6.7. A `.nullable()`
 * or `.optional()` (or `.default()`) after the coercion lets null or undefined through before it runs, so those
 * surprises only count when the chain has no such wrapper.
 */
import type { ChainMethod } from './schema-expr.ts';

interface Surprise {
  readonly input: string;
  readonly becomes: string;
  /**
   * What stops it: null never reaches a nullable chain, undefined never reaches an optional one, and a number check
   * that rejects 0 (`.min(1)`, `.positive()`) turns "null becomes 0" back into a validation error.
   */
  readonly unless?: 'nullable' | 'optional';
}

const SURPRISES: Readonly<Record<string, readonly Surprise[]>> = {
  string: [
    { input: 'null', becomes: '"null"', unless: 'nullable' },
    { input: 'undefined', becomes: '"undefined"', unless: 'optional' },
    { input: '{}', becomes: '"[object Object]"' },
  ],
  number: [
    { input: 'null', becomes: '0', unless: 'nullable' },
    { input: '""', becomes: '0' },
  ],
  bigint: [{ input: '""', becomes: '0n' }],
  boolean: [
    { input: 'null', becomes: 'false', unless: 'nullable' },
    { input: 'undefined', becomes: 'false', unless: 'optional' },
    { input: '""', becomes: 'false' },
    { input: '"false"', becomes: 'true' },
  ],
  date: [{ input: 'null', becomes: '1970-01-01T00:00:00.000Z', unless: 'nullable' }],
};

/**
 * The surprising conversions left for a coercion with these wrappers, as `null becomes "null"` phrases; empty when
 * none is left (`z.coerce.date().nullable()` only turns date strings and epoch numbers into dates, as meant).
 * Undefined for a target this module does not know.
 */
export function coercionSurprises<N>(
  target: string,
  flags: { readonly optional: boolean; readonly nullable: boolean },
  methods: readonly ChainMethod<N>[] = [],
): string[] | undefined {
  const surprises = SURPRISES[target];
  if (surprises === undefined) return undefined;
  const zeroRejected = rejectsZero(methods);
  return surprises
    .filter((surprise) => {
      if (zeroRejected && surprise.becomes === '0') return false;
      if (surprise.unless === 'nullable') return !flags.nullable;
      if (surprise.unless === 'optional') return !flags.optional;
      return true;
    })
    .map((surprise) => `${surprise.input} becomes ${surprise.becomes}`);
}

function numericArgument<N>(method: ChainMethod<N>): number | undefined {
  const first = method.args[0];
  return first?.kind === 'literal' && typeof first.value === 'number' ? first.value : undefined;
}

/** `.positive()`, `.min(1)`, `.gte(1)`, `.gt(0)`: a number chain on which 0 fails validation. */
function rejectsZero<N>(methods: readonly ChainMethod<N>[]): boolean {
  return methods.some((method) => {
    if (method.name === 'positive') return true;
    const bound = numericArgument(method);
    if (bound === undefined) return false;
    return ((method.name === 'min' || method.name === 'gte') && bound > 0) || (method.name === 'gt' && bound >= 0);
  });
}

/** `a`, `a and b`, `a, b and c`. */
export function joinPhrases(phrases: readonly string[]): string {
  return phrases.length <= 1 ? phrases.join('') : `${phrases.slice(0, -1).join(', ')} and ${phrases.at(-1)}`;
}
