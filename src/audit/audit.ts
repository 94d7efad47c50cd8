import type { ChainVerdict } from '../model/chain-matrix.ts';
import { isKeyEntity } from '../model/ids.ts';
import type { JsonType } from '../model/id-fields.ts';
import type { SourceSpan } from '../model/source-span.ts';
import {
  readProject,
  relativeTo,
  type AcceptorType,
  type AuditProject,
  type EmitChannel,
  type EvidenceKind,
  type ProjectReading,
  type ReadPhase,
  type ReadProjectOptions,
  type PublishedReading,
  type SiteVia,
  type ToolStyle,
} from '../adapters/typescript/index.ts';
import { defensiveCastFindings, toolFindings, type FindingRule, type RawFinding } from './findings.ts';

/**
 * `agent-contract audit`: the chain matrix of a whole server from its TypeScript types. The reading (tools, every id
 * field each one accepts and emits, the chains between them) is `projectChainsOf` in the TypeScript adapter, shared
 * with the editor plugin; this module places it as file:line, lists the lint rules' findings beside it and judges
 * what the audit can vouch for. Where the emitters' types say nothing, it reads what the code says about the ids (`suspect` chains). It says
 * what it could see (registration sites followed, emitters with known types) and what it cannot vouch for. It reads;
 * it never writes, and it type-checks no file for itself.
 */

export interface SourceLocation {
  /** Relative to the audited folder, with `/`. */
  readonly file: string;
  readonly line: number;
}

export interface AuditTool extends SourceLocation {
  readonly name: string;
  readonly style: ToolStyle;
  /** Where the handler is, when one was found. */
  readonly handler: SourceLocation | undefined;
  /** `zod`, `json-schema` (a literal), `none`, or `unresolved` when the input could not be followed. */
  readonly input: 'zod' | 'json-schema' | 'none' | 'unresolved';
  /** `typed`: every emitted value has a type; `unknown`: some are `any`; `none`: nothing emitted was found. */
  readonly emits: 'typed' | 'unknown' | 'none';
  /** For a tool class: the class. */
  readonly class?: string;
}

export interface AuditEmitter extends SourceLocation {
  readonly tool: string;
  readonly path: string;
  readonly entity: string;
  readonly types: readonly JsonType[];
  readonly channel: EmitChannel | 'outputSchema';
}

export interface AuditAcceptor extends SourceLocation {
  readonly tool: string;
  readonly field: string;
  readonly entity: string;
  readonly type: AcceptorType;
  readonly published: readonly JsonType[];
  readonly detail?: string;
  /** The description that makes the field an id, when its name names none (`with_genres`: "Comma-separated genre ids"). */
  readonly description?: string;
  /** The id key the handler sends the field on as, when that makes it an id (`user` sent as `user_id`). */
  readonly forwardedAs?: string;
  /**
   * The entity the field pairs by because a URL the handler writes sends it (or another input of its entity) into
   * that entity's collection (`` `/users/${seller_id}` ``: `user`), when no tool gives out its own.
   */
  readonly sentInto?: string;
  /**
   * The entity the field pairs by because its description names it (`attachment_ids`, "File ids attached to the
   * expense": `file`), when no tool gives out its own entity's ids as a record's own.
   */
  readonly describedEntity?: string;
  /**
   * With a contract: `field` when the source reading found the field (file:line is its declaration), `tool` when it
   * found only the tool (file:line is the registration), `none` when it found neither (file is the contract, line 0).
   */
  readonly placed?: 'field' | 'tool' | 'none';
}

export type ChainStatus = ChainVerdict;

/** What the code says about an entity's ids: the ground of a `suspect` chain. */
export interface AuditEvidence extends SourceLocation {
  readonly kind: EvidenceKind;
  /** As written: `parseInt(ticket_id, 10)`, `/^\d+$/`, `billing.fetchInvoice(invoiceId: number)`. */
  readonly text: string;
  /** The acceptor whose handler or schema says it. */
  readonly tool: string;
  readonly field: string;
}

