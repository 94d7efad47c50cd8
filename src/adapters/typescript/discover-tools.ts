import ts from 'typescript';
import {
  calleeName,
  propertyName,
  returnedExpressions,
  shortText,
  unwrapExpression,
  wrappedExpression,
} from './unwrap.ts';
import { argumentsParseIn } from './arguments-parse.ts';
import { importBindingsOf } from './from-typescript.ts';
import { fieldDescriptorShapeOf } from '../../model/field-descriptors.ts';
import type { SchemaExpr } from '../../model/schema-expr.ts';
import {
  FRAMEWORK_TOOL_BASES,
  REGISTRATION_METHODS,
  TOOL_CONFIG_INPUT_KEYS,
  TOOL_DEFINITION_INPUT_KEYS,
  toolClassOf,
  toolDefinitionOf,
  toolRegistrationOf,
  type CallSite,
  type RegistrationStyle,
  type ToolRegistration,
  registeredHandlerOf,
} from '../../model/tool-registration.ts';
import type { ArgumentPath, WrapperConfig } from './agent-contract-config.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import { classSiteOf, ToolClasses, type ServerMethodForm } from './tool-classes.ts';
import { itemValueOf, namesOfLoopVariable, type LoopName } from './loop-names.ts';
import { namedOriginOf } from './named-types.ts';
import { branchAnsweringCall, clauseRun } from './name-branches.ts';
import { argumentListsSpreadFrom } from './spread-tuples.ts';
import {
  calleeNameOf,
  definitionFactoryOf,
  factoryArgument,
  factoryCallsIn,
  type DefinitionFactory,
  type FactoryCall,
} from './definition-factories.ts';

/**
 * Finds the tools a program registers, in every style the shared model knows (`server.tool`, `registerTool`,
 * `addTool`, tool-definition objects), plus what only a whole program shows: configs passed by reference, tool classes
 * behind a registration that reads an instance (`t.name`, `t.getInputSchema()`), the low-level
 * `setRequestHandler(CallToolRequestSchema, ...)` switch that holds the handlers of tools listed as objects, names held
 * in constants, and wrappers declared in the configuration. Every registration call it recognises is a site, followed
 * or not; one it cannot follow comes back with the configuration entry that would declare it.
 */

type Expr = SchemaExpr<ts.Node>;

export type ToolStyle = RegistrationStyle | 'tool-class' | 'wrapper';

/** The instance a registration reads its tool from, as one concrete class: `t` in `registerTool(t.name, ...)`, or `this`. */
export interface InstanceBinding {
  /** The variable holding the instance at the registration; undefined when it is `this`. */
  readonly symbol: ts.Symbol | undefined;
  readonly declaration: ts.ClassLikeDeclaration;
}

export interface DiscoveredTool {
  readonly name: string;
  readonly style: ToolStyle;
  /** Where the tool is registered or defined (for a tool class, the class). */
  readonly node: ts.Node;
  /** The input schema: a Zod schema, a raw shape, or a JSON Schema literal (renderers such as `zodToJsonSchema` taken off). */
  readonly input: Expr | undefined;
  readonly output: Expr | undefined;
  /** A function, a method, or the `case 'name':` clause of a low-level call handler. */
  readonly handler: ts.Node | undefined;
  /**
   * For a tool handled in a branch of a low-level call handler: the schema the branch validates the call's arguments
   * with (`Args.parse(request.params.arguments)`). It is what the server accepts, whatever `input` publishes.
   */
  readonly accepted?: Expr;
  /** True when the server renders the input itself (`zodToJsonSchema(Args)`): the SDK's rendering rules do not apply. */
  readonly rendered?: boolean;
  /** For a tool read from a class through a registration: the instance the handler calls into. */
  readonly instance?: InstanceBinding;
  /** For a tool class: its name. */
  readonly className?: string;
  /** For a tool that is a call of a definition factory (`createTool('get_task', ...)`): the call and the factory. */
  readonly factory?: FactoryCall;
  /**
   * For a tool read from a class whose registration's handler passes the input on whole (`(a) => t.execute(a)`): the
   * class's own method that reads it (`executeInternal`), where the handler's reads are told.
   */
  readonly inputReader?: ts.SignatureDeclaration;
  /**
   * True for a tool class of a framework that sends what its handler returns as the JSON text of the result
   * (mcp-framework's `MCPTool`): the handler's plain data is what the agent reads.
   */
  readonly returnSent?: boolean;
  /**
   * For a tool registered through a function of the project that registers a callback of its own and calls the
   * handler it is given in it (`const result = await handler(args)`, then `JSON.stringify(result)`): that callback,
   * the parameter it calls, and what the registration hands that parameter for this tool.
   */
  readonly serializedBy?: {
    readonly builder: ts.SignatureDeclaration;
    readonly parameter: ts.Symbol;
    readonly value: ts.Expression;
  };
  /**
   * For a handler handed to a wrapper of the project (`tool('get_order', (args) => getOrder(args))`, where `tool(name,
   * fn)` returns `async (args) => ok(await fn(args))`): the function the wrapper returns, the parameter it calls, and
   * the handler. What the wrapper makes of a handler's plain data is what the tool emits.
   */
  readonly wrappedBy?: {
    readonly builder: ts.SignatureDeclaration;
    readonly parameter: ts.Symbol;
    readonly value: ts.Expression;
  };
}

/** Whether a class extends a framework's tool base class, imported by name from its package (`FRAMEWORK_TOOL_BASES`). */
function extendsFrameworkTool(declaration: ts.ClassLikeDeclaration): boolean {
  const clause = declaration.heritageClauses?.find((heritage) => heritage.token === ts.SyntaxKind.ExtendsKeyword);
  const base = clause?.types[0]?.expression;
  if (base === undefined || !ts.isIdentifier(base)) return false;
  return importBindingsOf(declaration.getSourceFile()).some(
    (binding) => binding.local === base.text && FRAMEWORK_TOOL_BASES.get(binding.source) === binding.imported,
  );
}

/** The styles of tools written as data (objects and classes), which a registration elsewhere hands to the SDK. */
const DEFINITION_STYLES: ReadonlySet<ToolStyle> = new Set(['tool-object', 'tool-class']);

/** Whether a `registerTool` config may pass an output schema on: it names one, spreads, or is not written out. */
function configPassesOutput(config: ts.Expression | undefined): boolean {
  const value = config === undefined ? undefined : unwrapExpression(config);
  if (value === undefined || !ts.isObjectLiteralExpression(value)) return true;
  return value.properties.some(
    (property) => ts.isSpreadAssignment(property) || propertyName(property.name) === 'outputSchema',
  );
}

/** A registration whose tool name is computed at run time: the tools it registers are counted where they are defined. */
export interface DynamicRegistration {
  readonly node: ts.Node;
  readonly style: ToolStyle;
  /**
   * For the SDK's `registerTool(name, config, cb)`: whether its config may pass an output schema on (an
   * `outputSchema` property, a spread, or a config that is no object written out). Absent for other forms.
   */
  readonly passesOutput?: boolean;
}

/**
 * How the tools of a registration call were found: `call` (the call itself says it all), `classes` (the concrete
 * classes of the instance it reads), `definitions` (tool objects or classes of the shape it reads, defined elsewhere),
 * `lists` (argument lists spread into it, `registerTool(...tool)`), `wrapper` (it sits in a wrapper the configuration
 * declares, whose calls are the tools), `not-followed`.
 */
export type SiteVia = 'call' | 'classes' | 'definitions' | 'lists' | 'wrapper' | 'not-followed';

export interface RegistrationSite {
  readonly node: ts.Node;
  readonly style: ToolStyle;
  readonly via: SiteVia;
  /** The tools found through this site (for `wrapper`, 0: they count at the wrapper's calls). */
  readonly tools: number;
}

/** A registration the discovery could not follow: what it could not see, and what to declare. */
export interface UnfollowedRegistration {
  readonly node: ts.Node;
  readonly message: string;
}

export interface Discovery {
  readonly tools: readonly DiscoveredTool[];
  readonly dynamic: readonly DynamicRegistration[];
  /** Definitions of a name already seen (the first one counts, or the TypeScript one of a name also in JavaScript). */
  readonly duplicates: number;
  /**
   * Tools registered in TypeScript and again in JavaScript the program takes in (a build's output beside the sources,
   * under `allowJs` with no `include`): each JavaScript registration, read as the TypeScript tool it copies.
   */
  readonly scriptCopies: readonly ts.Node[];
  /** Every registration call of a form the discovery recognises, in source order. */
  readonly sites: readonly RegistrationSite[];
  readonly unfollowed: readonly UnfollowedRegistration[];
  /**
   * Tool objects that nothing registers, in a project that registers its tool objects one by one: a `const` no code
   * of the project names (only its own export), while registrations read its siblings. Not counted as tools.
   */
  readonly unregistered: readonly DiscoveredTool[];
}

/** The name of the `const` an object literal is the value of (through `as`/`satisfies`), or undefined. */
function holdingConst(object: ts.Node): ts.Identifier | undefined {
  const node = wrappedExpression(object);
  const declaration = node.parent;
  if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer !== node)
    return undefined;
  if (!ts.isIdentifier(declaration.name) || (ts.getCombinedNodeFlags(declaration) & ts.NodeFlags.Const) === 0)
    return undefined;
  return declaration.name;
}

