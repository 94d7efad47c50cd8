import ts from 'typescript';
import { CHAIN_VERDICT_MEANING, type ChainVerdict, type MatrixChain } from '../../model/chain-matrix.ts';
import type { JsonType } from '../../model/id-fields.ts';
import type { GuardName } from '../../model/guard-rewrite.ts';
import { acceptorGuardOf, type AcceptorGuard } from './acceptor-guard.ts';
import type { ChainSide, ProjectChains } from './project-chains.ts';

/**
 * The chains of a program as findings in one file: one at each acceptor field chains of a verdict end in, and one at
 * each emitted id that breaks an acceptor, each with the other ends and the model's sentence for its verdict. Every
 * front end that shows chains where they are written (the editor plugin's diagnostics, the `no-broken-id-chain` lint
 * rule) places and words them from here.
 */

/** An end with a place in source: every end a program's reading gives, and the placed ends of a published contract. */
export type PlacedSide = ChainSide & { readonly node: ts.Node };

type Chain = MatrixChain<PlacedSide>;

/** The chains both of whose ends have a place in source: the ones a finding in a file can show. */
function placedChains(read: ProjectChains): Chain[] {
  return read.chains.filter((chain): chain is Chain => chain.from.node !== undefined && chain.to.node !== undefined);
}

/** A span in the end's file: a property's name, otherwise the first line of the node. */
export interface FindingSpan {
  readonly start: number;
  readonly length: number;
}

/** An end of a finding's chains, placed in its file. */
export interface FindingEnd {
  readonly tool: string;
  /** `ticketId`, `tickets[].id`; `''` for an emitter whose whole value is `any`. */
  readonly label: string;
  /** The types as a report prints them: `integer`, `string|number`, `unknown`, `guarded`. */
  readonly type: string;
  /** The id field's JSON types. */
  readonly types: readonly JsonType[];
  readonly entity: string;
  readonly fileName: string;
  readonly span: FindingSpan;
}

/** An end at the other side of a finding's chains. */
export interface FindingOtherEnd {
  readonly side: FindingEnd;
  /** `create_ticket (customerId) emits the id here, as integer`. */
  readonly message: string;
}

export interface ChainFinding {
  /** `acceptor`: chains of `verdict` end in this field; `emitter`: this emitted id breaks the acceptors. */
  readonly at: 'acceptor' | 'emitter';
  readonly verdict: ChainVerdict;
  readonly side: FindingEnd;
  /** At an acceptor, the guard that fits its schema: `guardNumberId` for a number schema, `guardId` for the rest (and at an emitter). */
  readonly guard: GuardName;
  /** The other ends, in the order of the chains. */
  readonly others: readonly FindingOtherEnd[];
  /** The tools at the other ends, each once, for a short message: `list_tickets`, `create_ticket`. */
  readonly otherTools: readonly string[];
  /** The whole finding, as the editor shows it: verdict, ends, reason, the model's sentence and what to do. */
  readonly message: string;
}

export function spanOf(node: ts.Node): FindingSpan {
  const file = node.getSourceFile();
  const named = ts.isPropertyAssignment(node) || ts.isShorthandPropertyAssignment(node) ? node.name : node;
  const start = named.getStart(file);
  const lineEnd = file.text.indexOf('\n', start);
  const end = lineEnd === -1 ? named.end : Math.min(named.end, lineEnd);
  return { start, length: Math.max(end - start, 1) };
}

function fileOf(node: ts.Node): string {
  return node.getSourceFile().fileName;
}

/** `a`, `a and b`, `a, b, c`, `a, b, c and 2 more`: at most `shown` names. */
export function nameList(names: readonly string[], shown = 3): string {
  const unique = [...new Set(names)];
  if (unique.length <= shown) return unique.length === 2 ? unique.join(' and ') : unique.join(', ');
  return `${unique.slice(0, shown).join(', ')} and ${unique.length - shown} more`;
}

export function emitterName(side: { readonly tool: string; readonly label: string }): string {
  return side.label === '' ? side.tool : `${side.tool} (${side.label})`;
}

function reasons(chains: readonly Chain[]): string {
  return [...new Set(chains.map((chain) => chain.reason))].join('; ');
}

function groupBy(chains: readonly Chain[], side: 'from' | 'to'): Map<PlacedSide, Chain[]> {
  const groups = new Map<PlacedSide, Chain[]>();
  for (const chain of chains) {
    const list = groups.get(chain[side]) ?? [];
    list.push(chain);
    groups.set(chain[side], list);
  }
  return groups;
}

