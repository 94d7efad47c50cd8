import type { ObjectExpr, SchemaExpr } from './schema-expr.ts';

/**
 * How MCP tools are registered, in the styles real servers use. A front end hands over a call in neutral form; this
 * module says whether it registers a tool and which argument is the input schema, the output schema and the handler.
 */

/** A call as a front end saw it: `server.registerTool('x', {...}, cb)` is `{ method: 'registerTool', args: [...] }`. */
export interface CallSite<N> {
  /** The called property (`server.tool(...)`) or function name (`addTool(...)`). */
  readonly method: string;
  readonly args: readonly SchemaExpr<N>[];
  readonly node: N;
}

export type RegistrationStyle =
  /** SDK v1 `server.tool(name, [description], [shape], [annotations], cb)`. */
  | 'sdk-tool'
  /** SDK v1 and v2 `server.registerTool(name, { inputSchema, outputSchema, ... }, cb)`. */
  | 'register-tool'
  /** fastmcp `server.addTool({ name, parameters, execute })`. */
  | 'add-tool'
  /**
   * A tool written as an object and registered elsewhere, often in a loop: `{ name, inputSchema, handler }`,
   * `{ name, parameters, execute }`, `defineTool({ name, inputShape, outputShape, run })`.
   */
  | 'tool-object';

export interface ToolRegistration<N> {
  readonly style: RegistrationStyle;
  /** The tool's name when it is a string literal. */
  readonly name?: string;
  readonly input?: SchemaExpr<N>;
  readonly output?: SchemaExpr<N>;
  readonly handler?: SchemaExpr<N>;
  readonly node: N;
}

/** Keys of MCP tool annotations; an object made of these is `annotations`, not a raw shape. */
const ANNOTATION_KEYS = new Set(['title', 'readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint']);

function property<N>(object: ObjectExpr<N>, key: string): SchemaExpr<N> | undefined {
  return object.properties.find((candidate) => candidate.key === key && !candidate.spread)?.value;
}

function isAnnotations<N>(expr: SchemaExpr<N>): boolean {
  return (
    expr.kind === 'object' &&
    expr.properties.length > 0 &&
    expr.properties.every((p) => p.key !== undefined && ANNOTATION_KEYS.has(p.key))
  );
}

function literalName<N>(expr: SchemaExpr<N> | undefined): string | undefined {
  return expr?.kind === 'literal' && typeof expr.value === 'string' ? expr.value : undefined;
}

function isNameArgument<N>(expr: SchemaExpr<N> | undefined): boolean {
  return (
    expr !== undefined &&
    (literalName(expr) !== undefined || expr.kind === 'identifier' || expr.kind === 'other' || expr.kind === 'either')
  );
}

function withName<N>(
  registration: Omit<ToolRegistration<N>, 'name'>,
  nameExpr: SchemaExpr<N> | undefined,
): ToolRegistration<N> {
  const name = literalName(nameExpr);
  return name === undefined ? registration : { ...registration, name };
}

/**
 * The handler a registration argument holds: a function or a reference to one, or the function a wrapper call is
 * handed and returns in its stead (`applyRateLimiting('get_ticket', async (args) => ...)`, `withAuth(withLog(fn))`,
 * `withErrors(getTicket)`): the last argument of the call that is a function, through nested wrappers; failing that,
 * the last that names one (a front end with types tells whether it is a function).
 */
export function registeredHandlerOf<N>(expr: SchemaExpr<N> | undefined): SchemaExpr<N> | undefined {
  if (expr === undefined || expr.kind === 'function' || expr.kind === 'identifier') return expr;
  if (expr.kind !== 'call') return undefined;
  const inner = expr.args.map((arg) => (arg.kind === 'call' ? registeredHandlerOf(arg) : arg)).reverse();
  return inner.find((arg) => arg?.kind === 'function') ?? inner.find((arg) => arg?.kind === 'identifier');
}

/** Options a `tool(name, description, shape, handler, { annotations })` helper takes after the handler. */
function isTrailingOptions<N>(expr: SchemaExpr<N> | undefined): boolean {
  return (
    expr?.kind === 'object' &&
    expr.properties.length > 0 &&
    expr.properties.every((p) => p.key !== undefined && (p.key === 'annotations' || ANNOTATION_KEYS.has(p.key)))
  );
}

