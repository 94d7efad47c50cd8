import { describe, expect, it } from 'vitest';
import {
  mayHoldCoercion,
  mayHoldContractEmptyingEffect,
  mayHoldGuardedSchema,
  mayHoldUnion,
  mayHoldUnionIn,
  mayImportZod,
} from '../../src/model/text-shortcuts.ts';

/**
 * The file-level shortcuts may only say "no" when the words a verdict needs are missing from the text: every form
 * the recognisers accept must pass them (the rule tests then prove the verdicts on the same forms).
 */
describe('file-level text shortcuts of the schema model', () => {
  const plain =
    "import { z } from 'zod';\nexport const Row = z.object({ id: z.string().min(1).optional(), order: z.number() });\n";

  it('say no for a file without the words', () => {
    expect(mayImportZod("import { readFile } from 'node:fs';")).toBe(false);
    expect(mayHoldUnionIn(plain)).toBe(false);
    expect(mayHoldCoercion(plain)).toBe(false);
    expect(mayHoldGuardedSchema(plain)).toBe(false);
    expect(mayHoldContractEmptyingEffect(plain)).toBe(false);
  });

  it('are not fooled by names that only start like the words (`.order`, `.org`)', () => {
    expect(mayHoldUnionIn("const url = 'https://example.org'; rows.order(1);")).toBe(false);
    const field = "z.string().describe('sort .order by id')";
    expect(mayHoldUnion(field, 0, field.length)).toBe(false);
    expect(mayHoldUnion('z.string().or(z.number())', 0, 25)).toBe(true);
  });

  it.each([
    ['z.union([z.string(), z.number()])', mayHoldUnionIn],
    ["import { union as anyOf } from 'zod'; anyOf([string(), number()])", mayHoldUnionIn],
    ['z.string().or(z.number())', mayHoldUnionIn],
    ['z.string()\n  .or(z.number())', mayHoldUnionIn],
    ['z.coerce.string()', mayHoldCoercion],
    ["import { coerce as c } from 'zod'; c.number()", mayHoldCoercion],
    ["import { guardId as g } from 'agent-contract'; g(z.string())", mayHoldGuardedSchema],
    ["import { idSchema } from './ids.js'; idSchema()", mayHoldGuardedSchema],
    ['z.preprocess((v) => v, z.string())', mayHoldGuardedSchema],
    ['zm.pipe(zm.transform((v) => v), zm.string())', mayHoldGuardedSchema],
    ['z.object({}).refine(() => true)', mayHoldContractEmptyingEffect],
    ['z.object({}).superRefine(() => undefined)', mayHoldContractEmptyingEffect],
    ['z.object({}).transform((v) => v)', mayHoldContractEmptyingEffect],
    ['z.object({}).pipe(Other)', mayHoldContractEmptyingEffect],
    ["import * as zod from 'zod/v4'", mayImportZod],
  ])('let `%s` through', (text, shortcut) => {
    expect(shortcut(text)).toBe(true);
  });
});
