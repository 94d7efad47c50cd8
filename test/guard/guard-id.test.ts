import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z4 from 'zod';
import * as zm from 'zod/mini';
import * as z4v3 from 'zod/v3';
import * as z3 from 'zod3';
import * as z3v4 from 'zod3/v4';
import * as z3v4mini from 'zod3/v4/mini';
import { guardId, numericIdToString } from '../../src/guard/guard-id.ts';
import { zodFlavourOf } from '../../src/model/zod-flavour.ts';

const TICKET_ID_DESCRIPTION = 'The ticket id, as returned by list_tickets';

interface SafeParse {
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly issues: readonly unknown[] };
}

interface Parser {
  safeParse(value: unknown): SafeParse;
}

/** One inner string schema of one flavour, with its guard and the objects that hold each as `ticketId`. */
interface GuardCase {
  readonly label: string;
  readonly inner: Parser;
  readonly guarded: Parser;
  readonly innerObject: Parser;
  readonly guardedObject: Parser;
  /** The same inner behind this flavour's own preprocess: how a guard that is wrong on purpose is built. */
  readonly behindPreprocess: (preprocess: (value: unknown) => unknown) => Parser;
}

/**
 * `zod3` (npm:zod@3.25.76) is a second copy of zod 3's declarations beside the `zod/v3` that guard-id.ts is built
 * against, as `zod` (`index.d.cts`) and `zod/v3` (`v3/index.d.ts`) are in a zod 3.25 project whose tsconfig says
 * `"moduleResolution": "node"`. guardId names no zod 3 class in its types, so both copies are typed through it.
 */
function zod3Case(label: string, inner: z3.ZodString): GuardCase {
  const guarded = guardId(inner);
  return {
    label,
    inner,
    guarded,
    innerObject: z3.object({ ticketId: inner }),
    guardedObject: z3.object({ ticketId: guarded }),
    behindPreprocess: (preprocess) => z3.preprocess(preprocess, inner),
  };
}

function zodV3ApiCase(label: string, inner: z4v3.ZodString): GuardCase {
  const guarded = guardId(inner);
  return {
    label,
    inner,
    guarded,
    innerObject: z4v3.object({ ticketId: inner }),
    guardedObject: z4v3.object({ ticketId: guarded }),
    behindPreprocess: (preprocess) => z4v3.preprocess(preprocess, inner),
  };
}

function zod4Case(label: string, inner: z4.ZodString): GuardCase {
  const guarded = guardId(inner);
  return {
    label,
    inner,
    guarded,
    innerObject: z4.object({ ticketId: inner }),
    guardedObject: z4.object({ ticketId: guarded }),
    behindPreprocess: (preprocess) => z4.preprocess(preprocess, inner),
  };
}

function miniCase(label: string, inner: zm.ZodMiniString): GuardCase {
  const guarded = guardId(inner);
  return {
    label,
    inner,
    guarded,
    innerObject: zm.object({ ticketId: inner }),
    guardedObject: zm.object({ ticketId: guarded }),
    // zod mini has no preprocess; this pipe is what z.preprocess is in zod 4.
    behindPreprocess: (preprocess) => zm.pipe(zm.transform(preprocess), inner),
  };
}

const FLAVOURS: readonly { readonly name: string; readonly cases: () => GuardCase[] }[] = [
  {
    name: 'zod 3 classic (zod3 = zod@3.25.76)',
    cases: () => [
      zod3Case('string().min(1)', z3.string().min(1)),
      zod3Case('string().regex(/^[0-9]+$/)', z3.string().regex(/^[0-9]+$/)),
      zod3Case('string().min(1).describe(...)', z3.string().min(1).describe(TICKET_ID_DESCRIPTION)),
    ],
  },
  {
    name: 'zod 3 API (zod/v3 inside zod@4.6.7)',
    cases: () => [
      zodV3ApiCase('string().min(1)', z4v3.string().min(1)),
      zodV3ApiCase('string().regex(/^[0-9]+$/)', z4v3.string().regex(/^[0-9]+$/)),
      zodV3ApiCase('string().min(1).describe(...)', z4v3.string().min(1).describe(TICKET_ID_DESCRIPTION)),
    ],
  },
  {
    name: 'zod 4 classic (zod@4.6.7)',
    cases: () => [
      zod4Case('string().min(1)', z4.string().min(1)),
      zod4Case('string().regex(/^[0-9]+$/)', z4.string().regex(/^[0-9]+$/)),
      zod4Case('string().min(1).describe(...)', z4.string().min(1).describe(TICKET_ID_DESCRIPTION)),
    ],
  },
  {
    name: 'zod mini (zod/mini from zod@4.6.7)',
    cases: () => [
      miniCase('string().check(minLength(1))', zm.string().check(zm.minLength(1))),
      miniCase('string().check(regex(/^[0-9]+$/))', zm.string().check(zm.regex(/^[0-9]+$/))),
      miniCase(
        'string().check(minLength(1), describe(...))',
        zm.string().check(zm.minLength(1), zm.describe(TICKET_ID_DESCRIPTION)),
      ),
    ],
  },
];

function isPositiveSafeInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/**
 * The guard's contract: it accepts exactly what the inner accepts plus positive safe integers; a positive safe
 * integer comes out as its canonical decimal string, anything else comes out as the inner would return it.
 */
function guardAgreesWithInner(inner: Parser, guarded: Parser, value: unknown): boolean {
  const innerResult = inner.safeParse(value);
  const guardedResult = guarded.safeParse(value);
  if (guardedResult.success !== (innerResult.success || isPositiveSafeInteger(value))) return false;
  if (!guardedResult.success) return true;
  if (isPositiveSafeInteger(value)) {
    const output = guardedResult.data;
    return typeof output === 'string' && /^[1-9][0-9]*$/.test(output) && Number.parseInt(output, 10) === value;
  }
  return isDeepStrictEqual(guardedResult.data, innerResult.data);
}

const anyIdLikeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.integer(),
  fc.maxSafeInteger(),
  fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }),
  fc.double(),
  fc.string(),
  fc.stringMatching(/^[0-9]+$/),
  fc.bigInt(),
  fc.constantFrom<unknown>(
    0,
    -0,
    -1,
    1,
    47,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    Number.MAX_SAFE_INTEGER,
    2 ** 53,
    2 ** 53 + 2,
    -(2 ** 53),
    '',
    '0',
    '47',
    null,
    undefined,
  ),
);

const agreementProperty = (inner: Parser, guarded: Parser) =>
  fc.property(anyIdLikeValue, (value) => guardAgreesWithInner(inner, guarded, value));

/** Guards that are each wrong in one way; the property must catch every one of them. */
const WRONG_PREPROCESSES: readonly { readonly flaw: string; readonly preprocess: (value: unknown) => unknown }[] = [
  {
    flaw: 'also converts zero and negative integers',
    preprocess: (value) => (typeof value === 'number' && Number.isSafeInteger(value) ? value.toFixed(0) : value),
  },
  {
    flaw: 'also converts fractions and unsafe integers',
    preprocess: (value) =>
      typeof value === 'number' && Number.isFinite(value) && value > 0 ? value.toFixed(0) : value,
  },
  {
    flaw: 'writes the id in another notation',
    preprocess: (value) => (isPositiveSafeInteger(value) ? value.toExponential() : value),
  },
  {
    flaw: 'converts nothing',
    preprocess: (value) => value,
  },
];

describe.each(FLAVOURS)('guardId on $name', ({ cases }) => {
  describe.each(cases())('inner $label', (guardCase) => {
    it('accepts exactly what the inner accepts plus positive safe integers, as their decimal string (1,000 runs)', () => {
      fc.assert(agreementProperty(guardCase.inner, guardCase.guarded), { numRuns: 1000 });
    });

    it('the same property holds for numericIdToString behind this flavour’s own preprocess (control)', () => {
      fc.assert(agreementProperty(guardCase.inner, guardCase.behindPreprocess(numericIdToString)), {
        numRuns: 1000,
      });
    });

    it.each(WRONG_PREPROCESSES)('the property fails for a guard that $flaw', ({ preprocess }) => {
      const wrongGuard = guardCase.behindPreprocess(preprocess);
      const result = fc.check(agreementProperty(guardCase.inner, wrongGuard), { numRuns: 1000 });
      expect(result.failed).toBe(true);
    });

    it('turns 47 and Number.MAX_SAFE_INTEGER into the same string the inner accepts', () => {
      expect(guardCase.guarded.safeParse(47)).toStrictEqual(guardCase.inner.safeParse('47'));
      expect(guardCase.guarded.safeParse(Number.MAX_SAFE_INTEGER)).toStrictEqual(
        guardCase.inner.safeParse('9007199254740991'),
      );
    });

    const rejectedValues: readonly [string, unknown][] = [
      ['null', null],
      ['{}', {}],
      ['-1', -1],
      ['1.5', 1.5],
      ['0', 0],
      ['NaN', Number.NaN],
      ['2 ** 53', 2 ** 53],
      ['""', ''],
    ];

    it.each(rejectedValues)('rejects %s with exactly the inner’s issues', (_label, value) => {
      const innerResult = guardCase.inner.safeParse(value);
      const guardedResult = guardCase.guarded.safeParse(value);
      expect(innerResult.success).toBe(false);
      expect(guardedResult.success).toBe(false);
      expect(guardedResult.error?.issues).toStrictEqual(innerResult.error?.issues);
    });

    it('rejects a missing ticketId key with exactly the inner’s issues', () => {
      const innerResult = guardCase.innerObject.safeParse({});
      const guardedResult = guardCase.guardedObject.safeParse({});
      expect(innerResult.success).toBe(false);
      expect(innerResult.error?.issues).toMatchObject([{ code: 'invalid_type', path: ['ticketId'] }]);
      expect(guardedResult.error?.issues).toStrictEqual(innerResult.error?.issues);
    });
  });
});

