import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';
import { SNIPPETS } from './fixtures/robustness-snippets.ts';
import { requiresTypeChecking } from './typed-example.ts';

// Snippets have no project around them: the rules that need type information are tested on fixture projects.
const untypedRules = Object.fromEntries(
  Object.entries(plugin.configs.all.rules ?? {}).filter(
    ([id]) => !requiresTypeChecking(id.replace(/^agent-contract\//, '')),
  ),
);
const config: Linter.Config[] = [
  {
    files: ['**/*.ts'],
    languageOptions: { parser: tseslint.parser as Linter.Parser, parserOptions: { experimentalDecorators: false } },
  },
  { ...(plugin.configs.all as Linter.Config), rules: untypedRules, files: ['**/*.ts'] },
];

describe('the rules never throw', () => {
  it.each(Object.entries(SNIPPETS))('%s', (_name, code) => {
    const messages = new Linter({ configType: 'flat' }).verify(code, config, 'snippet.test.ts');
    expect(messages.filter((message) => message.fatal === true)).toEqual([]);
  });
});