export interface AuditChain {
  readonly entity: string;
  readonly status: ChainStatus;
  readonly reason: string;
  /** `path` is `''` and `type` `unknown` for an emitter whose whole value is `any`. */
  readonly from: { readonly tool: string; readonly path: string; readonly type: string } & SourceLocation;
  readonly to: { readonly tool: string; readonly field: string; readonly type: AcceptorType } & SourceLocation;
  /** For a `suspect` chain: what the code says about the ids. */
  readonly evidence?: readonly AuditEvidence[];
}

export interface RegistrationSiteReport extends SourceLocation {
  readonly style: ToolStyle;
  readonly via: SiteVia;
  readonly tools: number;
}

/** What the audit could see, and what it cannot vouch for. */
export interface AuditCoverage {
  /** Call sites of the registration forms the discovery recognises (`registerTool`, `tool`, `addTool`, declared wrappers). */
  readonly registrationSites: number;
  /** Of those, the ones it could not follow: each is also an `unfollowed-registration` finding. */
  readonly unfollowedSites: number;
  readonly tools: number;
  /** Tools whose handler was found and none of whose emitted values is `any`. */
  readonly knownEmitters: number;
  /** Tools whose input schema was read (a Zod schema, a JSON Schema literal, or no input); the others are `unresolved`. */
  readonly inputsRead: number;
  /**
   * Entities with acceptors and no emitter of known type, while some tool's emitted types are unknown; or, where every
   * emitted type is known, entities no tool emits by name while ids of other names, of a type their inputs refuse,
   * are given out (as JSON or printed into prose) and taken by no input (`unpairedBeside` names those), or every
   * accepted entity when no tool gives out
   * an id at all (`noIdEmitted`).
   */
  readonly unvouched: readonly string[];
  /** The emitted entities no input takes, of a type the `unvouched` inputs refuse; absent when the gap is unknown types. */
  readonly unpairedBeside?: readonly string[];
  /**
   * True when inputs take ids and, with every emitted type known, no tool gives an id out in any form the reading
   * knows (as JSON or printed into text): every accepted entity is then `unvouched`.
   */
  readonly noIdEmitted?: true;
  /**
   * With a contract (`--contract`, `--server`): how its published tools were matched to the source. `tools`,
   * `knownEmitters` and `inputsRead` then count the published tools, whose inputs the contract gives.
   */
  readonly contract?: PublishedReading;
}

export interface AuditVerdict {
  /**
   * False when the chains listed may not be all there are: no tool was found, an entity has acceptors and no emitter of
   * known type, or the input schemas of more than a tenth of the tools could not be read.
   */
  readonly vouched: boolean;
  readonly text: string;
  /**
   * Set when the audit could not look at all (no tool found, no tool's emitted type known, no tool's input schema read):
   * what it could not see and what to do, as one clause. The CLI exits 2 on it unless `--allow-unknown`.
   */
  readonly blind?: string;
}

export interface AuditFinding extends SourceLocation {
  readonly rule: FindingRule;
  readonly message: string;
  readonly tool?: string;
  /** For a finding on one published input field: its key. */
  readonly field?: string;
}

export interface UnknownEmitter extends SourceLocation {
  readonly tool: string;
  /** The id path whose type is `any`, or `''` when the whole emitted value is. */
  readonly path: string;
}

