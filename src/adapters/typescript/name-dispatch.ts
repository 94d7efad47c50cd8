import ts from 'typescript';
import { REGISTRATION_METHODS } from '../../model/tool-registration.ts';
import { asFunction, bindingKey, callToolHandlersIn } from './definition-serializers.ts';
import { keyOf } from './place-published.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import type { ProjectTools } from './tool-surface.ts';
import { calleeName, unwrapExpression } from './unwrap.ts';

/**
 * Builders shared by many tools that look the tool's handler up by its name. A server that keeps its handlers in a
 * record (`toolHandlers = { get_card: async (client, args) => client.getCard(...) }`) registers every tool with one
 * callback, or answers every call in one tool-call handler, and dispatches by name: `executeToolHandler(client,
 * toolDef.name, args)` that runs `toolHandlers[toolName](client, args)`, or `handlers[request.params.name](args)`; the
 * builder serializes what comes back (`JSON.stringify(result)`). Read for one tool, with its name in place of what
 * holds the name, the builder's serialization is that tool's handler's data: so a handler that returns plain data is
 * an emitter of known types when its types are known.
 */

/** A builder and what holds the tool name in it; `values` binds the parameters of a function around the builder. */
export interface DispatchBuilder {
  /** The registration call, or the `setRequestHandler` call of a tool-call handler. */
  readonly site: ts.CallExpression;
  readonly builder: ts.SignatureDeclaration;
  /** True for an expression of the builder (or of code it reaches) that holds the name of the tool being read. */
  readonly holds: (expr: ts.Expression) => boolean;
  readonly values: ReadonlyMap<ts.Symbol, ts.Expression>;
}

const MAX_DEPTH = 8;

/** The object literal an expression names: written there, or a variable's initializer. */
function objectLiteralOf(
  node: ts.Expression,
  checker: ts.TypeChecker,
  depth: number,
): ts.ObjectLiteralExpression | undefined {
  const expr = unwrapExpression(node);
  if (ts.isObjectLiteralExpression(expr)) return expr;
  if (depth > MAX_DEPTH || !(ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr))) return undefined;
  let symbol = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(expr) ? expr.name : expr);
  if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (declaration === undefined || declaration.getSourceFile().isDeclarationFile) return undefined;
  if (ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined)
    return objectLiteralOf(declaration.initializer, checker, depth + 1);
  if (ts.isPropertyAssignment(declaration)) return objectLiteralOf(declaration.initializer, checker, depth + 1);
  return undefined;
}

/** The function a property holds: written there, or one the project declares and the property names. */
function functionIn(
  property: ts.ObjectLiteralElementLike,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
): ts.SignatureDeclaration | undefined {
  if (ts.isMethodDeclaration(property)) return property.body === undefined ? undefined : property;
  const value = ts.isPropertyAssignment(property)
    ? property.initializer
    : ts.isShorthandPropertyAssignment(property)
      ? property.name
      : undefined;
  if (value === undefined) return undefined;
  const expr = unwrapExpression(value);
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return expr;
  if (ts.isShorthandPropertyAssignment(property)) {
    const declaration = checker.getShorthandAssignmentValueSymbol(property)?.valueDeclaration;
    if (declaration !== undefined && ts.isFunctionDeclaration(declaration) && declaration.body !== undefined)
      return declaration;
  }
  return ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr) ? resolver.functionOf(expr) : undefined;
}

/**
 * The function a record of handlers keeps under `key`: `{ get_card: async () => ... }`, also through the records it
 * spreads (`{ ...cardHandlers, ...boardHandlers }`, a later key winning) and a function it names.
 */
export function recordEntry(
  record: ts.Expression,
  key: string,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
  depth = 0,
): ts.SignatureDeclaration | undefined {
  const object = objectLiteralOf(record, checker, depth);
  if (object === undefined) return undefined;
  for (let index = object.properties.length - 1; index >= 0; index -= 1) {
    const property = object.properties[index] as ts.ObjectLiteralElementLike;
    if (ts.isSpreadAssignment(property)) {
      if (depth >= MAX_DEPTH) continue;
      const found = recordEntry(property.expression, key, resolver, checker, depth + 1);
      if (found !== undefined) return found;
      continue;
    }
    if (keyOf(property.name, resolver) === key) return functionIn(property, resolver, checker);
  }
  return undefined;
}

/** The symbol an access chain starts at: `toolDef` of `toolDef.name`. */
function rootSymbol(expr: ts.Expression, checker: ts.TypeChecker): ts.Symbol | undefined {
  let node = unwrapExpression(expr);
  while (ts.isPropertyAccessExpression(node)) node = unwrapExpression(node.expression);
  return ts.isIdentifier(node) ? checker.getSymbolAtLocation(node) : undefined;
}

/** `toolDef.name` anywhere the same `toolDef` is in scope: the same access chain from the same variable. */
function sameValueAs(name: ts.Expression, checker: ts.TypeChecker): (expr: ts.Expression) => boolean {
  const written = unwrapExpression(name);
  const text = written.getText();
  const root = rootSymbol(written, checker);
  if (root === undefined) return () => false;
  return (expr) => {
    const candidate = unwrapExpression(expr);
    return (
      (ts.isIdentifier(candidate) || ts.isPropertyAccessExpression(candidate)) &&
      candidate.getText() === text &&
      rootSymbol(candidate, checker) === root
    );
  };
}

/**
 * What holds the called tool's name in a tool-call handler `(request) => ...`: `request.params.name`, and a name
 * destructured from `request.params` (`const { name, arguments: args } = request.params`) or from `request`
 * (`const { params: { name } } = request`).
 */