/** Every identifier the files name other than where a variable is declared or a name is exported: what code uses. */
function namesUsed(files: readonly ts.SourceFile[]): Set<string> {
  const used = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const declared = ts.isVariableDeclaration(parent) && parent.name === node;
      if (!declared && !ts.isExportSpecifier(parent)) used.add(node.text);
      return;
    }
    ts.forEachChild(node, visit);
  };
  for (const file of files) visit(file);
  return used;
}

/** A JavaScript file of the program (`allowJs`), not TypeScript. */
function isScript(node: ts.Node): boolean {
  return /\.[cm]?jsx?$/.test(node.getSourceFile().fileName);
}

function objectProperty(object: ts.ObjectLiteralExpression, key: string): ts.Node | undefined {
  for (const property of object.properties) {
    if (propertyName(property.name) !== key) continue;
    if (ts.isPropertyAssignment(property)) return property.initializer;
    if (ts.isShorthandPropertyAssignment(property)) return property.name;
    if (ts.isMethodDeclaration(property)) return property;
  }
  return undefined;
}

/** A discriminant that holds a tool name: `name`, `toolName`, `request.params.name`. */
/** `config: { title, inputSchema: {...} }`: a property whose object literal holds registerTool's input. */
function holdsConfigInput(property: ts.ObjectLiteralElementLike): boolean {
  if (!ts.isPropertyAssignment(property)) return false;
  const value = unwrapExpression(property.initializer);
  return (
    ts.isObjectLiteralExpression(value) &&
    TOOL_CONFIG_INPUT_KEYS.some((key) => objectProperty(value, key) !== undefined)
  );
}

function namesATool(expression: ts.Expression): boolean {
  const expr = unwrapExpression(expression);
  if (ts.isIdentifier(expr)) return /name$/i.test(expr.text);
  if (ts.isPropertyAccessExpression(expr)) return /name$/i.test(expr.name.text);
  return false;
}

/** `t.name`, `t.getName()`, `this.name`: the instance and the member read from it. */
function memberAccess(node: ts.Node | undefined): { receiver: ts.Expression; member: string } | undefined {
  if (node === undefined || !ts.isExpression(node)) return undefined;
  let expr = unwrapExpression(node);
  if (ts.isCallExpression(expr)) expr = unwrapExpression(expr.expression);
  if (ts.isPropertyAccessExpression(expr))
    return { receiver: unwrapExpression(expr.expression), member: expr.name.text };
  return undefined;
}