export interface AuditReport {
  readonly project: {
    readonly root: string;
    readonly tsconfig: string | null;
    /** True when the folder has no tsconfig.json and only the options came from `tsconfig`. */
    readonly optionsOnly: boolean;
    readonly files: number;
    readonly filesWithErrors: number;
    readonly errors: readonly string[];
    /**
     * Files that do not parse, and the first messages (`src/server.ts:3: ',' expected.`), whether or not type errors
     * were counted: the CLI exits 2 on them unless `--allow-errors`, for what such a file registers may be missing.
     */
    readonly filesNotParsed: number;
    readonly parseErrors: readonly string[];
    /**
     * Packages the project's files import that are not installed (`@types/node` for Node's own modules): what comes
     * from them reads as `any`, so the CLI exits 2 on them unless `--allow-errors`.
     */
    readonly missingPackages: readonly string[];
    /** True when type errors were counted (`typeErrors`); otherwise `filesWithErrors` counts syntax errors only. */
    readonly typeErrorsCounted: boolean;
    readonly config: string | null;
  };
  readonly coverage: AuditCoverage;
  readonly summary: {
    readonly tools: number;
    readonly emitters: number;
    /** Ids printed into text that an input takes (one per tool and path): no result fields, yet they pair. */
    readonly printedEmitters: number;
    readonly acceptors: number;
    readonly chains: number;
    readonly broken: number;
    readonly suspect: number;
    readonly tolerated: number;
    /** Chains into an acceptor that publishes no type: nothing shows whether the id gets through. */
    readonly unknown: number;
    readonly ok: number;
    readonly findings: number;
    readonly toolsEmittingUnknown: number;
  };
  readonly discovery: {
    /** Tools by file: `{ file: 'src/tools.ts', tools: 9 }`. */
    readonly files: readonly { readonly file: string; readonly tools: number }[];
    /** Registrations whose tool name is computed at run time; their tools count where they are defined. */
    readonly dynamic: readonly (SourceLocation & { readonly style: ToolStyle })[];
    readonly duplicates: number;
    /**
     * Tools registered again in JavaScript files the project takes in beside its TypeScript (a build's output), read
     * from the TypeScript: how many, and the JavaScript files. Absent when there are none.
     */
    readonly scriptCopies?: { readonly tools: number; readonly files: readonly string[] };
    /**
     * Tool objects that nothing registers (the project registers its tool objects one by one, and no code names
     * these), not counted as tools. Absent when there are none.
     */
    readonly unregistered?: readonly (SourceLocation & { readonly tool: string })[];
    /** Every registration call the discovery recognises, and how its tools were found. */
    readonly sites: readonly RegistrationSiteReport[];
  };
  readonly tools: readonly AuditTool[];
  readonly emitters: readonly AuditEmitter[];
  readonly acceptors: readonly AuditAcceptor[];
  readonly chains: readonly AuditChain[];
  readonly findings: readonly AuditFinding[];
  readonly unknownEmitters: readonly UnknownEmitter[];
  readonly verdict: AuditVerdict;
}

/** What each phase of an audit took: the program's build, the discovery, the matching, the diagnostics. */
export type AuditTimings = ProjectReading['timings'];

export type AuditPhase = ReadPhase;

/** How to audit: progress, type errors, configuration, and the server's published `tools/list`. */
export type AuditOptions = ReadProjectOptions;

/** Where an end is: its file:line, or, for an end only a contract shows, the contract with line 0. */
function locationOf(root: string, at: SourceSpan | undefined, contract?: string): SourceLocation {
  return at === undefined ? { file: contract ?? '', line: 0 } : { file: relativeTo(root, at.file), line: at.line };
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** The property names a published input schema lists at its top level, through anyOf/oneOf/allOf branches. */
function topLevelKeys(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const node = schema as Record<string, unknown>;
  const properties = node['properties'];
  const keys = typeof properties === 'object' && properties !== null ? Object.keys(properties) : [];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const members = node[key];
    if (Array.isArray(members)) for (const member of members) keys.push(...topLevelKeys(member));
  }
  return keys;
}

/** `a, b, c and 4 more`. */
function nameList(names: readonly string[], shown = 5): string {
  return names.length <= shown
    ? names.join(', ')
    : `${names.slice(0, shown).join(', ')} and ${names.length - shown} more`;
}

/** From this many emitted ids, a server with no input that takes an id is more likely misread than real. */
const SILENT_INPUTS_EMITTERS = 3;

