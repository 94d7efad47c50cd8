import ts from 'typescript';

/**
 * The expression inside parentheses and type-only wrappers (`as`, `satisfies`, `!`, `<T>x`), which change nothing a
 * schema or a handler's value means. `await` is skipped too when `throughAwait` is set: an emitter's `await f()` yields
 * what `f()` resolves to.
 */
export function unwrapExpression(
  expr: ts.Expression,
  { throughAwait = false }: { readonly throughAwait?: boolean } = {},
): ts.Expression {
  let current = expr;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isNonNullExpression(current) ||
    ts.isTypeAssertionExpression(current) ||
    (throughAwait && ts.isAwaitExpression(current))
  ) {
    current = current.expression;
  }
  return current;
}

/** The outermost of the parentheses, `as` and `satisfies` wrapped around an expression (the expression itself when none). */
export function wrappedExpression(expr: ts.Node): ts.Node {
  let node = expr;
  while (
    ts.isParenthesizedExpression(node.parent) ||
    ts.isAsExpression(node.parent) ||
    ts.isSatisfiesExpression(node.parent)
  )
    node = node.parent;
  return node;
}

/** The node's source on one line, white space folded, cut to `limit` characters with an ellipsis: for messages. */
export function shortText(node: ts.Node, limit = 60): string {
  const text = node
    .getText()
    .replace(/\s*\n\s*/g, ' ')
    .replace(/\s+/g, ' ');
  return text.length <= limit ? text : `${text.slice(0, limit - 1)}…`;
}

/** The name a call is made by: `f` of `f(...)`, `registerTool` of `server.registerTool(...)`. */
export function calleeName(call: ts.CallExpression): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
}

/** Return statements of a function body or a `case` clause, not those of functions nested in it. */
export function returnedExpressions(body: ts.Node): ts.Expression[] {
  if (ts.isArrowFunction(body) && !ts.isBlock(body.body)) return [body.body];
  const found: ts.Expression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isReturnStatement(node)) {
      if (node.expression !== undefined) found.push(node.expression);
      return;
    }
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    ts.forEachChild(node, visit);
  };
  const start = ts.isFunctionLike(body) ? (body as ts.FunctionLikeDeclarationBase).body : body;
  // A `case` clause or an `if` branch is not a function: its own statements are walked.
  if (start !== undefined) ts.forEachChild(start, visit);
  return found;
}

/** The text of a property's name when it is written as a name or a string (`name`, `'name'`), else undefined. */
export function propertyName(name: ts.PropertyName | undefined): string | undefined {
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)
    ? name.text
    : undefined;
}
