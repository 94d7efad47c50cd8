import ts from 'typescript';
import type { SchemaExpr } from '../../model/schema-expr.ts';
import {
  REGISTRATION_METHODS,
  TOOL_DEFINITION_INPUT_KEYS,
  toolDefinitionOf,
  toolRegistrationOf,
  type RegistrationStyle,
  type ToolRegistration,
} from '../../model/tool-registration.ts';
import type { ArgumentPath, WrapperConfig } from './agent-contract-config.ts';
import type { SchemaResolver } from './resolve-schema.ts';

/**
 * Finds the tools a program registers, in every style the shared model knows (`server.tool`, `registerTool`,
 * `addTool`, tool-definition objects), plus what only a whole program shows: tool classes, the low-level
 * `setRequestHandler(CallToolRequestSchema, ...)` switch that holds the handlers of tools listed as objects, names
 * held in constants, and wrappers declared in the configuration.
 */

type Expr = SchemaExpr<ts.Node>;

export type ToolStyle = RegistrationStyle | 'tool-class' | 'wrapper';

export interface DiscoveredTool {
  readonly name: string;
  readonly style: ToolStyle;
  /** Where the tool is registered or defined. */
  readonly node: ts.Node;
  /** The input schema: a Zod schema, a raw shape, or a JSON Schema literal (renderers such as `zodToJsonSchema` taken off). */
  readonly input: Expr | undefined;
  readonly output: Expr | undefined;
  /** A function, a method, or the `case 'name':` clause of a low-level call handler. */
  readonly handler: ts.Node | undefined;
  /** True when the server renders the input itself (`zodToJsonSchema(Args)`): the SDK's rendering rules do not apply. */
  readonly rendered?: boolean;
}

/** A registration whose tool name is computed at run time: the tools it registers are counted where they are defined. */
export interface DynamicRegistration {
  readonly node: ts.Node;
  readonly style: ToolStyle;
}

export interface Discovery {
  readonly tools: readonly DiscoveredTool[];
  readonly dynamic: readonly DynamicRegistration[];
  /** Definitions of a name already seen (the first one counts). */
  readonly duplicates: number;
}

const HANDLER_KEYS = ['execute', 'handler', 'run', 'callback', 'cb', 'call', 'handle'];
const CLASS_INPUT_KEYS = ['inputSchema', 'inputShape', 'parameters', 'schema'];
const CLASS_OUTPUT_KEYS = ['outputSchema', 'outputShape'];

function unwrap(node: ts.Expression): ts.Expression {
  let current = node;
  while (ts.isParenthesizedExpression(current) || ts.isAsExpression(current) || ts.isSatisfiesExpression(current) || ts.isNonNullExpression(current)) current = current.expression;
  return current;
}

function calleeName(call: ts.CallExpression): string | undefined {
  const callee = unwrap(call.expression);
  if (ts.isPropertyAccessExpression(callee)) return callee.name.text;
  if (ts.isIdentifier(callee)) return callee.text;
  return undefined;
}

function propertyName(name: ts.PropertyName | undefined): string | undefined {
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name) ? name.text : undefined;
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
function namesATool(expression: ts.Expression): boolean {
  const expr = unwrap(expression);
  if (ts.isIdentifier(expr)) return /name$/i.test(expr.text);
  if (ts.isPropertyAccessExpression(expr)) return /name$/i.test(expr.name.text);
  return false;
}

class ToolFinder {
  private readonly tools: DiscoveredTool[] = [];
  private readonly dynamic: DynamicRegistration[] = [];
  private readonly seen = new Set<ts.Node>();
  /** `case 'name':` clauses and `if (name === 'x')` branches, by tool name. */
  private readonly branches = new Map<string, ts.Node>();
  private readonly wrappers: ReadonlyMap<string, WrapperConfig>;

  constructor(
    private readonly resolver: SchemaResolver,
    wrappers: readonly WrapperConfig[],
  ) {
    this.wrappers = new Map(wrappers.map((wrapper) => [wrapper.callee, wrapper]));
  }

  private handlerNode(expr: Expr | undefined): ts.Node | undefined {
    if (expr === undefined) return undefined;
    if (expr.kind === 'function') return expr.node;
    const node = expr.node;
    if (ts.isIdentifier(node) || ts.isPropertyAccessExpression(node)) return this.resolver.functionOf(node) ?? undefined;
    return undefined;
  }

  private add(tool: Omit<DiscoveredTool, 'input'> & { input: Expr | undefined }, key: ts.Node): void {
    if (this.seen.has(key)) return;
    this.seen.add(key);
    const input = tool.input === undefined ? undefined : this.resolver.renderedSchema(tool.input);
    this.tools.push({ ...tool, input, ...(input !== tool.input ? { rendered: true } : {}) });
  }

