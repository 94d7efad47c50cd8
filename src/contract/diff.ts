import { change, show, type ContractChange } from './contract-change.ts';
import { compareSchemas } from './compare-schemas.ts';
import { ACCEPTANCE_UNKNOWN, acceptanceOf } from './acceptance.ts';
import type { ContractRuntime, ContractTool, FieldAcceptance, JsonValue, McpContract } from './contract-types.ts';
import { LEVELS, type ChangeLevel, type DiffRuleId } from './diff-rules.ts';
import { canonicalJson, isNormalised, isObject, normaliseSchema } from './normalise.ts';
import { ownValue } from './own-key.ts';
import { sameJson } from './same-json.ts';
import { toolNameProblem } from './tool-name.ts';
import { cutText, NAME_CHARS } from '../model/cut-text.ts';

export type { ContractChange } from './contract-change.ts';
export { DIFF_RULES, LEVELS } from './diff-rules.ts';
export type { ChangeLevel, DiffRuleId } from './diff-rules.ts';

/**
 * The diff of two contracts: server-level changes, tools removed, renamed and added, and each tool present in both
 * compared field by field, its schemas by compare-schemas.ts. Every change carries a rule id whose level is fixed in
 * DIFF_RULES (diff-rules.ts), the tool, a JSON Pointer into the tool, and the values before and after.
 */

export interface ContractDiff {
  readonly summary: Readonly<Record<ChangeLevel, number>>;
  readonly changes: readonly ContractChange[];
  /** Said once above the changes: the head records no run-time acceptance, so inputs were judged as published. */
  readonly notes?: readonly string[];
}

/** A schema as the diff compares it: a snapshot's is already normalised; a hand-written one is normalised here. */
function normalised(schema: JsonValue): JsonValue {
  return isNormalised(schema) ? schema : normaliseSchema(schema).schema;
}

function normalisedTool(tool: ContractTool): ContractTool {
  return {
    ...tool,
    inputSchema: normalised(tool.inputSchema),
    ...(tool.outputSchema === undefined ? {} : { outputSchema: normalised(tool.outputSchema) }),
  };
}

function schemasSignature(tool: ContractTool): string {
  return `${canonicalJson(tool.inputSchema)}\u0000${canonicalJson(tool.outputSchema)}`;
}

function isTrivial(tool: ContractTool): boolean {
  const properties = isObject(tool.inputSchema) ? tool.inputSchema['properties'] : undefined;
  return tool.outputSchema === undefined && (!isObject(properties) || Object.keys(properties).length === 0);
}

function compareTools(before: ContractTool, after: ContractTool, changes: ContractChange[]): void {
  const name = after.name;
  for (const key of ['title', 'description'] as const) {
    if (before[key] === after[key]) continue;
    changes.push(
      change('description-changed', name, `/${key}`, `the ${key} of tool \`${name}\` changed`, before[key], after[key]),
    );
  }
  const bAnnotations = before.annotations ?? {};
  const aAnnotations = after.annotations ?? {};
  for (const key of [...new Set([...Object.keys(bAnnotations), ...Object.keys(aAnnotations)])].sort()) {
    if (canonicalJson(ownValue(bAnnotations, key)) === canonicalJson(ownValue(aAnnotations, key))) continue;
    changes.push(
      change(
        'annotation-changed',
        name,
        `/annotations/${key}`,
        `annotation ${key} changed from ${show(ownValue(bAnnotations, key))} to ${show(ownValue(aAnnotations, key))}`,
        ownValue(bAnnotations, key),
        ownValue(aAnnotations, key),
      ),
    );
  }
  for (const side of ['input', 'output'] as const) {
    const b = before.dialect?.[side];
    const a = after.dialect?.[side];
    if (b === a) continue;
    changes.push(
      change(
        'dialect-changed',
        name,
        `/${side}Schema/$schema`,
        `the ${side} schema's declared dialect changed from ${b ?? '(none)'} to ${a ?? '(none)'}`,
        b,
        a,
      ),
    );
  }
  compareSchemas(name, 'input', before.inputSchema, after.inputSchema, changes);
  if (before.outputSchema !== undefined && after.outputSchema !== undefined) {
    compareSchemas(name, 'output', before.outputSchema, after.outputSchema, changes);
  } else if (before.outputSchema !== undefined) {
    changes.push(
      change(
        'output-schema-removed',
        name,
        '/outputSchema',
        `tool \`${name}\` no longer publishes an output schema: consumers lose its structured content`,
        before.outputSchema,
      ),
    );
  } else if (after.outputSchema !== undefined) {
    changes.push(
      change(
        'output-schema-added',
        name,
        '/outputSchema',
        `tool \`${name}\` now publishes an output schema`,
        undefined,
        after.outputSchema,
      ),
    );
  }
}

