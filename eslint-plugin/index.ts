import type { TSESLint } from '@typescript-eslint/utils';
import { PACKAGE_VERSION } from '../src/package-info.ts';
import { buildConfigs, TEST_FILES, type AgentContractConfigs } from './configs.ts';
import { rules } from './rules/index.ts';

export interface AgentContractPlugin {
  meta: { name: string; version: string };
  rules: typeof rules;
  configs: AgentContractConfigs;
}

const plugin: AgentContractPlugin = {
  meta: { name: 'agent-contract/eslint-plugin', version: PACKAGE_VERSION },
  rules,
  configs: {} as AgentContractConfigs,
};
// The configs name the plugin object itself, so they are attached once it exists.
Object.assign(plugin.configs, buildConfigs(plugin as unknown as TSESLint.FlatConfig.Plugin, rules));

export { TEST_FILES };
export default plugin;
