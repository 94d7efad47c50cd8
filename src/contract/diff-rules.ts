import { CHECK_IDS, CHECKS, type CheckSeverity, type ContractCheckId } from '../model/checks.ts';

/** The rules of the contract diff: each rule id with its fixed level and the sentence that says what it means. */

export type ChangeLevel = 'breaking' | 'warning' | 'info';

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'warning', 'info'];

export type DiffRuleId = ContractCheckId;

const LEVEL_OF: Record<CheckSeverity, ChangeLevel> = { error: 'breaking', warning: 'warning', note: 'info' };

/** Every rule with its level and what it means, read from the checks table; docs/contract.md has the same table with an example each. */
export const DIFF_RULES: Readonly<Record<DiffRuleId, { readonly level: ChangeLevel; readonly summary: string }>> =
  Object.fromEntries(
    CHECK_IDS.filter((id): id is ContractCheckId => CHECKS[id].kind === 'contract').map((id) => [
      id,
      { level: LEVEL_OF[CHECKS[id].severity], summary: CHECKS[id].summary },
    ]),
  ) as Record<DiffRuleId, { readonly level: ChangeLevel; readonly summary: string }>;
