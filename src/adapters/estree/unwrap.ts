import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';

type Node = TSESTree.Node;

/**
 * Nodes that wrap an expression without changing its value: `x as T`, `x satisfies T`, `x!`, `<T>x` and the optional
 * chain around `a?.b`. Parentheses leave no node in ESTree. Every ESTree reader skips exactly these.
 */
export type ExpressionWrapper =
  | TSESTree.TSAsExpression
  | TSESTree.TSSatisfiesExpression
  | TSESTree.TSNonNullExpression
  | TSESTree.TSTypeAssertion
  | TSESTree.ChainExpression;

export function isExpressionWrapper(node: Node): node is ExpressionWrapper {
  return (
    node.type === AST_NODE_TYPES.TSAsExpression ||
    node.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    node.type === AST_NODE_TYPES.TSNonNullExpression ||
    node.type === AST_NODE_TYPES.TSTypeAssertion ||
    node.type === AST_NODE_TYPES.ChainExpression
  );
}

/** The expression inside every wrapper: `(shape as const)!` is read as `shape`. */
export function unwrap(node: Node): Node {
  let current = node;
  while (isExpressionWrapper(current)) current = current.expression;
  return current;
}

/** The outermost wrapper around `node`, or `node` itself: the node that sits where the value is used. */
export function outermostWrapper(node: Node): Node {
  let current = node;
  while (current.parent !== undefined && isExpressionWrapper(current.parent)) current = current.parent;
  return current;
}

/**
 * A dotted member chain and the identifier it starts from, each step unwrapped: `z.string` -> `string` under `z`,
 * `liveEnv.pull.prId` -> `pull`, `prId` under `liveEnv`. Undefined when a step is computed or the root is no name.
 */
export function dottedPathOf(node: Node): { readonly path: string[]; readonly root: TSESTree.Identifier } | undefined {
  const path: string[] = [];
  let current = unwrap(node);
  while (
    current.type === AST_NODE_TYPES.MemberExpression &&
    !current.computed &&
    current.property.type === AST_NODE_TYPES.Identifier
  ) {
    path.unshift(current.property.name);
    current = unwrap(current.object);
  }
  return current.type === AST_NODE_TYPES.Identifier ? { path, root: current } : undefined;
}
