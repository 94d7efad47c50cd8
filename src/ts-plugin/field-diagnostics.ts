import ts from 'typescript';
import { spanOf } from '../adapters/typescript/chain-findings.ts';
import type { ProjectChains } from '../adapters/typescript/project-chains.ts';
import {
  publishedFieldFindingsOf,
  type DispositionTables,
  type PublishedFieldFinding,
} from '../adapters/typescript/published-fields.ts';
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

function propertyNamed(table: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  return table.properties.find(
    (property) =>
      property.name !== undefined &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      property.name.text === key,
  );
}

function diagnostic(found: PublishedFieldFinding): ts.Diagnostic {
  const entry = found.table === undefined ? undefined : propertyNamed(found.table.literal, found.field);
  return {
    category: ts.DiagnosticCategory.Warning,
    code: found.kind === 'unread' ? FIELD_CODES.unreadField : FIELD_CODES.refusedField,
    source: DIAGNOSTIC_SOURCE,
    file: found.node.getSourceFile(),
    ...spanOf(found.node),
    messageText: found.message,
    relatedInformation:
      entry === undefined || found.table === undefined
        ? []
        : [
            {
              category: ts.DiagnosticCategory.Message,
              code: 0,
              file: entry.getSourceFile(),
              ...spanOf(entry),
              messageText: `${found.table.name} refuses ${found.field} here`,
            },
          ],
  };
}

/** The diagnostics at the published fields written in `fileName`, of every tool whose input has one there. */
export function fieldDiagnosticsFor(
  chains: ProjectChains,
  tables: DispositionTables,
  fileName: string,
  checker: ts.TypeChecker,
): ts.Diagnostic[] {
  const found: ts.Diagnostic[] = [];
  for (const { tool, input } of chains.tools) {
    if (!input.fields.some((field) => field.node.getSourceFile().fileName === fileName)) continue;
    for (const finding of publishedFieldFindingsOf(tool, input, tables, checker))
      if (finding.node.getSourceFile().fileName === fileName) found.push(diagnostic(finding));
  }
  return found;
}
