import { describe, expect, it } from 'vitest';
import { perLintedFile } from '../../eslint-plugin/utils/per-linted-file.ts';

describe('perLintedFile', () => {
  it('builds the facts once per file and module, and again for the next file', () => {
    const built: string[] = [];
    const factsOf = perLintedFile((file, module) => {
      built.push(`${(file as { name: string }).name}:${module}`);
      return built.length;
    });
    const first = { name: 'a.ts' };
    const second = { name: 'b.ts' };
    expect([factsOf(first, 'agent-contract'), factsOf(first, 'agent-contract'), factsOf(first, './guard.ts')]).toEqual([
      1, 1, 2,
    ]);
    expect(factsOf(second, 'agent-contract')).toBe(3);
    expect(built).toEqual(['a.ts:agent-contract', 'a.ts:./guard.ts', 'b.ts:agent-contract']);
  });

  it('keeps every module of the file apart, not only the first', () => {
    const factsOf = perLintedFile((_file, module) => ({ module }));
    const file = {};
    const first = factsOf(file, 'agent-contract');
    const second = factsOf(file, './guard.ts');
    const third = factsOf(file, '#ids');
    expect([factsOf(file, 'agent-contract'), factsOf(file, './guard.ts'), factsOf(file, '#ids')]).toEqual([
      first,
      second,
      third,
    ]);
    expect(factsOf(file, './guard.ts')).toBe(second);
    expect(third.module).toBe('#ids');
  });

  it('remembers an undefined answer too (a file without Zod is looked at once)', () => {
    let calls = 0;
    const factsOf = perLintedFile(() => {
      calls += 1;
      return undefined;
    });
    const file = {};
    factsOf(file, 'agent-contract');
    factsOf(file, 'agent-contract');
    expect(calls).toBe(1);
  });
});
