import type { TSESLint } from '@typescript-eslint/utils';
import { TEST_FILE_GLOBS } from '../src/model/test-files.ts';
import type { AgentContractRuleDocs } from './utils/create-rule.ts';

/** The default `files` of the `tests` config (the model's test files); spread it and set your own `files` to override. */
export const TEST_FILES: string[] = [...TEST_FILE_GLOBS];

type RuleMap = Record<string, { meta: { docs?: AgentContractRuleDocs } }>;

export interface AgentContractConfigs {
  recommended: TSESLint.FlatConfig.Config;
  'recommended-type-checked': TSESLint.FlatConfig.Config;
  strict: TSESLint.FlatConfig.Config;
  tests: TSESLint.FlatConfig.Config;
  all: TSESLint.FlatConfig.Config;
}

/**
 * The shipped configs, derived from each rule's `docs.config` so no list can drift from the rules:
 * `recommended` (source files), `recommended-type-checked` (recommended + the `recommended` rules that need type
 * information), `strict` (recommended + `strict` rules), `tests` (test globs) and `all` (every rule, so type
 * information too). Only `recommended-type-checked` and `all` hold rules with `requiresTypeChecking`.
 */
export function buildConfigs(
  plugin: TSESLint.FlatConfig.Plugin,
  rules: RuleMap,
  prefix = 'agent-contract',
): AgentContractConfigs {
  const ids = (
    filter: (config: AgentContractRuleDocs['config'], typed: boolean) => boolean,
  ): TSESLint.FlatConfig.Rules =>
    Object.fromEntries(
      Object.entries(rules)
        .filter(
          ([, rule]) =>
            rule.meta.docs !== undefined && filter(rule.meta.docs.config, rule.meta.docs.requiresTypeChecking === true),
        )
        .map(([id]) => [`${prefix}/${id}`, 'error' as const]),
    );
  const plugins = { [prefix]: plugin };
  return {
    recommended: {
      name: `${prefix}/recommended`,
      plugins,
      rules: ids((config, typed) => config === 'recommended' && !typed),
    },
    'recommended-type-checked': {
      name: `${prefix}/recommended-type-checked`,
      plugins,
      rules: ids((config) => config === 'recommended'),
    },
    strict: {
      name: `${prefix}/strict`,
      plugins,
      rules: ids((config, typed) => (config === 'recommended' || config === 'strict') && !typed),
    },
    tests: {
      name: `${prefix}/tests`,
      files: TEST_FILES,
      plugins,
      rules: ids((config, typed) => config === 'tests' && !typed),
    },
    all: { name: `${prefix}/all`, plugins, rules: ids(() => true) },
  };
}
