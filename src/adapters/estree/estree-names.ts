import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';

/** The last name of a callee or member: `fetch` in `fetch(...)`, `json` in `HttpResponse.json`; undefined for `a[b]`. */
export function lastNameOf(node: TSESTree.Node): string | undefined {
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (
    node.type === AST_NODE_TYPES.MemberExpression &&
    !node.computed &&
    node.property.type === AST_NODE_TYPES.Identifier
  )
    return node.property.name;
  return undefined;
}