/** What a local const holds (`const inputSchema = tool.getInputSchema()`), else the node itself. */
function localValue(node: ts.Node | undefined): ts.Node | undefined {
  if (node === undefined || !ts.isIdentifier(node)) return node;
  const statement = node.getSourceFile();
  for (
    let scope: ts.Node | undefined = node.parent;
    scope !== undefined && scope !== statement.parent;
    scope = scope.parent
  ) {
    if (!ts.isBlock(scope) && !ts.isSourceFile(scope)) continue;
    for (const candidate of scope.statements) {
      if (!ts.isVariableStatement(candidate) || (candidate.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
      const declaration = candidate.declarationList.declarations.find(
        (entry) => ts.isIdentifier(entry.name) && entry.name.text === node.text,
      );
      if (declaration?.initializer !== undefined) return declaration.initializer;
    }
  }
  return node;
}

/** `x.bind(y)`: `x`. */
function unbound(node: ts.Expression): ts.Expression {
  const expr = unwrapExpression(node);
  if (
    ts.isCallExpression(expr) &&
    ts.isPropertyAccessExpression(expr.expression) &&
    expr.expression.name.text === 'bind'
  )
    return unwrapExpression(expr.expression.expression);
  return expr;
}

function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
  for (let current = node.parent; current !== undefined; current = current.parent) {
    if (ts.isFunctionLike(current) && !ts.isClassLike(current)) return current as ts.SignatureDeclaration;
  }
  return undefined;
}

function styleOfMethod(method: string): ToolStyle {
  return method === 'addTool'
    ? 'add-tool'
    : method === 'tool'
      ? 'sdk-tool'
      : method === 'registerTool'
        ? 'register-tool'
        : 'wrapper';
}

interface PendingSite {
  readonly index: number;
  readonly node: ts.CallExpression;
  readonly style: ToolStyle;
  readonly method: string;
  readonly registration: ToolRegistration<ts.Node>;
  /** The type the dynamic name is read from (`tool` in `tool.name`), when there is one. */
  readonly receiverType: ts.Type | undefined;
  readonly nameNode: ts.Node | undefined;
}

class ToolFinder {
  private readonly tools: DiscoveredTool[] = [];
  private readonly dynamic: DynamicRegistration[] = [];
  private readonly seen = new Set<ts.Node>();
  /** The object literals found as tools on their own (`visitObject`), not through a registration. */
  private readonly objectsFound = new Set<ts.Node>();
  /** `case 'name':` clauses and `if (name === 'x')` branches, by tool name, in the order they were found. */
  private readonly branches = new Map<string, ts.Node[]>();
  private readonly wrappers: ReadonlyMap<string, WrapperConfig>;
  /** Names of the registration methods server subclasses add (`addToolWithReadAccess`): calls worth a symbol lookup. */
  readonly serverMethodNames: ReadonlySet<string>;
  private readonly sites: RegistrationSite[] = [];
  private readonly unfollowed: UnfollowedRegistration[] = [];
  /** Dynamic sites whose tools may be definitions found anywhere: settled once every file is read. */
  private readonly pending: PendingSite[] = [];
  /** The keys of each tool object or class found, for matching a dynamic site to the definitions it reads. */
  private readonly definitionKeys: Set<string>[] = [];
  /** Objects with a name and a generic input key (`schema`, `parameters`) but no handler: tools only if a site reads them. */
  private readonly handlerless: {
    object: ts.ObjectLiteralExpression;
    definition: ToolRegistration<ts.Node>;
    keys: ReadonlySet<string>;
  }[] = [];
  /**
   * Objects with a name and a handler but no input (`{ name, description, execute }`): tools with no input when they are
   * of the declared type of tool objects found (`ServerTool` with an optional `schema`), as the list they join says.
   */
  private readonly inputless: { object: ts.ObjectLiteralExpression; name: string; handler: Expr; type: ts.Symbol }[] =
    [];
  /** The declared types of the tool objects found (`tools.push({...})` into a `ServerTool[]`). */
  private readonly definitionTypes = new Set<ts.Symbol>();
  /** Classes whose tools a registration read through an instance: the class alone is not a second definition. */
  private readonly classesRead = new Set<ts.Node>();
  /**
   * Functions of the project that register a tool with their own parameters (`register(server, name, config,
   * handler)` calling `server.registerTool(name, config, handler)`), as the configuration would declare them.
   */
  readonly registrationFunctions: WrapperConfig[] = [];
  /** Functions that return a definition whose name is their parameter: each of their calls is a tool. */
  private readonly factories: { factory: DefinitionFactory; definition: ToolRegistration<ts.Node> }[] = [];

  constructor(
    private readonly resolver: SchemaResolver,
    private readonly checker: ts.TypeChecker,
    private readonly classes: ToolClasses,
    wrappers: readonly WrapperConfig[],
  ) {
    this.wrappers = new Map(wrappers.map((wrapper) => [wrapper.callee, wrapper]));
    this.serverMethodNames = new Set(
      [...classes.serverRegistrationMethods().keys()].flatMap((declaration) => {
        const name = ts.getNameOfDeclaration(declaration);
        return name !== undefined && ts.isIdentifier(name) ? [name.text] : [];
      }),
    );
  }

  private handlerNode(expr: Expr | undefined): ts.Node | undefined {
    if (expr === undefined) return undefined;
    if (expr.kind === 'function') return expr.node;
    // `handler: withErrors(async (input) => ...)`: the function the wrapper is handed and calls in its stead.
    if (expr.kind === 'call')
      return ts.isCallExpression(expr.node as ts.Node)
        ? this.handedHandler(expr.node as ts.CallExpression)
        : this.handlerNode(registeredHandlerOf(expr));
    const node = unbound(expr.node as ts.Expression);
    if (ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return node;
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) {
      const fn = this.resolver.functionOf(node);
      if (fn !== undefined) return fn;
      // `wrapHandler(handleGetProjects, client)`: the name read as the handler is a value the wrapper is also handed;
      // the handler is another of the wrapper's arguments, the first of them that is a function.
      let wrapper: ts.Node = node;
      while (ts.isCallExpression(wrapper.parent) && wrapper.parent.arguments.includes(wrapper as ts.Expression))
        wrapper = wrapper.parent;
      return wrapper === node ? undefined : this.handedHandler(wrapper as ts.CallExpression, node);
    }
    return undefined;
  }

  /** Of a wrapper call's arguments other than `skip`, last first (through nested wrappers), the first that is a function. */
  private handedHandler(call: ts.CallExpression, skip?: ts.Node): ts.Node | undefined {
    for (const argument of [...call.arguments].reverse()) {
      if (argument === skip) continue;
      const value = unwrapExpression(argument);
      if (ts.isArrowFunction(value) || ts.isFunctionExpression(value)) return value;
      if (ts.isCallExpression(value)) {
        const inner = this.handedHandler(value, skip);
        if (inner !== undefined) return inner;
      } else if (ts.isIdentifier(value) || ts.isPropertyAccessExpression(value)) {
        const fn = this.resolver.functionOf(value);
        if (fn !== undefined) return fn;
      }
    }
    return undefined;
  }

  private add(tool: Omit<DiscoveredTool, 'input'> & { input: Expr | undefined }, key: ts.Node): boolean {
    const input = tool.input === undefined ? undefined : this.resolver.renderedSchema(tool.input);
    const added: DiscoveredTool = { ...tool, input, ...(input !== tool.input ? { rendered: true } : {}) };
    if (this.seen.has(key)) {
      // A class found on its own first, then through a registration: the registration knows how it is called.
      const standalone =
        tool.instance === undefined
          ? -1
          : this.tools.findIndex((candidate) => candidate.node === tool.node && candidate.instance === undefined);
      if (standalone < 0) return false;
      this.tools[standalone] = added;
      return true;
    }
    this.seen.add(key);
    this.tools.push(added);
    return true;
  }

  private site(node: ts.CallExpression, style: ToolStyle, via: SiteVia, tools: number): number {
    this.sites.push({ node, style, via, tools });
    return this.sites.length - 1;
  }

  /** Config and handler arguments in the form the model reads: a config by reference resolved, a bound method as a reference. */
  private normalised(site: CallSite<ts.Node>): CallSite<ts.Node> {
    const args = [...site.args];
    const configAt = site.method === 'registerTool' ? 1 : site.method === 'addTool' ? 0 : -1;
    const config = args[configAt];
    if (config !== undefined && (config.kind === 'identifier' || config.kind === 'other')) {
      const resolved = this.resolver.resolve(config);
      if (resolved.kind === 'object') args[configAt] = resolved;
    }
    // `this.handle.bind(this)`, `handlers.getTicket`: a reference to a function, like an identifier.
    const handlerAt = site.method === 'tool' ? args.length - 1 : site.method === 'registerTool' ? 2 : -1;
    const handler = args[handlerAt];
    if (handler !== undefined && (handler.kind === 'other' || handler.kind === 'call')) {
      const target = unbound(handler.node as ts.Expression);
      if (ts.isPropertyAccessExpression(target))
        args[handlerAt] = { kind: 'identifier', node: handler.node, name: target.name.text };
    }
    return { ...site, args };
  }

  /** The registration form a call of a server subclass's own method stands for, when its callee is one. */
  private serverMethodFormOf(call: ts.CallExpression): ServerMethodForm | undefined {
    const callee = unwrapExpression(call.expression);
    if (!ts.isPropertyAccessExpression(callee)) return undefined;
    const methods = this.classes.serverRegistrationMethods();
    const declaration = this.checker
      .getSymbolAtLocation(callee.name)
      ?.declarations?.find((candidate) => methods.has(candidate));
    return declaration === undefined ? undefined : methods.get(declaration);
  }

  /** `name` is the registration form the call is read in; `method` the name it is called by, when that differs. */
  private visitCall(call: ts.CallExpression, name: string, method = name): void {
    const reader = this.resolver.readerFor(call.getSourceFile());
    const wrapper = this.wrappers.get(name);
    // A function of the project named like the SDK's method (`const registerTool = (name, description, schema,
    // handler) => { server.registerTool(...) }`) is read as the registration function it is.
    if (wrapper !== undefined && REGISTRATION_METHODS.has(name) && this.isProjectFunction(call.expression)) {
      this.visitWrapper(call, wrapper);
      return;
    }
    if (REGISTRATION_METHODS.has(name)) {
      const [first] = call.arguments;
      if (call.arguments.length === 1 && first !== undefined && ts.isSpreadElement(first)) {
        this.fromSpreadArguments(call, first, name);
        return;
      }
      if ((name === 'registerTool' || name === 'tool') && !this.mayBeToolName(call.arguments[0])) return;
      // `server.registerTool(name, config, tool(name, fn))`: a wrapper that makes the handler, not a registration.
      if (isRegistrationArgument(call)) return;
      const read = reader.callSite(call);
      if (read === undefined) return;
      const callSite = method === name ? read : { ...read, method: name };
      const site = this.normalised(callSite);
      const registration = toolRegistrationOf(site);
      if (registration === undefined) {
        if (!this.isRegistrationForm(call, name)) return;
        if (this.insideDeclaredWrapper(call)) this.site(call, styleOfMethod(name), 'wrapper', 0);
        else this.notFollowed(call, undefined, name);
        return;
      }
      let nameNode: ts.Node | undefined = call.arguments[0];
      let key: ts.Node = call;
      if (registration.style === 'add-tool') {
        const definition = site.args[0];
        const object = definition?.kind === 'object' ? (definition.node as ts.ObjectLiteralExpression) : undefined;
        nameNode = object === undefined ? undefined : objectProperty(object, 'name');
        if (object !== undefined) this.seen.add(object);
        // The definition may also be found as an object literal: the same key for both.
        key = registration.input?.node ?? object ?? call;
      }
      this.fromRegistration(call, registration, nameNode, registration.style, key, name);
      return;
    }
    if (wrapper !== undefined) this.visitWrapper(call, wrapper);
  }

  /**
   * The handler a loop's registration hands over for one item: `(args) => handler(args, api)` with `handler` kept
   * under the item's name (`handlers[tool.name]`) is that item's function; anything else stays as it is.
   */
  private handlerAtItem(value: ts.Expression, nameNode: ts.Node | undefined, entry: LoopName): ts.Expression {
    if (nameNode === undefined) return value;
    const direct = itemValueOf(value, nameNode, entry, this.resolver);
    if (direct !== undefined) return direct;
    const fn = unwrapExpression(value);
    if (!ts.isArrowFunction(fn) || ts.isBlock(fn.body)) return value;
    const body = unwrapExpression(fn.body);
    if (!ts.isCallExpression(body)) return value;
    return itemValueOf(body.expression, nameNode, entry, this.resolver) ?? value;
  }

  /** A bare call of a function written in the project (`registerTool(...)` of a local const), not of the SDK. */
  private isProjectFunction(callee: ts.Expression): boolean {
    const expr = unwrapExpression(callee);
    // `this.registerTool(...)`: a method of the project's own class, not the SDK's.
    const named = ts.isPropertyAccessExpression(expr) ? expr.name : expr;
    if (!ts.isIdentifier(named)) return false;
    const declaration = this.checker.getSymbolAtLocation(named)?.valueDeclaration;
    if (declaration === undefined || declaration.getSourceFile().isDeclarationFile) return false;
    if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration)) return true;
    if (
      !(ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration)) ||
      declaration.initializer === undefined
    )
      return false;
    const initializer = unwrapExpression(declaration.initializer);
    return ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer);
  }

  /**
   * `tools.forEach((tool) => server.registerTool(...tool))`: each argument list the spread stands for is one call,
   * its tool placed at the list that names it.
   */
  private fromSpreadArguments(call: ts.CallExpression, spread: ts.SpreadElement, method: string): void {
    const style = styleOfMethod(method);
    const lists = argumentListsSpreadFrom(spread.expression, this.resolver);
    if (lists === undefined) {
      this.notFollowed(call, undefined, method);
      return;
    }
    let added = 0;
    for (const list of lists) {
      const args = list.elements.filter((element) => !ts.isSpreadElement(element));
      if (args.length !== list.elements.length) continue;
      const site = this.normalised({ method, args: args.map((arg) => this.resolver.read(arg)), node: list });
      const registration = toolRegistrationOf(site);
      const name = registration?.name ?? (args[0] === undefined ? undefined : this.resolver.constantString(args[0]));
      if (registration === undefined || name === undefined) continue;
      const tool = {
        name,
        style,
        node: list,
        input: registration.input,
        output: registration.output,
        handler: this.handlerNode(registration.handler),
      };
      if (this.add(tool, list)) added += 1;
    }
    if (added === 0) this.notFollowed(call, undefined, method);
    else this.site(call, style, 'lists', added);
  }

  private insideDeclaredWrapper(call: ts.CallExpression): boolean {
    const enclosing = enclosingFunction(call);
    const name = enclosing === undefined ? undefined : calleeNameOf(enclosing);
    return name !== undefined && this.wrappers.has(name);
  }

  /**
   * Whether a `registerTool(...)`/`tool(...)` call's first argument may be a tool's name: anything the checker does not
   * type as something else. `dynamicToolManager.registerTool(tool, mcpTool)` (mondaycom/mcp) is no MCP registration.
   */
  private mayBeToolName(argument: ts.Expression | undefined): boolean {
    if (argument === undefined) return false;
    const type = this.checker.getTypeAtLocation(argument);
    const named = ts.TypeFlags.StringLike | ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.TypeParameter;
    return (type.isUnion() ? type.types : [type]).some((part) => (part.flags & named) !== 0);
  }

  /** `registerTool` and `addTool` are MCP's own words; `x.tool(...)` counts when it has a name and a handler. */
  private isRegistrationForm(call: ts.CallExpression, method: string): boolean {
    if (method !== 'tool') return true;
    const last = call.arguments.at(-1);
    return call.arguments.length >= 2 && last !== undefined && isHandlerArgument(last);
  }

  private fromRegistration(
    call: ts.CallExpression,
    registration: ToolRegistration<ts.Node>,
    nameNode: ts.Node | undefined,
    style: ToolStyle,
    key: ts.Node,
    method: string,
    serializedBy?: DiscoveredTool['serializedBy'],
  ): void {
    const name =
      registration.name ??
      (nameNode !== undefined && ts.isExpression(nameNode) ? this.resolver.constantString(nameNode) : undefined);
    if (name !== undefined) {
      const added = this.add(
        {
          name,
          style,
          node: registration.node,
          input: registration.input,
          output: registration.output,
          handler: this.handlerNode(registration.handler),
          ...(serializedBy === undefined ? {} : { serializedBy }),
          ...wrappedByOf(registration.handler?.node, this.resolver, this.checker),
        },
        key,
      );
      this.site(call, style, 'call', added ? 1 : 0);
      return;
    }
    // `for (const tool of ['get_ticket', 'read_ticket']) server.tool(tool, shape, handler)`: one tool per name.
    const listed = nameNode === undefined ? undefined : namesOfLoopVariable(nameNode, this.resolver);
    if (listed !== undefined && listed.length > 0) {
      const handler = this.handlerNode(registration.handler);
      // `schemas[tool.name]`, `tool.schema`: what the loop's body reads for each item, else the one expression.
      const atItem = (expr: Expr | undefined, entry: LoopName): Expr | undefined => {
        if (expr === undefined || nameNode === undefined || !ts.isExpression(expr.node as ts.Node)) return expr;
        const value = itemValueOf(expr.node as ts.Expression, nameNode, entry, this.resolver);
        return value === undefined ? expr : this.resolver.read(value);
      };
      let added = 0;
      for (const entry of listed) {
        const tool = {
          name: entry.name,
          style,
          node: registration.node,
          input: atItem(registration.input, entry),
          output: atItem(registration.output, entry),
          handler,
          ...(serializedBy === undefined
            ? {}
            : { serializedBy: { ...serializedBy, value: this.handlerAtItem(serializedBy.value, nameNode, entry) } }),
        };
        if (this.add(tool, entry.node)) added += 1;
      }
      this.site(call, style, 'call', added);
      return;
    }
    const fromClasses = this.fromClasses(registration, nameNode);
    if (fromClasses > 0) {
      this.site(call, style, 'classes', fromClasses);
      return;
    }
    this.dynamic.push({
      node: registration.node,
      style,
      ...(style === 'register-tool' ? { passesOutput: configPassesOutput(call.arguments[1]) } : {}),
    });
    if (this.insideDeclaredWrapper(call)) {
      this.site(call, style, 'wrapper', 0);
      return;
    }
    const access = memberAccess(nameNode);
    let receiverType: ts.Type | undefined;
    if (access !== undefined) receiverType = this.checker.getTypeAtLocation(access.receiver);
    else if (nameNode !== undefined && ts.isIdentifier(nameNode)) receiverType = this.bindingOwnerType(nameNode);
    this.pending.push({
      index: this.site(call, style, 'not-followed', 0),
      node: call,
      style,
      method,
      registration,
      receiverType,
      nameNode,
    });
  }

  /** `for (const { name, schema } of tools)`: the type of the object `name` is destructured from. */
  private bindingOwnerType(identifier: ts.Identifier): ts.Type | undefined {
    const declaration = this.checker.getSymbolAtLocation(identifier)?.valueDeclaration;
    if (
      declaration === undefined ||
      !ts.isBindingElement(declaration) ||
      !ts.isObjectBindingPattern(declaration.parent)
    )
      return undefined;
    return this.checker.getTypeAtLocation(declaration.parent);
  }

  /**
   * A registration that reads its tool from an instance: one tool per concrete class the checker sees for it, with the
   * name, schemas and handler read from that class.
   */
  private fromClasses(registration: ToolRegistration<ts.Node>, nameNode: ts.Node | undefined): number {
    const access = memberAccess(nameNode);
    if (access === undefined) return 0;
    const { receiver } = access;
    const { classes, constructors } = this.classes.concreteClassesOf(this.checker.getTypeAtLocation(receiver));
    const isThis = receiver.kind === ts.SyntaxKind.ThisKeyword;
    const symbol = isThis || !ts.isIdentifier(receiver) ? undefined : this.checker.getSymbolAtLocation(receiver);
    if (!isThis && symbol === undefined) return 0;
    const sameReceiver = (node: ts.Expression): boolean =>
      isThis
        ? node.kind === ts.SyntaxKind.ThisKeyword
        : ts.isIdentifier(node) && this.checker.getSymbolAtLocation(node) === symbol;
    let count = 0;
    for (const declaration of classes) {
      const nameValue = this.classes.valueOf(declaration, access.member, constructors);
      const name = nameValue === undefined ? undefined : this.resolver.constantString(nameValue);
      if (name === undefined) continue;
      const part = (expr: Expr | undefined): Expr | undefined => {
        const node = localValue(expr?.node);
        // `t.getInputSchema().shape`: the raw shape of the object schema the member gives.
        const unwrapped = node !== undefined && ts.isExpression(node) ? unwrapExpression(node) : undefined;
        const shape =
          unwrapped !== undefined && ts.isPropertyAccessExpression(unwrapped) && unwrapped.name.text === 'shape'
            ? unwrapped.expression
            : undefined;
        const read = memberAccess(shape ?? node);
        if (expr === undefined || read === undefined || !sameReceiver(read.receiver)) return expr;
        const value = this.classes.valueOf(declaration, read.member, constructors);
        if (value === undefined) return undefined;
        return shape === undefined ? this.resolver.read(value) : this.resolver.shapeOfSchema(this.resolver.read(value));
      };
      let handler: ts.Node | undefined;
      const handlerExpr =
        registration.handler === undefined ? undefined : unbound(registration.handler.node as ts.Expression);
      if (
        handlerExpr !== undefined &&
        ts.isPropertyAccessExpression(handlerExpr) &&
        sameReceiver(unwrapExpression(handlerExpr.expression))
      ) {
        handler = this.classes.methodOf(declaration, handlerExpr.name.text);
      } else {
        handler = this.handlerNode(registration.handler);
      }
      const inputReader =
        handler === undefined ? undefined : this.classes.inputReaderOf(handler, declaration, sameReceiver);
      const added = this.add(
        {
          name,
          style: 'tool-class',
          node: declaration,
          input: part(registration.input),
          output: part(registration.output),
          handler,
          instance: { symbol, declaration },
          className: ToolClasses.nameOf(declaration),
          ...(inputReader === undefined ? {} : { inputReader }),
        },
        declaration,
      );
      this.classesRead.add(declaration);
      if (added) count += 1;
    }
    return count;
  }

  private argumentAt(call: ts.CallExpression, at: ArgumentPath | undefined): ts.Node | undefined {
    if (at === undefined) return undefined;
    if (typeof at === 'number') return call.arguments[at];
    const [index, key] = at.split('.') as [string, string];
    const argument = call.arguments[Number(index)];
    if (argument === undefined) return undefined;
    let object = unwrapExpression(argument);
    if (ts.isIdentifier(object) || ts.isPropertyAccessExpression(object)) {
      const resolved = this.resolver.resolve(this.resolver.read(object));
      if (resolved.kind === 'object') object = resolved.node as ts.Expression;
    }
    return ts.isObjectLiteralExpression(object) ? objectProperty(object, key) : undefined;
  }

  private visitWrapper(call: ts.CallExpression, wrapper: WrapperConfig): void {
    const read = (node: ts.Node | undefined): Expr | undefined => {
      if (node === undefined) return undefined;
      if (ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node))
        return { kind: 'function', node };
      return this.resolver.read(node as ts.Expression);
    };
    const nameNode = this.argumentAt(call, wrapper.name);
    const input = read(this.argumentAt(call, wrapper.input));
    const output = read(this.argumentAt(call, wrapper.output));
    const handler = read(this.argumentAt(call, wrapper.handler));
    const registration: ToolRegistration<ts.Node> = {
      style: 'tool-object',
      node: call,
      ...(input === undefined ? {} : { input }),
      ...(output === undefined ? {} : { output }),
      ...(handler === undefined ? {} : { handler }),
    };
    // A wrapper whose argument is a definition object: the object is this tool, not a second one.
    for (const argument of call.arguments)
      if (ts.isObjectLiteralExpression(unwrapExpression(argument))) this.seen.add(unwrapExpression(argument));
    const handlerArgument = this.argumentAt(call, wrapper.handler);
    const serializer =
      handlerArgument !== undefined && ts.isExpression(handlerArgument) ? this.wrapperSerializer(call) : undefined;
    this.fromRegistration(
      call,
      registration,
      nameNode,
      'wrapper',
      call,
      wrapper.callee,
      serializer === undefined || handlerArgument === undefined
        ? undefined
        : { ...serializer, value: handlerArgument as ts.Expression },
    );
  }

  /**
   * The callback a registration function of the project registers, when it calls the handler the function is given
   * (`server.registerTool(name, { inputSchema: schema }, async (args) => { const result = await handler(args); ... })`).
   */
  private wrapperSerializer(
    call: ts.CallExpression,
  ): { builder: ts.SignatureDeclaration; parameter: ts.Symbol } | undefined {
    const fn = this.resolver.functionOf(call.expression);
    if (fn === undefined) return undefined;
    let found: { builder: ts.SignatureDeclaration; parameter: ts.Symbol } | undefined;
    const visit = (node: ts.Node): void => {
      if (found !== undefined) return;
      if (
        ts.isCallExpression(node) &&
        (REGISTRATION_METHODS.has(calleeName(node) ?? '') || boundRegistrationMethod(node, this.checker) !== undefined)
      ) {
        const callback = node.arguments.at(-1);
        const called = calledParameterIn(callback, fn, this.checker);
        const symbol = called === undefined ? undefined : this.checker.getSymbolAtLocation(called);
        const builder = callback === undefined ? undefined : localFunction(callback, this.checker);
        if (
          symbol !== undefined &&
          builder !== undefined &&
          (ts.isArrowFunction(builder) || ts.isFunctionExpression(builder))
        ) {
          found = { builder, parameter: symbol };
          return;
        }
      }
      ts.forEachChild(node, visit);
    };
    if ('body' in fn && fn.body !== undefined) visit(fn.body as ts.Node);
    return found;
  }

  private visitObject(object: ts.ObjectLiteralExpression): void {
    if (this.seen.has(object)) return;
    let hasName = false;
    let hasInput = false;
    let spreads = false;
    for (const property of object.properties) {
      const key = propertyName(property.name);
      if (key === 'name') hasName = true;
      else if (key !== undefined && TOOL_DEFINITION_INPUT_KEYS.has(key)) hasInput = true;
      else if (holdsConfigInput(property)) hasInput = true;
      else if (ts.isSpreadAssignment(property)) spreads = true;
    }
    if (hasName && !hasInput && !spreads) this.noteInputless(object);
    if (!hasName || (!hasInput && !spreads)) return;
    // `{ ...caseTool, name: 'close_case' }`: the definition is the object the spreads build.
    const read = this.resolver.read(object);
    const built = read.kind === 'object' ? this.resolver.spreadOut(read) : read;
    const definition = toolDefinitionOf(built);
    const keys = new Set(
      built.kind === 'object'
        ? built.properties.flatMap((property) => (property.key === undefined ? [] : [property.key]))
        : [],
    );
    if (definition === undefined) {
      // `{ name, schema }` with no handler: a tool only if a registration with a computed name reads objects like it.
      const handlerless = toolDefinitionOf(built, { withoutHandler: true });
      if (handlerless !== undefined) this.handlerless.push({ object, definition: handlerless, keys });
      return;
    }
    // An input spread in from a shared part is no identity of this tool: its siblings spread the same one.
    const ownInput = definition.input !== undefined && definition.input.node.parent?.parent === object;
    const identity = ownInput ? (definition.input?.node ?? object) : object;
    const nameNode = objectProperty(object, 'name');
    const name = this.definitionName(object, definition);
    this.definitionKeys.push(keys);
    const factory = name === undefined ? definitionFactoryOf(object, nameNode, this.checker) : undefined;
    if (factory !== undefined) {
      this.factories.push({ factory, definition });
      this.seen.add(identity);
      return;
    }
    if (name === undefined) {
      if (!this.seen.has(identity)) this.dynamic.push({ node: object, style: definition.style });
      this.seen.add(identity);
      return;
    }
    const added = this.add(
      {
        name,
        style: definition.style,
        node: object,
        input: definition.input,
        output: definition.output,
        handler: this.handlerNode(definition.handler),
      },
      identity,
    );
    if (added) this.objectsFound.add(object);
    const type = this.declaredTypeOf(object);
    if (type !== undefined) this.definitionTypes.add(type);
  }

  /** A definition's name: the literal it writes, or the constant its `name` property stands for (`TOOLS.getTicket`). */
  private definitionName(
    object: ts.ObjectLiteralExpression,
    definition: ToolRegistration<ts.Node>,
  ): string | undefined {
    const nameNode = objectProperty(object, 'name');
    return (
      definition.name ??
      (nameNode !== undefined && ts.isExpression(nameNode) ? this.resolver.constantString(nameNode) : undefined)
    );
  }

  /** The type an object literal is written as (`ServerTool` in `tools.push({...})`), when it is a named one. */
  private declaredTypeOf(object: ts.ObjectLiteralExpression): ts.Symbol | undefined {
    const type = this.checker.getContextualType(object);
    return type === undefined ? undefined : namedOriginOf(this.checker.getNonNullableType(type));
  }

  private noteInputless(object: ts.ObjectLiteralExpression): void {
    const type = this.declaredTypeOf(object);
    if (type === undefined) return;
    const definition = toolDefinitionOf(this.resolver.read(object), { withoutInput: true });
    const name = definition === undefined ? undefined : this.definitionName(object, definition);
    if (definition?.handler === undefined || name === undefined) return;
    this.inputless.push({ object, name, handler: definition.handler, type });
  }

  /**
   * `class GetTicket { name = 'get_ticket'; inputSchema = z.object(...); async execute(args) {...} }`, read as the model's
   * `toolClassOf` reads it (the lint rules read classes the same way); found on its own, a class needs a handler of its
   * own, since a base's is reached only through a registration.
   */
  private visitClass(declaration: ts.ClassLikeDeclaration): void {
    if (this.classesRead.has(declaration)) return;
    const tool = toolClassOf(classSiteOf(declaration));
    const handlerMember = tool?.handler?.node;
    if (tool === undefined || handlerMember === undefined) return;
    const name = this.resolver.constantString(tool.name);
    const handler = ts.isMethodDeclaration(handlerMember)
      ? handlerMember
      : ts.isPropertyDeclaration(handlerMember) && handlerMember.initializer !== undefined
        ? unwrapExpression(handlerMember.initializer)
        : undefined;
    this.definitionKeys.push(
      new Set(
        declaration.members.flatMap((member) => {
          const key = propertyName(member.name);
          return key === undefined ? [] : [key];
        }),
      ),
    );
    if (name === undefined) {
      this.dynamic.push({ node: declaration, style: 'tool-class' });
      return;
    }
    // A framework's tool class (mcp-framework's `MCPTool`): its field descriptors are the shape, and the framework
    // sends what the handler returns as JSON text.
    const framework = extendsFrameworkTool(declaration);
    const input = this.resolver.read(tool.input);
    this.add(
      {
        name,
        style: 'tool-class',
        node: declaration,
        input: (framework ? fieldDescriptorShapeOf(input) : undefined) ?? input,
        output: tool.output === undefined ? undefined : this.resolver.read(tool.output),
        handler,
        className: ToolClasses.nameOf(declaration),
        ...(framework ? { returnSent: true } : {}),
      },
      declaration,
    );
  }

  /**
   * The calls of the definition factories found: each is a tool, named by the argument its factory names it with, its
   * input and handler the arguments the definition holds them from (a handler the factory wraps is the one it calls).
   * A call whose name is no constant is a registration computed at run time.
   */
  visitFactoryCalls(files: readonly ts.SourceFile[]): void {
    if (this.factories.length === 0) return;
    const definitions = new Map(this.factories.map((entry) => [entry.factory, entry.definition]));
    for (const found of factoryCallsIn(
      files,
      this.factories.map((entry) => entry.factory),
      this.resolver,
    )) {
      const definition = definitions.get(found.factory);
      if (definition === undefined || this.seen.has(found.call)) continue;
      const { object } = found.factory;
      const argument = (key: string): ts.Expression | undefined =>
        factoryArgument(found, objectProperty(object, key), this.checker);
      const nameArgument = argument('name');
      const name = nameArgument === undefined ? undefined : this.resolver.constantString(nameArgument);
      if (name === undefined) {
        this.seen.add(found.call);
        this.dynamic.push({ node: found.call, style: definition.style });
        continue;
      }
      const read = (expr: Expr | undefined): Expr | undefined => {
        if (expr === undefined) return undefined;
        const given = factoryArgument(found, expr.node, this.checker);
        return given === undefined ? expr : this.resolver.read(given);
      };
      // A factory that renders one of its parameters (`toJSONSchema(schema)`, kept whole or as the rest of its keys)
      // publishes that argument, where its definition's input is not itself a schema the reading can follow.
      const readInput = (expr: Expr | undefined): Expr | undefined => {
        const given = read(expr);
        if (given !== undefined && given !== expr) return given;
        const resolved = given === undefined ? undefined : this.resolver.resolve(given);
        if (resolved !== undefined && resolved.kind !== 'identifier' && resolved.kind !== 'other') return given;
        const index = this.resolver.renderedParameter(found.factory.fn);
        const rendered = index === undefined ? undefined : found.call.arguments[index];
        return rendered === undefined ? given : this.resolver.read(rendered);
      };
      const handlerArgument = factoryArgument(found, definition.handler?.node, this.checker);
      this.add(
        {
          name,
          style: definition.style,
          node: found.call,
          input: readInput(definition.input),
          output: read(definition.output),
          handler:
            handlerArgument === undefined
              ? this.handlerNode(definition.handler)
              : this.handlerNode(this.resolver.read(handlerArgument)),
          factory: found,
        },
        found.call,
      );
    }
  }

  /** `switch (request.params.name) { case 'get_ticket': ... }` and `if (name === 'get_ticket') { ... }`. */
  private visitBranches(node: ts.SwitchStatement | ts.IfStatement): void {
    if (ts.isSwitchStatement(node)) {
      if (!namesATool(node.expression)) return;
      for (const clause of node.caseBlock.clauses) {
        if (!ts.isCaseClause(clause)) continue;
        const name = this.resolver.constantString(clause.expression);
        if (name !== undefined) this.addBranch(name, clauseRun(clause));
      }
      return;
    }
    const condition = unwrapExpression(node.expression);
    if (!ts.isBinaryExpression(condition)) return;
    const operator = condition.operatorToken.kind;
    if (operator !== ts.SyntaxKind.EqualsEqualsEqualsToken && operator !== ts.SyntaxKind.EqualsEqualsToken) return;
    const [subject, value] = namesATool(condition.left)
      ? [condition.left, condition.right]
      : [condition.right, condition.left];
    if (!namesATool(subject)) return;
    const name = this.resolver.constantString(value);
    if (name !== undefined) this.addBranch(name, node.thenStatement);
  }

  private addBranch(name: string, branch: ts.Node): void {
    const found = this.branches.get(name);
    if (found === undefined) this.branches.set(name, [branch]);
    else found.push(branch);
  }

  visitFile(sourceFile: ts.SourceFile): void {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        const bound = name === undefined ? undefined : boundRegistrationMethod(node, this.checker);
        if (name !== undefined && (REGISTRATION_METHODS.has(name) || this.wrappers.has(name)))
          this.visitCall(node, name);
        else if (name !== undefined && bound !== undefined) this.visitCall(node, bound, name);
        else if (name !== undefined && this.serverMethodNames.has(name)) {
          const form = this.serverMethodFormOf(node);
          if (form !== undefined) this.visitCall(node, form, name);
        }
      } else if (ts.isObjectLiteralExpression(node)) {
        this.visitObject(node);
      } else if (ts.isClassDeclaration(node) || ts.isClassExpression(node)) {
        this.visitClass(node);
      } else if (ts.isSwitchStatement(node) || ts.isIfStatement(node)) {
        this.visitBranches(node);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }

  /** How many tools were found so far, each name once (a tool listed in one place and handled in another is one). */
  private distinctTools(): number {
    return new Set(this.tools.map((tool) => tool.name)).size;
  }

  /** A registration that stays unfollowed: the finding says what is missing and, when it can, the entry to declare. */
  private notFollowed(
    call: ts.CallExpression,
    registration: ToolRegistration<ts.Node> | undefined,
    method: string,
    index?: number,
    nameNode?: ts.Node,
  ): void {
    if (index === undefined) this.site(call, styleOfMethod(method), 'not-followed', 0);
    const declared = wrapperEntryFor(call, method, this.checker);
    if (declared !== undefined) this.registrationFunctions.push(declared.entry);
    const what = method === 'tool' ? 'this tool()' : `this ${method}`;
    let message: string;
    if (declared !== undefined) {
      const parts =
        declared.parts.length === 1
          ? `its ${declared.parts[0]} is a parameter`
          : `its ${declared.parts.join(' and ')} are parameters`;
      message = `the audit cannot follow ${what}: ${parts} of \`${declared.entry.callee}\`, so the tools it registers are missing; declare it in agent-contract.config.json: ${JSON.stringify({ audit: { wrappers: [declared.entry] } })}`;
    } else if (registration === undefined) {
      const config =
        method === 'registerTool' ? call.arguments[1] : method === 'addTool' ? call.arguments[0] : undefined;
      const [first] = call.arguments;
      const shown =
        first !== undefined && ts.isSpreadElement(first)
          ? `its arguments, spread from \`${shortText(first.expression, 50)}\`, are`
          : config === undefined
            ? 'its arguments are'
            : `its config \`${shortText(config, 50)}\` is`;
      // A name written as a constant is one tool, and it is missing; a computed one may name tools found elsewhere.
      const literalName =
        call.arguments[0] !== undefined && this.resolver.constantString(call.arguments[0]) !== undefined;
      const found = literalName ? 0 : this.distinctTools();
      message =
        found === 0
          ? `the audit cannot follow ${what}: ${shown} computed at run time, so its tool and chains are missing; write the config as an object literal or a const, or register it through a function of your own and declare that function in agent-contract.config.json`
          : `the audit cannot follow ${what}: ${shown} computed at run time; if it registers tools among the ${found} the audit found elsewhere (tool objects, definitions or classes), none is missing, otherwise write the config as an object literal or a const, or register it through a function of your own and declare that function in agent-contract.config.json`;
    } else {
      const shown = nameNode === undefined ? 'its name' : `its name \`${shortText(nameNode, 50)}\``;
      const found = this.distinctTools();
      // Tools found as objects, definitions or classes elsewhere may be the very ones a loop like this registers
      // (getsentry/sentry-mcp maps its catalog to { name, config, handler } first): say so rather than call them missing.
      message =
        found === 0
          ? `the audit cannot follow ${what}: ${shown} is computed at run time and no tool class or definition of the shape it reads was found, so the tools it registers are missing; register them through a function of your own and declare that function in agent-contract.config.json`
          : `the audit cannot follow ${what}: ${shown} is computed at run time from values of a shape none of the ${found} tools it found elsewhere has; if it registers those tools, none is missing, otherwise register them through a function of your own and declare that function in agent-contract.config.json`;
    }
    this.unfollowed.push({ node: call, message });
  }

  result(files: readonly ts.SourceFile[] = []): Discovery {
    // A dynamic site reads definitions found anywhere: those whose keys hold every property it reads from them.
    for (const pending of this.pending) {
      const required =
        pending.receiverType === undefined
          ? undefined
          : this.checker
              .getPropertiesOfType(pending.receiverType)
              .filter((property) => (property.flags & ts.SymbolFlags.Optional) === 0)
              .map((property) => property.name);
      const matching =
        required === undefined
          ? 0
          : this.definitionKeys.filter((keys) => required.every((key) => keys.has(key))).length;
      if (matching > 0) {
        this.sites[pending.index] = { node: pending.node, style: pending.style, via: 'definitions', tools: matching };
        continue;
      }
      // Definitions with a name and an input but no handler (`{ name, schema }`), of the shape the site reads: the
      // loop registers them, and its callback runs a handler kept elsewhere (found by the tool's name).
      const handlerless =
        required === undefined ? [] : this.handlerless.filter(({ keys }) => required.every((key) => keys.has(key)));
      let added = 0;
      for (const { object, definition } of handlerless) {
        const name = this.definitionName(object, definition);
        if (name === undefined) continue;
        const input = definition.input;
        const tool = {
          name,
          style: definition.style,
          node: object,
          input,
          output: definition.output,
          handler: undefined,
        };
        if (this.add(tool, object)) added += 1;
      }
      if (added > 0) {
        this.sites[pending.index] = { node: pending.node, style: pending.style, via: 'definitions', tools: added };
        continue;
      }
      this.notFollowed(pending.node, pending.registration, pending.method, pending.index, pending.nameNode);
    }
    for (const { object, name, handler, type } of this.inputless) {
      if (!this.definitionTypes.has(type)) continue;
      if (
        this.add(
          {
            name,
            style: 'tool-object',
            node: object,
            input: undefined,
            output: undefined,
            handler: this.handlerNode(handler),
          },
          object,
        )
      )
        this.objectsFound.add(object);
    }
    const unregistered = this.unregisteredObjects(files);
    const byName = new Map<string, DiscoveredTool>();
    let duplicates = 0;
    const scriptCopies: ts.Node[] = [];
    for (const tool of this.tools) {
      if (unregistered.includes(tool)) continue;
      const first = byName.get(tool.name);
      if (first === undefined) {
        byName.set(tool.name, tool);
        continue;
      }
      duplicates += 1;
      // The same tool in TypeScript and in JavaScript: the JavaScript is what a build wrote from the TypeScript.
      const copied = isScript(first.node) !== isScript(tool.node);
      if (copied) scriptCopies.push(isScript(first.node) ? first.node : tool.node);
      const [main, other] = copied && isScript(first.node) ? [tool, first] : [first, tool];
      // A tool listed in one place and handled in another: keep what each one knows.
      byName.set(tool.name, {
        ...main,
        input: main.input ?? other.input,
        output: main.output ?? other.output,
        handler: main.handler ?? other.handler,
      });
    }
    const tools = [...byName.values()].map((tool): DiscoveredTool => {
      if (tool.handler !== undefined) return tool;
      const branch = branchAnsweringCall(this.branches.get(tool.name) ?? [], this.checker);
      const parse = branch === undefined ? undefined : argumentsParseIn(branch, this.checker);
      return {
        ...tool,
        handler: branch,
        ...(parse === undefined ? {} : { accepted: this.resolver.read(parse.schema) }),
      };
    });
    // Definitions registered by a call whose name is computed at run time publish an output schema only where that call
    // passes one on: when every such call of the SDK's leaves it out, a definition's `outputSchema` is published by
    // none, and the SDK checks nothing against it.
    const registrations = this.dynamic.filter((entry) => entry.passesOutput !== undefined);
    const outputsUnpublished = registrations.length > 0 && registrations.every((entry) => entry.passesOutput === false);
    const published = outputsUnpublished
      ? tools.map((tool): DiscoveredTool =>
          tool.output !== undefined && DEFINITION_STYLES.has(tool.style) ? { ...tool, output: undefined } : tool,
        )
      : tools;
    const inSourceOrder = (a: { node: ts.Node }, b: { node: ts.Node }): number =>
      a.node.getSourceFile().fileName.localeCompare(b.node.getSourceFile().fileName) ||
      a.node.getStart() - b.node.getStart();
    return {
      tools: published,
      dynamic: this.dynamic,
      duplicates,
      scriptCopies,
      sites: [...this.sites].sort(inSourceOrder),
      unfollowed: [...this.unfollowed].sort(inSourceOrder),
      unregistered,
    };
  }

  /**
   * Tool objects found on their own that nothing registers: where registrations read some tool objects of the project
   * by name (`server.registerTool(getUserTool.name, getUserTool.config, getUserTool.execute)`), an object of a name
   * no registration has, held by a `const` that no code names besides its own declaration and exports, is never
   * registered. A project of no such registration (a framework that loads its tool files), or with a registration of
   * a name known only at run time, keeps every object.
   */
  private unregisteredObjects(files: readonly ts.SourceFile[]): DiscoveredTool[] {
    const registeredNames = new Set(
      this.tools.filter((tool) => !this.objectsFound.has(tool.node)).map((tool) => tool.name),
    );
    const found = this.tools.filter((tool) => this.objectsFound.has(tool.node));
    // A registration of a name known at run time (a loop over `Object.values(tools)`) may read any of them.
    if (this.dynamic.length > 0 || !found.some((tool) => registeredNames.has(tool.name))) return [];
    const candidates = found.flatMap((tool) => {
      if (registeredNames.has(tool.name)) return [];
      const holder = holdingConst(tool.node);
      return holder === undefined ? [] : [{ tool, holder }];
    });
    if (candidates.length === 0) return [];
    const named = namesUsed(files);
    return candidates.filter(({ holder }) => !named.has(holder.text)).map(({ tool }) => tool);
  }
}

