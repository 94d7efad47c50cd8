import { ASTUtils, AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import {
  castOfCallee,
  castOfMethod,
  coverUpOf,
  globalOfCast,
  type CastStep,
  type DefensiveCastKind,
} from '../../model/defensive-cast.ts';
import { lastNameOf } from './estree-names.ts';
import { dottedPathOf, unwrap } from './unwrap.ts';

/**
 * The ESTree reader of defensive id casts, twin of the TypeScript one in `src/adapters/typescript/defensive-casts.ts`
 * (the agreement test holds them together); ESLint's scope manager says what is global and what a const holds.
 */

type Node = TSESTree.Node;

/** A defensive cast around an id value, found in ESTree: `String(ticket.id)` and its relatives. */
export interface DefensiveCastSite {
  readonly kind: DefensiveCastKind;
  /** The whole cast expression, which a fix replaces by `value`. */
  readonly node: Node;
  readonly value: Node;
  readonly idName: string;
}

/** `ticket.id` -> `['ticket', 'id']`, `ticket?.['ticketId']` -> `[..., 'ticketId']`; undefined for anything else. */
function accessNames(input: Node): string[] | undefined {
  const node = unwrap(input);
  if (node.type === AST_NODE_TYPES.Identifier) return [node.name];
  if (node.type !== AST_NODE_TYPES.MemberExpression) return undefined;
  const { property } = node;
  const name =
    !node.computed && property.type === AST_NODE_TYPES.Identifier
      ? property.name
      : node.computed && property.type === AST_NODE_TYPES.Literal && typeof property.value === 'string'
        ? property.value
        : undefined;
  if (name === undefined) return undefined;
  return [...(accessNames(node.object) ?? ['?']), name];
}

function isEmptyString(node: Node): boolean {
  return (
    (node.type === AST_NODE_TYPES.Literal && node.value === '') ||
    (node.type === AST_NODE_TYPES.TemplateLiteral &&
      node.expressions.length === 0 &&
      node.quasis.every((quasi) => quasi.value.cooked === ''))
  );
}

/** True when `name` at `node` is the global (no local or import of that name shadows it). */
function isGlobal(sourceCode: Readonly<TSESLint.SourceCode>, node: Node, name: string): boolean {
  const variable = ASTUtils.findVariable(sourceCode.getScope(node), name);
  return variable === null || variable.defs.length === 0;
}

function calleeText(callee: Node): string | undefined {
  const node = unwrap(callee);
  if (node.type === AST_NODE_TYPES.Identifier) return node.name;
  if (
    node.type === AST_NODE_TYPES.MemberExpression &&
    !node.computed &&
    node.object.type === AST_NODE_TYPES.Identifier &&
    node.property.type === AST_NODE_TYPES.Identifier
  ) {
    return `${node.object.name}.${node.property.name}`;
  }
  return undefined;
}

/**
 * The defensive cast `node` is, or undefined. Visit `CallExpression`, `TemplateLiteral`, `UnaryExpression` and
 * `BinaryExpression` nodes; each shape is checked before any scope look-up, so most nodes cost one comparison.
 */
export function defensiveCastOf(
  node: Node,
  sourceCode: Readonly<TSESLint.SourceCode>,
  ignoredNames: readonly string[] = [],
): DefensiveCastSite | undefined {
  let kind: DefensiveCastKind | undefined;
  let value: Node | undefined;
  switch (node.type) {
    case AST_NODE_TYPES.CallExpression: {
      const callee = unwrap(node.callee);
      const first = node.arguments[0];
      const method =
        callee.type === AST_NODE_TYPES.MemberExpression &&
        !callee.computed &&
        callee.property.type === AST_NODE_TYPES.Identifier
          ? castOfMethod(callee.property.name, node.arguments.length)
          : undefined;
      if (method !== undefined && callee.type === AST_NODE_TYPES.MemberExpression) {
        kind = method;
        value = callee.object;
        break;
      }
      const text = calleeText(callee);
      const cast = text === undefined ? undefined : castOfCallee(text);
      if (cast === undefined || first === undefined || first.type === AST_NODE_TYPES.SpreadElement) return undefined;
      if ((cast === 'String' || cast === 'Number' || cast === 'BigInt') && node.arguments.length !== 1)
        return undefined;
      const global = globalOfCast(cast);
      if (global !== undefined && !isGlobal(sourceCode, node, global)) return undefined;
      kind = cast;
      value = first;
      break;
    }
    case AST_NODE_TYPES.TemplateLiteral: {
      if (node.parent.type === AST_NODE_TYPES.TaggedTemplateExpression || node.expressions.length !== 1)
        return undefined;
      if (!node.quasis.every((quasi) => quasi.value.cooked === '')) return undefined;
      kind = 'template';
      value = node.expressions[0];
      break;
    }
    case AST_NODE_TYPES.UnaryExpression:
      if (node.operator !== '+') return undefined;
      kind = 'unary-plus';
      value = node.argument;
      break;
    case AST_NODE_TYPES.BinaryExpression:
      if (node.operator !== '+') return undefined;
      if (isEmptyString(node.right)) value = node.left;
      else if (isEmptyString(node.left)) value = node.right;
      else return undefined;
      kind = 'concat';
      break;
    default:
      return undefined;
  }
  if (value === undefined) return undefined;
  const unwrapped = unwrap(value);
  // A same-file const says where the value came from (a request parameter, a string literal the test wrote).
  const initializer = sameFileInitializerOf(sourceCode, unwrapped);
  const idName = coverUpOf(
    kind,
    {
      names: accessNames(value),
      ...(initializer === undefined
        ? {}
        : {
            constInitializer: {
              names: accessNames(initializer),
              isStringLiteral: initializer.type === AST_NODE_TYPES.Literal && typeof initializer.value === 'string',
            },
          }),
    },
    castStepsOf(node),
    ignoredNames,
  );
  if (idName === undefined) return undefined;
  return { kind, node, value, idName };
}

/**
 * What a same-file const gives a value: the initializer of `x` for `const x = init`, and for `x.pull.prId` the value
 * written at that path of an object literal (`const x = { pull: { prId: process.env.PR_ID } }`).
 */
function sameFileInitializerOf(sourceCode: Readonly<TSESLint.SourceCode>, value: Node): Node | undefined {
  const dotted = dottedPathOf(value);
  if (dotted === undefined) return undefined;
  const { path, root } = dotted;
  const variable = ASTUtils.findVariable(sourceCode.getScope(root), root);
  const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
  if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') return undefined;
  let initializer: Node | undefined = definition.node.init === null ? undefined : unwrap(definition.node.init);
  for (const key of path) {
    if (initializer?.type !== AST_NODE_TYPES.ObjectExpression) return undefined;
    const property = initializer.properties.find(
      (candidate): candidate is TSESTree.ObjectExpressionPropertyNonComputedName =>
        candidate.type === AST_NODE_TYPES.Property &&
        !candidate.computed &&
        ((candidate.key.type === AST_NODE_TYPES.Identifier && candidate.key.name === key) ||
          (candidate.key.type === AST_NODE_TYPES.Literal && candidate.key.value === key)),
    );
    if (property === undefined) return undefined;
    initializer = unwrap(property.value as Node);
  }
  return initializer;
}

/** `process.env.X`, `process.env['X']`, `import.meta.env.X`: a member chain that goes through `env`. */
function isEnvTarget(target: Node): boolean {
  for (let node = target; node.type === AST_NODE_TYPES.MemberExpression; node = node.object) {
    const { object } = node;
    if (object.type === AST_NODE_TYPES.Identifier && object.name === 'env') return true;
    if (object.type === AST_NODE_TYPES.MemberExpression && lastNameOf(object) === 'env') return true;
  }
  return false;
}

/** The steps from `node` outwards, in the model's neutral form (the TypeScript reader builds the same). */
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

/** Every defensive id cast of a parsed file, in source order: the whole-file read the agreement test compares. */
export function castSitesIn(sourceCode: Readonly<TSESLint.SourceCode>): DefensiveCastSite[] {
  const sites: DefensiveCastSite[] = [];
  const keys = sourceCode.visitorKeys;
  const visit = (node: Node, parent: Node | undefined): void => {
    // ESLint links parents as it traverses; a tree fresh from the parser is linked here, as ESLint would.
    if (parent !== undefined) (node as { parent?: Node }).parent ??= parent;
    const cast = defensiveCastOf(node, sourceCode);
    if (cast !== undefined) {
      sites.push(cast);
      return;
    }
    for (const key of keys[node.type] ?? []) {
      const child = (node as unknown as Record<string, unknown>)[key];
      for (const entry of Array.isArray(child) ? child : [child])
        if (entry !== null && typeof entry === 'object') visit(entry as Node, node);
    }
  };
  visit(sourceCode.ast, undefined);
  return sites;
}
