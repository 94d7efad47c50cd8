import ts from 'typescript';
import type { SchemaResolver } from './resolve-schema.ts';
import { TOOL_HANDLER_KEYS, TOOL_INPUT_KEYS } from '../../model/tool-registration.ts';
import { propertyName, unwrapExpression } from './unwrap.ts';

/** One name a loop variable takes, with the list item it comes from. */
export interface LoopName {
  readonly name: string;
  /** The item of the list: the string itself, or the object (`{ name: 'get_ticket', ... }`) whose property names it. */
  readonly node: ts.Expression;
}

/** How many lists spread into one another are followed (`[...orderTools, ...customerTools]`). */
const MAX_SPREADS = 4;

/**
 * The tool names a loop variable takes: `tool` in `for (const tool of ['get_ticket', 'read_ticket'])`, or `tool.name`
 * in `for (const tool of [{ name: 'get_ticket', ... }, ...])`; the list written in the loop or held in a const, lists
 * spread into it followed, every item a constant string or an object with a constant string under that key. Undefined
 * for anything else.
 */
export function namesOfLoopVariable(node: ts.Node, resolver: SchemaResolver): LoopName[] | undefined {
  const expression = ts.isExpression(node) ? unwrapExpression(node) : undefined;
  if (expression === undefined) return undefined;
  const variable = ts.isPropertyAccessExpression(expression) ? unwrapExpression(expression.expression) : expression;
  const key = ts.isPropertyAccessExpression(expression) ? expression.name.text : undefined;
  const loop = loopOf(variable, resolver);
  if (loop === undefined) return undefined;
  const names: LoopName[] = [];
  const collect = (list: ts.Expression, spreads: number): boolean => {
    let items = unwrapExpression(list);
    if (ts.isIdentifier(items)) {
      const held = resolver.declarationOf(items);
      const initializer = held !== undefined && ts.isVariableDeclaration(held) ? held.initializer : undefined;
      if (initializer === undefined) return false;
      items = unwrapExpression(initializer);
    }
    if (!ts.isArrayLiteralExpression(items)) return false;
    for (const element of items.elements) {
      if (ts.isSpreadElement(element)) {
        if (spreads >= MAX_SPREADS || !collect(element.expression, spreads + 1)) return false;
        continue;
      }
      const item = unwrapExpression(element);
      let value: ts.Expression | undefined = item;
      if (key !== undefined) {
        // A list of tool definitions (`{ name, inputSchema, handler }`) is read as definitions, where they are written.
        if (!ts.isObjectLiteralExpression(item) || isToolDefinition(item)) return false;
        const property = item.properties.find(
          (candidate) => ts.isPropertyAssignment(candidate) && propertyName(candidate.name) === key,
        );
        value = property !== undefined && ts.isPropertyAssignment(property) ? property.initializer : undefined;
      }
      const name = value === undefined ? undefined : resolver.constantString(value);
      if (name === undefined) return false;
      names.push({ name, node: item });
    }
    return true;
  };
  return collect(loop.expression, 0) ? names : undefined;
}

/** The `for...of` a loop variable is declared by. */
function loopOf(variable: ts.Expression, resolver: SchemaResolver): ts.ForOfStatement | undefined {
  if (!ts.isIdentifier(variable)) return undefined;
  const declaration = resolver.declarationOf(variable);
  if (declaration === undefined || !ts.isVariableDeclaration(declaration)) return undefined;
  const list = declaration.parent;
  const loop = ts.isVariableDeclarationList(list) ? list.parent : undefined;
  return loop !== undefined && ts.isForOfStatement(loop) && loop.initializer === list ? loop : undefined;
}

/** An object with an input schema or a handler of its own: a tool definition, not an item naming a tool. */
function isToolDefinition(item: ts.ObjectLiteralExpression): boolean {
  return item.properties.some((property) => {
    const key = property.name === undefined ? undefined : propertyName(property.name);
    return key !== undefined && (TOOL_INPUT_KEYS.includes(key) || TOOL_HANDLER_KEYS.includes(key));
  });
}

/**
 * What an expression of the loop's body stands for at one item: `schemas[tool.name]` (or a const holding it) is the
 * property of `schemas` the item names, `tool.schema` the item's own property. Undefined when it is neither.
 */
export function itemValueOf(
  expr: ts.Expression,
  nameNode: ts.Node,
  entry: LoopName,
  resolver: SchemaResolver,
): ts.Expression | undefined {
  let value = unwrapExpression(expr);
  if (ts.isIdentifier(value)) {
    const held = resolver.declarationOf(value);
    if (held !== undefined && ts.isVariableDeclaration(held) && held.initializer !== undefined)
      value = unwrapExpression(held.initializer);
  }
  // `schemas[tool.name] ?? {}`: the item's value, the fallback aside.
  if (
    ts.isBinaryExpression(value) &&
    (value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      value.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return itemValueOf(value.left, nameNode, entry, resolver);
  const item = unwrapExpression(entry.node);
  const loopVariable = (node: ts.Expression): string | undefined => {
    const inner = unwrapExpression(node);
    return ts.isIdentifier(inner) ? inner.text : undefined;
  };
  const named = ts.isExpression(nameNode) ? unwrapExpression(nameNode) : undefined;
  if (named === undefined) return undefined;
  const variable = ts.isPropertyAccessExpression(named) ? loopVariable(named.expression) : loopVariable(named);
  // `schemas[tool.name]`: the map's property the item names.
  if (ts.isElementAccessExpression(value) && unwrapExpression(value.argumentExpression).getText() === named.getText()) {
    return propertyOfMap(value.expression, entry.name, resolver, 0);
  }
  // `tool.schema`: the item's own property.
  if (
    ts.isPropertyAccessExpression(value) &&
    variable !== undefined &&
    loopVariable(value.expression) === variable &&
    ts.isObjectLiteralExpression(item)
  ) {
    const property = item.properties.find(
      (candidate) => ts.isPropertyAssignment(candidate) && propertyName(candidate.name) === value.name.text,
    );
    return property !== undefined && ts.isPropertyAssignment(property) ? property.initializer : undefined;
  }
  return undefined;
}

/** The value a map written as an object literal keeps under `key`, through the maps spread into it (`{ ...orderHandlers }`). */
function propertyOfMap(
  mapExpr: ts.Expression,
  key: string,
  resolver: SchemaResolver,
  spreads: number,
): ts.Expression | undefined {
  const map = resolver.initializerExpression(mapExpr);
  if (map === undefined || !ts.isObjectLiteralExpression(map)) return undefined;
  // A later property wins over an earlier one, as at run time.
  for (const property of [...map.properties].reverse()) {
    if (ts.isSpreadAssignment(property)) {
      if (spreads >= MAX_SPREADS) continue;
      const spread = propertyOfMap(property.expression, key, resolver, spreads + 1);
      if (spread !== undefined) return spread;
      continue;
    }
    if (property.name === undefined || propertyName(property.name) !== key) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
    if (ts.isMethodDeclaration(property)) return undefined;
  }
  return undefined;
}
