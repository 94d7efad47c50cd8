/**
 * Every check agent-contract reports, under one stable kebab-case id: the audit's chain verdicts and findings, the
 * ESLint rules (a finding the audit shares with a rule has the rule's id), and the kinds of contract change. The
 * lint rules' `meta`, the audit's text, JSON and SARIF, the contract diff, the editor plugin, the config's `ignore`
 * entries and the baseline all name a check by this id, and read its severity and summary from here.
 * docs/checks.md is generated from this table (`npx tsx scripts/generate-check-docs.ts`).
 */

/** Where a check is made: the audit (chains and findings), a lint rule only, or the contract diff. */
export type CheckKind = 'chain' | 'finding' | 'lint' | 'contract';

/**
 * One scale for every check, SARIF's: `error` fails by default. A contract change's level maps onto it (`breaking`
 * is `error`, `info` is `note`).
 */
export type CheckSeverity = 'error' | 'warning' | 'note';

export interface Check {
  readonly kind: CheckKind;
  readonly severity: CheckSeverity;
  /** One sentence: what the check finds. The lint rule's description, the SARIF rule's short description. */
  readonly summary: string;
  /** The page that explains it, relative to the repository root, with its anchor. */
  readonly doc: string;
  /** The editor plugin's diagnostic code, for the checks it reports. */
  readonly editorCode?: number;
}

const AUDIT_CHAINS = 'docs/audit.md#what-it-reads';
const AUDIT_COVERAGE = 'docs/audit.md#coverage-and-the-verdict';
const CONTRACT_RULES = 'docs/contract.md#rules';
const ruleDoc = (id: string): string => `eslint-plugin/docs/rules/${id}.md`;

const chainChecks = {
  'broken-chain': {
    kind: 'chain',
    severity: 'error',
    summary: "A tool emits an id that another tool's input validation rejects",
    doc: AUDIT_CHAINS,
    editorCode: 61001,
  },
  'suspect-chain': {
    kind: 'chain',
    severity: 'warning',
    summary: 'An untyped emitter feeds an id to an acceptor that rejects the type the code says the ids have',
    doc: AUDIT_CHAINS,
    editorCode: 61003,
  },
  'tolerated-chain': {
    kind: 'chain',
    severity: 'note',
    summary: 'Validation lets the emitted id through, but the published schema does not say so',
    doc: AUDIT_CHAINS,
    editorCode: 61004,
  },
  'unknown-chain': {
    kind: 'chain',
    severity: 'note',
    summary: 'The acceptor publishes no type for the id: nothing shows whether it gets through',
    doc: AUDIT_CHAINS,
  },
  'unknown-emitter': {
    kind: 'chain',
    severity: 'note',
    summary: 'A tool emits a value, or a part of one, typed `any` or `unknown`: its ids cannot be checked',
    doc: AUDIT_CHAINS,
  },
} as const satisfies Record<string, Check>;