/** Above this share of tools whose input schema could not be read, the audit cannot vouch for the chains it lists. */
const UNREAD_INPUTS_TOLERATED = 0.1;

/** How many chains there are, and of each class. */
type ChainCounts = Pick<AuditReport['summary'], 'chains' | 'broken' | 'suspect' | 'tolerated' | 'unknown' | 'ok'>;

/** The verdict the report ends with: what is broken or suspect, and what the audit could not vouch for. */
function verdictOf(
  coverage: AuditCoverage,
  unknownEmitters: readonly string[],
  tools: readonly AuditTool[],
  counts: ChainCounts,
  ends: { readonly emitters: number; readonly printed: number; readonly acceptors: number },
  unknownChainFields: readonly string[] = [],
): AuditVerdict {
  if (coverage.tools === 0) {
    return {
      vouched: false,
      text: 'could not vouch for any chain: no tool was found.',
      blind:
        'found no tool; if the server registers tools through a function of its own, declare it in agent-contract.config.json (docs/audit.md#custom-wrappers)',
    };
  }
  const found = chainCounts(counts);
  const lead = found === '' ? '' : `${found}; `;
  const untyped = tools.filter((tool) => tool.emits === 'unknown').length;
  const unseen = coverage.tools - untyped;
  const noEmitter =
    coverage.knownEmitters !== 0
      ? undefined
      : untyped === 0
        ? `knew the emitted type of no tool (the handler of none of the ${coverage.tools} was found); write each handler as a function, or a const holding one, that the registration names`
        : `knew the emitted type of no tool (${untyped} of ${coverage.tools} emit unknown types${unseen === 0 ? '' : `, and the handlers of the other ${unseen} were not found`}); type what their handlers return`;
  if (coverage.inputsRead === 0) {
    return {
      vouched: false,
      text: `${lead}could not vouch for any chain: the input schema of no tool could be read (${plural(coverage.tools, 'tool')}).`,
      blind: `read the input schema of no tool (${coverage.tools} of ${coverage.tools} are built by calls it cannot follow); write them as Zod objects or consts, or declare the function that builds them in agent-contract.config.json`,
    };
  }
  const doubts: string[] = [];
  if (coverage.unvouched.length > 0) {
    const one = coverage.unvouched.length === 1;
    const beside = coverage.unpairedBeside;
    const why =
      coverage.noIdEmitted === true
        ? `no tool gives out an id, as JSON or printed into text, so no chain could be checked (if the user supplies every id, pass --allow-unknown; if the tools give ids out under names not read as ids, such as a resource name \`users/7\`, agents may be refused)`
        : beside !== undefined
          ? `no tool emits ${one ? 'its' : 'their'} ids by that name, while ids of ${nameList(beside)} are given out, taken by no input, of a type ${one ? 'its inputs refuse' : 'their inputs refuse'} (if a name hides the same record, agents are refused)`
          : one
            ? 'it has an acceptor and no emitter of known type'
            : 'they have acceptors and no emitter of known type';
    doubts.push(`could not vouch for ${coverage.unvouched.join(', ')}: ${why}`);
  } else if (noEmitter !== undefined) {
    doubts.push(
      `could not vouch for any chain: the emitted type of no tool is known (${plural(coverage.tools, 'tool')})`,
    );
  } else {
    // Each entity has an emitter of known type, but what these tools emit is unknown: their ids may break an acceptor.
    // (A published tool not found in source is named below.)
    const unplaced = new Set(coverage.contract?.unplacedTools);
    const unknown = unknownEmitters.filter((name) => !unplaced.has(name));
    if (unknown.length > 0)
      doubts.push(
        `could not vouch for what ${unknown.length} of ${plural(coverage.tools, 'tool')} emit (${nameList(unknown)}): ${unknown.length === 1 ? 'its emitted types are' : 'their emitted types are'} unknown`,
      );
  }
  const unread = coverage.tools - coverage.inputsRead;
  if (unread > coverage.tools * UNREAD_INPUTS_TOLERATED) {
    doubts.push(`could not read the input schema of ${unread} of ${coverage.tools} tools`);
  }
  const { contract } = coverage;
  // Without a contract, a registration the audit could not follow may register tools it never saw.
  if (contract === undefined && coverage.unfollowedSites > 0) {
    doubts.push(
      `could not follow ${plural(coverage.unfollowedSites, 'registration site')}, so the tools ${coverage.unfollowedSites === 1 ? 'it registers' : 'they register'} may be missing (see the unfollowed-registration ${coverage.unfollowedSites === 1 ? 'finding' : 'findings'}); audit with the published contract (--contract or --server)`,
    );
  }
  if (contract !== undefined && contract.unplacedTools.length > 0) {
    doubts.push(
      `could not place ${plural(contract.unplacedTools.length, 'published tool')} in source (${nameList(contract.unplacedTools)}), so what ${contract.unplacedTools.length === 1 ? 'it emits is' : 'they emit is'} unknown`,
    );
  }
  if (contract !== undefined && contract.unplacedFields.length > 0) {
    doubts.push(
      `could not place ${plural(contract.unplacedFields.length, 'published id field')} in source (${nameList(contract.unplacedFields)})`,
    );
  }
  // Ids go out and none comes back in: inputs the reading missed, or a server whose ids lead nowhere; the published
  // contract tells the two apart.
  if (ends.acceptors === 0 && ends.emitters >= SILENT_INPUTS_EMITTERS && contract === undefined) {
    doubts.push(
      `could not vouch for the inputs: found ${plural(ends.emitters, 'emitted id')} and no input that takes one in ${plural(coverage.tools, 'tool')}; either no tool takes an id back, or input schemas were read wrong: audit with the published contract (--contract or --server) to settle it`,
    );
  }
  // A suspect chain is one the audit could not settle: what its emitter sends rests on evidence, not on a type.
  if (doubts.length === 0 && counts.suspect > 0)
    doubts.push(
      `could not vouch for ${counts.suspect === 1 ? 'the suspect chain' : `the ${counts.suspect} suspect chains`}: what ${counts.suspect === 1 ? 'its emitter sends' : 'their emitters send'} is not established by a type`,
    );
  // An unknown chain was not checked: one side publishes no type (an input whose schema could not be read).
  if (counts.unknown > 0)
    doubts.push(
      `could not vouch for ${counts.unknown === 1 ? 'the unknown chain' : `the ${counts.unknown} unknown chains`}: one side publishes no type for the id (${nameList(unknownChainFields)})`,
    );
  if (doubts.length > 0) {
    return {
      vouched: false,
      text: `${lead}${doubts.join('; ')}.`,
      ...(noEmitter === undefined ? {} : { blind: noEmitter }),
    };
  }
  if (found !== '') return { vouched: true, text: `${found}.` };
  if (counts.chains > 0)
    return { vouched: true, text: `no broken chain among ${plural(counts.chains, 'chain')}${othersOf(counts)}.` };
  return { vouched: true, text: nothingToPair(ends) };
}

