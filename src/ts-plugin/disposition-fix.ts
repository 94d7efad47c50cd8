import ts from 'typescript';
import { handlerReadsOf, dispositionTableOf, type DispositionTable } from '../adapters/typescript/published-fields.ts';
import type { HandlerReads } from '../adapters/typescript/handler-reads.ts';
import { missingEntriesOf } from '../adapters/typescript/missing-disposition-entries.ts';
import type { ProgramReading } from './plugin.ts';

/**
 * The fix TypeScript's own error on an incomplete disposition table gets: the missing entry, with the decision the
 * dispositions codemod writes for it (`honored` for a field the handler reads, `warned` to review for one it never
 * reads), so the fix and the codemod agree field for field.
 */

export const DISPOSITION_FIX_NAME = 'agentContractDispositionEntry';

/**
 * TypeScript's codes for a table that lacks a key: 1360 at the `satisfies` of `{...} as const satisfies Record<keyof
 * typeof shape, Disposition>`, 2345 at the literal of `dispositionsFor(shape)({...})`.
 */
export const TABLE_ERROR_CODES: readonly number[] = [1360, 2345];

/** The table whose declaration holds `start`..`end`. */
function tableAt(
  file: ts.SourceFile,
  start: number,
  end: number,
  reading: ProgramReading,
): DispositionTable | undefined {
  let found: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (node.end < start || node.getStart(file) > end) return;
    if (ts.isVariableDeclaration(node)) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found === undefined ? undefined : dispositionTableOf(found, reading.checker, reading.chains.surface.resolver);
}

/** What the handler of the tool whose input is the table's shape reads; `all` when no tool has it as its input. */
function readsOfShape(table: DispositionTable, reading: ProgramReading): HandlerReads {
  for (const { tool, input } of reading.chains.tools) {
    if (input.fields.some((field) => field.path.length === 1 && field.node.parent === table.shape))
      return handlerReadsOf(tool, input, reading.checker);
  }
  return { kind: 'all', reason: 'no tool takes the shape as its input' };
}

export function dispositionEntryFixesAt(
  reading: ProgramReading,
  fileName: string,
  start: number,
  end: number,
): ts.CodeFixAction[] {
  const file = reading.chains.surface.serverFiles.find((candidate) => candidate.fileName === fileName);
  if (file === undefined) return [];
  const table = tableAt(file, start, end, reading);
  if (table === undefined) return [];
  return missingEntriesOf(table, readsOfShape(table, reading), reading.checker).map((entry) => ({
    fixName: DISPOSITION_FIX_NAME,
    description: `Add ${entry.decision === 'honored' ? entry.text : `${entry.key}: warned(...)`} to ${table.name}`,
    changes: [
      {
        fileName,
        textChanges: entry.edits.map((edit) => ({
          span: { start: edit.start, length: edit.end - edit.start },
          newText: edit.text,
        })),
      },
    ],
  }));
}