const lintChecks = {
  'no-broken-id-chain': {
    kind: 'lint',
    severity: 'error',
    summary: 'Disallow id inputs whose schema rejects the JSON type another tool emits for the same id',
    doc: ruleDoc('no-broken-id-chain'),
  },
  'prefer-guarded-id': {
    kind: 'lint',
    severity: 'warning',
    summary: 'Require id fields in tool input schemas to accept the numeric ids the server emits, via `guardId(...)`',
    doc: ruleDoc('prefer-guarded-id'),
  },
  'no-defensive-id-cast': {
    kind: 'finding',
    severity: 'warning',
    summary:
      'Disallow `String(x.id)`, `Number(x.ticketId)`, `` `${x.id}` `` and similar casts around ids in tests: they hide the broken chain a literal agent hits',
    doc: ruleDoc('no-defensive-id-cast'),
  },
  'no-unguarded-coerce': {
    kind: 'finding',
    severity: 'warning',
    summary: 'Disallow `z.coerce.*()` in schemas: it turns null and undefined into values instead of rejecting them',
    doc: ruleDoc('no-unguarded-coerce'),
  },
  'no-id-union': {
    kind: 'finding',
    severity: 'warning',
    summary:
      'Disallow `z.union([z.string(), z.number()])` and `.or()` on id fields: the published contract moves and handlers receive numbers',
    doc: ruleDoc('no-id-union'),
  },
  'no-guarded-id-in-output': {
    kind: 'finding',
    severity: 'error',
    summary:
      'Disallow `guardId`, `idSchema` and numeric preprocesses in output schemas: clients reject the numbers they let through',
    doc: ruleDoc('no-guarded-id-in-output'),
  },
  'no-wide-integer-id': {
    kind: 'finding',
    severity: 'warning',
    summary:
      'Disallow 64-bit integer ids (`z.bigint()`, `z.int64()`, `z.uint64()`): as JSON numbers, ids beyond 2^53 reach the next tool as another id',
    doc: ruleDoc('no-wide-integer-id'),
  },
  'no-effects-on-tool-schema': {
    kind: 'finding',
    severity: 'error',
    summary:
      "Disallow `.refine()`/`.superRefine()`/`.transform()` on a tool's object schema where the SDK then publishes an empty contract or drops the output schema",
    doc: ruleDoc('no-effects-on-tool-schema'),
  },
} as const satisfies Record<string, Check>;

const findingChecks = {
  'unread-input-field': {
    kind: 'finding',
    severity: 'note',
    summary: 'A published input field the handler never reads',
    doc: AUDIT_COVERAGE,
    editorCode: 61005,
  },
  'published-refused-field': {
    kind: 'finding',
    severity: 'warning',
    summary: 'A published input field its disposition table refuses: every call that sets it is refused',
    doc: AUDIT_COVERAGE,
    editorCode: 61006,
  },
  'unfollowed-registration': {
    kind: 'finding',
    severity: 'warning',
    summary: 'A tool registration the audit cannot follow: its tools and chains are missing from the report',
    doc: 'docs/audit.md#custom-wrappers',
  },
} as const satisfies Record<string, Check>;

/** A contract change: its severity (`breaking` is `error`, `info` is `note`) and what it means. */
const contract = (severity: CheckSeverity, summary: string): Check => ({
  kind: 'contract',
  severity,
  summary,
  doc: CONTRACT_RULES,
});

