import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import {
  ENV_SETTERS,
  MOCK_BODY_KEYS,
  MOCK_RESPONSE_CALLEES,
  MOCK_ROUTE_OBJECTS,
  TOOL_CALL_CALLEES,
} from '../../src/model/defensive-cast.ts';
import { lastNameOf } from './estree-names.ts';

type Node = TSESTree.Node;

/**
 * Where a cast's value goes in a test: into a tool call (what an agent would send), into a mock of an upstream
 * response or an environment variable (where ids are what the API or the process hold, often strings), or neither.
 */
export type CastContext = 'tool-call' | 'mock-response' | 'env' | undefined;

/** `process.env.X`, `process.env['X']`, `import.meta.env.X`: a member chain that goes through `env`. */
function isEnvTarget(target: Node): boolean {
  for (let node = target; node.type === AST_NODE_TYPES.MemberExpression; node = node.object) {
    const { object } = node;
    if (object.type === AST_NODE_TYPES.Identifier && object.name === 'env') return true;
    if (object.type === AST_NODE_TYPES.MemberExpression && lastNameOf(object) === 'env') return true;
  }
  return false;
}

function contextOfCall(call: TSESTree.CallExpression | TSESTree.NewExpression): CastContext {
  const name = lastNameOf(call.callee);
  if (name === undefined) return undefined;
  if (TOOL_CALL_CALLEES.has(name)) return 'tool-call';
  if (MOCK_RESPONSE_CALLEES.has(name)) return 'mock-response';
  if (ENV_SETTERS.has(name)) return 'env';
  const { callee } = call;
  if (
    callee.type === AST_NODE_TYPES.MemberExpression &&
    callee.object.type === AST_NODE_TYPES.Identifier &&
    MOCK_ROUTE_OBJECTS.has(callee.object.name)
  )
    return 'mock-response';
  return undefined;
}

/** The context of the nearest call, assignment or mock body around `node` that gives one. */
export function castContextOf(node: Node): CastContext {
  let child = node;
  for (let parent = node.parent; parent != null; child = parent, parent = parent.parent) {
    switch (parent.type) {
      case AST_NODE_TYPES.CallExpression:
      case AST_NODE_TYPES.NewExpression: {
        if (parent.callee === child) break;
        const context = contextOfCall(parent);
        if (context !== undefined) return context;
        break;
      }
      case AST_NODE_TYPES.AssignmentExpression:
        if (parent.right === child && isEnvTarget(parent.left)) return 'env';
        break;
      case AST_NODE_TYPES.Property:
        if (
          parent.value === child &&
          (child.type === AST_NODE_TYPES.ArrowFunctionExpression || child.type === AST_NODE_TYPES.FunctionExpression)
        ) {
          const key = lastNameOf(parent.key);
          if (!parent.computed && key !== undefined && MOCK_BODY_KEYS.has(key)) return 'mock-response';
        }
        break;
      default:
    }
  }
  return undefined;
}
