import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import type { ClassMemberSite, ClassSite } from '../../model/tool-registration.ts';

type Node = TSESTree.Node;

function memberName(key: TSESTree.Node, computed: boolean): string | undefined {
  if (computed) return undefined;
  if (key.type === AST_NODE_TYPES.Identifier) return key.name;
  return key.type === AST_NODE_TYPES.Literal && typeof key.value === 'string' ? key.value : undefined;
}

/** The one expression a function returns; undefined when it returns several or none. */
function singleReturned(fn: TSESTree.FunctionExpression | TSESTree.TSEmptyBodyFunctionExpression): Node | undefined {
  if (fn.body === null || fn.body === undefined) return undefined;
  const returns = fn.body.body.filter((statement) => statement.type === AST_NODE_TYPES.ReturnStatement);
  return returns.length === 1 ? (returns[0]?.argument ?? undefined) : undefined;
}

/** A class's own instance members in the model's neutral form (static members and abstract declarations say nothing). */
export function classSiteOf(body: TSESTree.ClassBody): ClassSite<Node> {
  const members: ClassMemberSite<Node>[] = [];
  for (const member of body.body) {
    if (member.type === AST_NODE_TYPES.PropertyDefinition) {
      const name = memberName(member.key, member.computed);
      if (name === undefined || member.static) continue;
      const site = { name, kind: 'property', node: member } as const;
      members.push(member.value === null ? site : { ...site, value: member.value });
    } else if (member.type === AST_NODE_TYPES.MethodDefinition && (member.kind === 'method' || member.kind === 'get')) {
      const name = memberName(member.key, member.computed);
      if (name === undefined || member.static) continue;
      const value = singleReturned(member.value);
      const kind = member.kind === 'get' ? 'getter' : 'method';
      members.push(value === undefined ? { name, kind, node: member } : { name, kind, node: member, value });
    }
  }
  return { members, extendsClass: body.parent.superClass !== null };
}