/** The guard that fits an acceptor: `guardNumberId` for a number schema, `guardId` for the rest. */
function guardNameFor(acceptor: ChainSide): GuardName {
  return acceptor.acceptor?.type === 'number' ? 'guardNumberId' : 'guardId';
}

/** What to do at an acceptor, naming the guard that fits its schema. */
function acceptorAdvice(verdict: ChainVerdict, acceptor: ChainSide): string {
  const guard = guardNameFor(acceptor);
  if (verdict === 'broken') return ` Wrap the schema in ${guard}(...): the published schema stays the same.`;
  if (verdict === 'suspect') return ` Type what the emitters return, or wrap the schema in ${guard}(...).`;
  return '';
}

/** An end as a finding shows it: its names and types, placed as a span in its file. */
function endOf(side: PlacedSide): FindingEnd {
  return {
    tool: side.tool,
    label: side.label,
    type: side.type,
    types: side.field.types,
    entity: side.field.entity,
    fileName: fileOf(side.node),
    span: spanOf(side.node),
  };
}

/**
 * The chains of a program as findings in one file, in plain facts: the front ends (the editor plugin, typed lint)
 * place and word them without the program's nodes, which stay here. It remembers the acceptor of each finding it
 * gave, so the guard for a finding is written from the field as read.
 */
export class ProgramChains {
  readonly #read: ProjectChains;
  readonly #acceptors = new WeakMap<ChainFinding, PlacedSide>();

  constructor(read: ProjectChains) {
    this.#read = read;
  }

  /** A finding at each acceptor field of `fileName` that chains of `verdict` end in. */
  acceptorFindingsIn(fileName: string, verdict: ChainVerdict): ChainFinding[] {
    const ofVerdict = placedChains(this.#read).filter(
      (chain) => chain.verdict === verdict && fileOf(chain.to.node) === fileName,
    );
    const found: ChainFinding[] = [];
    for (const [acceptor, into] of groupBy(ofVerdict, 'to')) {
      const verb = verdict === 'tolerated' ? 'lets through' : 'rejects';
      const emitters = nameList(into.map((chain) => emitterName(chain.from)));
      const finding: ChainFinding = {
        at: 'acceptor',
        verdict,
        side: endOf(acceptor),
        guard: guardNameFor(acceptor),
        others: into.map((chain) => ({
          side: endOf(chain.from),
          message: `${emitterName(chain.from)} emits the id here, as ${chain.from.type}`,
        })),
        otherTools: [...new Set(into.map((chain) => chain.from.tool))],
        message: `${verdict} chain: ${acceptor.label} of ${acceptor.tool} ${verb} the ${acceptor.field.entity} id ${emitters} ${into.length === 1 ? 'emits' : 'emit'} (${reasons(into)}); ${CHAIN_VERDICT_MEANING[verdict]}.${acceptorAdvice(verdict, acceptor)}`,
      };
      this.#acceptors.set(finding, acceptor);
      found.push(finding);
    }
    return found;
  }

  /** A finding at each emitted id of `fileName` that breaks an acceptor. */
  brokenEmitterFindingsIn(fileName: string): ChainFinding[] {
    const broken = placedChains(this.#read).filter(
      (chain) => chain.verdict === 'broken' && fileOf(chain.from.node) === fileName,
    );
    const found: ChainFinding[] = [];
    for (const [emitter, from] of groupBy(broken, 'from')) {
      const acceptors = nameList(from.map((chain) => `${chain.to.tool} (${chain.to.label})`));
      const guards = [...new Set(from.map((chain) => `${guardNameFor(chain.to)}(...)`))].join(' or ');
      found.push({
        at: 'emitter',
        verdict: 'broken',
        side: endOf(emitter),
        guard: guardNameFor(emitter),
        others: from.map((chain) => ({
          side: endOf(chain.to),
          message: `${chain.to.tool} accepts ${chain.to.label} here, as ${chain.to.type}`,
        })),
        otherTools: [...new Set(from.map((chain) => chain.to.tool))],
        message: `broken chain: ${emitterName(emitter)} emits the ${emitter.field.entity} id as ${emitter.type}, which ${acceptors} ${from.length === 1 ? 'rejects' : 'reject'}; ${CHAIN_VERDICT_MEANING.broken}. Widen the acceptors with ${guards}, not this emitter.`,
      });
    }
    return found;
  }

  /**
   * The guard at the acceptor of a finding this reading gave, importing it from `specifier`; undefined for an emitter
   * finding, or an acceptor no guard fits.
   */
  guardOf(finding: ChainFinding, specifier: string): AcceptorGuard | undefined {
    const acceptor = this.#acceptors.get(finding);
    return acceptor === undefined ? undefined : acceptorGuardOf(acceptor, specifier);
  }
}