/** ` (3 tolerated, 1 ok)`: the chains neither broken nor suspect, by class, or '' for none. */
function othersOf(counts: ChainCounts): string {
  const others = (['tolerated', 'unknown', 'ok'] as const)
    .filter((status) => counts[status] > 0)
    .map((status) => `${counts[status]} ${status}`);
  return others.length === 0 ? '' : ` (${others.join(', ')})`;
}

/**
 * The verdict's lead, the one place a text report states its chain counts: `45 broken chains of 46 (1 ok)`,
 * `2 broken chains and 1 suspect chain of 10 (3 tolerated, 4 ok)`, or '' when none is broken or suspect.
 */
function chainCounts(counts: ChainCounts): string {
  const found = [
    counts.broken > 0 ? plural(counts.broken, 'broken chain') : '',
    counts.suspect > 0 ? plural(counts.suspect, 'suspect chain') : '',
  ]
    .filter((part) => part !== '')
    .join(' and ');
  return found === '' ? '' : `${found} of ${counts.chains}${othersOf(counts)}`;
}

/** Why there is no chain: which side has no id, in the words a reader checks against the server. */
function nothingToPair({
  emitters,
  printed,
  acceptors,
}: {
  readonly emitters: number;
  readonly printed: number;
  readonly acceptors: number;
}): string {
  if (emitters === 0 && acceptors === 0) return 'no tool emits or accepts an id field; nothing to pair.';
  // Printed ids whose chains are neither broken nor suspect: the type the code prints them with is one the input takes.
  if (emitters === 0 && printed > 0)
    return `no tool emits an id as JSON (in structuredContent or JSON text); ${printed === 1 ? 'the 1 id printed into text that pairs with an input is' : `the ${printed} ids printed into text that pair with an input are`} of a type the input accepts, by the type the code gives ${printed === 1 ? 'it' : 'them'}.`;
  if (emitters === 0)
    return `no tool emits an id as JSON (in structuredContent or JSON text), so ${acceptors === 1 ? 'the 1 field that accepts one has' : `the ${acceptors} fields that accept one have`} nothing to pair with; an id printed into prose is checked by the type the code gives it.`;
  if (acceptors === 0) return 'no tool accepts an id field; nothing to break.';
  return 'no tool accepts an id another emits; nothing to break.';
}

