import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { castContextOf, type CastContext, type CastStep } from '../../src/model/defensive-cast.ts';
import { lastNameOf } from './estree-names.ts';

type Node = TSESTree.Node;

export type { CastContext };

/** `process.env.X`, `process.env['X']`, `import.meta.env.X`: a member chain that goes through `env`. */
function isEnvTarget(target: Node): boolean {
  for (let node = target; node.type === AST_NODE_TYPES.MemberExpression; node = node.object) {
    const { object } = node;
    if (object.type === AST_NODE_TYPES.Identifier && object.name === 'env') return true;
    if (object.type === AST_NODE_TYPES.MemberExpression && lastNameOf(object) === 'env') return true;
  }
  return false;
}

/** The steps from `node` outwards, in the model's neutral form (the TypeScript side builds the same in the audit). */
function* castStepsOf(node: Node): Generator<CastStep> {
  let child = node;
  for (let parent = node.parent; parent != null; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.NewExpression: {
        if (parent.callee === child) break;
        const { callee } = parent;
        yield {
          kind: 'argument',
          callee: lastNameOf(callee),
          calleeObject:
            callee.type === AST_NODE_TYPES.MemberExpression && callee.object.type === AST_NODE_TYPES.Identifier
              ? callee.object.name
              : undefined,
        };
        break;
      }
      case AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === child && isEnvTarget(parent.left)) yield { kind: 'env-assignment' };
        break;
      case AST_NODE_TYPES.Property:
        if (
          parent.value === child &&
          !parent.computed &&
          (child.type === AST_NODE_TYPES.ArrowFunctionExpression || child.type === AST_NODE_TYPES.FunctionExpression)
        )
          yield { kind: 'property-function', key: lastNameOf(parent.key) };
        break;
      default:
    }
  }
}

/** Where the cast at `node` goes in a test (the model's `castContextOf`). */
export function castContextAt(node: Node): CastContext {
  return castContextOf(castStepsOf(node));
}