const contractChecks = {
  'tool-removed': contract('error', 'a tool is gone; every caller of it fails'),
  'tool-renamed': contract('error', 'a tool is gone and a new one publishes the same schemas under another name'),
  'tool-added': contract('note', 'a new tool'),
  'description-changed': contract(
    'note',
    'a tool or field description (or title) changed; agents read descriptions first',
  ),
  'annotation-changed': contract('note', 'a tool annotation (readOnlyHint, destructiveHint, ...) changed'),
  'dialect-changed': contract('note', 'the declared JSON Schema dialect ($schema) changed'),
  'output-schema-removed': contract(
    'error',
    'the tool no longer publishes an output schema; consumers lose structured content',
  ),
  'output-schema-added': contract('note', 'the tool now publishes an output schema'),
  'input-required-field-added': contract('error', 'a new required input field; calls without it are rejected'),
  'input-optional-field-added': contract('note', 'a new optional input field'),
  'input-field-removed': contract(
    'warning',
    'an input field is gone; values callers send are ignored, or rejected by a strict server',
  ),
  'input-became-required': contract('error', 'an optional input field became required'),
  'input-became-optional': contract(
    'warning',
    'a required input field became optional; safe only if the server really accepts a call without it (zod 4.4.3 drops preprocessed fields from "required" but still rejects a missing key)',
  ),
  'input-type-narrowed': contract(
    'error',
    'an input no longer accepts a JSON type it accepted (including a type replaced by another)',
  ),
  'input-type-widened': contract('note', 'an input accepts an additional JSON type'),
  'input-published-narrowed': contract(
    'warning',
    'an input publishes a narrower type (or requires a field), but the recorded run-time acceptance still takes what callers sent (a guarded id takes 47)',
  ),
  'input-accepted-narrowed': contract(
    'error',
    'the recorded run-time acceptance of an input id no longer takes 47, "47" or a call without it, and the published schema does not say so (a guard removed)',
  ),
  'input-accepted-widened': contract(
    'note',
    'the recorded run-time acceptance of an input id takes 47, "47" or a call without it, which it rejected',
  ),
  'input-enum-value-removed': contract('error', 'an input enum no longer accepts a value'),
  'input-enum-value-added': contract('note', 'an input enum accepts a new value'),
  'input-constraint-tightened': contract(
    'error',
    'an input constraint rejects values it accepted (min/max, length, pattern, format, enum imposed, additionalProperties closed)',
  ),
  'input-constraint-loosened': contract('note', 'an input constraint accepts more values'),
  'input-union-branch-removed': contract('error', 'an alternative of an input union is gone'),
  'input-union-branch-added': contract('note', 'an input union has a new alternative'),
  'input-default-changed': contract(
    'warning',
    'the default of an input changed; calls that omit the field behave differently',
  ),
  'input-schema-changed': contract(
    'warning',
    'an input keyword changed that agent-contract does not classify (allOf, not, if/then, ...); review it',
  ),
  'output-field-removed': contract('error', 'an output field is gone; consumers that read it break'),
  'output-field-added': contract('note', 'a new output field'),
  'output-became-optional': contract('error', 'an output field that was always present may now be missing'),
  'output-became-required': contract('note', 'an output field is now always present'),
  'output-type-widened': contract(
    'error',
    'an output may carry a JSON type it did not before (including a type replaced by another)',
  ),
  'output-became-nullable': contract('error', 'an output field may now be null'),
  'output-type-narrowed': contract('note', 'an output no longer carries one of its JSON types'),
  'output-enum-value-added': contract('warning', 'an output enum has a new value consumers may not handle'),
  'output-enum-value-removed': contract('note', 'an output enum lost a value'),
  'output-constraint-loosened': contract(
    'warning',
    'an output constraint allows more values (longer strings, larger numbers, extra properties, no enum)',
  ),
  'output-constraint-tightened': contract('note', 'an output constraint allows fewer values'),
  'output-union-branch-added': contract('error', 'an output union has a new alternative consumers do not know'),
  'output-union-branch-removed': contract('note', 'an alternative of an output union is gone'),
  'output-schema-changed': contract(
    'warning',
    'an output keyword changed that agent-contract does not classify; review it',
  ),
  'metadata-changed': contract('note', 'examples, deprecated, $comment, an output default or the server name changed'),
  'runtime-changed': contract('note', 'the MCP SDK or zod copy the server ran with changed'),
  'instructions-changed': contract('note', 'the server instructions changed'),
};

export type ChainCheckId = keyof typeof chainChecks;
export type LintCheckId = keyof typeof lintChecks;
export type FindingCheckId = keyof typeof findingChecks;
export type ContractCheckId = keyof typeof contractChecks;
export type CheckId = ChainCheckId | LintCheckId | FindingCheckId | ContractCheckId;

export const CHECKS: Readonly<Record<CheckId, Check>> = {
  ...chainChecks,
  ...lintChecks,
  ...findingChecks,
  ...contractChecks,
};

export const CHECK_IDS = Object.keys(CHECKS) as CheckId[];

export function isCheckId(id: string): id is CheckId {
  return Object.hasOwn(CHECKS, id);
}

/** Where the repository's files are read on its default branch; the package.json `repository` names it. */
export const REPOSITORY_BLOB = 'https://github.com/agent-contract/agent-contract/blob/main';

/** The full address of a check's doc, for SARIF `helpUri`, summaries and comments. */
export function checkDocUrl(id: CheckId): string {
  return `${REPOSITORY_BLOB}/${CHECKS[id].doc}`;
}

/** Most severe first: the order of summaries and comments. */
export const SEVERITY_ORDER: readonly CheckSeverity[] = ['error', 'warning', 'note'];

/** The editor plugin's diagnostic code of a check it reports. */
export function editorCodeOf(id: CheckId): number {
  const code = CHECKS[id].editorCode;
  if (code === undefined) throw new Error(`the check ${id} has no editor diagnostic code`);
  return code;
}