function sdkTool<N>(call: CallSite<N>): ToolRegistration<N> | undefined {
  const [nameExpr, ...given] = call.args;
  // An agent SDK's `tool(...)` may end with its options: the handler is the argument before them.
  const rest = given.length > 1 && isTrailingOptions(given.at(-1)) ? given.slice(0, -1) : given;
  if (!isNameArgument(nameExpr) || rest.length === 0) return undefined;
  const handler = registeredHandlerOf(rest.at(-1));
  if (handler === undefined) return undefined;
  let index = 0;
  // The description: a string, or a template with values in it (`other`) or a conditional (`either`) when the schema
  // follows it; and whatever
  // comes first (a call that builds the text) when a shape written out follows it.
  const [first, second] = rest;
  const schemaFollows = second !== undefined && rest.length > 2 && !isAnnotations(second);
  if (
    first?.kind === 'literal' ||
    ((first?.kind === 'other' || first?.kind === 'either') && schemaFollows) ||
    (schemaFollows && (second.kind === 'object' || second.kind === 'zod'))
  )
    index += 1;
  const candidate = index < rest.length - 1 ? rest[index] : undefined;
  const input = candidate !== undefined && !isAnnotations(candidate) ? candidate : undefined;
  return withName({ style: 'sdk-tool', node: call.node, handler, ...(input === undefined ? {} : { input }) }, nameExpr);
}

function registerTool<N>(call: CallSite<N>): ToolRegistration<N> | undefined {
  const [nameExpr, config, registered] = call.args;
  const handler = registeredHandlerOf(registered) ?? registered;
  if (!isNameArgument(nameExpr) || config?.kind !== 'object') return undefined;
  const input = property(config, 'inputSchema');
  const output = property(config, 'outputSchema');
  return withName(
    {
      style: 'register-tool',
      node: call.node,
      ...(input === undefined ? {} : { input }),
      ...(output === undefined ? {} : { output }),
      ...(handler === undefined ? {} : { handler }),
    },
    nameExpr,
  );
}

function addTool<N>(call: CallSite<N>): ToolRegistration<N> | undefined {
  const [definition] = call.args;
  if (definition?.kind !== 'object') return undefined;
  const input = property(definition, 'parameters') ?? property(definition, 'inputSchema');
  const output = property(definition, 'outputSchema');
  const handler = property(definition, 'execute') ?? property(definition, 'handler');
  if (input === undefined && handler === undefined) return undefined;
  return withName(
    {
      style: 'add-tool',
      node: call.node,
      ...(input === undefined ? {} : { input }),
      ...(output === undefined ? {} : { output }),
      ...(handler === undefined ? {} : { handler }),
    },
    property(definition, 'name'),
  );
}

/** The tool a call registers, or undefined when the call registers none. */
export function toolRegistrationOf<N>(call: CallSite<N>): ToolRegistration<N> | undefined {
  switch (call.method) {
    case 'tool':
      return sdkTool(call);
    case 'registerTool':
      return registerTool(call);
    case 'addTool':
      return addTool(call);
    default:
      return undefined;
  }
}

/** Where a tool object or a tool class holds its input schema, in the order they are looked up. */
export const TOOL_INPUT_KEYS: readonly string[] = ['inputSchema', 'inputShape', 'parameters', 'schema'];
/** Input keys too generic to make a tool on their own: the object also needs a handler. */
const GENERIC_INPUT_KEYS = new Set(['parameters', 'schema']);
/**
 * Packages whose tool base class is found by the framework itself (no registration call names the class), reads its
 * field descriptors (`{ id: { type: z.string(), description } }`), and sends what `execute` returns as JSON text: the
 * package, and its base class.
 */
export const FRAMEWORK_TOOL_BASES: ReadonlyMap<string, string> = new Map([['mcp-framework', 'MCPTool']]);

/** Where a tool object or a tool class holds its output schema. */
export const TOOL_OUTPUT_KEYS: readonly string[] = ['outputSchema', 'outputShape'];
/** Where a tool object holds its handler. */
export const TOOL_HANDLER_KEYS: readonly string[] = ['execute', 'handler', 'run', 'callback', 'cb'];
/** Where a tool class holds its handler: a method may also be called `call` or `handle`. */
export const TOOL_CLASS_HANDLER_KEYS: readonly string[] = [...TOOL_HANDLER_KEYS, 'call', 'handle'];

/** `inputSchema` -> `getInputSchema`: the method a class reads a member through. */
function getterOf(key: string): string {
  return `get${key.charAt(0).toUpperCase()}${key.slice(1)}`;
}

/**
 * Where a tool class holds its input schema, in the order they are looked up: a property or getter named as a tool
 * object's key (`inputSchema = ...`, `get parameters()`), or a method that returns it (`getInputSchema() { return ... }`).
 */
export const TOOL_CLASS_INPUT_MEMBERS: readonly string[] = [...TOOL_INPUT_KEYS, ...TOOL_INPUT_KEYS.map(getterOf)];
/** Where a tool class holds its output schema: `outputSchema`, `getOutputSchema()`. */
export const TOOL_CLASS_OUTPUT_MEMBERS: readonly string[] = [...TOOL_OUTPUT_KEYS, ...TOOL_OUTPUT_KEYS.map(getterOf)];
/** Input members too generic to make a tool class on their own (`schema`, `getParameters()`): the class needs a handler. */
const GENERIC_CLASS_INPUT_MEMBERS = new Set([...GENERIC_INPUT_KEYS, ...[...GENERIC_INPUT_KEYS].map(getterOf)]);

