import type { JsonType, SchemaIdField } from './id-fields.ts';

/**
 * The chain matrix: every id a tool emits paired with every input id field that names the same entity, judged on the
 * JSON types each side publishes. It needs no live server, so it works on a contract snapshot of a server written in
 * any language, and on the shapes a static audit reads from source.
 */

/**
 * The one classification of a chain, the same in the audit, the live kit, `chains` and `contract chains`; what each
 * class means is `CHAIN_VERDICT_MEANING`. `suspect` is the audit's alone: only source shows evidence about an untyped
 * emitter.
 */
export type ChainVerdict = 'ok' | 'tolerated' | 'suspect' | 'broken' | 'unknown';

/** The classes in the order reports list them, worst first. */
export const CHAIN_VERDICTS: readonly ChainVerdict[] = ['broken', 'suspect', 'tolerated', 'unknown', 'ok'];

/** One sentence per class, printed by every report that shows chains of that class. */
export const CHAIN_VERDICT_MEANING: Readonly<Record<ChainVerdict, string>> = {
  ok: 'the acceptor publishes the type of id the emitter sends',
  tolerated:
    "the acceptor's validation lets the id through, but its published schema does not say so (a guarded or coerced id, or a number into an integer)",
  broken: "the acceptor's input validation rejects the id the emitter sends, so an agent that passes it on is refused",
  unknown: 'one side publishes no type for the id, so nothing shows whether it gets through',
  suspect:
    "the emitter publishes no type (or prints the id into prose), or one the project's own tests contradict, and the code treats these ids as a type the acceptor rejects, so it is likely broken",
};

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
   * such as an acceptor that parses the id as a number). For an emitter that does: the types the project's tests saw
   * instead (they cast the id before passing it on). A chain that these types would break is `suspect`.
   */
  readonly suspects?: readonly JsonType[];
  /** Who says the `suspects` (`the code` when unsaid), in the words a reason prints: "the API's document". */
  readonly suspectedBy?: string;
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
  readonly unknown: number;
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
 * publishes string): what passes only through them is `tolerated`. `suspectedTypes` are what the code (or who
 * `suspectedBy` names) suggests an emitter without types sends.
 */
export function classifyChain(
  emittedTypes: readonly JsonType[],
  acceptedTypes: readonly JsonType[],
  toleratedTypes: readonly JsonType[] = [],
  suspectedTypes: readonly JsonType[] = [],
  suspectedBy = 'the code',
): { verdict: ChainVerdict; reason: string } {
  // A number emitted into an integer acceptor passes whenever it is integral, as ids are: tolerated, not broken.
  const integral = (type: JsonType) => type === 'number' && acceptedTypes.includes('integer');
  // A null id is not chained: an agent has nothing to pass on.
  const emitted = emittedTypes.filter((type) => type !== 'null');
  if (emitted.length === 0) {
    const suspected = suspectedTypes.filter((type) => type !== 'null');
    const rejected = suspected.filter(
      (type) => !accepts(acceptedTypes, type) && !accepts(toleratedTypes, type) && !integral(type),
    );
    if (acceptedTypes.length > 0 && rejected.length > 0) {
      const accepted = typeList(acceptedTypes.filter((type) => type !== 'null'));
      return {
        verdict: 'suspect',
        reason: `emits a value of unknown type; ${suspectedBy} treats these ids as ${typeList(rejected)}, accepts only ${accepted}`,
      };
    }
    return { verdict: 'unknown', reason: 'the emitter publishes no type for the id' };
  }
  if (acceptedTypes.length === 0)
    return {
      verdict: 'unknown',
      reason: `emits ${typeList(emitted)}; the acceptor publishes no type, so nothing is checked`,
    };
  const passing = emitted.filter((type) => accepts(acceptedTypes, type));
  const accepted = typeList(acceptedTypes.filter((type) => type !== 'null'));
  // Types the code declares but the project's tests contradict: what only the declared type lets through is suspect.
  const contradicted = suspectedTypes.filter(
    (type) =>
      type !== 'null' &&
      !emitted.includes(type) &&
      !accepts(acceptedTypes, type) &&
      !accepts(toleratedTypes, type) &&
      !integral(type),
  );
  if (passing.length === emitted.length && contradicted.length > 0)
    return {
      verdict: 'suspect',
      reason: `emits ${typeList(emitted)} by its declared type, but ${suspectedBy} treats these ids as ${typeList(contradicted)}; accepts only ${accepted}`,
    };
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
  // Any type the acceptor rejects, other than an integral number, breaks the chain, even beside types it takes: an
  // emitter of `string | number` into `z.number()` hands an agent strings that are refused.
  const failing = emitted.filter((type) => !accepts(acceptedTypes, type) && !integral(type));
  if (failing.length > 0)
    return {
      verdict: 'broken',
      reason:
        passing.length === 0 && failing.length === emitted.length
          ? `emits ${typeList(emitted)}, accepts only ${accepted}`
          : `emits ${typeList(emitted)}, accepts ${accepted}: ${typeList(failing)} values are rejected`,
    };
  return {
    verdict: 'tolerated',
    reason: `emits ${typeList(emitted)}, accepts ${accepted}: whole numbers pass, as ids are`,
  };
}

