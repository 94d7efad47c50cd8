import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TSESLint } from '@typescript-eslint/utils';
import { rules } from '../../eslint-plugin/rules/index.ts';
import { createRule, optionsMerger } from '../../eslint-plugin/utils/create-rule.ts';
import { repoRoot } from '../support/run-cli.ts';

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

describe('createRule', () => {
  const received: unknown[] = [];
  const rule = createRule<[{ importFrom: string }], 'x'>({
    name: 'probe',
    meta: {
      type: 'problem',
      docs: { description: 'probe', config: 'recommended' },
      schema: [{ type: 'object', properties: { importFrom: { type: 'string' } }, additionalProperties: false }],
      defaultOptions: [{ importFrom: 'agent-contract' }],
      messages: { x: 'x' },
    },
    create(_context, optionList) {
      received.push(optionList);
      return {};
    },
  });
  const contextWith = (options: unknown[]) =>
    ({ options }) as unknown as Parameters<typeof rule.create>[0] & TSESLint.RuleContext<'x', unknown[]>;

  it('merges once for files that get the same option objects in new arrays (as ESLint hands them over)', () => {
    const configured = { importFrom: './guard.ts' };
    rule.create(contextWith([configured]));
    rule.create(contextWith([configured]));
    expect(received[0]).toBe(received[1]);
    expect(received[0]).toEqual([{ importFrom: './guard.ts' }]);
  });

  it('merges again when the option objects differ', () => {
    received.length = 0;
    rule.create(contextWith([{ importFrom: './a.ts' }]));
    rule.create(contextWith([{ importFrom: './b.ts' }]));
    rule.create(contextWith([]));
    expect(received).toEqual([
      [{ importFrom: './a.ts' }],
      [{ importFrom: './b.ts' }],
      [{ importFrom: 'agent-contract' }],
    ]);
  });
});

describe('meta.docs.url', () => {
  const { repository } = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as {
    repository: { url: string };
  };
  const repositoryUrl = repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

  it("points every rule at its page in the repository package.json names, which is in the repository's tree", () => {
    expect(Object.keys(rules).length).toBeGreaterThan(0);
    for (const [ruleName, rule] of Object.entries(rules)) {
      expect(rule.meta.docs?.url).toBe(`${repositoryUrl}/blob/main/eslint-plugin/docs/rules/${ruleName}.md`);
      expect(existsSync(join(repoRoot, 'eslint-plugin', 'docs', 'rules', `${ruleName}.md`)), ruleName).toBe(true);
    }
  });

  it('gives a rule made with createRule the page named after its id', () => {
    const probe = createRule({
      name: 'probe-rule',
      meta: {
        type: 'problem',
        docs: { description: 'probe', config: 'recommended' },
        schema: [],
        defaultOptions: [],
        messages: { x: 'x' },
      },
      create: () => ({}),
    });
    expect(probe.meta.docs?.url).toBe(`${repositoryUrl}/blob/main/eslint-plugin/docs/rules/probe-rule.md`);
  });
});
