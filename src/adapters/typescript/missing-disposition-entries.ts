import ts from 'typescript';
import {
  decisionText,
  propertyKey,
  shapeKeysOf,
  startingDecisionOf,
  zodImportQuote,
  type StartingDecision,
} from './disposition-entry.ts';
import type { HandlerReads } from './handler-reads.ts';
import { helperSpecifier, runtimeImportFor } from '../packages/runtime-import.ts';
import { LOCAL_DISPOSITIONS_MODULE_NAME } from '../../model/zod-imports.ts';
import { namedImportEdit, type ImportEdit } from './import-edit.ts';
import type { DispositionTable } from './published-fields.ts';

/**
 * The entries a disposition table lacks for its shape's fields, each as the edits that add it: in the shape's field
 * order, in the table's own layout, quotes and commas, with the decision the dispositions codemod would write for it
 * (`startingDecisionOf`) and its import.
 */

export interface MissingEntry {
  readonly key: string;
  readonly decision: StartingDecision;
  /** The entry as inserted: `priority: honored`. */
  readonly text: string;
  readonly edits: readonly ImportEdit[];
}

/** The names the package's runtime exports for a table, to find the module a file imports them from. */
const RUNTIME_NAMES = new Set(['Disposition', 'honored', 'warned', 'refused', 'offeredShape', 'dispositionsFor']);

/**
 * The module the file imports the table's helpers from, else `agent-contract`; that one only where the deploy resolves
 * it (`runtimeImportFor`): else the project's local dispositions helper, else undefined (nothing to import from yet).
 */
function runtimeModuleOf(file: ts.SourceFile): string | undefined {
  let module = 'agent-contract';
  for (const statement of file.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const named = statement.importClause?.namedBindings;
    if (named === undefined || !ts.isNamedImports(named)) continue;
    if (named.elements.some((element) => RUNTIME_NAMES.has((element.propertyName ?? element.name).text))) {
      module = statement.moduleSpecifier.text;
      break;
    }
  }
  if (module !== 'agent-contract') return module;
  const choice = runtimeImportFor(file.fileName, LOCAL_DISPOSITIONS_MODULE_NAME, 'dispositions');
  if (choice.kind === 'missing') return undefined;
  return choice.kind === 'package' ? module : helperSpecifier(file.fileName, choice.helper, file.text);
}

function keyOf(property: ts.ObjectLiteralElementLike): string | undefined {
  const name = property.name;
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name) ? name.text : undefined;
}

/** The quote of the first string the table holds, else the file's Zod import's, as the codemod chooses. */
function quoteOf(table: ts.ObjectLiteralExpression): string {
  const file = table.getSourceFile();
  let quote: string | undefined;
  const visit = (node: ts.Node): void => {
    if (quote !== undefined) return;
    if (ts.isStringLiteral(node)) quote = file.text.charAt(node.getStart(file));
    else ts.forEachChild(node, visit);
  };
  visit(table);
  return quote ?? zodImportQuote(file);
}

function indentationAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** The end of the comma right after `property`, or undefined when none follows it. */
function commaAfter(property: ts.Node, file: ts.SourceFile): number | undefined {
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    true,
    file.languageVariant,
    file.text,
    undefined,
    property.end,
  );
  return scanner.scan() === ts.SyntaxKind.CommaToken ? scanner.getTokenEnd() : undefined;
}

/** Where `entry` goes in `table` so it follows `before` (or comes first), and the text to insert there. */
function insertion(
  table: ts.ObjectLiteralExpression,
  before: ts.ObjectLiteralElementLike | undefined,
  entry: string,
): { at: number; text: string } {
  const file = table.getSourceFile();
  const text = file.text;
  const properties = table.properties;
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const [first] = properties;
  if (first === undefined) {
    const indent = indentationAt(text, table.getStart(file));
    const multiline = text.slice(table.getStart(file), table.end).includes('\n');
    const at = table.getStart(file) + 1;
    return multiline ? { at, text: `${newline}${indent}  ${entry},` } : { at, text: ` ${entry} ` };
  }
  const multiline = text.slice(table.getStart(file), table.end).includes('\n');
  const neighbour = before ?? first;
  const separator = multiline ? `${newline}${indentationAt(text, neighbour.getStart(file))}` : ' ';
  if (before === undefined) return { at: first.getStart(file), text: `${entry},${separator}` };
  const comma = commaAfter(before, file);
  if (comma !== undefined) return { at: comma, text: `${separator}${entry},` };
  return { at: before.end, text: `,${separator}${entry}` };
}

/** Each field of the table's shape that has no entry, with the edits that add it; `reads` decides its decision. */
export function missingEntriesOf(
  table: DispositionTable,
  reads: HandlerReads,
  checker: ts.TypeChecker,
): MissingEntry[] {
  if (table.shape === undefined) return [];
  const file = table.literal.getSourceFile();
  const present = new Map<string, ts.ObjectLiteralElementLike>();
  for (const property of table.literal.properties) {
    const key = keyOf(property);
    if (key !== undefined) present.set(key, property);
  }
  if (table.literal.properties.some((property) => keyOf(property) === undefined)) return [];
  const keys = shapeKeysOf(table.shape, checker);
  const quote = quoteOf(table.literal);
  const quotedKey = table.literal.properties.find(
    (property) => property.name !== undefined && ts.isStringLiteral(property.name),
  );
  const keyQuote = quotedKey?.name === undefined ? undefined : file.text.charAt(quotedKey.name.getStart(file));
  const module = runtimeModuleOf(file);
  if (module === undefined) return [];
  const missing: MissingEntry[] = [];
  let previous: ts.ObjectLiteralElementLike | undefined;
  for (const key of keys) {
    const existing = present.get(key);
    if (existing !== undefined) {
      previous = existing;
      continue;
    }
    const decision = startingDecisionOf(key, reads);
    const entry = `${propertyKey(key, keyQuote)}: ${decisionText(decision, quote)}`;
    const { at, text } = insertion(table.literal, previous, entry);
    const importEdit = namedImportEdit(file, module, [{ name: decision }]);
    missing.push({
      key,
      decision,
      text: entry,
      edits: [...(importEdit === undefined ? [] : [importEdit]), { start: at, end: at, text }],
    });
  }
  return missing;
}
