import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import plugin from '../../eslint-plugin/index.ts';

/**
 * ESLint with typed linting on one folder, as a project on `recommended-type-checked` runs it: typescript-eslint's
 * parser and project service on the folder's tsconfig, then `configs`.
 */
export function typedESLint(folder: string, configs: readonly Linter.Config[]): ESLint {
  return new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.ts'],
        languageOptions: {
          parser: tseslint.parser as Linter.Parser,
          parserOptions: { projectService: true, tsconfigRootDir: folder },
        },
      },
      ...configs,
    ],
  });
}

/** This plugin (from source) with the given rules on, as one config. */
export function agentContractRules(rules: Readonly<Record<string, Linter.RuleEntry>>): Linter.Config {
  return { plugins: { 'agent-contract': plugin as never }, rules: { ...rules } };
}
