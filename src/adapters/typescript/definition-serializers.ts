import ts from 'typescript';
import { CALL_TOOL_REQUEST_SCHEMA, REGISTRATION_METHODS, toolRegistrationOf } from '../../model/tool-registration.ts';
import type { DiscoveredTool } from './discover-tools.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import type { ProjectTools } from './tool-surface.ts';
import { namedOriginOf } from './named-types.ts';
import { calleeName, unwrapExpression } from './unwrap.ts';
import type { FactoryCall } from './definition-factories.ts';

/**
 * Where a tool written as data gets its result built. A definition `{ name, parameters, handler }` whose handler
 * returns plain data (`async (a) => ({ ticketId: 47 })`, `api.getTicket(a.id)`) emits nothing by itself: the code that
 * runs it serializes what it returns. That code is the callback of a registration that registers every definition in a
 * loop (`for (const t of tools) server.registerTool(t.name, ..., async (a) => ({ content: [{ type: 'text', text:
 * JSON.stringify(await t.handler(a)) }] }))`), or a low-level server's tool-call handler that looks the definition up
 * by name (`tools.find(...)`, `tools[name]`, a Map). Each such builder is paired with the definitions its variable can
 * hold: those declared with the very type it has (or the same generic type with other type arguments), else (for a
 * list whose type is inferred) those its type accepts.
 */

/** What a name in a builder stands for: a definition (`t`), or one of its members (`handler` of `{ name, handler }`). */
export interface DefinitionBinding {
  readonly definition: ts.ObjectLiteralExpression;
  readonly member?: string;
  /** For a definition a factory built: the call, whose arguments its parameters stand for. */
  readonly built?: FactoryCall;
}

export interface DefinitionSerializer {
  /** The function that builds the tool result: the registration's callback, or the tool-call handler. */
  readonly builder: ts.SignatureDeclaration;
  readonly bindings: ReadonlyMap<ts.Symbol, DefinitionBinding>;
}

/** A name a builder calls a definition's member through: `t` of `t.handler(a)`, or `handler` destructured from one. */
interface Receiver {
  readonly symbol: ts.Symbol;
  /** The type the definition must fit: the variable's (`t`), or the object's a member is destructured from. */
  readonly type: ts.Type;
  readonly key: string;
  readonly member: boolean;
}

function propertyName(name: ts.PropertyName | undefined): string | undefined {
  return name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : undefined;
}

/** The function a definition holds under `key`: an arrow, a method, or a reference to a function of the project's. */
export function definitionMember(
  definition: ts.ObjectLiteralExpression,
  key: string,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
): ts.SignatureDeclaration | undefined {
  for (const property of definition.properties) {
    if (propertyName(property.name) !== key) continue;
    if (ts.isMethodDeclaration(property)) return property;
    if (ts.isPropertyAssignment(property)) {
      const value = unwrapExpression(property.initializer);
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
      return resolver.functionOf(value);
    }
    if (ts.isShorthandPropertyAssignment(property)) {
      const declaration = checker.getShorthandAssignmentValueSymbol(property)?.valueDeclaration;
      if (declaration === undefined) return undefined;
      if (ts.isFunctionDeclaration(declaration)) return declaration.body === undefined ? undefined : declaration;
      if (ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
        const value = unwrapExpression(declaration.initializer);
        if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
      }
    }
  }
  return undefined;
}

/** The function a node is or names: an arrow or function written there, or one the project declares. */
export function asFunction(node: ts.Node | undefined, resolver: SchemaResolver): ts.SignatureDeclaration | undefined {
  if (node === undefined || !ts.isExpression(node)) return undefined;
  const expr = unwrapExpression(node);
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return expr;
  return ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr) ? resolver.functionOf(expr) : undefined;
}

