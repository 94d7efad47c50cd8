import { describe, expect, it } from 'vitest';
import { z as z4 } from 'zod';
import { z as z3 } from 'zod3';
import { DECIMAL_ID_SAMPLES, regexTakesDecimalIds, STRING_FORMATS } from '../../src/model/zod-vocabulary.ts';

type Parser = { safeParse(value: unknown): { success: boolean } };

/** The schema zod 4 builds for a format: a factory (`z.uuid()`), a method (`z.string().uuid()`), or `z.iso.<format>()`. */
function zod4Schema(format: string): Parser | undefined {
  const factories = z4 as unknown as Record<string, (() => Parser) | undefined>;
  if (format === 'iso') return z4.iso.datetime();
  if (typeof factories[format] === 'function') return factories[format]();
  const string = z4.string() as unknown as Record<string, (() => Parser) | undefined>;
  return typeof string[format] === 'function' ? (string[format] as () => Parser).call(string) : undefined;
}

function zod3Schema(format: string): Parser | undefined {
  const string = z3.string() as unknown as Record<string, (() => Parser) | undefined>;
  return typeof string[format] === 'function' ? (string[format] as () => Parser).call(string) : undefined;
}

const takesSample = (schema: Parser | undefined) =>
  schema !== undefined && DECIMAL_ID_SAMPLES.some((value) => schema.safeParse(value).success);

describe('STRING_FORMATS says which formats a decimal id can pass, as zod does', () => {
  it.each(Object.entries(STRING_FORMATS))('%s', (format, { takesDecimalIds }) => {
    const zod4 = zod4Schema(format);
    const zod3 = zod3Schema(format);
    expect(zod4 !== undefined || zod3 !== undefined, `neither zod 3 nor zod 4 knows ${format}`).toBe(true);
    expect(takesSample(zod4) || takesSample(zod3)).toBe(takesDecimalIds);
  });

  it('lists every format zod 4 checks strings for', () => {
    const known = [
      'uuid',
      'email',
      'url',
      'hex',
      'cuid2',
      'ulid',
      'nanoid',
      'ksuid',
      'xid',
      'base64',
      'jwt',
      'e164',
      'hostname',
      'mac',
      'ipv4',
      'cidrv6',
      'guid',
    ];
    for (const format of known) expect(Object.hasOwn(STRING_FORMATS, format), format).toBe(true);
  });
});

describe('regexTakesDecimalIds', () => {
  it.each([
    ['^\\d+$', '', true],
    ['^[0-9]+$', 'u', true],
    ['\\d', 'g', true],
    ['^T-\\d+$', '', false],
    ['^[a-f0-9]{24}$', 'i', false],
  ] as const)('/%s/%s takes a decimal id: %s', (pattern, flags, expected) => {
    expect(regexTakesDecimalIds(pattern, flags)).toBe(expected);
  });

  it('claims nothing about a pattern it cannot compile', () => {
    expect(regexTakesDecimalIds('(', '')).toBeUndefined();
  });
});