  private fromRegistration(registration: ToolRegistration<ts.Node>, nameNode: ts.Node | undefined, style: ToolStyle = registration.style): void {
    const key = registration.input?.node ?? registration.output?.node ?? registration.node;
    const name = registration.name ?? (nameNode !== undefined && ts.isExpression(nameNode) ? this.resolver.constantString(nameNode) : undefined);
    if (name === undefined) {
      if (!this.seen.has(key)) this.dynamic.push({ node: registration.node, style });
      this.seen.add(key);
      return;
    }
    this.add({ name, style, node: registration.node, input: registration.input, output: registration.output, handler: this.handlerNode(registration.handler) }, key);
  }

  private visitCall(call: ts.CallExpression, name: string): void {
    const reader = this.resolver.readerFor(call.getSourceFile());
    if (REGISTRATION_METHODS.has(name)) {
      const site = reader.callSite(call);
      const registration = site === undefined ? undefined : toolRegistrationOf(site);
      if (registration === undefined) return;
      let nameNode: ts.Node | undefined = call.arguments[0];
      if (registration.style === 'add-tool') {
        const [definition] = call.arguments;
        nameNode = definition !== undefined && ts.isObjectLiteralExpression(unwrap(definition)) ? objectProperty(unwrap(definition) as ts.ObjectLiteralExpression, 'name') : undefined;
        if (definition !== undefined) this.seen.add(unwrap(definition));
      }
      this.fromRegistration(registration, nameNode);
      return;
    }
    const wrapper = this.wrappers.get(name);
    if (wrapper !== undefined) this.visitWrapper(call, wrapper);
  }

  private argumentAt(call: ts.CallExpression, at: ArgumentPath | undefined): ts.Node | undefined {
    if (at === undefined) return undefined;
    if (typeof at === 'number') return call.arguments[at];
    const [index, key] = at.split('.') as [string, string];
    const argument = call.arguments[Number(index)];
    if (argument === undefined) return undefined;
    let object = unwrap(argument);
    if (ts.isIdentifier(object)) {
      const resolved = this.resolver.resolve(this.resolver.read(object));
      if (resolved.kind === 'object') object = resolved.node as ts.Expression;
    }
    return ts.isObjectLiteralExpression(object) ? objectProperty(object, key) : undefined;
  }

