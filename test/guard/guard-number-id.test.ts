import fc from 'fast-check';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, expectTypeOf, it } from 'vitest';
import * as z4 from 'zod';
import * as zm from 'zod/mini';
import * as z4v3 from 'zod/v3';
import * as z3 from 'zod3';
import { guardIdFields } from '../../src/guard/guard-id-fields.ts';
import { decimalIdToNumber, guardId, guardNumberId } from '../../src/guard/guard-id.ts';
import { idSchema } from '../../src/guard/id-schema.ts';
import { describeFieldSchema } from '../../src/model/zod-runtime.ts';
import { zodFlavourOf } from '../../src/model/zod-flavour.ts';

const BOARD_ID_DESCRIPTION = 'The board id, as returned by create_board';

interface SafeParse {
  readonly success: boolean;
  readonly data?: unknown;
  readonly error?: { readonly issues: readonly unknown[] };
}

interface Parser {
  safeParse(value: unknown): SafeParse;
}

interface NumberGuardCase {
  readonly label: string;
  readonly inner: Parser;
  readonly guarded: Parser;
  /** The same inner behind this flavour's own preprocess: how a guard that is wrong on purpose is built. */
  readonly behindPreprocess: (preprocess: (value: unknown) => unknown) => Parser;
}

function zod3Case(label: string, inner: z3.ZodNumber | z3.ZodEffects<z3.ZodNumber>): NumberGuardCase {
  return { label, inner, guarded: guardNumberId(inner), behindPreprocess: (f) => z3.preprocess(f, inner) };
}

function zodV3ApiCase(label: string, inner: z4v3.ZodNumber): NumberGuardCase {
  return { label, inner, guarded: guardNumberId(inner), behindPreprocess: (f) => z4v3.preprocess(f, inner) };
}

function zod4Case(label: string, inner: z4.ZodNumber): NumberGuardCase {
  return { label, inner, guarded: guardNumberId(inner), behindPreprocess: (f) => z4.preprocess(f, inner) };
}

function miniCase(label: string, inner: zm.ZodMiniNumber): NumberGuardCase {
  return {
    label,
    inner,
    guarded: guardNumberId(inner),
    behindPreprocess: (f) => zm.pipe(zm.transform(f), inner),
  };
}

const FLAVOURS: readonly { readonly name: string; readonly cases: () => NumberGuardCase[] }[] = [
  {
    name: 'zod 3 classic (zod3 = zod@3.25.76)',
    cases: () => [
      zod3Case('number()', z3.number()),
      zod3Case('number().int().positive()', z3.number().int().positive()),
      zod3Case('number().int().describe(...)', z3.number().int().describe(BOARD_ID_DESCRIPTION)),
    ],
  },
  {
    name: 'zod 3 API (zod/v3 inside zod@4.6.7)',
    cases: () => [
      zodV3ApiCase('number()', z4v3.number()),
      zodV3ApiCase('number().int().positive()', z4v3.number().int().positive()),
    ],
  },
  {
    name: 'zod 4 classic (zod@4.6.7)',
    cases: () => [
      zod4Case('number()', z4.number()),
      zod4Case('number().int().positive()', z4.number().int().positive()),
      zod4Case('number().int().describe(...)', z4.number().int().describe(BOARD_ID_DESCRIPTION)),
    ],
  },
  {
    name: 'zod mini (zod/mini from zod@4.6.7)',
    cases: () => [
      miniCase('number()', zm.number()),
      miniCase('number().check(int(), positive())', zm.number().check(zm.int(), zm.positive())),
    ],
  },
];

/**
 * The reference: a string is an id sent as a string when writing back the number it reads as gives the same string
 * and that number is a safe integer. `String(Number(s)) === s` is how a JSON encoder would have written it; it
 * excludes "", " 7", "07", "1e3", "0x1F" and "-0" without a regular expression.
 */
function isStringifiedSafeInteger(value: unknown): value is string {
  return typeof value === 'string' && String(Number(value)) === value && Number.isSafeInteger(Number(value));
}

/** The result a parse gives, without the error object's own functions (zod 3 builds a new `addIssue` for each). */
function outcome(result: SafeParse): unknown {
  return result.success ? { data: result.data } : { issues: result.error?.issues };
}

/** The guard parses a stringified safe integer as the inner parses the number, and every other value as the inner does. */
function guardAgreesWithInner(inner: Parser, guarded: Parser, value: unknown): boolean {
  const expected = inner.safeParse(isStringifiedSafeInteger(value) ? Number(value) : value);
  return isDeepStrictEqual(outcome(guarded.safeParse(value)), outcome(expected));
}

const anyIdLikeValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.anything(),
  fc.string(),
  fc.stringMatching(/^-?[0-9]{1,18}$/),
  fc.stringMatching(/^[ +-]?[0-9.eExX]{0,6}[ ]?$/),
  fc.integer().map((integer) => `${integer}`),
  fc.maxSafeInteger().map((integer) => `${integer}`),
  fc.integer(),
  fc.double(),
  fc.constantFrom<unknown>(
    '',
    ' 7',
    '7 ',
    '07',
    '1e3',
    '0x1F',
    '-0',
    '+7',
    '7.0',
    'abc',
    '9007199254740991',
    '9007199254740992',
    '9007199254740993',
    '-9007199254740991',
    '-9007199254740993',
    null,
    undefined,
    0,
    -0,
    47,
  ),
);

const agreementProperty = (inner: Parser, guarded: Parser) =>
  fc.property(anyIdLikeValue, (value) => guardAgreesWithInner(inner, guarded, value));

/** Guards that are each wrong in one way; the property must catch every one of them. */
const WRONG_PREPROCESSES: readonly { readonly flaw: string; readonly preprocess: (value: unknown) => unknown }[] = [
  {
    flaw: 'coerces every string as z.coerce.number() does ("" becomes 0)',
    preprocess: (value) => (typeof value === 'string' ? Number(value) : value),
  },
  {
    flaw: 'reads leading zeros and trailing text as parseInt does',
    preprocess: (value) => (typeof value === 'string' && /^-?\d/.test(value) ? Number.parseInt(value, 10) : value),
  },
  {
    flaw: 'also converts integers beyond 2^53, losing precision',
    preprocess: (value) => (typeof value === 'string' && /^-?(0|[1-9]\d*)$/.test(value) ? Number(value) : value),
  },
  {
    flaw: 'converts nothing',
    preprocess: (value) => value,
  },
];

describe.each(FLAVOURS)('guardNumberId on $name', ({ cases }) => {
  describe.each(cases())('inner $label', (guardCase) => {
    it('parses a stringified safe integer as the inner parses the number, anything else as the inner does (1,000 runs)', () => {
      fc.assert(agreementProperty(guardCase.inner, guardCase.guarded), { numRuns: 1000 });
    });

    it.each(WRONG_PREPROCESSES)('the property fails for a guard that $flaw', ({ preprocess }) => {
      const result = fc.check(agreementProperty(guardCase.inner, guardCase.behindPreprocess(preprocess)), {
        numRuns: 1000,
      });
      expect(result.failed).toBe(true);
    });

    it('turns "5812" and "9007199254740991" into the numbers the inner accepts', () => {
      expect(guardCase.guarded.safeParse('5812')).toStrictEqual({ success: true, data: 5812 });
      expect(guardCase.guarded.safeParse('9007199254740991')).toStrictEqual({
        success: true,
        data: Number.MAX_SAFE_INTEGER,
      });
    });

    it.each<[string, unknown]>([
      ['""', ''],
      ['" 7"', ' 7'],
      ['"07"', '07'],
      ['"1e3"', '1e3'],
      ['"0x1F"', '0x1F'],
      ['"-0"', '-0'],
      ['null', null],
      ['"abc"', 'abc'],
      ['"9007199254740993"', '9007199254740993'],
    ])('rejects %s with exactly the inner’s issues', (_label, value) => {
      const innerResult = guardCase.inner.safeParse(value);
      const guardedResult = guardCase.guarded.safeParse(value);
      expect(innerResult.success).toBe(false);
      expect(guardedResult.success).toBe(false);
      expect(guardedResult.error?.issues).toStrictEqual(innerResult.error?.issues);
    });
  });
});

describe('decimalIdToNumber', () => {
  it.each([
    ['0', 0],
    ['7', 7],
    ['5812', 5812],
    ['-1001234567890', -1001234567890],
    ['9007199254740991', Number.MAX_SAFE_INTEGER],
    ['-9007199254740991', -Number.MAX_SAFE_INTEGER],
  ])('turns %s into the number %d', (decimal, id) => {
    expect(decimalIdToNumber(decimal)).toBe(id);
  });

  it.each<[string, unknown]>([
    ['""', ''],
    ['" 7"', ' 7'],
    ['"07"', '07'],
    ['"-0"', '-0'],
    ['"+7"', '+7'],
    ['"7.0"', '7.0'],
    ['"1e3"', '1e3'],
    ['"0x1F"', '0x1F'],
    ['"abc"', 'abc'],
    ['"٣" (an Arabic-Indic digit)', '٣'],
    ['"9007199254740992"', '9007199254740992'],
    ['"9007199254740993"', '9007199254740993'],
    ['the number 47', 47],
    ['null', null],
    ['undefined', undefined],
  ])('passes %s through untouched', (_label, value) => {
    expect(Object.is(decimalIdToNumber(value), value)).toBe(true);
  });
});

