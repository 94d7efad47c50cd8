import ts from 'typescript';
import {
  acceptorFindingsOf,
  brokenEmitterFindingsOf,
  type ChainFinding,
} from '../adapters/typescript/chain-findings.ts';
import type { ProjectChains } from '../adapters/typescript/project-chains.ts';
import { runtimeImportFor } from '../adapters/packages/runtime-import.ts';
import { LOCAL_GUARD_MODULE_NAME } from '../model/zod-imports.ts';

/**
 * The chains of a program, as diagnostics of one file: an error at each acceptor field a chain breaks and at each
 * emitted id that breaks one, a warning at an acceptor a suspect chain ends in, a suggestion at a tolerated one; each
 * with the other ends as related information and the model's sentence for its verdict (the findings of
 * src/adapters/typescript/chain-findings.ts, which the lint rule reports too).
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

function diagnostic(found: ChainFinding, category: ts.DiagnosticCategory, code: number): ts.Diagnostic {
  return {
    category,
    code,
    source: DIAGNOSTIC_SOURCE,
    file: found.side.node.getSourceFile(),
    ...found.span,
    messageText: found.message,
    relatedInformation: found.others.map((other) => ({
      category: ts.DiagnosticCategory.Message,
      code: 0,
      file: other.side.node.getSourceFile(),
      ...other.span,
      messageText: other.message,
    })),
  };
}

/**
 * At an acceptor the guard fix cannot write an import for (agent-contract only a devDependency, no local helper yet):
 * the one line that says how to get one, as related information at the acceptor.
 */
function withGuardAdvice(found: ts.Diagnostic): ts.Diagnostic {
  const file = found.file;
  if (file === undefined) return found;
  const choice = runtimeImportFor(file.fileName, LOCAL_GUARD_MODULE_NAME, 'guard-ids');
  if (choice.kind !== 'missing') return found;
  return {
    ...found,
    relatedInformation: [
      ...(found.relatedInformation ?? []),
      {
        category: ts.DiagnosticCategory.Message,
        code: 0,
        file,
        start: found.start ?? 0,
        length: found.length ?? 1,
        messageText: choice.advice,
      },
    ],
  };
}

/** Errors and warnings for `fileName`: broken chains at both ends, suspect ones at the acceptor. */
export function chainErrorsFor(read: ProjectChains, fileName: string): ts.Diagnostic[] {
  return [
    ...acceptorFindingsOf(read, fileName, 'broken').map((found) =>
      withGuardAdvice(diagnostic(found, ts.DiagnosticCategory.Error, CHAIN_CODES.brokenAcceptor)),
    ),
    ...acceptorFindingsOf(read, fileName, 'suspect').map((found) =>
      withGuardAdvice(diagnostic(found, ts.DiagnosticCategory.Warning, CHAIN_CODES.suspectAcceptor)),
    ),
    ...brokenEmitterFindingsOf(read, fileName).map((found) =>
      diagnostic(found, ts.DiagnosticCategory.Error, CHAIN_CODES.brokenEmitter),
    ),
  ];
}

/** Suggestions for `fileName`: tolerated chains at the acceptor. */
export function chainSuggestionsFor(read: ProjectChains, fileName: string): ts.Diagnostic[] {
  return acceptorFindingsOf(read, fileName, 'tolerated').map((found) =>
    diagnostic(found, ts.DiagnosticCategory.Suggestion, CHAIN_CODES.toleratedAcceptor),
  );
}