/** Audits a prepared project: for tests and benchmarks that build the program themselves. */
export function auditProject(
  project: AuditProject,
  options: AuditOptions = {},
): { report: AuditReport; timings: Omit<AuditTimings, 'programMs'> } {
  const { report, timings } = reportOf(readProject(project, options), options);
  const { programMs: _programMs, ...rest } = timings;
  return { report, timings: rest };
}

/** The report of a project read once through the TypeScript adapter's face. */
function reportOf(read: ProjectReading, options: AuditOptions): { report: AuditReport; timings: AuditTimings } {
  const { root } = read;
  // Where an end only the contract shows is placed: the contract file (relative, as every file here), or the command.
  const published = options.published;
  const contractSource = published?.file === undefined ? published?.source : relativeTo(root, published.file);
  const place = (at: SourceSpan | undefined): SourceLocation => locationOf(root, at, contractSource);
  const tools: AuditTool[] = read.tools.map((tool) => ({
    name: tool.name,
    style: tool.style,
    ...place(tool.at),
    handler: tool.handler === undefined ? undefined : place(tool.handler),
    input: tool.input,
    emits: tool.emits,
    ...(tool.className === undefined ? {} : { class: tool.className }),
  }));
  const emitters: AuditEmitter[] = read.emitters.map(({ at, ...emitter }) => ({ ...emitter, ...place(at) }));
  const acceptors: AuditAcceptor[] = read.acceptors.map(({ at, ...acceptor }) => ({ ...acceptor, ...place(at) }));
  const unknownEmitters: UnknownEmitter[] = read.unknownEmitters.map(({ at, ...unknown }) => ({
    ...unknown,
    ...place(at),
  }));
  const raw: RawFinding[] = [
    ...toolFindings(read.toolFindings),
    ...defensiveCastFindings(read.casts),
    ...read.discovery.unfollowed.map((registration): RawFinding => ({
      rule: 'unfollowed-registration',
      at: registration.at,
      message: registration.message,
    })),
  ];
  const chains: AuditChain[] = read.chains.map((chain) => ({
    entity: chain.entity,
    status: chain.verdict,
    reason: chain.reason,
    from: { tool: chain.from.tool, path: chain.from.path, type: chain.from.type, ...place(chain.from.at) },
    to: { tool: chain.to.tool, field: chain.to.field, type: chain.to.type, ...place(chain.to.at) },
    ...(chain.evidence === undefined
      ? {}
      : { evidence: chain.evidence.map(({ at, ...entry }) => ({ ...entry, ...place(at) })) }),
  }));
  const tally = read.tally;

  // With a contract, a field finding stands only for a field the tool publishes: what the source reading took for a
  // field and the server does not publish (a JSON Schema keyword, a misread helper) is no field of the contract.
  const publishedKeys =
    published === undefined
      ? undefined
      : new Map(published.tools.map((tool) => [tool.name, new Set(topLevelKeys(tool.inputSchema))]));
  const findings: AuditFinding[] = raw
    .filter(
      (finding) =>
        publishedKeys === undefined ||
        finding.field === undefined ||
        finding.tool === undefined ||
        publishedKeys.get(finding.tool)?.has(finding.field) === true,
    )
    .map((finding) => ({
      rule: finding.rule,
      message: finding.message,
      ...(finding.tool === undefined ? {} : { tool: finding.tool }),
      ...(finding.field === undefined ? {} : { field: finding.field }),
      ...place(finding.at),
    }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));

  const syntaxErrors = read.syntaxErrors;
  const errors = read.typeErrors ?? syntaxErrors;

  const { knownEmitters, acceptedEntities, typedEntities } = read;
  const emitterGap =
    read.published === undefined ? knownEmitters < tools.length : read.published.knownEmitters < read.published.tools;
  // Ids go in and none comes out in any form the reading knows (JSON or printed into text): no chain was checked.
  const noIdEmitted =
    !emitterGap && read.acceptors.length > 0 && read.emitters.length === 0 && read.printedEntities.size === 0;
  const unpaired = emitterGap || noIdEmitted ? undefined : unpairedIds(read);
  const unvouched = emitterGap
    ? [...acceptedEntities].filter((entity) => !typedEntities.has(entity))
    : noIdEmitted
      ? [...new Set(read.acceptors.map((acceptor) => acceptor.entity))].sort()
      : (unpaired?.accepted ?? []);
  const contract = read.published;
  // Tools whose emitted types the audit does not know: with a contract, the published ones neither source nor an
  // outputSchema shows.
  const unknownEmitterTools =
    contract?.unknownEmitters ?? read.tools.filter((tool) => !tool.knownEmitter).map((tool) => tool.name);
  const coverage: AuditCoverage = {
    registrationSites: read.discovery.sites.length,
    unfollowedSites: read.discovery.sites.filter((site) => site.via === 'not-followed').length,
    ...(contract === undefined
      ? {
          tools: tools.length,
          knownEmitters,
          inputsRead: tools.filter((tool) => tool.input !== 'unresolved').length,
        }
      : { tools: contract.tools, knownEmitters: contract.knownEmitters, inputsRead: contract.tools }),
    unvouched,
    ...(unpaired === undefined || unpaired.accepted.length === 0 ? {} : { unpairedBeside: unpaired.emitted }),
    ...(noIdEmitted ? { noIdEmitted } : {}),
    ...(contract === undefined ? {} : { contract }),
  };
  const suspect = tally.suspect ?? 0;

  const toolsPerFile = new Map<string, number>();
  for (const tool of tools) toolsPerFile.set(tool.file, (toolsPerFile.get(tool.file) ?? 0) + 1);
  const report: AuditReport = {
    project: {
      root,
      tsconfig: read.tsconfig === undefined ? null : relativeTo(root, read.tsconfig),
      optionsOnly: read.optionsOnly,
      files: read.files,
      filesWithErrors: errors.files,
      filesNotParsed: syntaxErrors.files,
      parseErrors: syntaxErrors.messages,
      missingPackages: read.missingPackages,
      errors: errors.messages,
      typeErrorsCounted: options.typeErrors === true,
      config: read.configSource ?? null,
    },
    coverage,
    summary: {
      tools: tools.length,
      emitters: emitters.length,
      printedEmitters: read.printedEmitters,
      acceptors: acceptors.length,
      chains: chains.length,
      broken: tally.broken,
      suspect,
      tolerated: tally.tolerated,
      unknown: tally.unknown,
      ok: tally.ok,
      findings: findings.length,
      toolsEmittingUnknown: tools.filter((tool) => tool.emits === 'unknown').length,
    },
    discovery: {
      files: [...toolsPerFile]
        .map(([file, count]) => ({ file, tools: count }))
        .sort((a, b) => a.file.localeCompare(b.file)),
      dynamic: read.discovery.dynamic.map((site) => ({ style: site.style, ...place(site.at) })),
      duplicates: read.discovery.duplicates,
      ...(read.discovery.scriptCopies.length === 0
        ? {}
        : {
            scriptCopies: {
              tools: read.discovery.scriptCopies.length,
              files: [...new Set(read.discovery.scriptCopies.map((span) => place(span).file))].sort(),
            },
          }),
      ...(read.discovery.unregistered.length === 0
        ? {}
        : {
            unregistered: read.discovery.unregistered.map((entry) => ({ tool: entry.name, ...place(entry.at) })),
          }),
      sites: read.discovery.sites.map((site) => ({
        style: site.style,
        ...place(site.at),
        via: site.via,
        tools: site.tools,
      })),
    },
    tools,
    emitters,
    acceptors,
    chains,
    findings,
    unknownEmitters,
    verdict: verdictOf(
      coverage,
      unknownEmitterTools,
      tools,
      { ...tally, suspect, chains: chains.length },
      {
        emitters: emitters.length,
        printed: read.printedEmitters,
        acceptors: acceptors.length,
      },
      [
        ...new Set(
          chains.filter((chain) => chain.status === 'unknown').map((chain) => `${chain.to.tool}.${chain.to.field}`),
        ),
      ],
    ),
  };
  return { report, timings: read.timings };
}

