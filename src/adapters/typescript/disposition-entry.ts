import ts from 'typescript';
import type { HandlerReads } from './handler-reads.ts';

/**
 * One entry of a disposition table as this package writes it: the decision a field starts with and its text. The
 * dispositions codemod writes a whole table with it and the editor's "add missing disposition entry" fix one entry,
 * so both decide a field the same way and spell it the same way.
 */

/** The `warned(...)` message of a field the handler never reads: a decision left for the author to review. */
export const UNREAD_MESSAGE =
  'Published, but the handler never reads it: honour it, refuse it, or remove it from the shape.';

/** The decisions an entry starts with; `refused` is never assumed, since it changes what the server answers. */
export type StartingDecision = 'honored' | 'warned';

/**
 * `honored` for a field the handler reads, `warned` (to review) for one it never reads. When the reads cannot be told
 * (the handler passes its whole input on, or none was found) every field is `honored`: nothing shows it is ignored.
 */
export function startingDecisionOf(key: string, reads: HandlerReads): StartingDecision {
  return reads.kind === 'all' || reads.fields.has(key) ? 'honored' : 'warned';
}

/** `honored`, or `warned('...')` with the message in `quote`. */
export function decisionText(decision: StartingDecision, quote: string): string {
  if (decision === 'honored') return 'honored';
  return `warned(${quote}${UNREAD_MESSAGE.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`)}${quote})`;
}

/** A key as an object literal writes it: bare when it is an identifier, quoted otherwise. */
export function propertyKey(name: string, quote?: string): string {
  if (/^[A-Za-z_$][\w$]*$/.test(name)) return name;
  if (quote === undefined) return JSON.stringify(name);
  return `${quote}${name.replaceAll('\\', '\\\\').replaceAll(quote, `\\${quote}`)}${quote}`;
}

/** The quote the file's Zod import uses, so inserted strings look like the author's. */
export function zodImportQuote(file: ts.SourceFile): string {
  const zodImport = file.statements.find(
    (statement) =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text.startsWith('zod'),
  ) as ts.ImportDeclaration | undefined;
  return zodImport !== undefined && file.text.charAt(zodImport.moduleSpecifier.getStart(file)) === '"' ? '"' : "'";
}

/** A shape's keys in source order, as a table lists them; spreads and references are resolved by the checker. */
export function shapeKeysOf(node: ts.Node, checker: ts.TypeChecker): string[] {
  if (!ts.isObjectLiteralExpression(node)) {
    return checker
      .getTypeAtLocation(node)
      .getProperties()
      .map((symbol) => symbol.getName());
  }
  const keys = new Set<string>();
  for (const property of node.properties) {
    if (ts.isSpreadAssignment(property)) for (const key of shapeKeysOf(property.expression, checker)) keys.add(key);
    else {
      const symbol = checker.getSymbolAtLocation(property.name ?? property);
      const name =
        symbol?.getName() ??
        (property.name !== undefined && (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name))
          ? property.name.text
          : undefined);
      if (name !== undefined) keys.add(name);
    }
  }
  return [...keys];
}
