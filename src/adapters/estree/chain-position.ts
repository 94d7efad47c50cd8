import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { outermostWrapper } from './unwrap.ts';

type Node = TSESTree.Node;

/** The property key a schema expression is the value of (`ticketId` in `{ ticketId: z.string() as never }`), when it is one. */
export function propertyKeyOf(node: Node): string | undefined {
  const value = outermostWrapper(node);
  const parent = value.parent;
  if (parent?.type !== AST_NODE_TYPES.Property || parent.value !== value || parent.computed) return undefined;
  if (parent.key.type === AST_NODE_TYPES.Identifier) return parent.key.name;
  if (parent.key.type === AST_NODE_TYPES.Literal && typeof parent.key.value === 'string') return parent.key.value;
  return undefined;
}

/** The outermost call of the method chain `node` starts: `z.union([...]).optional()` for `z.union([...])`. */
export function outermostChain(node: TSESTree.CallExpression): TSESTree.CallExpression {
  let current: TSESTree.CallExpression = node;
  while (
    current.parent.type === AST_NODE_TYPES.MemberExpression &&
    current.parent.object === current &&
    current.parent.parent.type === AST_NODE_TYPES.CallExpression &&
    current.parent.parent.callee === current.parent
  ) {
    current = current.parent.parent;
  }
  return current;
}
