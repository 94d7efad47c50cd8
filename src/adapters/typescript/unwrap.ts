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
