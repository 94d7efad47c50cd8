import ts from 'typescript';
import type { SchemaResolver } from './resolve-schema.ts';
import { unwrapExpression } from './unwrap.ts';

const LIST_CALLBACKS = new Set(['forEach', 'map', 'flatMap']);
const MAX_HOPS = 8;

/**
 * The argument lists a spread argument stands for, one array literal each: `tool` in
 * `tools.forEach((tool) => server.registerTool(...tool))` or `for (const tool of tools)` is every element of `tools`;
 * `server.registerTool(...getPolicy)` is the const's own list. Undefined when any list or element is not written in
 * source, so that a registration is never read as fewer tools than it registers.
 */
export function argumentListsSpreadFrom(
  spread: ts.Expression,
  resolver: SchemaResolver,
): readonly ts.ArrayLiteralExpression[] | undefined {
  const expression = unwrapExpression(spread);
  if (ts.isArrayLiteralExpression(expression)) return [expression];
  if (!ts.isIdentifier(expression)) return undefined;
  const declaration = resolver.declarationOf(expression);
  if (declaration === undefined) return undefined;
  if (ts.isVariableDeclaration(declaration)) {
    const list = declaration.parent;
    const loop = ts.isVariableDeclarationList(list) ? list.parent : undefined;
    if (loop !== undefined && ts.isForOfStatement(loop) && loop.initializer === list)
      return elementsOf(loop.expression, resolver, 0);
    return declaration.initializer === undefined ? undefined : argumentListOf(declaration.initializer, resolver, 0);
  }
  if (ts.isParameter(declaration)) return elementsOfCallbackList(declaration, resolver);
  return undefined;
}

/** `list.forEach((tool) => ...)`: the elements of `list`, when the parameter is the callback's first. */
function elementsOfCallbackList(
  parameter: ts.ParameterDeclaration,
  resolver: SchemaResolver,
): readonly ts.ArrayLiteralExpression[] | undefined {
  const callback = parameter.parent;
  if (!(ts.isArrowFunction(callback) || ts.isFunctionExpression(callback))) return undefined;
  if (callback.parameters[0] !== parameter) return undefined;
  const call = callback.parent;
  if (!ts.isCallExpression(call) || call.arguments[0] !== callback) return undefined;
  const callee = unwrapExpression(call.expression);
  if (!ts.isPropertyAccessExpression(callee) || !LIST_CALLBACKS.has(callee.name.text)) return undefined;
  return elementsOf(callee.expression, resolver, 0);
}

/** The argument lists a list of them holds: its array literal's elements, lists spread into it included. */
function elementsOf(
  list: ts.Expression,
  resolver: SchemaResolver,
  hops: number,
): readonly ts.ArrayLiteralExpression[] | undefined {
  if (hops > MAX_HOPS) return undefined;
  const expression = unwrapExpression(list);
  if (ts.isIdentifier(expression)) {
    const initializer = constInitializer(expression, resolver);
    return initializer === undefined ? undefined : elementsOf(initializer, resolver, hops + 1);
  }
  if (!ts.isArrayLiteralExpression(expression)) return undefined;
  const lists: ts.ArrayLiteralExpression[] = [];
  for (const element of expression.elements) {
    const read = ts.isSpreadElement(element)
      ? elementsOf(element.expression, resolver, hops + 1)
      : argumentListOf(element, resolver, hops + 1);
    if (read === undefined) return undefined;
    lists.push(...read);
  }
  return lists;
}

/** One argument list: an array literal, or a const that holds one. */
function argumentListOf(
  element: ts.Expression,
  resolver: SchemaResolver,
  hops: number,
): readonly ts.ArrayLiteralExpression[] | undefined {
  if (hops > MAX_HOPS) return undefined;
  const expression = unwrapExpression(element);
  if (ts.isArrayLiteralExpression(expression)) return [expression];
  if (!ts.isIdentifier(expression)) return undefined;
  const initializer = constInitializer(expression, resolver);
  return initializer === undefined ? undefined : argumentListOf(initializer, resolver, hops + 1);
}

function constInitializer(identifier: ts.Identifier, resolver: SchemaResolver): ts.Expression | undefined {
  const declaration = resolver.declarationOf(identifier);
  if (declaration === undefined || !ts.isVariableDeclaration(declaration)) return undefined;
  const list = declaration.parent;
  if (!ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return undefined;
  return declaration.initializer;
}
