import ts from 'typescript';
import { guardRewriteOf, type GuardName, type GuardRewrite } from '../../model/guard-rewrite.ts';
import type { SchemaExpr } from '../../model/schema-expr.ts';
import { namedImportEdit } from './import-edit.ts';

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

export const GUARD_FUNCTION: GuardName = 'guardId';
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

function isCoerceCallee(callee: ts.Expression, into: string): boolean {
  return (
    ts.isPropertyAccessExpression(callee) &&
    callee.name.text === into &&
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
  return inside ? rewrite : { kind: 'wrap', target: initializer, guard: rewrite.guard };
}

/**
 * Why a plan's edits cannot be made: the model's reason for a blocked plan, `coerce-nested` for a coerce that sits
 * inside another factory's call (`z.preprocess(f, z.coerce.string())`: replacing that callee would replace the wrong
 * one), or `comment` when an edit would drop a comment.
 */
export type GuardEditBlock =
  Extract<GuardRewrite<ts.Node>, { kind: 'blocked' }>['reason'] | 'coerce-nested' | 'comment';

/**
 * The edits for a plan (in no particular order), or the reason they cannot be made; `guard` is the local name the
 * file calls the plan's guard (`rewrite.guard`) by.
 */
export function guardEditsOf(rewrite: GuardRewrite<ts.Node>, guard: string): TextEdit[] | GuardEditBlock {
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
      if (!isCoerceCallee(callee, rewrite.into)) return 'coerce-nested';
      const calleeStart = callee.getStart(file);
      if (hasComment(file, calleeStart, callee.end)) return 'comment';
      return [open, { start: calleeStart, end: callee.end, text: `${rewrite.namespace}.${rewrite.into}` }, close];
    }
    case 'keep-string-branch': {
      const unionStart = rewrite.union.getStart(file);
      const branchStart = rewrite.branch.getStart(file);
      const removed = [
        { start: unionStart, end: branchStart, text: '' },
        { start: rewrite.branch.end, end: rewrite.union.end, text: '' },
      ].filter((edit) => edit.end > edit.start);
      if (removed.some((edit) => hasComment(file, edit.start, edit.end))) return 'comment';
      return [open, close, ...removed];
    }
    case 'blocked':
      return rewrite.reason;
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

/** The local name `guard` (`guardId` by default) is imported under in `file` (the name, or its alias), if it is. */
export function importedGuardName(
  file: ts.SourceFile,
  specifier: string = GUARD_MODULE,
  guard: GuardName = GUARD_FUNCTION,
): string | undefined {
  for (const statement of namedImportsFrom(file, specifier)) {
    const named = statement.importClause?.namedBindings;
    if (statement.importClause?.isTypeOnly === true || named === undefined || !ts.isNamedImports(named)) continue;
    for (const element of named.elements) {
      if (!element.isTypeOnly && (element.propertyName ?? element.name).text === guard) return element.name.text;
    }
  }
  return undefined;
}

/**
 * The edit that imports `guardId` into `file` (`namedImportEdit`, the one the codemods use): appended to a named
 * import from `specifier` when there is one, otherwise a new declaration after the last import, quoted and terminated
 * like the file's Zod import; an empty edit when it is imported already.
 */
export function guardImportEditOf(
  file: ts.SourceFile,
  specifier: string = GUARD_MODULE,
  guard: GuardName = GUARD_FUNCTION,
): TextEdit {
  return namedImportEdit(file, specifier, [{ name: guard }]) ?? { start: 0, end: 0, text: '' };
}
