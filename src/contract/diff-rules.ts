/** The rules of the contract diff: each rule id with its fixed level and the sentence that says what it means. */

export type ChangeLevel = 'breaking' | 'warning' | 'info';

export const LEVELS: readonly ChangeLevel[] = ['breaking', 'warning', 'info'];

export type DiffRuleId =
  | 'tool-removed'
  | 'tool-renamed'
  | 'tool-added'
  | 'description-changed'
  | 'annotation-changed'
  | 'dialect-changed'
  | 'output-schema-removed'
  | 'output-schema-added'
  | 'input-required-field-added'
  | 'input-optional-field-added'
  | 'input-field-removed'
  | 'input-became-required'
  | 'input-became-optional'
  | 'input-type-narrowed'
  | 'input-type-widened'
  | 'input-published-narrowed'
  | 'input-accepted-narrowed'
  | 'input-accepted-widened'
  | 'input-enum-value-removed'
  | 'input-enum-value-added'
  | 'input-constraint-tightened'
  | 'input-constraint-loosened'
  | 'input-union-branch-removed'
  | 'input-union-branch-added'
  | 'input-default-changed'
  | 'input-schema-changed'
  | 'output-field-removed'
  | 'output-field-added'
  | 'output-became-optional'
  | 'output-became-required'
  | 'output-type-widened'
  | 'output-became-nullable'
  | 'output-type-narrowed'
  | 'output-enum-value-added'
  | 'output-enum-value-removed'
  | 'output-constraint-loosened'
  | 'output-constraint-tightened'
  | 'output-union-branch-added'
  | 'output-union-branch-removed'
  | 'output-schema-changed'
  | 'metadata-changed'
  | 'runtime-changed'
  | 'instructions-changed';

/** Every rule with its level and what it means; docs/contract.md has the same table with an example each. */
export const DIFF_RULES: Readonly<Record<DiffRuleId, { readonly level: ChangeLevel; readonly summary: string }>> = {
  'tool-removed': { level: 'breaking', summary: 'a tool is gone; every caller of it fails' },
  'tool-renamed': {
    level: 'breaking',
    summary: 'a tool is gone and a new one publishes the same schemas under another name',
  },
  'tool-added': { level: 'info', summary: 'a new tool' },
  'description-changed': {
    level: 'info',
    summary: 'a tool or field description (or title) changed; agents read descriptions first',
  },
  'annotation-changed': { level: 'info', summary: 'a tool annotation (readOnlyHint, destructiveHint, ...) changed' },
  'dialect-changed': { level: 'info', summary: 'the declared JSON Schema dialect ($schema) changed' },
  'output-schema-removed': {
    level: 'breaking',
    summary: 'the tool no longer publishes an output schema; consumers lose structured content',
  },
  'output-schema-added': { level: 'info', summary: 'the tool now publishes an output schema' },
  'input-required-field-added': {
    level: 'breaking',
    summary: 'a new required input field; calls without it are rejected',
  },
  'input-optional-field-added': { level: 'info', summary: 'a new optional input field' },
  'input-field-removed': {
    level: 'warning',
    summary: 'an input field is gone; values callers send are ignored, or rejected by a strict server',
  },
  'input-became-required': { level: 'breaking', summary: 'an optional input field became required' },
  'input-became-optional': {
    level: 'warning',
    summary:
      'a required input field became optional; safe only if the server really accepts a call without it (zod 4.4.3 drops preprocessed fields from "required" but still rejects a missing key)',
  },
  'input-type-narrowed': {
    level: 'breaking',
    summary: 'an input no longer accepts a JSON type it accepted (including a type replaced by another)',
  },
  'input-type-widened': { level: 'info', summary: 'an input accepts an additional JSON type' },
  'input-published-narrowed': {
    level: 'warning',
    summary:
      'an input publishes a narrower type (or requires a field), but the recorded run-time acceptance still takes what callers sent (a guarded id takes 47)',
  },
  'input-accepted-narrowed': {
    level: 'breaking',
    summary:
      'the recorded run-time acceptance of an input id no longer takes 47, "47" or a call without it, and the published schema does not say so (a guard removed)',
  },
  'input-accepted-widened': {
    level: 'info',
    summary: 'the recorded run-time acceptance of an input id takes 47, "47" or a call without it, which it rejected',
  },
  'input-enum-value-removed': { level: 'breaking', summary: 'an input enum no longer accepts a value' },
  'input-enum-value-added': { level: 'info', summary: 'an input enum accepts a new value' },
  'input-constraint-tightened': {
    level: 'breaking',
    summary:
      'an input constraint rejects values it accepted (min/max, length, pattern, format, enum imposed, additionalProperties closed)',
  },
  'input-constraint-loosened': { level: 'info', summary: 'an input constraint accepts more values' },
  'input-union-branch-removed': { level: 'breaking', summary: 'an alternative of an input union is gone' },
  'input-union-branch-added': { level: 'info', summary: 'an input union has a new alternative' },
  'input-default-changed': {
    level: 'warning',
    summary: 'the default of an input changed; calls that omit the field behave differently',
  },
  'input-schema-changed': {
    level: 'warning',
    summary: 'an input keyword changed that agent-contract does not classify (allOf, not, if/then, ...); review it',
  },
  'output-field-removed': { level: 'breaking', summary: 'an output field is gone; consumers that read it break' },
  'output-field-added': { level: 'info', summary: 'a new output field' },
  'output-became-optional': {
    level: 'breaking',
    summary: 'an output field that was always present may now be missing',
  },
  'output-became-required': { level: 'info', summary: 'an output field is now always present' },
  'output-type-widened': {
    level: 'breaking',
    summary: 'an output may carry a JSON type it did not before (including a type replaced by another)',
  },
  'output-became-nullable': { level: 'breaking', summary: 'an output field may now be null' },
  'output-type-narrowed': { level: 'info', summary: 'an output no longer carries one of its JSON types' },
  'output-enum-value-added': { level: 'warning', summary: 'an output enum has a new value consumers may not handle' },
  'output-enum-value-removed': { level: 'info', summary: 'an output enum lost a value' },
  'output-constraint-loosened': {
    level: 'warning',
    summary: 'an output constraint allows more values (longer strings, larger numbers, extra properties, no enum)',
  },
  'output-constraint-tightened': { level: 'info', summary: 'an output constraint allows fewer values' },
  'output-union-branch-added': {
    level: 'breaking',
    summary: 'an output union has a new alternative consumers do not know',
  },
  'output-union-branch-removed': { level: 'info', summary: 'an alternative of an output union is gone' },
  'output-schema-changed': {
    level: 'warning',
    summary: 'an output keyword changed that agent-contract does not classify; review it',
  },
  'metadata-changed': {
    level: 'info',
    summary: 'examples, deprecated, $comment, an output default or the server name changed',
  },
  'runtime-changed': { level: 'info', summary: 'the MCP SDK or zod copy the server ran with changed' },
  'instructions-changed': { level: 'info', summary: 'the server instructions changed' },
};
