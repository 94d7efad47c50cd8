import ts from 'typescript';
import { nameList, type ChainFinding, type ProgramChains } from '../adapters/typescript/index.ts';
import { editorCodeOf } from '../model/checks.ts';
import { runtimeImportFor } from '../adapters/packages/index.ts';
import { LOCAL_GUARD_MODULE_NAME } from '../model/zod-imports.ts';

/**
 * The chains of a program, as diagnostics of one file: an error at each acceptor field a chain breaks, a warning at an
 * acceptor a suspect chain ends in, a suggestion at a tolerated one. Emitters get none: the fix is at the acceptor,
 * and each emitter is a related location of the acceptor's diagnostic. The message is one short sentence (at most
 * `MESSAGE_LIMIT` characters); the whole finding (src/adapters/typescript/chain-findings.ts, which the lint rule
 * reports too) is the first related information.
 */

/** The longest message the editor shows inline; the detail goes to related information. */
export const MESSAGE_LIMIT = 160;

export const DIAGNOSTIC_SOURCE = 'agent-contract';

/** Diagnostic codes, one per kind of finding; the guard quick fix answers the acceptor ones. */
export const CHAIN_CODES = {
  brokenAcceptor: editorCodeOf('broken-chain'),
  suspectAcceptor: editorCodeOf('suspect-chain'),
  toleratedAcceptor: editorCodeOf('tolerated-chain'),
} as const;

/** The codes at an acceptor that `guardId(...)` fixes. */
export const GUARDABLE_CODES: readonly number[] = [CHAIN_CODES.brokenAcceptor, CHAIN_CODES.suspectAcceptor];

/** `get_ticket.ticketId rejects the ticket id list_tickets emits: wrap it in guardId(...)`, with fewer names if long. */
export function shortMessage(found: ChainFinding): string {
  const { side, verdict, otherTools } = found;
  const emit = otherTools.length === 1 ? 'emits' : 'emit';
  const sentence = (shown: number): string => {
    const ends = `the ${side.entity} id ${nameList(otherTools, shown)} ${emit}`;
    const field = `${side.tool}.${side.label}`;
    if (verdict === 'broken') return `${field} rejects ${ends}: wrap it in ${found.guard}(...)`;
    if (verdict === 'suspect')
      return `${field} may reject ${ends}: type what they return, or wrap it in ${found.guard}(...)`;
    return `${field} lets through ${ends}`;
  };
  for (const shown of [3, 2, 1]) {
    const message = sentence(shown);
    if (message.length <= MESSAGE_LIMIT || shown === 1) return message;
  }
  return sentence(1);
}

function diagnostic(
  found: ChainFinding,
  program: ts.Program,
  category: ts.DiagnosticCategory,
  code: number,
): ts.Diagnostic {
  const file = program.getSourceFile(found.side.fileName);
  const { span } = found.side;
  return {
    category,
    code,
    source: DIAGNOSTIC_SOURCE,
    file,
    ...span,
    messageText: shortMessage(found),
    relatedInformation: [
      { category: ts.DiagnosticCategory.Message, code: 0, file, ...span, messageText: found.message },
      ...found.others.map((other) => ({
        category: ts.DiagnosticCategory.Message,
        code: 0,
        file: program.getSourceFile(other.side.fileName),
        ...other.side.span,
        messageText: other.message,
      })),
    ],
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

/** Errors and warnings for `fileName`: broken and suspect chains at the acceptor. */
export function chainErrorsFor(chains: ProgramChains, program: ts.Program, fileName: string): ts.Diagnostic[] {
  return [
    ...chains
      .acceptorFindingsIn(fileName, 'broken')
      .map((found) =>
        withGuardAdvice(diagnostic(found, program, ts.DiagnosticCategory.Error, CHAIN_CODES.brokenAcceptor)),
      ),
    ...chains
      .acceptorFindingsIn(fileName, 'suspect')
      .map((found) =>
        withGuardAdvice(diagnostic(found, program, ts.DiagnosticCategory.Warning, CHAIN_CODES.suspectAcceptor)),
      ),
  ];
}

/** Suggestions for `fileName`: tolerated chains at the acceptor. */
export function chainSuggestionsFor(chains: ProgramChains, program: ts.Program, fileName: string): ts.Diagnostic[] {
  return chains
    .acceptorFindingsIn(fileName, 'tolerated')
    .map((found) => diagnostic(found, program, ts.DiagnosticCategory.Suggestion, CHAIN_CODES.toleratedAcceptor));
}