function compareRuntime(
  before: ContractRuntime | undefined,
  after: ContractRuntime | undefined,
  changes: ContractChange[],
): void {
  if (before === undefined || after === undefined) return;
  const labels = { sdk: 'MCP SDK', zod: 'zod', sdkZod: "the SDK's zod" } as const;
  for (const key of ['sdk', 'zod', 'sdkZod'] as const) {
    const b = before[key].join(', ');
    const a = after[key].join(', ');
    if (b === a) continue;
    changes.push(
      change(
        'runtime-changed',
        null,
        `/runtime/${key}`,
        `${labels[key]} changed: ${b || '(none)'} -> ${a || '(none)'}`,
        [...before[key]],
        [...after[key]],
      ),
    );
  }
}

function byName(a: ContractTool, b: ContractTool): number {
  return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
}

/** Every change from `base` to `head`, server-level first, then tool by tool in name order. */
export function diffContracts(base: McpContract, head: McpContract): ContractDiff {
  const changes: ContractChange[] = [];
  compareRuntime(base.runtime, head.runtime, changes);
  if (base.server.name !== head.server.name) {
    changes.push(
      change(
        'metadata-changed',
        null,
        '/server/name',
        `the server name changed from ${base.server.name} to ${head.server.name}`,
        base.server.name,
        head.server.name,
      ),
    );
  }
  if (base.instructions !== head.instructions) {
    changes.push(
      change(
        'instructions-changed',
        null,
        '/instructions',
        'the server instructions changed',
        base.instructions,
        head.instructions,
      ),
    );
  }

  // Equal text is equal meaning; only tools whose text differs are normalised (a hand-written file may not be) and compared.
  const baseTools = new Map(base.tools.map((tool) => [tool.name, tool]));
  const headTools = new Map(head.tools.map((tool) => [tool.name, tool]));
  const unchanged = new Set<string>();
  for (const [name, tool] of baseTools) {
    const next = headTools.get(name);
    if (next !== undefined && sameJson(tool as unknown as JsonValue, next as unknown as JsonValue)) unchanged.add(name);
  }
  const normalisedUnlessUnchanged = (tools: Map<string, ContractTool>) =>
    new Map([...tools].map(([name, tool]) => [name, unchanged.has(name) ? tool : normalisedTool(tool)]));
  const before = normalisedUnlessUnchanged(baseTools);
  const after = normalisedUnlessUnchanged(headTools);
  const removed = [...before.values()].filter((tool) => !after.has(tool.name)).sort(byName);
  const added = [...after.values()].filter((tool) => !before.has(tool.name)).sort(byName);

  const addedBySignature = new Map<string, ContractTool[]>();
  for (const tool of added) {
    const signature = schemasSignature(tool);
    addedBySignature.set(signature, [...(addedBySignature.get(signature) ?? []), tool]);
  }
  const renamedTo = new Map<string, ContractTool>();
  const renamedFrom = new Set<string>();
  for (const tool of removed) {
    const candidates = addedBySignature.get(schemasSignature(tool)) ?? [];
    const match = candidates.find(
      (candidate) =>
        !renamedFrom.has(candidate.name) && (!isTrivial(tool) || candidate.description === tool.description),
    );
    if (match === undefined) continue;
    renamedTo.set(tool.name, match);
    renamedFrom.add(match.name);
  }

  const perTool = new Map<string, ContractChange[]>();
  const push = (name: string, list: ContractChange[]) => perTool.set(name, [...(perTool.get(name) ?? []), ...list]);
  for (const tool of removed) {
    const target = renamedTo.get(tool.name);
    if (target === undefined) {
      push(tool.name, [
        change(
          'tool-removed',
          tool.name,
          '',
          `tool \`${tool.name}\` was removed: every caller of it breaks`,
          tool.name,
        ),
      ]);
    } else {
      const list = [
        change(
          'tool-renamed',
          target.name,
          '/name',
          `tool \`${tool.name}\` was renamed to \`${target.name}\`: callers of \`${tool.name}\` break`,
          tool.name,
          target.name,
        ),
      ];
      compareTools(tool, target, list);
      push(target.name, list);
    }
  }
  for (const tool of added) {
    if (renamedFrom.has(tool.name)) continue;
    push(tool.name, [change('tool-added', tool.name, '', `new tool \`${tool.name}\``, undefined, tool.name)]);
  }
  for (const [name, tool] of before) {
    const next = after.get(name);
    if (next === undefined || unchanged.has(name)) continue;
    const list: ContractChange[] = [];
    compareTools(tool, next, list);
    if (list.length > 0) push(name, list);
  }
  for (const name of [...after.keys()]) {
    if (before.has(name)) compareAcceptance(name, base, head, perTool.get(name) ?? [], push);
  }
  for (const name of [...perTool.keys()].sort())
    changes.push(...(perTool.get(name) ?? []).map((item) => judgedByAcceptance(item, base, head)));

  const summary: Record<ChangeLevel, number> = { breaking: 0, warning: 0, info: 0 };
  for (const item of changes) summary[item.level] += 1;
  const judgedAsPublished =
    head.acceptance === undefined && changes.some((item) => NARROWING_RULES.has(item.rule) && item.field !== undefined);
  const notes = [...(judgedAsPublished ? [ACCEPTANCE_UNKNOWN] : []), ...invalidNameNotes(head)];
  return { summary, changes, ...(notes.length > 0 ? { notes } : {}) };
}

