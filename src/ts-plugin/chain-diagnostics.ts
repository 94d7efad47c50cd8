import ts from 'typescript';
import { CHAIN_VERDICT_MEANING, type ChainVerdict, type MatrixChain } from '../model/chain-matrix.ts';
import type { ChainSide, ProjectChains } from '../adapters/typescript/project-chains.ts';

/**
 * The chains of a program, as diagnostics of one file: an error at each acceptor field a chain breaks and at each
 * emitted id that breaks one, a warning at an acceptor a suspect chain ends in, a suggestion at a tolerated one; each
 * with the other ends as related information and the model's sentence for its verdict.
 */

export const DIAGNOSTIC_SOURCE = 'agent-contract';

/** Diagnostic codes, one per kind of finding; the guard quick fix answers the acceptor ones. */
export const CHAIN_CODES = {
  brokenAcceptor: 61001,
  brokenEmitter: 61002,
  suspectAcceptor: 61003,
  toleratedAcceptor: 61004,
} as const;

/** The codes at an acceptor that `guardId(...)` fixes. */
export const GUARDABLE_CODES: readonly number[] = [CHAIN_CODES.brokenAcceptor, CHAIN_CODES.suspectAcceptor];

type Chain = MatrixChain<ChainSide>;

/** Where a diagnostic about an end goes: a property's name, otherwise the first line of the node. */
export function spanOf(node: ts.Node): { start: number; length: number } {
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

function list(names: readonly string[]): string {
  const unique = [...new Set(names)];
  if (unique.length <= 3) return unique.length === 2 ? unique.join(' and ') : unique.join(', ');
  return `${unique.slice(0, 3).join(', ')} and ${unique.length - 3} more`;
}

function emitterName(side: ChainSide): string {
  return side.label === '' ? side.tool : `${side.tool} (${side.label})`;
}

function reasons(chains: readonly Chain[]): string {
  return [...new Set(chains.map((chain) => chain.reason))].join('; ');
}

function related(node: ts.Node, messageText: string): ts.DiagnosticRelatedInformation {
  return {
    category: ts.DiagnosticCategory.Message,
    code: 0,
    file: node.getSourceFile(),
    ...spanOf(node),
    messageText,
  };
}

function diagnostic(
  node: ts.Node,
  category: ts.DiagnosticCategory,
  code: number,
  messageText: string,
  relatedInformation: ts.DiagnosticRelatedInformation[],
): ts.Diagnostic {
  return {
    category,
    code,
    source: DIAGNOSTIC_SOURCE,
    file: node.getSourceFile(),
    ...spanOf(node),
    messageText,
    relatedInformation,
  };
}

function groupBy(chains: readonly Chain[], side: 'from' | 'to'): Map<ChainSide, Chain[]> {
  const groups = new Map<ChainSide, Chain[]>();
  for (const chain of chains) {
    const list = groups.get(chain[side]) ?? [];
    list.push(chain);
    groups.set(chain[side], list);
  }
  return groups;
}

const ACCEPTOR_KINDS: readonly {
  readonly verdict: ChainVerdict;
  readonly category: ts.DiagnosticCategory;
  readonly code: number;
  readonly fix: string;
}[] = [
  {
    verdict: 'broken',
    category: ts.DiagnosticCategory.Error,
    code: CHAIN_CODES.brokenAcceptor,
    fix: ' Wrap the schema in guardId(...): the published schema stays the same.',
  },
  {
    verdict: 'suspect',
    category: ts.DiagnosticCategory.Warning,
    code: CHAIN_CODES.suspectAcceptor,
    fix: ' Type what the emitters return, or wrap the schema in guardId(...).',
  },
  { verdict: 'tolerated', category: ts.DiagnosticCategory.Suggestion, code: CHAIN_CODES.toleratedAcceptor, fix: '' },
];

function acceptorDiagnostics(chains: readonly Chain[], fileName: string, verdicts: ReadonlySet<ChainVerdict>) {
  const found: ts.Diagnostic[] = [];
  for (const kind of ACCEPTOR_KINDS) {
    if (!verdicts.has(kind.verdict)) continue;
    const ofKind = chains.filter((chain) => chain.verdict === kind.verdict && fileOf(chain.to.node) === fileName);
    for (const [acceptor, into] of groupBy(ofKind, 'to')) {
      const verb = kind.verdict === 'tolerated' ? 'lets through' : 'rejects';
      const emitters = list(into.map((chain) => emitterName(chain.from)));
      const message = `${kind.verdict} chain: ${acceptor.label} of ${acceptor.tool} ${verb} the ${acceptor.field.entity} id ${emitters} ${into.length === 1 ? 'emits' : 'emit'} (${reasons(into)}); ${CHAIN_VERDICT_MEANING[kind.verdict]}.${kind.fix}`;
      found.push(
        diagnostic(
          acceptor.node,
          kind.category,
          kind.code,
          message,
          into.map((chain) =>
            related(chain.from.node, `${emitterName(chain.from)} emits the id here, as ${chain.from.type}`),
          ),
        ),
      );
    }
  }
  return found;
}

function emitterDiagnostics(chains: readonly Chain[], fileName: string): ts.Diagnostic[] {
  const broken = chains.filter((chain) => chain.verdict === 'broken' && fileOf(chain.from.node) === fileName);
  const found: ts.Diagnostic[] = [];
  for (const [emitter, from] of groupBy(broken, 'from')) {
    const acceptors = list(from.map((chain) => `${chain.to.tool} (${chain.to.label})`));
    const message = `broken chain: ${emitterName(emitter)} emits the ${emitter.field.entity} id as ${emitter.type}, which ${acceptors} ${from.length === 1 ? 'rejects' : 'reject'}; ${CHAIN_VERDICT_MEANING.broken}. Widen the acceptors with guardId(...), not this emitter.`;
    found.push(
      diagnostic(
        emitter.node,
        ts.DiagnosticCategory.Error,
        CHAIN_CODES.brokenEmitter,
        message,
        from.map((chain) =>
          related(chain.to.node, `${chain.to.tool} accepts ${chain.to.label} here, as ${chain.to.type}`),
        ),
      ),
    );
  }
  return found;
}

/** Errors and warnings for `fileName`: broken chains at both ends, suspect ones at the acceptor. */
export function chainErrorsFor(read: ProjectChains, fileName: string): ts.Diagnostic[] {
  return [
    ...acceptorDiagnostics(read.chains, fileName, new Set<ChainVerdict>(['broken', 'suspect'])),
    ...emitterDiagnostics(read.chains, fileName),
  ];
}

/** Suggestions for `fileName`: tolerated chains at the acceptor. */
export function chainSuggestionsFor(read: ProjectChains, fileName: string): ts.Diagnostic[] {
  return acceptorDiagnostics(read.chains, fileName, new Set<ChainVerdict>(['tolerated']));
}