/** A class member as a front end saw it. */
/** `N` is the front end's node type, `V` its expression type (the TypeScript AST tells them apart). */
export interface ClassMemberSite<N, V = N> {
  readonly name: string;
  readonly kind: 'property' | 'getter' | 'method';
  /** The member itself. */
  readonly node: N;
  /** What reading it gives: a property's initializer, the one expression a getter or method returns. */
  readonly value?: V;
}

/** A class as a front end saw it: its own members, and whether it extends a class (which may hold the handler). */
export interface ClassSite<N, V = N> {
  readonly members: readonly ClassMemberSite<N, V>[];
  readonly extendsClass: boolean;
}

export interface ToolClassReading<N, V = N> {
  /** The value of the class's `name` member. */
  readonly name: V;
  readonly input: V;
  readonly output?: V;
  /** The class's own handler member (`execute`, `handler`, `run`, ...); a subclass may leave it to its base. */
  readonly handler?: ClassMemberSite<N, V>;
}

/**
 * The tool a class defines, or undefined when it defines none: a `name`, an input member (`inputSchema`,
 * `getInputSchema()`, ...) and a handler of its own, or a base class that runs it (`class GetTicket extends BaseTool
 * { name = 'get_ticket'; getInputSchema() { return {...} } }`); a generic input member needs a handler of its own.
 */
export function toolClassOf<N, V>(site: ClassSite<N, V>): ToolClassReading<N, V> | undefined {
  const valueOf = (name: string): V | undefined =>
    site.members.find((member) => member.name === name && member.value !== undefined)?.value;
  const name = site.members.find(
    (member) => member.name === TOOL_NAME_KEY && member.kind !== 'method' && member.value !== undefined,
  )?.value;
  const inputMember = TOOL_CLASS_INPUT_MEMBERS.find((key) => valueOf(key) !== undefined);
  if (name === undefined || inputMember === undefined) return undefined;
  const handler = TOOL_CLASS_HANDLER_KEYS.flatMap((key) =>
    site.members.filter((member) => member.name === key && (member.kind === 'method' || member.value !== undefined)),
  )[0];
  if (handler === undefined && (!site.extendsClass || GENERIC_CLASS_INPUT_MEMBERS.has(inputMember))) return undefined;
  const output = TOOL_CLASS_OUTPUT_MEMBERS.map(valueOf).find((value) => value !== undefined);
  return {
    name,
    input: valueOf(inputMember) as V,
    ...(output === undefined ? {} : { output }),
    ...(handler === undefined ? {} : { handler }),
  };
}

/** Keys an object must have one of to be a tool definition: a front end can skip every other object literal. */
export const TOOL_DEFINITION_INPUT_KEYS: ReadonlySet<string> = new Set(TOOL_INPUT_KEYS);

/**
 * The keys of registerTool's config that hold an input: a definition that keeps registerTool's three arguments
 * together (`{ name, config: { title, inputSchema }, handler }`) has one of them one level down. A front end skips an
 * object literal that has neither an input key nor an object literal holding one of these.
 */
export const TOOL_CONFIG_INPUT_KEYS: readonly string[] = ['inputSchema', 'inputShape'];

/** The config object a definition holds registerTool's input in, one level down, when its own keys hold no input. */
function nestedConfig<N>(object: ObjectExpr<N>): ObjectExpr<N> | undefined {
  for (const candidate of object.properties) {
    const value = candidate.value;
    if (candidate.spread || value.kind !== 'object') continue;
    if (TOOL_CONFIG_INPUT_KEYS.some((key) => property(value, key) !== undefined)) return value;
  }
  return undefined;
}

/** The key every tool definition has besides an input key (`{ name, inputSchema, ... }`). */
export const TOOL_NAME_KEY = 'name';

function firstProperty<N>(object: ObjectExpr<N>, keys: readonly string[]): SchemaExpr<N> | undefined {
  for (const key of keys) {
    const value = property(object, key);
    if (value !== undefined) return value;
  }
  return undefined;
}

/**
 * The tool an object literal defines, or undefined when it defines none. It needs a `name` and an input schema key;
 * the generic `parameters` and `schema` also need a handler (`execute`, `handler`, `run`), so a plain options bag is
 * not a tool. With `withoutInput`, a `name` and a handler and no input (`{ name, description, execute }`) define a
 * tool that takes none: a reader asks so only where the object's declared type says it is a tool.
 */