/** Audits the project at `target` (a folder or a tsconfig). Throws `ProjectError`/`ConfigError` for what it cannot audit. */
export function audit(target: string, options: AuditOptions = {}): { report: AuditReport; timings: AuditTimings } {
  return reportOf(readProject(target, options), options);
}

/**
 * Where every emitted type is known: the entities (not a record's second keys) whose strict inputs no tool emits ids
 * for by name, while ids of other names that no input takes are emitted (as JSON, or printed into prose) as a type
 * those inputs refuse. Names can hide one record (a seller's id emitted as a user's), and then the chain breaks.
 */
function unpairedIds(read: ProjectReading): { accepted: string[]; emitted: string[] } {
  const accepted = new Set(read.acceptors.map((acceptor) => acceptor.entity));
  // Ids printed into prose count as given out, with the types the code gives them (an agent copies what it reads).
  const given = [...read.emitters, ...[...read.printedEntities].map(([entity, types]) => ({ entity, types }))];
  const emitted = new Set(given.map((emitter) => emitter.entity));
  const orphans = new Map<string, Set<JsonType>>();
  for (const emitter of given) {
    if (accepted.has(emitter.entity) || isKeyEntity(emitter.entity)) continue;
    const types = orphans.get(emitter.entity) ?? new Set<JsonType>();
    for (const type of emitter.types) types.add(type);
    orphans.set(emitter.entity, types);
  }
  const refused = new Set<string>();
  const beside = new Set<string>();
  for (const acceptor of read.acceptors) {
    if (emitted.has(acceptor.entity) || isKeyEntity(acceptor.entity)) continue;
    if (acceptor.type !== 'string' && acceptor.type !== 'number') continue;
    for (const [entity, types] of orphans)
      if ([...types].some((type) => !acceptor.published.includes(type))) {
        refused.add(acceptor.entity);
        beside.add(entity);
      }
  }
  return { accepted: [...refused].sort(), emitted: [...beside].sort() };
}