/**
 * Pairs every emitter with every acceptor of the same entity and classifies each pair. `families` gives the system
 * each tool works on where a server wraps several (`toolFamiliesOf`): an acceptor whose family's own tools give out
 * its entity's ids is paired with those alone (a Telegram message id, not a Discord one).
 */
export function chainMatrix<E extends ChainEnd = ChainEnd>(
  emitters: readonly E[],
  acceptors: readonly E[],
  families: ReadonlyMap<string, string> = new Map(),
): ChainMatrix<E> {
  const byEntity = new Map<string, E[]>();
  for (const acceptor of acceptors) {
    const list = byEntity.get(acceptor.field.entity) ?? [];
    list.push(acceptor);
    byEntity.set(acceptor.field.entity, list);
  }
  const familyEmits = new Set(
    emitters.flatMap((end) => {
      const family = families.get(end.tool);
      return family === undefined ? [] : [`${end.field.entity}\u0000${family}`];
    }),
  );
  const otherFamily = (from: E, to: E): boolean => {
    const emitting = families.get(from.tool);
    const accepting = families.get(to.tool);
    return accepting !== undefined && emitting !== accepting && familyEmits.has(`${to.field.entity}\u0000${accepting}`);
  };
  const chains: MatrixChain<E>[] = [];
  for (const from of emitters) {
    for (const to of byEntity.get(from.field.entity) ?? []) {
      if (otherFamily(from, to)) continue;
      chains.push({
        entity: from.field.entity,
        from,
        to,
        ...classifyChain(from.field.types, to.field.types, to.tolerates, from.suspects, from.suspectedBy),
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
    unknown: count('unknown'),
    ...(suspect > 0 ? { suspect } : {}),
  };
}

/**
 * `Of 46 chains, 45 broken, 0 tolerated, 1 ok.` (`Of 1 chain, ...`); `suspect` and `unknown` are named only when some chain is:
 * `Of 4 chains, 0 broken, 2 suspect, 1 tolerated, 1 unknown, 0 ok.`
 */
export function formatChainMatrixTally(summary: Omit<ChainMatrixSummary, 'emitters' | 'acceptors'>): string {
  const suspect = summary.suspect === undefined || summary.suspect === 0 ? '' : ` ${summary.suspect} suspect,`;
  const unknown = summary.unknown === 0 ? '' : ` ${summary.unknown} unknown,`;
  return `Of ${summary.chains} ${summary.chains === 1 ? 'chain' : 'chains'}, ${summary.broken} broken,${suspect} ${summary.tolerated} tolerated,${unknown} ${summary.ok} ok.`;
}

/** `broken: the acceptor's input validation rejects ...`: one line per class some chain has, worst first. */
export function chainVerdictLegend(summary: Omit<ChainMatrixSummary, 'emitters' | 'acceptors'>): string[] {
  return CHAIN_VERDICTS.filter((verdict) => (summary[verdict] ?? 0) > 0).map(
    (verdict) => `${verdict}: ${CHAIN_VERDICT_MEANING[verdict]}.`,
  );
}

/** How a verdict is painted in a table: each class in its colour, padded to one width. */
export interface VerdictPaint {
  readonly green: (text: string) => string;
  readonly yellow: (text: string) => string;
  readonly magenta: (text: string) => string;
  readonly red: (text: string) => string;
  readonly dim: (text: string) => string;
}

/** The verdict column of a chain table (`broken   `, `tolerated`), the same in every view. */
export function chainVerdictMarks(paint: VerdictPaint): Record<ChainVerdict, string> {
  const width = Math.max(...CHAIN_VERDICTS.map((verdict) => verdict.length));
  const colour: Record<ChainVerdict, (text: string) => string> = {
    ok: paint.green,
    tolerated: paint.yellow,
    suspect: paint.magenta,
    broken: paint.red,
    unknown: paint.dim,
  };
  return Object.fromEntries(
    CHAIN_VERDICTS.map((verdict) => [verdict, colour[verdict](verdict.padEnd(width))]),
  ) as Record<ChainVerdict, string>;
}

/** The JSON type of one id value a live tool emitted: `4` is `integer`, `4.5` `number`, `"4"` `string`. */
export function jsonTypeOfValue(value: unknown): JsonType | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  if (typeof value === 'boolean') return 'boolean';
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'object') return 'object';
  return undefined;
}

/**
 * The verdict for a chain that was run: an id value a tool emitted, passed verbatim into an acceptor that publishes
 * `acceptedTypes`, and what its input validation did with it. It is `classifyChain` with what validation took as the
 * types the acceptor tolerates, so a live run and a static read of the same server agree: a guarded id that takes 47
 * and publishes string is `tolerated` in both. A value validation refused is `broken`, whatever the published type says.
 */
export function classifyObservedChain(
  value: unknown,
  acceptedTypes: readonly JsonType[],
  validation: 'accepted' | 'rejected',
): { verdict: ChainVerdict; reason: string } {
  const type = jsonTypeOfValue(value);
  const emitted = type === undefined ? [] : [type];
  if (validation === 'accepted') return classifyChain(emitted, acceptedTypes, emitted);
  const published = classifyChain(emitted, acceptedTypes);
  if (published.verdict === 'broken') return published;
  const accepted = typeList(acceptedTypes.filter((entry) => entry !== 'null')) || 'any type';
  return {
    verdict: 'broken',
    reason: `emits ${typeList(emitted) || 'a value'}, publishes ${accepted}, but validation rejects the value`,
  };
}
