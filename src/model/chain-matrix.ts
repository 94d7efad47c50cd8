import type { JsonType, SchemaIdField } from './id-fields.ts';

/**
 * The chain matrix: every id a tool emits paired with every input id field that names the same entity, judged on the
 * JSON types each side publishes. It needs no live server, so it works on a contract snapshot of a server written in
 * any language, and on the shapes a static audit reads from source.
 */

/**
 * `ok`: every type the emitter publishes is accepted. `broken`: none is (a number emitted into a string-only acceptor,
 * or the other way round). `tolerated`: some are, or one side publishes no type, so validation cannot tell.
 * `suspect`: the emitter publishes no type, but the code says what its ids are (an acceptor that parses them as
 * numbers) and the acceptor rejects that type.
 */
export type ChainVerdict = 'ok' | 'tolerated' | 'suspect' | 'broken';

/** One end of a chain: an id field of one tool. */
export interface ChainEnd {
  readonly tool: string;
  readonly field: SchemaIdField;
  /**
   * For an acceptor whose validation lets through more than it publishes (a guarded or coerced id, seen in source):
   * the JSON types it also accepts. A chain that gets through only this way is `tolerated`, not `ok`.
   */
  readonly tolerates?: readonly JsonType[];
  /**
   * For an emitter that publishes no type: the JSON types the code suggests its ids have (evidence a front end found,
   * such as an acceptor that parses the id as a number). A chain that these types would break is `suspect`.
   */
  readonly suspects?: readonly JsonType[];
}

/** `E` lets a front end carry more on each end (the audit adds file:line); the matrix reads only `ChainEnd`. */
export interface MatrixChain<E extends ChainEnd = ChainEnd> {
  readonly entity: string;
  /** The emitter (an id field of an output). */
  readonly from: E;
  /** The acceptor (an id field of an input). */
  readonly to: E;
  readonly verdict: ChainVerdict;
  /** Why, in the words a report prints: `emits integer, accepts only string`. */
  readonly reason: string;
}

export interface ChainMatrixSummary {
  readonly emitters: number;
  readonly acceptors: number;
  readonly chains: number;
  readonly ok: number;
  readonly tolerated: number;
  readonly broken: number;
  /** Present when a chain is `suspect` (only ends that carry `suspects` make one). */
  readonly suspect?: number;
}

export interface ChainMatrix<E extends ChainEnd = ChainEnd> {
  readonly summary: ChainMatrixSummary;
  readonly chains: readonly MatrixChain<E>[];
}

function accepts(accepted: readonly JsonType[], emitted: JsonType): boolean {
  // Every integer is a number; the reverse holds only for the integral ones.
  return accepted.includes(emitted) || (emitted === 'integer' && accepted.includes('number'));
}

function typeList(types: readonly JsonType[]): string {
  return types.join('|');
}

/**
 * The verdict for one emitter/acceptor pair, from the JSON types each publishes for one id. `toleratedTypes` are
 * the types the acceptor's validation also lets through without publishing them (a guarded id takes a number and
 * publishes string): what passes only through them is `tolerated`. `suspectedTypes` are what the code suggests an
 * emitter without types sends.
 */
