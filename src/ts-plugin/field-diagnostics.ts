import ts from 'typescript';
import type { EditorReading, PlacedFieldFinding } from '../adapters/typescript/index.ts';
import { DIAGNOSTIC_SOURCE } from './chain-diagnostics.ts';
import { editorCodeOf } from '../model/checks.ts';

/**
 * The published fields a tool does not stand behind, as diagnostics of one file: a field its handler never reads and
 * a field its disposition table refuses while the tool still publishes it. The findings are the audit's
 * (`publishedFieldFindingsOf`, its `unread-input-field` and `published-refused-field`).
 */

/** Diagnostic codes, next to the chain codes 61001 to 61004. */
export const FIELD_CODES = {
  unreadField: editorCodeOf('unread-input-field'),
  refusedField: editorCodeOf('published-refused-field'),
} as const;

function diagnostic(found: PlacedFieldFinding, file: ts.SourceFile, program: ts.Program): ts.Diagnostic {
  const refusedIn = found.refusedAt === undefined ? undefined : program.getSourceFile(found.refusedAt.fileName);
  return {
    category: ts.DiagnosticCategory.Warning,
    code: found.kind === 'unread' ? FIELD_CODES.unreadField : FIELD_CODES.refusedField,
    source: DIAGNOSTIC_SOURCE,
    file,
    ...found.span,
    messageText: found.message,
    relatedInformation:
      found.refusedAt === undefined || refusedIn === undefined
        ? []
        : [
            {
              category: ts.DiagnosticCategory.Message,
              code: 0,
              file: refusedIn,
              ...found.refusedAt.span,
              messageText: found.refusedAt.message,
            },
          ],
  };
}

/** The diagnostics at the published fields written in `fileName`, of every tool whose input has one there. */
export function fieldDiagnosticsFor(reading: EditorReading, program: ts.Program, fileName: string): ts.Diagnostic[] {
  const file = program.getSourceFile(fileName);
  if (file === undefined) return [];
  return reading.publishedFieldPlacesIn(fileName).map((found) => diagnostic(found, file, program));
}
