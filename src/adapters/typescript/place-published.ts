import ts from 'typescript';
import type { SchemaExpr } from '../../model/schema-expr.ts';
import { TOOL_HANDLER_KEYS, TOOL_INPUT_KEYS, TOOL_NAME_KEY, TOOL_OUTPUT_KEYS } from '../../model/tool-registration.ts';
import type { DiscoveredTool } from './discover-tools.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import { unwrapExpression } from './unwrap.ts';
import { branchAnsweringCall, clauseRun } from './name-branches.ts';

/**
 * Published tools placed in source by their names. A contract names every tool the server lists, so the source need
 * not match a registration form to be read: wherever a published name is written where a tool is defined, that is the
 * tool. An object literal whose `name` is a published name is its definition, and its input key (`schema`,
 * `parameters`, `inputSchema`, ...) its input, with no handler asked for, since the name alone says it is a tool. A
 * function stored under a published name (`toolHandlers = { get_card: async (client, args) => ... }`) or a `case` of
 * it is its handler, a Zod schema stored under it its input; a factory called with the name defines it. (A loop over a
 * list of names whose variable a registration takes is read by the discovery itself.) Only names the discovery did not
 * place, and tools it found without a handler, are looked for.
 */

type Expr = SchemaExpr<ts.Node>;

interface Placement {
  definition?: ts.ObjectLiteralExpression;
  input?: ts.Expression;
  /** A schema stored under the tool's name, apart from its definition. */
  keyedInput?: ts.Expression;
  output?: ts.Expression;
  handler?: ts.Node;
}

/** A property's key: written, or a constant a computed key resolves to. */
export function keyOf(name: ts.PropertyName | undefined, resolver: SchemaResolver): string | undefined {
  if (name === undefined) return undefined;
  if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return resolver.constantString(name.expression);
  return undefined;
}

function valueOf(property: ts.ObjectLiteralElementLike): ts.Expression | undefined {
  if (ts.isPropertyAssignment(property)) return property.initializer;
  if (ts.isShorthandPropertyAssignment(property)) return property.name;
  return undefined;
}

/** The function a property holds: written there, or a reference to one the project declares. */
function functionIn(property: ts.ObjectLiteralElementLike, resolver: SchemaResolver): ts.Node | undefined {
  if (ts.isMethodDeclaration(property)) return property.body === undefined ? undefined : property;
  const value = valueOf(property);
  if (value === undefined) return undefined;
  const expr = unwrapExpression(value);
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return expr;
  if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr)) return resolver.functionOf(expr);
  return undefined;
}

/** The object literal a function returns: its expression body, or the one `return` of its block. */
function returnedObject(fn: ts.SignatureDeclaration): ts.ObjectLiteralExpression | undefined {
  const body = (fn as { body?: ts.Node }).body;
  if (body === undefined) return undefined;
  if (!ts.isBlock(body)) {
    const value = unwrapExpression(body as ts.Expression);
    return ts.isObjectLiteralExpression(value) ? value : undefined;
  }
  const returns = body.statements.filter(ts.isReturnStatement);
  const value =
    returns.length === 1 && returns[0]?.expression !== undefined ? unwrapExpression(returns[0].expression) : undefined;
  return value !== undefined && ts.isObjectLiteralExpression(value) ? value : undefined;
}

