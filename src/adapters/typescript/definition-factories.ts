import ts from 'typescript';
import { unwrapExpression, wrappedExpression } from './unwrap.ts';
import type { SchemaResolver } from './resolve-schema.ts';

/**
 * A function of the project that builds tool definitions: `createTool(name, description, schema, handler)` returning
 * `{ name, description, inputSchema: schema, handler: async (p) => ({ data: await handler(schema.parse(p)) }) }`. Its
 * object has no name of its own (the name is a parameter); every call of the function is a tool, read with the
 * parameters bound to that call's arguments.
 */
export interface DefinitionFactory {
  readonly fn: ts.SignatureDeclaration;
  /** The name it is called by. */
  readonly callee: string;
  /** The definition object it returns. */
  readonly object: ts.ObjectLiteralExpression;
}

/** One call of a definition factory: a tool. */
export interface FactoryCall {
  readonly factory: DefinitionFactory;
  readonly call: ts.CallExpression;
}

/** The function whose result `object` is: an arrow's expression body, or a `return` of its own body. */
function returningFunction(object: ts.ObjectLiteralExpression): ts.SignatureDeclaration | undefined {
  const node = wrappedExpression(object);
  const parent = node.parent;
  if (ts.isArrowFunction(parent) && parent.body === node) return parent;
  if (!ts.isReturnStatement(parent)) return undefined;
  for (let current: ts.Node | undefined = parent.parent; current !== undefined; current = current.parent)
    if (ts.isFunctionLike(current)) return current as ts.SignatureDeclaration;
  return undefined;
}

/** The name a function is called by: its own, or that of the variable, property or method holding it. */
export function calleeNameOf(fn: ts.SignatureDeclaration): string | undefined {
  if (
    (ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionExpression(fn)) &&
    fn.name !== undefined &&
    ts.isIdentifier(fn.name)
  )
    return fn.name.text;
  const parent = fn.parent;
  if (ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if ((ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name))
    return parent.name.text;
  return undefined;
}

/** The index of the parameter of `fn` an expression names (`name`, or the `name` of a shorthand `{ name }`), if any. */
export function parameterIndex(
  fn: ts.SignatureDeclaration,
  node: ts.Node,
  checker: ts.TypeChecker,
): number | undefined {
  const symbol =
    ts.isShorthandPropertyAssignment(node.parent) && node.parent.name === node
      ? checker.getShorthandAssignmentValueSymbol(node.parent)
      : ts.isExpression(node)
        ? checker.getSymbolAtLocation(unwrapExpression(node))
        : undefined;
  const declaration = symbol?.valueDeclaration;
  if (declaration === undefined || !ts.isParameter(declaration)) return undefined;
  const index = fn.parameters.indexOf(declaration);
  return index < 0 ? undefined : index;
}

/**
 * The factory a definition object is returned by, when its name is one of that function's parameters and the function
 * has a name to be called by.
 */
export function definitionFactoryOf(
  object: ts.ObjectLiteralExpression,
  nameNode: ts.Node | undefined,
  checker: ts.TypeChecker,
): DefinitionFactory | undefined {
  if (nameNode === undefined) return undefined;
  const fn = returningFunction(object);
  if (fn === undefined || parameterIndex(fn, nameNode, checker) === undefined) return undefined;
  const callee = calleeNameOf(fn);
  return callee === undefined ? undefined : { fn, callee, object };
}

/** Every call of the factories in `files` (calls the checker resolves to the factory itself). */
export function factoryCallsIn(
  files: readonly ts.SourceFile[],
  factories: readonly DefinitionFactory[],
  resolver: SchemaResolver,
): FactoryCall[] {
  const found: FactoryCall[] = [];
  for (const factory of factories) {
    const mentions = new RegExp(`\\b${factory.callee.replace(/[$]/g, '\\$')}\\s*[(<]`);
    for (const file of files) {
      if (!mentions.test(file.text)) continue;
      const visit = (node: ts.Node): void => {
        if (ts.isCallExpression(node) && resolver.functionOf(node.expression) === factory.fn)
          found.push({ factory, call: node });
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }
  return found;
}

/**
 * The argument a factory call gives for what its definition holds under a key: the argument of the parameter the
 * property is, or (for a handler the factory wraps, `handler: async (p) => ({ data: await handler(p) })`) the argument
 * of the parameter the wrapper calls.
 */
export function factoryArgument(
  call: FactoryCall,
  property: ts.Node | undefined,
  checker: ts.TypeChecker,
): ts.Expression | undefined {
  if (property === undefined) return undefined;
  const { fn } = call.factory;
  const direct = parameterIndex(fn, property, checker);
  if (direct !== undefined) return call.call.arguments[direct];
  const wrapper = ts.isExpression(property) ? unwrapExpression(property) : property;
  if (!ts.isArrowFunction(wrapper) && !ts.isFunctionExpression(wrapper) && !ts.isMethodDeclaration(wrapper))
    return undefined;
  let called: number | undefined;
  const visit = (node: ts.Node): void => {
    if (called !== undefined) return;
    if (ts.isCallExpression(node)) {
      const index = parameterIndex(fn, node.expression, checker);
      if (index !== undefined) {
        called = index;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  if (wrapper.body !== undefined) visit(wrapper.body);
  return called === undefined ? undefined : call.call.arguments[called];
}