describe('idSchema("number")', () => {
  it('is guardNumberId(z.number().int().positive()): "47" arrives as 47, "0" and "-1" get the inner’s issues', () => {
    const numberIds = idSchema('number');
    const inner = z4.number().int().positive();
    expect(numberIds.safeParse('47')).toStrictEqual({ success: true, data: 47 });
    expect(numberIds.safeParse('0')).toStrictEqual(inner.safeParse(0));
    expect(numberIds.safeParse('-1')).toStrictEqual(inner.safeParse(-1));
    expect(numberIds.safeParse('')).toStrictEqual(inner.safeParse(''));
    expect(z4.toJSONSchema(numberIds)).toStrictEqual(z4.toJSONSchema(inner));
  });

  it('is idSchema() for "string"', () => {
    expect(idSchema('string').safeParse(47)).toStrictEqual(idSchema().safeParse(47));
    expect(z4.toJSONSchema(idSchema('string'))).toStrictEqual(z4.toJSONSchema(z4.string().min(1)));
  });

  it('types its output as the number or the string it hands the handler', () => {
    expectTypeOf<z4.output<ReturnType<typeof idSchema<'number'>>>>().toEqualTypeOf<number>();
    expectTypeOf<z4.output<ReturnType<typeof idSchema<'string'>>>>().toEqualTypeOf<string>();
  });
});

describe('guardIdFields with { numberIds: true }', () => {
  const shape = {
    boardId: z4.number().int(),
    ticketId: z4.string().min(1),
    count: z4.number(),
    itemIds: z4.array(z4.number()),
  };

  it('guards id-named number fields too, and leaves non-ids and lists alone', () => {
    const guarded = guardIdFields(shape, { numberIds: true });
    expect(describeFieldSchema(guarded.boardId).kind).toBe('guarded-number');
    expect(describeFieldSchema(guarded.ticketId).kind).toBe('guarded');
    expect(guarded.count).toBe(shape.count);
    expect(guarded.itemIds).toBe(shape.itemIds);
    expect(z4.object(guarded).safeParse({ boardId: '123', ticketId: 47, count: 1, itemIds: [] })).toStrictEqual({
      success: true,
      data: { boardId: 123, ticketId: '47', count: 1, itemIds: [] },
    });
  });

  it('leaves number fields alone without the option', () => {
    expect(guardIdFields(shape).boardId).toBe(shape.boardId);
  });
});

describe('guardNumberId types and flavours', () => {
  it('keeps number as the output type for zod 4 classic, zod 3 and zod mini', () => {
    const zod4 = guardNumberId(z4.number().int());
    expectTypeOf<z4.output<typeof zod4>>().toEqualTypeOf<number>();
    const zod3 = guardNumberId(z4v3.number());
    expectTypeOf<z4v3.output<typeof zod3>>().toEqualTypeOf<number>();
    const otherCopy = guardNumberId(z3.number().int());
    expectTypeOf(otherCopy).toEqualTypeOf<z3.ZodEffects<z3.ZodNumber, number, number>>();
    const mini = guardNumberId(zm.number());
    expectTypeOf<zm.output<typeof mini>>().toEqualTypeOf<number>();
    expect([zod4, zod3, otherCopy, mini].map(zodFlavourOf)).toStrictEqual(['zod4', 'zod3', 'zod3', 'zod4-mini']);
    expect([zod4, zod3, otherCopy, mini].map((schema) => describeFieldSchema(schema).kind)).toStrictEqual([
      'guarded-number',
      'guarded-number',
      'guarded-number',
      'guarded-number',
    ]);
  });

  it('refuses string schemas (they take guardId) and values that are not schemas', () => {
    // @ts-expect-error a string schema takes guardId
    guardNumberId(z4.string());
    // @ts-expect-error a string schema takes guardId
    guardNumberId(zm.string());
    // @ts-expect-error a string schema takes guardId
    guardNumberId(z3.string());
    // @ts-expect-error a plain object is not a Zod schema
    expect(() => guardNumberId({ boardId: '123' })).toThrow(/guardNumberId\(inner\)/);
  });
});

describe('a guard around an id schema in a union with null', () => {
  // `z.union([x, z.null()])` is the nullable id the lint rule and guard-ids read it as: the guard keeps null, turns
  // the other type into the inner's, and publishes the union's own JSON Schema.
  const published = (schema: z4.ZodType): string =>
    JSON.stringify(z4.toJSONSchema(z4.object({ id: schema }), { target: 'draft-7', io: 'input' }));

  it('guardNumberId: "5812" arrives as 5812, null stays null, and the published bytes stay', () => {
    const inner = z4.union([z4.number(), z4.null()]);
    const guarded = guardNumberId(inner);
    expect(guarded.parse('5812')).toBe(5812);
    expect(guarded.parse(5812)).toBe(5812);
    expect(guarded.parse(null)).toBeNull();
    expect(guarded.safeParse('x').success).toBe(false);
    expect(published(guarded)).toBe(published(inner));
  });

  it('guardId: 47 arrives as "47", null stays null, and the published bytes stay', () => {
    for (const inner of [z4.union([z4.string(), z4.null()]), z4.string().or(z4.null())]) {
      const guarded = guardId(inner);
      expect(guarded.parse(47)).toBe('47');
      expect(guarded.parse(null)).toBeNull();
      expect(published(guarded)).toBe(published(inner));
    }
  });
});
