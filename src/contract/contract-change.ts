import type { JsonValue } from './contract-types.ts';
import { DIFF_RULES, type ChangeLevel, type DiffRuleId } from './diff-rules.ts';

/** One change between two contracts, under one of DIFF_RULES. */
export interface ContractChange {
  readonly level: ChangeLevel;
  readonly rule: DiffRuleId;
  /** The tool the change is in; null for the server itself (runtime, instructions). */
  readonly tool: string | null;
  /** JSON Pointer into the tool (or into the contract, for server-level changes). */
  readonly path: string;
  /** The field it concerns, as reports print it (`tickets[].status`); absent for tool-level changes. */
  readonly field?: string;
  readonly before?: JsonValue;
  readonly after?: JsonValue;
  readonly message: string;
}

/** A change under `rule`, its level read from DIFF_RULES; `field` only for a change inside a schema. */
export function change(
  rule: DiffRuleId,
  tool: string | null,
  path: string,
  message: string,
  before?: JsonValue,
  after?: JsonValue,
  field?: string,
): ContractChange {
  return {
    level: DIFF_RULES[rule].level,
    rule,
    tool,
    path,
    ...(field === undefined ? {} : { field }),
    ...(before === undefined ? {} : { before }),
    ...(after === undefined ? {} : { after }),
    message,
  };
}

/** A value as change messages print it. */
export function show(value: JsonValue | undefined): string {
  return value === undefined ? '(none)' : JSON.stringify(value);
}