/**
 * The `audit.wrappers` entry that would declare the function a registration sits in, when the registration's name
 * (and what else it can) comes from that function's parameters: `{ callee, name: 0, input: "1.inputSchema", handler: 2 }`.
 */
/**
 * The parameter of `fn` a registered callback calls with its own arguments (`async (args) => { const result = await
 * handler(args); ... }`): the handler the registration function is given, whose plain data the callback serializes.
 */
function calledParameterIn(
  callback: ts.Expression | undefined,
  fn: ts.SignatureDeclaration,
  checker: ts.TypeChecker,
): ts.Identifier | undefined {
  const registered = callback === undefined ? undefined : localFunction(callback, checker);
  if (registered === undefined || !(ts.isArrowFunction(registered) || ts.isFunctionExpression(registered)))
    return undefined;
  const [input] = registered.parameters;
  if (input === undefined || !ts.isIdentifier(input.name)) return undefined;
  const inputSymbol = checker.getSymbolAtLocation(input.name);
  let called: ts.Identifier | undefined;
  const visit = (node: ts.Node): void => {
    if (called !== undefined) return;
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression)) {
      const declaration = checker.getSymbolAtLocation(node.expression)?.valueDeclaration;
      const [first] = node.arguments;
      // `handler(args)`, or `handler(schema.parse(args) as never)`: the call hands the input on, as it is or parsed.
      if (
        declaration !== undefined &&
        ts.isParameter(declaration) &&
        fn.parameters.includes(declaration) &&
        first !== undefined &&
        mentions(first, inputSymbol, checker)
      ) {
        called = node.expression;
        return;
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(registered.body);
  return called;
}

/**
 * Whether a call is an argument after the name of a `registerTool(...)` or `tool(...)` call (by any receiver): what
 * it makes is that registration's config or handler. A definition handed to `addTool(...)` is a tool of its own.
 */
function isRegistrationArgument(call: ts.CallExpression): boolean {
  let node: ts.Node = call;
  while (ts.isParenthesizedExpression(node.parent) || ts.isAsExpression(node.parent)) node = node.parent;
  const outer = node.parent;
  if (!ts.isCallExpression(outer) || outer.arguments.indexOf(node as ts.Expression) < 1) return false;
  const callee = calleeName(outer);
  return callee === 'registerTool' || callee === 'tool';
}

/**
 * The wrapper a handler is handed to, when the function the wrapper returns calls it with its own input
 * (`tool(name, fn)` returning `async (args) => ok(await fn(args))`): that function, the wrapper's parameter, and the
 * handler as written, so what the wrapper makes of the handler's value can be read.
 */
function wrappedByOf(
  handler: ts.Node | undefined,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
): { wrappedBy?: NonNullable<DiscoveredTool['wrappedBy']> } {
  if (handler === undefined || !ts.isExpression(handler)) return {};
  let argument: ts.Expression = handler;
  while (ts.isParenthesizedExpression(argument.parent) || ts.isAsExpression(argument.parent))
    argument = argument.parent;
  const call = argument.parent;
  if (!ts.isCallExpression(call)) return {};
  const index = call.arguments.indexOf(argument);
  const wrapper = index < 0 ? undefined : resolver.functionOf(call.expression);
  const parameter = wrapper?.parameters[index];
  if (wrapper === undefined || parameter === undefined || !ts.isIdentifier(parameter.name)) return {};
  const symbol = checker.getSymbolAtLocation(parameter.name);
  if (symbol === undefined) return {};
  for (const returned of returnedExpressions(wrapper)) {
    const builder = localFunction(returned, checker);
    if (builder === undefined || !(ts.isArrowFunction(builder) || ts.isFunctionExpression(builder))) continue;
    const called = calledParameterIn(builder, wrapper, checker);
    if (called !== undefined && checker.getSymbolAtLocation(called) === symbol)
      return { wrappedBy: { builder, parameter: symbol, value: handler } };
  }
  return {};
}

/**
 * The function a callback argument is: itself, or the local it names (`const wrappedHandler = async (params) => {
 * ...; return await handler(params); }`, registered as `wrappedHandler as unknown as ToolCallback`).
 */
function localFunction(callback: ts.Expression, checker: ts.TypeChecker): ts.Expression | undefined {
  const registered = unwrapExpression(callback);
  if (!ts.isIdentifier(registered)) return registered;
  const declaration = checker.getSymbolAtLocation(registered)?.valueDeclaration;
  return declaration !== undefined && ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined
    ? unwrapExpression(declaration.initializer)
    : undefined;
}

/**
 * Whether `node` reads the value of `symbol` (`args`, `schema.parse(args) as never`), also through locals made from it
 * (`refined.data` after `const refined = schema.safeParse(params)`).
 */
function mentions(node: ts.Node, symbol: ts.Symbol | undefined, checker: ts.TypeChecker, depth = 0): boolean {
  if (symbol === undefined) return false;
  if (ts.isIdentifier(node)) {
    const own = checker.getSymbolAtLocation(node);
    if (own === symbol) return true;
    const declaration = own?.valueDeclaration;
    return (
      depth < 3 &&
      declaration !== undefined &&
      ts.isVariableDeclaration(declaration) &&
      declaration.initializer !== undefined &&
      mentions(declaration.initializer, symbol, checker, depth + 1)
    );
  }
  return ts.forEachChild(node, (child) => (mentions(child, symbol, checker, depth) ? true : undefined)) === true;
}

function wrapperEntryFor(
  call: ts.CallExpression,
  method: string,
  checker: ts.TypeChecker,
): { entry: WrapperConfig; parts: string[] } | undefined {
  const fn = enclosingFunction(call);
  const callee = fn === undefined ? undefined : calleeNameOf(fn);
  if (fn === undefined || callee === undefined) return undefined;
  const parameterAt = (node: ts.Node | undefined): { index: number; key?: string } | undefined => {
    if (node === undefined || !ts.isExpression(node)) return undefined;
    const expr = unbound(node);
    const indexOf = (identifier: ts.Identifier): number => {
      const declaration = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
      return declaration !== undefined && ts.isParameter(declaration) ? fn.parameters.indexOf(declaration) : -1;
    };
    const heldParameter = (identifier: ts.Identifier): number => {
      const declaration = checker.getSymbolAtLocation(identifier)?.valueDeclaration;
      if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer === undefined)
        return -1;
      const value = unwrapExpression(declaration.initializer);
      const options = ts.isConditionalExpression(value)
        ? [value.whenTrue, value.whenFalse]
        : ts.isBinaryExpression(value) &&
            (value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
              value.operatorToken.kind === ts.SyntaxKind.BarBarToken)
          ? [value.left, value.right]
          : [];
      for (const option of options) {
        const inner = unwrapExpression(option);
        if (ts.isIdentifier(inner) && indexOf(inner) >= 0) return indexOf(inner);
      }
      return -1;
    };
    if (ts.isIdentifier(expr)) {
      const index = indexOf(expr);
      if (index >= 0) return { index };
      // `const objectSchema = schema instanceof z.ZodObject ? schema : z.object({})`: a local that holds the parameter.
      const held = heldParameter(expr);
      if (held >= 0) return { index: held };
      // `{ name }` destructured from a parameter.
      const declaration = checker.getSymbolAtLocation(expr)?.valueDeclaration;
      if (declaration !== undefined && ts.isBindingElement(declaration) && ts.isParameter(declaration.parent.parent)) {
        const key =
          declaration.propertyName === undefined
            ? expr.text
            : propertyName(declaration.propertyName as ts.PropertyName);
        const at = fn.parameters.indexOf(declaration.parent.parent);
        if (at >= 0 && key !== undefined) return { index: at, key };
      }
      return undefined;
    }
    if (ts.isPropertyAccessExpression(expr) && ts.isIdentifier(expr.expression)) {
      const index = indexOf(expr.expression);
      if (index >= 0) return { index, key: expr.name.text };
    }
    return undefined;
  };
  const path = (at: { index: number; key?: string } | undefined, defaultKey?: string): ArgumentPath | undefined => {
    if (at === undefined) return undefined;
    const key = at.key ?? defaultKey;
    return key === undefined ? at.index : `${at.index}.${key}`;
  };
  const args = call.arguments;
  let name: ArgumentPath | undefined;
  let input: ArgumentPath | undefined;
  let handler: ArgumentPath | undefined;
  const parts: string[] = [];
  if (method === 'addTool') {
    const definition = parameterAt(args[0]);
    if (definition === undefined || definition.key !== undefined) return undefined;
    name = `${definition.index}.name`;
    input = `${definition.index}.parameters`;
    handler = `${definition.index}.execute`;
    parts.push('definition');
  } else {
    name = path(parameterAt(args[0]));
    if (name === undefined) return undefined;
    parts.push('name');
    if (method === 'registerTool') {
      const config = args[1] === undefined ? undefined : unwrapExpression(args[1]);
      if (config !== undefined && ts.isObjectLiteralExpression(config))
        input = path(parameterAt(objectProperty(config, 'inputSchema')));
      else {
        input = path(parameterAt(config), 'inputSchema');
        if (input !== undefined) parts.push('config');
      }
      handler = path(parameterAt(args[2])) ?? path(parameterAt(calledParameterIn(args[2], fn, checker)));
    } else {
      const handlerIndex = args.length - 1;
      handler =
        path(parameterAt(args[handlerIndex])) ?? path(parameterAt(calledParameterIn(args[handlerIndex], fn, checker)));
      // `tool(name, description, schema, handler)`: the schema is the first argument between that is no text.
      for (let index = 1; index < handlerIndex && input === undefined; index += 1) {
        const arg = args[index];
        if (arg === undefined || checker.getTypeAtLocation(arg).flags & ts.TypeFlags.StringLike) continue;
        input = path(parameterAt(arg));
      }
    }
  }
  return {
    entry: { callee, name, ...(input === undefined ? {} : { input }), ...(handler === undefined ? {} : { handler }) },
    parts,
  };
}