/** A tool of the new contract whose name breaks the MCP tool name format: said beside the changes (compat has the rule). */
function invalidNameNotes(head: McpContract): string[] {
  const invalid = head.tools.filter((tool) => toolNameProblem(tool.name) !== undefined);
  if (invalid.length === 0) return [];
  const shown = invalid.slice(0, 5).map((tool) => JSON.stringify(cutText(tool.name, NAME_CHARS)));
  const more = invalid.length > 5 ? ` and ${invalid.length - 5} more` : '';
  return [
    `not valid MCP tool names (1-128 of A-Z, a-z, 0-9, _, - and .): ${shown.join(', ')}${more}; see agent-contract contract compat`,
  ];
}

const ACCEPTANCE_VALUES = [
  ['number', 'numbers', '47'],
  ['string', 'strings', '"47"'],
] as const;
/** Published changes that already tell a caller the field takes other types, or may or must be left out. */
const TYPE_RULES: readonly DiffRuleId[] = ['input-type-narrowed', 'input-type-widened'];
const PRESENCE_RULES: readonly DiffRuleId[] = ['input-became-required', 'input-became-optional'];

/** `tickets[].id` -> `/inputSchema/properties/tickets/items/properties/id`: where the field sits in the input schema. */
function fieldPointer(field: string): string {
  const segments = field.split(/(\[\])|\./).filter((segment) => segment !== undefined && segment !== '');
  return `/inputSchema${segments.map((segment) => (segment === '[]' ? '/items' : `/properties/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`)).join('')}`;
}

/**
 * What the recorded acceptance of a tool's input ids gained or lost between two contracts that both record it, where
 * the published schema does not already say so (a union that became a plain string is `input-type-narrowed`).
 */