  private visitWrapper(call: ts.CallExpression, wrapper: WrapperConfig): void {
    const read = (node: ts.Node | undefined): Expr | undefined => {
      if (node === undefined) return undefined;
      if (ts.isMethodDeclaration(node) || ts.isArrowFunction(node) || ts.isFunctionExpression(node)) return { kind: 'function', node };
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
    this.fromRegistration(registration, nameNode, 'wrapper');
    // A wrapper whose argument is a definition object: the object is this tool, not a second one.
    for (const argument of call.arguments) if (ts.isObjectLiteralExpression(unwrap(argument))) this.seen.add(unwrap(argument));
  }

  private visitObject(object: ts.ObjectLiteralExpression): void {
    if (this.seen.has(object)) return;
    let hasName = false;
    let hasInput = false;
    for (const property of object.properties) {
      const key = propertyName(property.name);
      if (key === 'name') hasName = true;
      else if (key !== undefined && TOOL_DEFINITION_INPUT_KEYS.has(key)) hasInput = true;
    }
    if (!hasName || !hasInput) return;
    const definition = toolDefinitionOf(this.resolver.read(object));
    if (definition === undefined) return;
    this.fromRegistration(definition, objectProperty(object, 'name'));
  }

  /** `class GetTicket { name = 'get_ticket'; inputSchema = z.object(...); async execute(args) {...} }`. */
  private visitClass(declaration: ts.ClassLikeDeclaration): void {
    const members = new Map<string, ts.ClassElement>();
    for (const member of declaration.members) {
      const key = propertyName(member.name);
      if (key !== undefined && !members.has(key)) members.set(key, member);
    }
    const nameMember = members.get('name');
    const valueOf = (member: ts.ClassElement | undefined): ts.Expression | undefined => {
      if (member === undefined) return undefined;
      if (ts.isPropertyDeclaration(member)) return member.initializer;
      if (ts.isGetAccessorDeclaration(member) && member.body !== undefined) {
        const returned = member.body.statements.find(ts.isReturnStatement);
        return returned?.expression;
      }
      return undefined;
    };
    const nameValue = valueOf(nameMember);
    const inputMember = CLASS_INPUT_KEYS.map((key) => members.get(key)).find((member) => valueOf(member) !== undefined);
    const handlerMember = HANDLER_KEYS.map((key) => members.get(key)).find((member) => member !== undefined && (ts.isMethodDeclaration(member) || (ts.isPropertyDeclaration(member) && member.initializer !== undefined)));
    if (nameValue === undefined || inputMember === undefined || handlerMember === undefined) return;
    const name = this.resolver.constantString(nameValue);
    const inputValue = valueOf(inputMember);
    const outputValue = CLASS_OUTPUT_KEYS.map((key) => valueOf(members.get(key))).find((value) => value !== undefined);
    const handler = ts.isMethodDeclaration(handlerMember) ? handlerMember : ts.isPropertyDeclaration(handlerMember) && handlerMember.initializer !== undefined ? unwrap(handlerMember.initializer) : undefined;
    if (inputValue === undefined) return;
    if (name === undefined) {
      this.dynamic.push({ node: declaration, style: 'tool-class' });
      return;
    }
    this.add(
      {
        name,
        style: 'tool-class',
        node: declaration,
        input: this.resolver.read(inputValue),
        output: outputValue === undefined ? undefined : this.resolver.read(outputValue),
        handler,
      },
      declaration,
    );
  }

  /** `switch (request.params.name) { case 'get_ticket': ... }` and `if (name === 'get_ticket') { ... }`. */
  private visitBranches(node: ts.SwitchStatement | ts.IfStatement): void {
    if (ts.isSwitchStatement(node)) {
      if (!namesATool(node.expression)) return;
      for (const clause of node.caseBlock.clauses) {
        if (!ts.isCaseClause(clause)) continue;
        const name = this.resolver.constantString(clause.expression);
        if (name !== undefined && !this.branches.has(name)) this.branches.set(name, clause);
      }
      return;
    }
    const condition = unwrap(node.expression);
    if (!ts.isBinaryExpression(condition)) return;
    const operator = condition.operatorToken.kind;
    if (operator !== ts.SyntaxKind.EqualsEqualsEqualsToken && operator !== ts.SyntaxKind.EqualsEqualsToken) return;
    const [subject, value] = namesATool(condition.left) ? [condition.left, condition.right] : [condition.right, condition.left];
    if (!namesATool(subject)) return;
    const name = this.resolver.constantString(value);
    if (name !== undefined && !this.branches.has(name)) this.branches.set(name, node.thenStatement);
  }

  visitFile(sourceFile: ts.SourceFile): void {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node)) {
        const name = calleeName(node);
        if (name !== undefined && (REGISTRATION_METHODS.has(name) || this.wrappers.has(name))) this.visitCall(node, name);
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

  result(): Discovery {
    const byName = new Map<string, DiscoveredTool>();
    let duplicates = 0;
    for (const tool of this.tools) {
      const first = byName.get(tool.name);
      if (first === undefined) {
        byName.set(tool.name, tool);
        continue;
      }
      duplicates += 1;
      // A tool listed in one place and handled in another: keep what each one knows.
      byName.set(tool.name, {
        ...first,
        input: first.input ?? tool.input,
        output: first.output ?? tool.output,
        handler: first.handler ?? tool.handler,
      });
    }
    const tools = [...byName.values()].map((tool) => (tool.handler !== undefined ? tool : { ...tool, handler: this.branches.get(tool.name) }));
    return { tools, dynamic: this.dynamic, duplicates };
  }
}

/** A cheap look at a file's text before walking it: a file that mentions none of these cannot register a tool. */
const MAY_REGISTER = /registerTool|\.tool\s*\(|addTool|inputSchema|inputShape|parameters|schema|case\s|===/;

/** Every tool `files` register or define, with its input and output schemas and its handler. */
export function discoverTools(files: readonly ts.SourceFile[], resolver: SchemaResolver, wrappers: readonly WrapperConfig[] = []): Discovery {
  const finder = new ToolFinder(resolver, wrappers);
  const wrapperPattern = wrappers.length === 0 ? undefined : new RegExp(wrappers.map((wrapper) => wrapper.callee.replace(/[$]/g, '\\$')).join('|'));
  for (const file of files) {
    if (!MAY_REGISTER.test(file.text) && (wrapperPattern === undefined || !wrapperPattern.test(file.text))) continue;
    finder.visitFile(file);
  }
  return finder.result();
}

/** Which parameter of a handler receives the tool input: the one that destructures or has the input's keys; else the first. */
export function inputParameterIndex(handler: ts.Node, inputKeys: ReadonlySet<string>, checker: ts.TypeChecker): number {
  if (!ts.isFunctionLike(handler) || inputKeys.size === 0) return 0;
  const parameters = handler.parameters;
  for (const [index, parameter] of parameters.entries()) {
    if (ts.isObjectBindingPattern(parameter.name)) {
      const names = parameter.name.elements.map((element) => propertyName(element.propertyName) ?? (ts.isIdentifier(element.name) ? element.name.text : undefined));
      if (names.some((name) => name !== undefined && inputKeys.has(name))) return index;
      continue;
    }
    const type = checker.getTypeAtLocation(parameter);
    if (checker.getPropertiesOfType(type).some((property) => inputKeys.has(property.name))) return index;
  }
  return 0;
}
