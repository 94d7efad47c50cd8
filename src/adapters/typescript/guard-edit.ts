import ts from 'typescript';
import { guardRewriteOf, type GuardRewrite } from '../../model/guard-rewrite.ts';
import type { SchemaExpr } from '../../model/schema-expr.ts';

/**
 * The text edits that guard one id acceptor, from the model's rewrite plan: `guardId(` and `)` around the plan's
 * target, the coerce callee or the union dropped where the plan says so, and the `guardId` import in the file's own
 * quote and semicolon style. The edits the guard-ids codemod makes for the same field, for front ends that fix one
 * field at a time (the editor plugin's quick fix).
 */

export interface TextEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export const GUARD_FUNCTION = 'guardId';
export const GUARD_MODULE = 'agent-contract';

function hasComment(file: ts.SourceFile, start: number, end: number): boolean {
  const slice = file.text.slice(start, end);
  if (!slice.includes('//') && !slice.includes('/*')) return false;
  const scanner = ts.createScanner(
    ts.ScriptTarget.Latest,
    false,
    file.languageVariant,
    file.text,
    undefined,
    start,
    end - start,
  );
  for (let token = scanner.scan(); token !== ts.SyntaxKind.EndOfFileToken; token = scanner.scan()) {
    if (token === ts.SyntaxKind.SingleLineCommentTrivia || token === ts.SyntaxKind.MultiLineCommentTrivia) return true;
  }
  return false;
}

function isCoerceStringCallee(callee: ts.Expression): boolean {
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === 'string' &&
    ts.isPropertyAccessExpression(callee.expression) &&
    callee.expression.name.text === 'coerce'
  );
}

/**
 * The plan for a field declared as `key: <initializer>` whose schema `value` was resolved: through a const, only the
 * use is wrapped (`guardId(nonEmpty)`), leaving the const to the fields that share it, as the codemod does.
 */
export function fieldGuardRewriteOf(field: ts.Node, value: SchemaExpr<ts.Node>): GuardRewrite<ts.Node> {
  const rewrite = guardRewriteOf(value);
  const initializer = ts.isPropertyAssignment(field) ? field.initializer : undefined;
  if (initializer === undefined || rewrite.kind === 'blocked') return rewrite;
  const inside = value.node.getStart() >= initializer.getStart() && value.node.end <= initializer.end;
  return inside ? rewrite : { kind: 'wrap', target: initializer };
}

/** The edits for a plan, or undefined when it is blocked or would drop a comment. */
export function guardEditsOf(rewrite: GuardRewrite<ts.Node>, guard: string): TextEdit[] | undefined {
  const file = rewrite.target.getSourceFile();
  const start = rewrite.target.getStart(file);
  const end = rewrite.target.end;
  const open: TextEdit = { start, end: start, text: `${guard}(` };
  const close: TextEdit = { start: end, end, text: ')' };
  switch (rewrite.kind) {
    case 'wrap':
      return [open, close];
    case 'drop-coerce': {
      const callee = (rewrite.factory as ts.CallExpression).expression;
      if (!isCoerceStringCallee(callee)) return undefined;
      const calleeStart = callee.getStart(file);
      if (hasComment(file, calleeStart, callee.end)) return undefined;
      return [open, { start: calleeStart, end: callee.end, text: `${rewrite.namespace}.string` }, close];
    }
    case 'keep-string-branch': {
      const unionStart = rewrite.union.getStart(file);
      const branchStart = rewrite.branch.getStart(file);
      const removed = [
        { start: unionStart, end: branchStart, text: '' },
        { start: rewrite.branch.end, end: rewrite.union.end, text: '' },
      ].filter((edit) => edit.end > edit.start);
      if (removed.some((edit) => hasComment(file, edit.start, edit.end))) return undefined;
      return [open, close, ...removed];
    }
    case 'blocked':
      return undefined;
  }
}

function namedImportsFrom(file: ts.SourceFile, specifier: string): ts.ImportDeclaration[] {
  return file.statements.filter(
    (statement): statement is ts.ImportDeclaration =>
      ts.isImportDeclaration(statement) &&
      ts.isStringLiteral(statement.moduleSpecifier) &&
      statement.moduleSpecifier.text === specifier,
  );
}

/** The local name `guardId` is imported under in `file` (`guardId`, or its alias), if it is. */
export function importedGuardName(file: ts.SourceFile, specifier: string = GUARD_MODULE): string | undefined {
  for (const statement of namedImportsFrom(file, specifier)) {
    const named = statement.importClause?.namedBindings;
    if (statement.importClause?.isTypeOnly === true || named === undefined || !ts.isNamedImports(named)) continue;
    for (const element of named.elements) {
      if (!element.isTypeOnly && (element.propertyName ?? element.name).text === GUARD_FUNCTION)
        return element.name.text;
    }
  }
  return undefined;
}

/**
 * The edit that imports `guardId` into `file`: appended to a named import from `specifier` when there is one,
 * otherwise a new declaration after the last import, quoted and terminated like the file's Zod import.
 */
export function guardImportEditOf(file: ts.SourceFile, specifier: string = GUARD_MODULE): TextEdit {
  const text = file.text;
  const existing = namedImportsFrom(file, specifier).find(
    (statement) =>
      statement.importClause !== undefined &&
      !statement.importClause.isTypeOnly &&
      statement.importClause.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings),
  );
  const named = existing?.importClause?.namedBindings;
  if (named !== undefined && ts.isNamedImports(named)) {
    const last = named.elements.at(-1);
    if (last === undefined) return { start: named.getStart(file), end: named.end, text: `{ ${GUARD_FUNCTION} }` };
    if (named.elements.hasTrailingComma) {
      const lineStart = text.lastIndexOf('\n', last.getStart(file)) + 1;
      const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
      const multiline = text.slice(named.getStart(file), named.end).includes('\n');
      return {
        start: named.elements.end,
        end: named.elements.end,
        text: multiline ? `\n${indent}${GUARD_FUNCTION},` : ` ${GUARD_FUNCTION},`,
      };
    }
    return { start: last.end, end: last.end, text: `, ${GUARD_FUNCTION}` };
  }
  const imports = file.statements.filter(ts.isImportDeclaration);
  const anchor = imports.at(-1);
  const zodImport = imports.find(
    (statement) => ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text.startsWith('zod'),
  );
  const quote = text.charAt((zodImport ?? anchor)?.moduleSpecifier.getStart(file) ?? 0) === '"' ? '"' : "'";
  const semicolon = anchor === undefined || text.charAt(anchor.end - 1) === ';' ? ';' : '';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const declaration = `import { ${GUARD_FUNCTION} } from ${quote}${specifier}${quote}${semicolon}`;
  if (anchor === undefined) return { start: 0, end: 0, text: `${declaration}${newline}` };
  let after = anchor.end;
  for (const comment of ts.getTrailingCommentRanges(text, anchor.end) ?? []) after = Math.max(after, comment.end);
  const lineEnd = text.indexOf('\n', after);
  if (lineEnd === -1) return { start: text.length, end: text.length, text: `${newline}${declaration}` };
  return { start: lineEnd + 1, end: lineEnd + 1, text: `${declaration}${newline}` };
}