function compareAcceptance(
  tool: string,
  base: McpContract,
  head: McpContract,
  published: readonly ContractChange[],
  push: (tool: string, list: ContractChange[]) => void,
): void {
  if (base.acceptance === undefined || head.acceptance === undefined) return;
  const found: ContractChange[] = [];
  for (const now of head.acceptance) {
    if (now.tool !== tool) continue;
    const was = acceptanceOf(base, tool, now.field);
    if (was === undefined) continue;
    const shown = published.filter((item) => item.field === now.field).map((item) => item.rule);
    const typesShown = shown.some((rule) => TYPE_RULES.includes(rule));
    for (const [key, plural, value] of ACCEPTANCE_VALUES) {
      const b = was[key];
      const a = now[key];
      if (b === undefined || a === undefined || b === a || typesShown) continue;
      const path = fieldPointer(now.field);
      found.push(
        a
          ? change(
              'input-accepted-widened',
              tool,
              path,
              `\`${now.field}\` now also accepts ${plural} at run time (${value} passes validation); its published type did not change`,
              b,
              a,
              now.field,
            )
          : change(
              'input-accepted-narrowed',
              tool,
              path,
              `\`${now.field}\` no longer accepts ${plural} at run time (${value} is rejected), and its published type does not say so: callers that send ${plural} break`,
              b,
              a,
              now.field,
            ),
      );
    }
    // A call without the field: `coerced` took it only as the string "undefined", which no caller means.
    const took = (missing: FieldAcceptance['missing']) => (missing === undefined ? undefined : missing === 'accepted');
    const bMissing = took(was.missing);
    const aMissing = took(now.missing);
    if (bMissing === undefined || aMissing === undefined || bMissing === aMissing) continue;
    if (shown.some((rule) => PRESENCE_RULES.includes(rule))) continue;
    found.push(
      aMissing
        ? change(
            'input-accepted-widened',
            tool,
            fieldPointer(now.field),
            `\`${now.field}\` may now be left out at run time; its published schema did not change`,
            was.missing,
            now.missing,
            now.field,
          )
        : change(
            'input-accepted-narrowed',
            tool,
            fieldPointer(now.field),
            `a call without \`${now.field}\` is now rejected at run time, and its published schema does not say so`,
            was.missing,
            now.missing,
            now.field,
          ),
    );
  }
  if (found.length > 0) push(tool, found);
}

/** What the recorded acceptance can show a caller does not feel. */
const NARROWING_RULES: ReadonlySet<DiffRuleId> = new Set(['input-type-narrowed', 'input-became-required']);

/**
 * An input narrowing the published schema shows, kept `breaking` unless the recorded run-time acceptance says callers
 * do not feel it: then `input-published-narrowed`, a warning. A type is still taken when the head's validation took 47
 * (for integer and number) or "47" (for string); a field now published as required is still optional when the head
 * took a call without it, and was never really optional when the base took one only as the string "undefined".
 */
function judgedByAcceptance(item: ContractChange, base: McpContract, head: McpContract): ContractChange {
  if (item.tool === null || item.field === undefined || !NARROWING_RULES.has(item.rule)) return item;
  const now = acceptanceOf(head, item.tool, item.field);
  const message =
    item.rule === 'input-type-narrowed'
      ? stillTakesLostTypes(item, now)
      : stillOptional(item.field, acceptanceOf(base, item.tool, item.field), now);
  if (message === undefined) return item;
  return change('input-published-narrowed', item.tool, item.path, message, item.before, item.after, item.field);
}

function typesIn(value: JsonValue | undefined): string[] | undefined {
  if (typeof value === 'string') return value === 'any' ? undefined : [value];
  if (Array.isArray(value) && value.every((type) => typeof type === 'string')) return value as string[];
  return undefined;
}

function stillTakesLostTypes(item: ContractChange, now: FieldAcceptance | undefined): string | undefined {
  const before = typesIn(item.before);
  const after = typesIn(item.after);
  if (now === undefined || before === undefined || after === undefined) return undefined;
  const lost = before.filter((type) => !after.includes(type) && !(type === 'integer' && after.includes('number')));
  const numbers = lost.some((type) => type === 'integer' || type === 'number');
  const strings = lost.includes('string');
  if (lost.length === 0 || lost.some((type) => !['integer', 'number', 'string'].includes(type))) return undefined;
  if ((numbers && now.number !== true) || (strings && now.string !== true)) return undefined;
  const taken = numbers && strings ? 'numbers and strings' : numbers ? 'numbers' : 'strings';
  return `\`${item.field}\`: published type is now ${after.join('|')}; the server still accepts ${taken} (was ${before.join('|')})`;
}

function stillOptional(
  field: string,
  was: FieldAcceptance | undefined,
  now: FieldAcceptance | undefined,
): string | undefined {
  if (now?.missing === 'accepted')
    return `\`${field}\`: published as required now; the server still accepts a call without it`;
  if (was?.missing === 'coerced')
    return `\`${field}\`: published as required now; before, a call without it passed validation only as the string "undefined" (zod 3's z.coerce.string())`;
  return undefined;
}

/** True when a change at `failOn` level or worse is present. */
export function diffFails(diff: ContractDiff, failOn: ChangeLevel | 'none'): boolean {
  if (failOn === 'none') return false;
  const worst = LEVELS.indexOf(failOn);
  return diff.changes.some((item) => LEVELS.indexOf(item.level) <= worst);
}