export function classifyChain(
  emittedTypes: readonly JsonType[],
  acceptedTypes: readonly JsonType[],
  toleratedTypes: readonly JsonType[] = [],
  suspectedTypes: readonly JsonType[] = [],
): { verdict: ChainVerdict; reason: string } {
  // A null id is not chained: an agent has nothing to pass on.
  const emitted = emittedTypes.filter((type) => type !== 'null');
  if (emitted.length === 0) {
    const suspected = suspectedTypes.filter((type) => type !== 'null');
    const rejected = suspected.filter((type) => !accepts(acceptedTypes, type) && !accepts(toleratedTypes, type));
    if (acceptedTypes.length > 0 && rejected.length > 0) {
      const accepted = typeList(acceptedTypes.filter((type) => type !== 'null'));
      return {
        verdict: 'suspect',
        reason: `emits a value of unknown type; the code treats these ids as ${typeList(rejected)}, accepts only ${accepted}`,
      };
    }
    return { verdict: 'tolerated', reason: 'the emitter publishes no type for the id' };
  }
  if (acceptedTypes.length === 0)
    return {
      verdict: 'tolerated',
      reason: `emits ${typeList(emitted)}; the acceptor publishes no type, so nothing is checked`,
    };
  const passing = emitted.filter((type) => accepts(acceptedTypes, type));
  const accepted = typeList(acceptedTypes.filter((type) => type !== 'null'));
  if (passing.length === emitted.length)
    return { verdict: 'ok', reason: `emits ${typeList(emitted)}, accepts ${accepted}` };
  if (
    toleratedTypes.length > 0 &&
    emitted.every((type) => accepts(acceptedTypes, type) || accepts(toleratedTypes, type))
  ) {
    const through = emitted.filter((type) => !accepts(acceptedTypes, type));
    return {
      verdict: 'tolerated',
      reason: `emits ${typeList(emitted)}, publishes ${accepted} but also accepts ${typeList(through)}`,
    };
  }
  // A number emitted into an integer acceptor passes whenever it is integral, as ids are: tolerated, not broken.
  const partly = emitted.some((type) => type === 'number' && acceptedTypes.includes('integer'));
  if (passing.length === 0 && !partly)
    return { verdict: 'broken', reason: `emits ${typeList(emitted)}, accepts only ${accepted}` };
  const failing = emitted.filter((type) => !accepts(acceptedTypes, type));
  return {
    verdict: 'tolerated',
    reason: `emits ${typeList(emitted)}, accepts ${accepted}: ${typeList(failing)} values are rejected`,
  };
}

/** Pairs every emitter with every acceptor of the same entity and classifies each pair. */
export function chainMatrix<E extends ChainEnd = ChainEnd>(
  emitters: readonly E[],
  acceptors: readonly E[],
): ChainMatrix<E> {
  const byEntity = new Map<string, E[]>();
  for (const acceptor of acceptors) {
    const list = byEntity.get(acceptor.field.entity) ?? [];
    list.push(acceptor);
    byEntity.set(acceptor.field.entity, list);
  }
  const chains: MatrixChain<E>[] = [];
  for (const from of emitters) {
    for (const to of byEntity.get(from.field.entity) ?? []) {
      chains.push({
        entity: from.field.entity,
        from,
        to,
        ...classifyChain(from.field.types, to.field.types, to.tolerates, from.suspects),
      });
    }
  }
  return { summary: chainMatrixSummary(emitters.length, acceptors.length, chains), chains };
}

/** The tally of a list of chains; `suspect` only when one is. */
export function chainMatrixSummary(
  emitters: number,
  acceptors: number,
  chains: readonly { readonly verdict: ChainVerdict }[],
): ChainMatrixSummary {
  const count = (verdict: ChainVerdict) => chains.filter((chain) => chain.verdict === verdict).length;
  const suspect = count('suspect');
  return {
    emitters,
    acceptors,
    chains: chains.length,
    ok: count('ok'),
    tolerated: count('tolerated'),
    broken: count('broken'),
    ...(suspect > 0 ? { suspect } : {}),
  };
}

/** `Of 46 chains, 45 broken, 0 tolerated, 1 ok.`; `Of 4 chains, 0 broken, 2 suspect, 2 tolerated, 0 ok.` when some are suspect. */
export function formatChainMatrixTally(summary: ChainMatrixSummary): string {
  const suspect = summary.suspect === undefined || summary.suspect === 0 ? '' : ` ${summary.suspect} suspect,`;
  return `Of ${summary.chains} chains, ${summary.broken} broken,${suspect} ${summary.tolerated} tolerated, ${summary.ok} ok.`;
}
