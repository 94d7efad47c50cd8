import { ESLintUtils } from '@typescript-eslint/utils';
import { PACKAGE_VERSION } from '../../src/package-info.ts';

/** `config`: the smallest shipped config that turns the rule on (`strict` includes `recommended`; `all` has every rule). */
export interface AgentContractRuleDocs {
  description: string;
  config: 'recommended' | 'strict' | 'tests';
}

export const createRule = ESLintUtils.RuleCreator<AgentContractRuleDocs>((name) => `https://unpkg.com/agent-contract@${PACKAGE_VERSION}/eslint-plugin/docs/rules/${name}.md`);