/** Searches `files` for the places of `names`. */
function placementsOf(
  names: ReadonlySet<string>,
  files: readonly ts.SourceFile[],
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
): Map<string, Placement> {
  const found = new Map<string, Placement>();
  const clauses = new Map<string, ts.CaseOrDefaultClause[]>();
  const entry = (name: string): Placement => {
    const placement = found.get(name) ?? {};
    found.set(name, placement);
    return placement;
  };
  const visitObject = (object: ts.ObjectLiteralExpression): void => {
    let definitionName: string | undefined;
    for (const property of object.properties) {
      const key = keyOf(property.name, resolver);
      if (key === undefined) continue;
      if (key === TOOL_NAME_KEY) {
        const value = valueOf(property);
        const name = value === undefined ? undefined : resolver.constantString(value);
        if (name !== undefined && names.has(name)) definitionName = name;
      } else if (names.has(key)) {
        const handler = functionIn(property, resolver);
        if (handler !== undefined) entry(key).handler ??= handler;
        else {
          // `toolSchemaMap = { get_orders: GetOrdersSchema }`: a Zod schema stored under the name is its input, and so
          // is a raw shape (`{ get_board: { boardId: z.number() } }`).
          const value = valueOf(property);
          const resolved = value === undefined ? undefined : resolver.resolve(resolver.read(value));
          const isSchema = (expr: Expr | undefined): boolean => expr?.kind === 'zod' || expr?.kind === 'guard';
          const isShape =
            resolved?.kind === 'object' &&
            resolved.properties.every((field) => !field.spread && isSchema(resolver.resolve(field.value)));
          if (value !== undefined && (isSchema(resolved) || isShape)) entry(key).keyedInput ??= value;
        }
      }
    }
    if (definitionName === undefined) return;
    const placement = entry(definitionName);
    if (placement.definition !== undefined) return;
    const property = (keys: readonly string[]): ts.ObjectLiteralElementLike | undefined =>
      keys
        .map((key) => object.properties.find((candidate) => keyOf(candidate.name, resolver) === key))
        .find((candidate) => candidate !== undefined);
    const input = property(TOOL_INPUT_KEYS);
    const output = property(TOOL_OUTPUT_KEYS);
    const handler = property(TOOL_HANDLER_KEYS);
    placement.definition = object;
    const inputValue = input === undefined ? undefined : valueOf(input);
    const outputValue = output === undefined ? undefined : valueOf(output);
    if (inputValue !== undefined) placement.input = inputValue;
    if (outputValue !== undefined) placement.output = outputValue;
    const handlerNode = handler === undefined ? undefined : functionIn(handler, resolver);
    if (handlerNode !== undefined) placement.handler = handlerNode;
  };
  /**
   * `createListToolConfig('get_invoices', 'List invoices', '/invoices')`: a call that hands a published name to a
   * function returning a definition whose `name` is that parameter. The definition is the returned object; a part
   * that is another parameter is the argument given for it.
   */
  const visitFactoryCall = (call: ts.CallExpression): void => {
    const index = call.arguments.findIndex((argument) => {
      const name = resolver.constantString(argument);
      return name !== undefined && names.has(name) && found.get(name)?.definition === undefined;
    });
    if (index < 0) return;
    const name = resolver.constantString(call.arguments[index] as ts.Expression) as string;
    const fn = resolver.functionOf(call.expression);
    const object = fn === undefined ? undefined : returnedObject(fn);
    if (fn === undefined || object === undefined) return;
    const parameterAt = (expression: ts.Expression | undefined): number => {
      const value = expression === undefined ? undefined : unwrapExpression(expression);
      return value !== undefined && ts.isIdentifier(value)
        ? fn.parameters.findIndex((parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === value.text)
        : -1;
    };
    const nameProperty = object.properties.find((property) => keyOf(property.name, resolver) === TOOL_NAME_KEY);
    if (nameProperty === undefined || parameterAt(valueOf(nameProperty)) !== index) return;
    const argumentFor = (property: ts.ObjectLiteralElementLike | undefined): ts.Expression | undefined => {
      const value = property === undefined ? undefined : valueOf(property);
      const at = parameterAt(value);
      return at >= 0 ? call.arguments[at] : value;
    };
    const pick = (keys: readonly string[]) =>
      keys
        .map((key) => object.properties.find((candidate) => keyOf(candidate.name, resolver) === key))
        .find((candidate) => candidate !== undefined);
    const placement = entry(name);
    placement.definition = object;
    const input = argumentFor(pick(TOOL_INPUT_KEYS));
    const output = argumentFor(pick(TOOL_OUTPUT_KEYS));
    if (input !== undefined) placement.input = input;
    if (output !== undefined) placement.output = output;
    const handler = pick(TOOL_HANDLER_KEYS);
    const handlerNode = handler === undefined ? undefined : functionIn(handler, resolver);
    if (handlerNode !== undefined) placement.handler ??= handlerNode;
  };
  for (const file of files) {
    if (![...names].some((name) => file.text.includes(name))) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isObjectLiteralExpression(node)) visitObject(node);
      else if (ts.isCallExpression(node)) visitFactoryCall(node);
      else if (ts.isCaseClause(node)) {
        const name = resolver.constantString(node.expression);
        if (name !== undefined && names.has(name)) clauses.set(name, [...(clauses.get(name) ?? []), clauseRun(node)]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  // A handler found by a record or a definition comes first; else the branch on the name that answers the call.
  for (const [name, branches] of clauses) {
    const branch = branchAnsweringCall(branches, checker);
    if (branch !== undefined) entry(name).handler ??= branch;
  }
  return found;
}

/**
 * The discovered tools, completed by name: a published tool the discovery did not find, placed where its name is
 * defined, and a found tool without a handler, given the function stored under its name. Names placed nowhere stay
 * unplaced (the caller lists them).
 */
export function placePublishedTools(
  tools: readonly DiscoveredTool[],
  published: readonly string[],
  files: readonly ts.SourceFile[],
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
): DiscoveredTool[] {
  const known = new Set(tools.map((tool) => tool.name));
  const wanted = new Set([
    ...published.filter((name) => !known.has(name)),
    ...tools.filter((tool) => tool.handler === undefined).map((tool) => tool.name),
  ]);
  if (wanted.size === 0) return [...tools];
  const found = placementsOf(wanted, files, resolver, checker);
  const read = (expression: ts.Expression | undefined): Expr | undefined =>
    expression === undefined ? undefined : resolver.renderedSchema(resolver.read(expression));
  const completed = tools.map((tool) => {
    const handler = tool.handler === undefined ? found.get(tool.name)?.handler : undefined;
    return handler === undefined ? tool : { ...tool, handler };
  });
  for (const name of published) {
    if (known.has(name)) continue;
    const placement = found.get(name);
    const node = placement?.definition ?? placement?.handler;
    if (placement === undefined || node === undefined) continue;
    // The schema a server renders itself (`zodToJsonSchema(Args)`) is read as the schema rendered.
    const inputExpression = placement.input ?? placement.keyedInput;
    const written = inputExpression === undefined ? undefined : resolver.read(inputExpression);
    const input = written === undefined ? undefined : resolver.renderedSchema(written);
    completed.push({
      name,
      style: 'tool-object',
      node,
      input,
      output: read(placement.output),
      handler: placement.handler,
      ...(input !== written ? { rendered: true } : {}),
    });
  }
  return completed;
}