/** A cheap look at a file's text before walking it: a file that mentions none of these cannot register a tool. */
const MAY_REGISTER = /registerTool|\btool\s*\(|addTool|inputSchema|inputShape|parameters|schema|case\s|===/;

/** Every tool `files` register or define, with its input and output schemas and its handler, and every registration site. */
export function discoverTools(
  files: readonly ts.SourceFile[],
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
  wrappers: readonly WrapperConfig[] = [],
  classes: ToolClasses = new ToolClasses(checker, files),
): Discovery {
  const discover = (declared: readonly WrapperConfig[]): { finder: ToolFinder; discovery: Discovery } => {
    const finder = new ToolFinder(resolver, checker, classes, declared);
    const callees = [...declared.map((wrapper) => wrapper.callee), ...finder.serverMethodNames];
    const wrapperPattern =
      callees.length === 0 ? undefined : new RegExp(callees.map((callee) => callee.replace(/[$]/g, '\\$')).join('|'));
    for (const file of files) {
      if (!MAY_REGISTER.test(file.text) && (wrapperPattern === undefined || !wrapperPattern.test(file.text))) continue;
      finder.visitFile(file);
    }
    finder.visitFactoryCalls(files);
    return { finder, discovery: finder.result(files) };
  };
  const first = discover(wrappers);
  // A function of the project that registers with its own parameters, the handler among them, is a registration
  // function: read each of its calls as the configuration's `audit.wrappers` would have it, once the first reading has
  // named such functions. One that builds the handler itself (to serialize what a handler it is given returns) is read
  // where it registers, by the builders that dispatch to the tool's handler.
  const declaredCallees = new Set(wrappers.map((wrapper) => wrapper.callee));
  const found = new Map<string, WrapperConfig>();
  for (const entry of first.finder.registrationFunctions)
    if (
      entry.handler !== undefined &&
      !declaredCallees.has(entry.callee) &&
      !found.has(entry.callee) &&
      isCalledIn(files, entry.callee)
    )
      found.set(entry.callee, entry);
  return found.size === 0 ? first.discovery : discover([...wrappers, ...found.values()]).discovery;
}

/**
 * The SDK's registration method a local name stands for: `registerToolUntyped(...)` after `const registerToolUntyped =
 * server.registerTool.bind(server) as (...) => void` is a `registerTool` call.
 */
function boundRegistrationMethod(call: ts.CallExpression, checker: ts.TypeChecker): string | undefined {
  const callee = unwrapExpression(call.expression);
  if (!ts.isIdentifier(callee)) return undefined;
  const declaration = checker.getSymbolAtLocation(callee)?.valueDeclaration;
  if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer === undefined)
    return undefined;
  const method = unbound(declaration.initializer);
  return ts.isPropertyAccessExpression(method) && REGISTRATION_METHODS.has(method.name.text)
    ? method.name.text
    : undefined;
}