/** Every tool-call handler of a low-level server: `server.setRequestHandler(CallToolRequestSchema, handler)`. */
export function callToolHandlersIn(
  files: readonly ts.SourceFile[],
  resolver: SchemaResolver,
): { call: ts.CallExpression; handler: ts.SignatureDeclaration }[] {
  const found: { call: ts.CallExpression; handler: ts.SignatureDeclaration }[] = [];
  for (const file of files) {
    if (!file.text.includes(CALL_TOOL_REQUEST_SCHEMA)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && calleeName(node) === 'setRequestHandler') {
        const [schema, handler] = node.arguments;
        const named = schema === undefined ? undefined : unwrapExpression(schema);
        const name =
          named === undefined
            ? undefined
            : ts.isIdentifier(named)
              ? named.text
              : ts.isPropertyAccessExpression(named)
                ? named.name.text
                : undefined;
        const builder = name === CALL_TOOL_REQUEST_SCHEMA ? asFunction(handler, resolver) : undefined;
        if (builder !== undefined) found.push({ call: node, handler: builder });
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return found;
}

/** The key a destructured name reads: `handler` of `{ handler }`, `run` of `{ run: handler }`. */
export function bindingKey(element: ts.BindingElement): string | undefined {
  if (element.propertyName !== undefined)
    return ts.isIdentifier(element.propertyName) || ts.isStringLiteral(element.propertyName)
      ? element.propertyName.text
      : undefined;
  return ts.isIdentifier(element.name) ? element.name.text : undefined;
}

/** The callbacks of the registrations that register definitions found elsewhere, and every tool-call handler. */
function buildersOf(surface: ProjectTools): ts.SignatureDeclaration[] {
  const { discovery, resolver, serverFiles } = surface;
  const builders: ts.SignatureDeclaration[] = [];
  for (const site of discovery.sites) {
    if (site.via !== 'definitions' || !ts.isCallExpression(site.node)) continue;
    const method = calleeName(site.node);
    if (method === undefined || !REGISTRATION_METHODS.has(method)) continue;
    const read = resolver.readerFor(site.node.getSourceFile()).callSite(site.node);
    const registration = read === undefined ? undefined : toolRegistrationOf({ ...read, method });
    const builder = asFunction(registration?.handler?.node, resolver);
    if (builder !== undefined) builders.push(builder);
  }
  for (const { handler } of callToolHandlersIn(serverFiles, resolver)) builders.push(handler);
  return builders;
}

/** A type a definition can be checked against: an object type that has `key`, not `any`. */
function holds(type: ts.Type, key: string): boolean {
  if (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return false;
  return type.getProperty(key) !== undefined;
}

/** How deep a builder is followed into the project's functions it calls (`this.registry.execute(name, args)`). */
const MAX_DELEGATION_DEPTH = 3;

/**
 * The names a builder calls a member through, with the type each one has there: in the builder, and in the project's
 * functions and methods it calls, which may run the definition for it (a registry's `execute(name, input)` that looks
 * the definition up and returns what `tool.handler(...)` gave).
 */
function receiversOf(builder: ts.SignatureDeclaration, checker: ts.TypeChecker, resolver: SchemaResolver): Receiver[] {
  const receivers: Receiver[] = [];
  const read = new Set<ts.Node>();
  const readFunction = (fn: ts.SignatureDeclaration, depth: number): void => {
    if (read.has(fn)) return;
    read.add(fn);
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const callee = unwrapExpression(node.expression);
        if (ts.isPropertyAccessExpression(callee)) {
          const receiver = unwrapExpression(callee.expression);
          const symbol = ts.isIdentifier(receiver) ? checker.getSymbolAtLocation(receiver) : undefined;
          const type =
            symbol === undefined ? undefined : checker.getNonNullableType(checker.getTypeAtLocation(receiver));
          if (symbol !== undefined && type !== undefined && holds(type, callee.name.text))
            receivers.push({ symbol, type, key: callee.name.text, member: false });
        } else if (ts.isIdentifier(callee)) {
          const symbol = checker.getSymbolAtLocation(callee);
          const declaration = symbol?.valueDeclaration;
          if (
            symbol !== undefined &&
            declaration !== undefined &&
            ts.isBindingElement(declaration) &&
            ts.isObjectBindingPattern(declaration.parent)
          ) {
            const key = bindingKey(declaration);
            const type = checker.getNonNullableType(checker.getTypeAtLocation(declaration.parent));
            if (key !== undefined && holds(type, key)) receivers.push({ symbol, type, key, member: true });
          }
        }
        if (depth < MAX_DELEGATION_DEPTH) {
          const delegate = resolver.functionOf(node.expression);
          if (delegate !== undefined) readFunction(delegate, depth + 1);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(fn);
  };
  readFunction(builder, 0);
  return receivers;
}

/** A tool written as data, read where it is written: its object, and the factory call that built it, if one did. */
interface ReadDefinition {
  readonly tool: DiscoveredTool;
  readonly object: ts.ObjectLiteralExpression;
  readonly at: ts.Expression;
  readonly built: FactoryCall | undefined;
}

/**
 * The same declared type, also with other type arguments: a definition declared `ToolDefinition<typeof input>` is
 * one a `ToolDefinition[]` holds, though its handler's parameter, typed by its own schema, makes it unassignable.
 */
function sameDeclaredType(declared: ts.Type, held: ts.Type): boolean {
  if (declared === held) return true;
  const origin = namedOriginOf(declared);
  return origin !== undefined && origin === namedOriginOf(held);
}

/** The builders of each tool written as data, with the names that stand for its definition in each. */
export function definitionSerializers(
  surface: ProjectTools,
  checker: ts.TypeChecker,
): Map<DiscoveredTool, DefinitionSerializer[]> {
  const found = new Map<DiscoveredTool, DefinitionSerializer[]>();
  // A definition is an object literal, or the object a factory returns, read at the call that built it.
  const definitions = surface.discovery.tools.flatMap((tool): ReadDefinition[] =>
    ts.isObjectLiteralExpression(tool.node)
      ? [{ tool, object: tool.node, at: tool.node, built: undefined }]
      : tool.factory === undefined
        ? []
        : [{ tool, object: tool.factory.factory.object, at: tool.factory.call, built: tool.factory }],
  );
  if (definitions.length === 0) return found;
  const builders = buildersOf(surface).map((builder) => ({
    builder,
    receivers: receiversOf(builder, checker, surface.resolver),
  }));
  for (const { tool, object, at, built } of definitions) {
    const declared = checker.getContextualType(at);
    const own = checker.getTypeAtLocation(at);
    const strong: DefinitionSerializer[] = [];
    const weak: DefinitionSerializer[] = [];
    for (const { builder, receivers } of builders) {
      const bindings = new Map<ts.Symbol, DefinitionBinding>();
      let declaredAs = false;
      for (const receiver of receivers) {
        if (definitionMember(object, receiver.key, surface.resolver, checker) === undefined) continue;
        const same = declared !== undefined && sameDeclaredType(checker.getNonNullableType(declared), receiver.type);
        if (!same && !checker.isTypeAssignableTo(own, receiver.type)) continue;
        declaredAs ||= same;
        bindings.set(receiver.symbol, {
          definition: object,
          ...(receiver.member ? { member: receiver.key } : {}),
          ...(built === undefined ? {} : { built }),
        });
      }
      if (bindings.size === 0) continue;
      (declaredAs ? strong : weak).push({ builder, bindings });
    }
    const serializers = strong.length > 0 ? strong : weak;
    if (serializers.length > 0) found.set(tool, serializers);
  }
  return found;
}
