import ts from 'typescript';
import type { SchemaResolver } from './resolve-schema.ts';
import { unwrapExpression } from './unwrap.ts';

/**
 * The tool names a loop variable takes: `tool` in `for (const tool of ['get_ticket', 'read_ticket'])`, the list
 * written in the loop or held in a const, every element a constant string. Undefined for anything else.
 */
export function namesOfLoopVariable(
  node: ts.Node,
  resolver: SchemaResolver,
): { readonly name: string; readonly node: ts.Expression }[] | undefined {
  const expression = ts.isExpression(node) ? unwrapExpression(node) : undefined;
  if (expression === undefined || !ts.isIdentifier(expression)) return undefined;
  const declaration = resolver.declarationOf(expression);
  if (declaration === undefined || !ts.isVariableDeclaration(declaration)) return undefined;
  const list = declaration.parent;
  const loop = ts.isVariableDeclarationList(list) ? list.parent : undefined;
  if (loop === undefined || !ts.isForOfStatement(loop) || loop.initializer !== list) return undefined;
  let items = unwrapExpression(loop.expression);
  if (ts.isIdentifier(items)) {
    const held = resolver.declarationOf(items);
    const initializer = held !== undefined && ts.isVariableDeclaration(held) ? held.initializer : undefined;
    if (initializer === undefined) return undefined;
    items = unwrapExpression(initializer);
  }
  if (!ts.isArrayLiteralExpression(items)) return undefined;
  const names: { name: string; node: ts.Expression }[] = [];
  for (const element of items.elements) {
    const name = resolver.constantString(element);
    if (name === undefined) return undefined;
    names.push({ name, node: element });
  }
  return names;
}