function requestNameHolder(
  handler: ts.SignatureDeclaration,
  checker: ts.TypeChecker,
): (expr: ts.Expression) => boolean {
  const parameter = handler.parameters[0];
  if (parameter === undefined || !ts.isIdentifier(parameter.name)) return () => false;
  const request = checker.getSymbolAtLocation(parameter.name);
  const isRequest = (node: ts.Expression): boolean => {
    const expr = unwrapExpression(node);
    return ts.isIdentifier(expr) && checker.getSymbolAtLocation(expr) === request;
  };
  const isParams = (node: ts.Expression): boolean => {
    const expr = unwrapExpression(node);
    return ts.isPropertyAccessExpression(expr) && expr.name.text === 'params' && isRequest(expr.expression);
  };
  return (node) => {
    const expr = unwrapExpression(node);
    if (ts.isPropertyAccessExpression(expr)) return expr.name.text === 'name' && isParams(expr.expression);
    if (!ts.isIdentifier(expr)) return false;
    const declaration = checker.getSymbolAtLocation(expr)?.valueDeclaration;
    if (declaration === undefined || !ts.isBindingElement(declaration)) return false;
    if (bindingKey(declaration) !== 'name') return false;
    const pattern = declaration.parent;
    const owner = pattern.parent;
    // `{ params: { name } }` of `request`.
    if (ts.isBindingElement(owner)) {
      const declared = owner.parent.parent;
      return (
        bindingKey(owner) === 'params' &&
        ts.isVariableDeclaration(declared) &&
        declared.initializer !== undefined &&
        isRequest(declared.initializer)
      );
    }
    return ts.isVariableDeclaration(owner) && owner.initializer !== undefined && isParams(owner.initializer);
  };
}

/** The function a node is written in, and a symbol to find its calls by, when it is a declaration or a const. */
export function enclosingFunction(
  node: ts.Node,
  checker: ts.TypeChecker,
): { fn: ts.SignatureDeclaration; symbol: ts.Symbol } | undefined {
  let at: ts.Node | undefined = node.parent;
  while (at !== undefined && !ts.isFunctionLike(at)) at = at.parent;
  if (at === undefined) return undefined;
  const fn = at as ts.SignatureDeclaration;
  const named = ts.isFunctionDeclaration(fn)
    ? fn.name
    : (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
        ts.isVariableDeclaration(fn.parent) &&
        ts.isIdentifier(fn.parent.name)
      ? fn.parent.name
      : undefined;
  const symbol = named === undefined ? undefined : checker.getSymbolAtLocation(named);
  return symbol === undefined ? undefined : { fn, symbol };
}

/** The calls of a function in the project's files. */
export function callsOf(
  symbol: ts.Symbol,
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
): ts.CallExpression[] {
  const calls: ts.CallExpression[] = [];
  const name = symbol.name;
  for (const file of files) {
    if (!file.text.includes(name)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = unwrapExpression(node.expression);
        if (ts.isIdentifier(callee) && callee.text === name) {
          let target = checker.getSymbolAtLocation(callee);
          if (target !== undefined && target.flags & ts.SymbolFlags.Alias) target = checker.getAliasedSymbol(target);
          if (target === symbol) calls.push(node);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return calls;
}

/**
 * Every builder that may dispatch by name: the callback of each registration whose name is computed (read with the
 * expression that gives the name; a registration written inside a function of the project whose parameter is the name
 * is read once per call of that function, with its parameters bound to that call's arguments), and every tool-call
 * handler of a low-level server.
 */
export function dispatchBuilders(surface: ProjectTools, checker: ts.TypeChecker): DispatchBuilder[] {
  const { discovery, resolver, serverFiles } = surface;
  const builders: DispatchBuilder[] = [];
  for (const site of discovery.sites) {
    if (!ts.isCallExpression(site.node) || (site.via !== 'definitions' && site.via !== 'not-followed')) continue;
    const method = calleeName(site.node);
    // A method of a server (`server.registerTool`), not a function of the project's that shares its name.
    if (method === undefined || !REGISTRATION_METHODS.has(method) || method === 'addTool') continue;
    if (!ts.isPropertyAccessExpression(unwrapExpression(site.node.expression))) continue;
    const [name] = site.node.arguments;
    const builder = asFunction(site.node.arguments.at(-1), resolver);
    if (name === undefined || builder === undefined) continue;
    const written = unwrapExpression(name);
    const around = ts.isIdentifier(written) ? enclosingFunction(site.node, checker) : undefined;
    const parameterIndex =
      around === undefined
        ? -1
        : around.fn.parameters.findIndex(
            (parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === written.getText(),
          );
    if (around === undefined || parameterIndex < 0) {
      builders.push({ site: site.node, builder, holds: sameValueAs(name, checker), values: new Map() });
      continue;
    }
    // `const registerTool = (name, description, schema, handler) => server.registerTool(name, ..., async (a) => ...)`.
    for (const call of callsOf(around.symbol, serverFiles, checker)) {
      const given = call.arguments[parameterIndex];
      if (given === undefined) continue;
      const values = new Map<ts.Symbol, ts.Expression>();
      around.fn.parameters.forEach((parameter, index) => {
        const argument = call.arguments[index];
        const symbol = ts.isIdentifier(parameter.name) ? checker.getSymbolAtLocation(parameter.name) : undefined;
        if (argument !== undefined && symbol !== undefined) values.set(symbol, argument);
      });
      builders.push({ site: site.node, builder, holds: sameValueAs(given, checker), values });
    }
  }
  for (const { call, handler } of callToolHandlersIn(serverFiles, resolver))
    builders.push({ site: call, builder: handler, holds: requestNameHolder(handler, checker), values: new Map() });
  return builders;
}