describe('numericIdToString', () => {
  it.each([
    [1, '1'],
    [47, '47'],
    [1e3, '1000'],
    [Number.MAX_SAFE_INTEGER, '9007199254740991'],
  ])('turns the positive safe integer %d into %s', (id, decimal) => {
    expect(numericIdToString(id)).toBe(decimal);
  });

  it.each([
    ['0', 0],
    ['-0', -0],
    ['-1', -1],
    ['-MAX_SAFE_INTEGER', -Number.MAX_SAFE_INTEGER],
    ['1.5', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['2 ** 53', 2 ** 53],
    ['1e21', 1e21],
    ['the string "47"', '47'],
    ['the string ""', ''],
    ['47n', 47n],
    ['null', null],
    ['undefined', undefined],
    ['true', true],
  ])('passes %s through untouched', (_label, value) => {
    expect(Object.is(numericIdToString(value), value)).toBe(true);
  });

  it('passes objects through as the same reference, boxed numbers included', () => {
    const ticket = { id: 47 };
    const boxed = Object(47) as unknown;
    expect(numericIdToString(ticket)).toBe(ticket);
    expect(numericIdToString(boxed)).toBe(boxed);
  });
});

describe('zodFlavourOf', () => {
  it.each<[string, unknown, ReturnType<typeof zodFlavourOf>]>([
    ['zod 3 string (zod3)', z3.string(), 'zod3'],
    ['zod 3 object (zod3)', z3.object({ ticketId: z3.string() }), 'zod3'],
    ['zod 3 preprocess from guardId', guardId(z3.string()), 'zod3'],
    ['zod/v3 inside zod 4', z4v3.string(), 'zod3'],
    ['zod 4 classic string', z4.string(), 'zod4'],
    ['zod 4 classic object', z4.object({ ticketId: z4.string() }), 'zod4'],
    ['zod 4 classic pipe from guardId', guardId(z4.string()), 'zod4'],
    ['zod/v4 inside zod 3.25', z3v4.string(), 'zod4'],
    ['zod mini string', zm.string(), 'zod4-mini'],
    ['zod mini object', zm.object({ ticketId: zm.string() }), 'zod4-mini'],
    ['zod mini pipe from guardId', guardId(zm.string()), 'zod4-mini'],
    ['zod/v4/mini inside zod 3.25', z3v4mini.string(), 'zod4-mini'],
  ])('tells %s', (_label, schema, flavour) => {
    expect(zodFlavourOf(schema)).toBe(flavour);
  });

  it.each<[string, unknown]>([
    ['undefined', undefined],
    ['null', null],
    ['a number', 47],
    ['a string', 'z.string()'],
    ['a plain object', {}],
    ['an array', []],
    ['a function', () => z4.string()],
    ['an object with an empty _def', { _def: {} }],
    ['an object whose _def.typeName is not a string', { _def: { typeName: 47 } }],
    ['an object whose _def is null', { _def: null }],
  ])('returns undefined for %s', (_label, value) => {
    expect(zodFlavourOf(value)).toBeUndefined();
  });
});

describe('guardId types', () => {
  it('keeps string as the output type for zod 4 classic, zod 3 and zod mini', () => {
    const guardedZod4 = guardId(z4.string());
    expectTypeOf<z4.infer<typeof guardedZod4>>().toEqualTypeOf<string>();
    expectTypeOf<z4.output<typeof guardedZod4>>().toEqualTypeOf<string>();

    const guardedZod3 = guardId(z4v3.string());
    expectTypeOf<z4v3.infer<typeof guardedZod3>>().toEqualTypeOf<string>();
    expectTypeOf<z4v3.output<typeof guardedZod3>>().toEqualTypeOf<string>();

    const guardedOtherCopy = guardId(z3.string().min(1));
    expectTypeOf(guardedOtherCopy).toEqualTypeOf<z3.ZodEffects<z3.ZodString, string, string>>();
    const _otherCopyShape = z3.object({ ticketId: guardedOtherCopy, note: guardId(z3.string()).optional() });
    expectTypeOf<z3.output<typeof _otherCopyShape>>().toEqualTypeOf<{ ticketId: string; note?: string | undefined }>();

    const guardedMini = guardId(zm.string());
    expectTypeOf<zm.infer<typeof guardedMini>>().toEqualTypeOf<string>();
    expectTypeOf<zm.output<typeof guardedMini>>().toEqualTypeOf<string>();

    const guardedDescribed = guardId(z4.string().min(1).describe(TICKET_ID_DESCRIPTION));
    expectTypeOf<z4.output<typeof guardedDescribed>>().toEqualTypeOf<string>();

    expect([guardedZod4, guardedZod3, guardedMini, guardedDescribed].map(zodFlavourOf)).toStrictEqual([
      'zod4',
      'zod3',
      'zod4-mini',
      'zod4',
    ]);
  });

  it('refuses schemas whose output is not a string, and values that are not schemas', () => {
    // @ts-expect-error a number schema is not an id string schema
    guardId(z4.number());
    // @ts-expect-error a number schema is not an id string schema
    guardId(z4v3.number());
    // @ts-expect-error a number schema is not an id string schema
    guardId(z3.number());
    // @ts-expect-error a number schema is not an id string schema
    guardId(zm.number());
    // @ts-expect-error a plain object is not a Zod schema
    expect(() => guardId({ ticketId: 47 })).toThrow(TypeError);
  });
});