export function toolDefinitionOf<N>(
  expr: SchemaExpr<N>,
  options: { readonly withoutHandler?: boolean; readonly withoutInput?: boolean } = {},
): ToolRegistration<N> | undefined {
  if (expr.kind !== 'object') return undefined;
  const nameExpr = property(expr, TOOL_NAME_KEY);
  if (nameExpr === undefined || nameExpr.kind === 'object' || nameExpr.kind === 'function') return undefined;
  const handler = firstProperty(expr, TOOL_HANDLER_KEYS);
  let inputKey = TOOL_INPUT_KEYS.find((key) => property(expr, key) !== undefined);
  let holder = expr;
  // `{ name, config: { inputSchema }, handler }`: registerTool's arguments kept together; it needs its handler too.
  const config = inputKey === undefined && handler !== undefined ? nestedConfig(expr) : undefined;
  if (config !== undefined) {
    holder = config;
    inputKey = TOOL_CONFIG_INPUT_KEYS.find((key) => property(config, key) !== undefined);
  }
  if (inputKey === undefined)
    return options.withoutInput === true && handler !== undefined
      ? withName({ style: 'tool-object', node: expr.node, handler }, nameExpr)
      : undefined;
  const input = property(holder, inputKey);
  const output = firstProperty(holder, TOOL_OUTPUT_KEYS);
  if (GENERIC_INPUT_KEYS.has(inputKey) && handler === undefined && options.withoutHandler !== true) return undefined;
  return withName(
    {
      style: 'tool-object',
      node: expr.node,
      ...(input === undefined ? {} : { input }),
      ...(output === undefined ? {} : { output }),
      ...(handler === undefined ? {} : { handler }),
    },
    nameExpr,
  );
}

/**
 * The request schema a low-level server's tool-call handler is registered for: `server.setRequestHandler(
 * CallToolRequestSchema, handler)`, the one handler that runs every tool of such a server.
 */
export const CALL_TOOL_REQUEST_SCHEMA = 'CallToolRequestSchema';

/** The method names that may register a tool: a front end can skip every other call without building it. */
export const REGISTRATION_METHODS: ReadonlySet<string> = new Set(['tool', 'registerTool', 'addTool']);

/**
 * Methods of a server's own that read like a tool registration (`addToolWithReadAccess`, `registerToolWithAuth`): a
 * front end that sees one file cannot follow them into the class that defines them.
 */
export const TOOL_LIKE_METHOD = /^(?:add|register)\w*Tool(?:$|[A-Z_\d])/;

/**
 * A call of a server's own registration method (`TOOL_LIKE_METHOD`) in `server.tool`'s form, as useshortcut's
 * `server.addToolWithReadAccess('epics-create', 'Create an epic', { teamId: z.string() }, handler)`: a tool when its
 * name is a string literal, a handler comes last and its input is an object literal with a Zod value. For front ends
 * that see one file; with the checker, the discovery follows such methods into the class itself.
 */
export function toolLikeRegistrationOf<N>(call: CallSite<N>): ToolRegistration<N> | undefined {
  if (REGISTRATION_METHODS.has(call.method) || !TOOL_LIKE_METHOD.test(call.method)) return undefined;
  const registration = sdkTool(call);
  const input = registration?.input;
  if (registration?.name === undefined || input?.kind !== 'object') return undefined;
  return input.properties.some((property) => property.value.kind === 'zod' || property.value.kind === 'guard')
    ? registration
    : undefined;
}

/**
 * The node that tells one tool from another when a front end meets it twice: `addTool({ name, parameters, ... })` is
 * both a registration and a tool object. Its input schema, else its output schema, else the registration itself.
 */
export function toolIdentityOf<N>(registration: ToolRegistration<N>): N {
  return registration.input?.node ?? registration.output?.node ?? registration.node;
}

/** Calls that render a Zod schema as JSON Schema: the schema they are given is the one agents see. */
const SCHEMA_RENDERERS = /^(?:zodToJsonSchema|toJSONSchema|toJsonSchema|zodToJSONSchema)$/;

/** Whether a callee (`zodToJsonSchema`, `z.toJSONSchema`, by its last name) renders a Zod schema as JSON Schema. */
export function isSchemaRenderer(callee: string): boolean {
  return SCHEMA_RENDERERS.test(callee.replace(/^.*\./, ''));
}

/**
 * The schema a server renders itself (`inputSchema: zodToJsonSchema(Args)`, `z.toJSONSchema(Args, opts)`, as a low-level
 * tool list writes it), or undefined when `expr` is no such call.
 */
export function renderedSchemaOf<N>(expr: SchemaExpr<N>): SchemaExpr<N> | undefined {
  if (expr.kind === 'zod' && isSchemaRenderer(expr.factory[0] ?? '')) return expr.factoryArgs[0];
  if (expr.kind === 'call' && isSchemaRenderer(expr.callee)) return expr.args[0];
  return undefined;
}
