import { describe, expect, it } from 'vitest';
import { optionsMerger } from '../../eslint-plugin/utils/create-rule.ts';

describe('optionsMerger', () => {
  const merge = optionsMerger<[{ importFrom: string; allow: string[] }]>([{ importFrom: 'agent-contract', allow: [] }]);

  it('gives the defaults when the config sets no options', () => {
    expect(merge([])).toEqual([{ importFrom: 'agent-contract', allow: [] }]);
  });

  it('lays a partial option object over the defaults (ESLint before 9.15 hands options over as written)', () => {
    expect(merge([{ allow: ['date'] }])).toEqual([{ importFrom: 'agent-contract', allow: ['date'] }]);
    expect(merge([{ importFrom: './guard.ts' }])).toEqual([{ importFrom: './guard.ts', allow: [] }]);
  });

  it('returns options that already carry every default as they are, without a copy', () => {
    const given = [{ importFrom: 'agent-contract', allow: ['date'] }];
    expect(merge(given)).toBe(given);
  });

  it('replaces arrays rather than merging them', () => {
    const withList = optionsMerger<[{ ignoredNames: string[] }]>([{ ignoredNames: ['a'] }]);
    expect(withList([{ ignoredNames: ['b'] }])).toEqual([{ ignoredNames: ['b'] }]);
  });
});