/** Whether some file calls a function or method of this name (`register(`, `.register(`), its declaration aside. */
function isCalledIn(files: readonly ts.SourceFile[], callee: string): boolean {
  const call = new RegExp(`(?<!function\\s*)(?:^|[^\\w$])${callee.replace(/[$]/g, '\\$')}\\s*\\(`);
  return files.some((file) => call.test(file.text));
}

/** True when the function's body reads one of `keys` off the parameter named `name` (`args.ticketId`). */
function bodyReadsKeyOf(handler: ts.SignatureDeclaration, name: string, keys: ReadonlySet<string>): boolean {
  const body = 'body' in handler ? (handler.body as ts.Node | undefined) : undefined;
  if (body === undefined || !body.getText().includes(name)) return false;
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found) return;
    if (
      ts.isPropertyAccessExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === name &&
      keys.has(node.name.text)
    ) {
      found = true;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/**
 * Which parameter of a handler receives the tool input: the one that destructures the input's keys or whose body
 * reads one off it (`args.ticketId`); else the only one syntax says nothing of; else the one whose type has them;
 * else the first. Syntax is asked first: the type of an input built from guarded or refined schemas, or contextually
 * typed through the SDK's callback generics, is costly to instantiate (`z.output<...>` over pipes).
 */
export function inputParameterIndex(handler: ts.Node, inputKeys: ReadonlySet<string>, checker: ts.TypeChecker): number {
  if (!ts.isFunctionLike(handler) || inputKeys.size === 0) return 0;
  const parameters = handler.parameters;
  const untold: number[] = [];
  for (const [index, parameter] of parameters.entries()) {
    if (ts.isObjectBindingPattern(parameter.name)) {
      const names = parameter.name.elements.map(
        (element) =>
          propertyName(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined),
      );
      if (names.some((name) => name !== undefined && inputKeys.has(name))) return index;
      continue;
    }
    if (ts.isIdentifier(parameter.name) && bodyReadsKeyOf(handler, parameter.name.text, inputKeys)) return index;
    untold.push(index);
  }
  // One parameter left that syntax says nothing of (`async (params) => tools.create(params)`): it is the input.
  if (untold.length === 1) return untold[0] as number;
  for (const index of untold) {
    const type = checker.getTypeAtLocation(parameters[index] as ts.ParameterDeclaration);
    if (checker.getPropertiesOfType(type).some((property) => inputKeys.has(property.name))) return index;
  }
  return 0;
}

/** Where a tool's handler takes its input: the node that reads it and the input parameter's index there. */
export interface InputParameter {
  /** The tool class's method the input is handed to, the handler function, or the branch of a low-level handler. */
  readonly reader: ts.Node;
  readonly index: number;
  /** The parameter itself, when the reader is a function. */
  readonly parameter: ts.ParameterDeclaration | undefined;
}

/** The input parameter of a discovered tool's handler (`inputParameterIndex` on its reader), or undefined with no handler. */
export function inputParameterOf(
  tool: DiscoveredTool,
  inputKeys: ReadonlySet<string>,
  checker: ts.TypeChecker,
): InputParameter | undefined {
  const reader = tool.inputReader ?? tool.handler;
  if (reader === undefined) return undefined;
  const index = inputParameterIndex(reader, inputKeys, checker);
  return { reader, index, parameter: ts.isFunctionLike(reader) ? reader.parameters[index] : undefined };
}

/** A function, or a wrapper call handed one (`applyRateLimiting(name, async (args) => ...)`): a handler argument. */
function isHandlerArgument(node: ts.Expression): boolean {
  const expr = unwrapExpression(node);
  if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return true;
  return ts.isCallExpression(expr) && expr.arguments.some((argument) => isHandlerArgument(argument));
}
