import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';
import { ruleIds, staleRuleDocs } from '../../scripts/generate-rule-docs.ts';
import { lintTypedExample, requiresTypeChecking } from './typed-example.ts';

const DOCS = join(import.meta.dirname, '..', '..', 'eslint-plugin', 'docs', 'rules');

interface Example {
  kind: 'incorrect' | 'correct';
  code: string;
  line: number;
}

/** The ```ts blocks under each "Incorrect" / "Correct" heading of a rule doc. */
function examplesOf(markdown: string): Example[] {
  const examples: Example[] = [];
  let kind: Example['kind'] | undefined;
  const lines = markdown.split('\n');
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.startsWith('#'))
      kind = /incorrect/i.test(line) ? 'incorrect' : /correct/i.test(line) ? 'correct' : undefined;
    if (kind !== undefined && line.startsWith('```ts')) {
      const end = lines.indexOf('```', index + 1);
      examples.push({ kind, code: lines.slice(index + 1, end).join('\n'), line: index + 1 });
      index = end;
    }
  }
  return examples;
}

function lint(rule: string, code: string): Linter.LintMessage[] {
  const linter = new Linter({ configType: 'flat' });
  return linter.verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { 'agent-contract': plugin as never },
        rules: { [`agent-contract/${rule}`]: 'error' },
      },
    ],
    'example.test.ts',
  );
}

describe('rule docs', () => {
  for (const rule of ruleIds()) {
    const examples = examplesOf(readFileSync(join(DOCS, `${rule}.md`), 'utf8'));
    it(`${rule} has incorrect and correct examples`, () => {
      expect(examples.some((example) => example.kind === 'incorrect')).toBe(true);
      expect(examples.some((example) => example.kind === 'correct')).toBe(true);
    });
    for (const example of examples) {
      it(`${rule}.md:${example.line} (${example.kind}) ${example.kind === 'incorrect' ? 'reports' : 'does not report'}`, async () => {
        const messages = requiresTypeChecking(rule)
          ? await lintTypedExample(rule, example.code)
          : lint(rule, example.code);
        expect(messages.filter((message) => message.fatal === true)).toEqual([]);
        if (example.kind === 'incorrect') expect(messages.length).toBeGreaterThan(0);
        else expect(messages).toEqual([]);
      });
    }
  }
});

describe('rule triplets', () => {
  it('every rule has its docs page and its test file, and nothing else is named like a rule', () => {
    const named = (folder: string, suffix: string): string[] =>
      readdirSync(folder)
        .filter((file) => file.endsWith(suffix))
        .map((file) => file.slice(0, -suffix.length))
        .sort();
    expect(named(DOCS, '.md')).toEqual(ruleIds());
    const tests = new Set(named(import.meta.dirname, '.test.ts'));
    expect(ruleIds().filter((rule) => !tests.has(rule))).toEqual([]);
  });
});

describe('generated files', () => {
  it('the rule index, doc headers and the table of docs/eslint-plugin.md match the rules (run `npx tsx scripts/generate-rule-docs.ts`)', async () => {
    expect(await staleRuleDocs()).toEqual([]);
  });

  it('the plugin exports every rule and the five configs, built from the rules', () => {
    expect(Object.keys(plugin.rules).sort()).toEqual(ruleIds());
    expect(plugin.meta.name).toBe('agent-contract/eslint-plugin');
    expect(plugin.meta.version).toMatch(/^\d+\.\d+\.\d+/);
    const rulesOf = (name: keyof typeof plugin.configs) => Object.keys(plugin.configs[name].rules ?? {}).sort();
    expect(rulesOf('recommended')).toEqual([
      'agent-contract/no-effects-on-tool-schema',
      'agent-contract/no-guarded-id-in-output',
      'agent-contract/no-id-union',
      'agent-contract/no-unguarded-coerce',
    ]);
    expect(rulesOf('recommended-type-checked')).toEqual(
      [...rulesOf('recommended'), 'agent-contract/no-broken-id-chain'].sort(),
    );
    expect(rulesOf('strict')).toEqual(
      [...rulesOf('recommended'), 'agent-contract/no-wide-integer-id', 'agent-contract/prefer-guarded-id'].sort(),
    );
    expect(rulesOf('tests')).toEqual(['agent-contract/no-defensive-id-cast']);
    expect(plugin.configs.tests.files).toEqual([
      '**/*.{test,spec}.?(c|m)[jt]s?(x)',
      '**/__tests__/**',
      '**/test/**',
      '**/tests/**',
    ]);
    expect(rulesOf('all')).toEqual(ruleIds().map((rule) => `agent-contract/${rule}`));
    for (const rule of Object.values(plugin.rules)) expect(rule.meta.defaultOptions).toBeDefined();
  });
});
