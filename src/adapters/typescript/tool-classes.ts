import ts from 'typescript';
import type { ClassMemberSite, ClassSite } from '../../model/tool-registration.ts';
import { unwrapExpression } from './unwrap.ts';

/**
 * Tool classes seen through the types of a registration: when `server.registerTool(t.name, { inputSchema: t.schema },
 * (a) => t.execute(a))` reads everything from an instance, the concrete classes the checker sees for `t` (the members
 * of a union, the subclasses in the program of an abstract base, the classes that implement an interface), and each
 * class's members as written, looked up from the concrete class upwards so that `this.method()` in a base reaches the
 * override.
 */

export interface ClassMember {
  /** A class element, or a constructor parameter property (`constructor(readonly name = 'x')`). */
  readonly member: ts.ClassElement | ts.ParameterDeclaration;
  /** The class in the chain that declares it: the concrete class or one of its bases. */
  readonly owner: ts.ClassLikeDeclaration;
}

function isAbstract(declaration: ts.ClassLikeDeclaration): boolean {
  return (
    ts.canHaveModifiers(declaration) &&
    (ts.getModifiers(declaration) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.AbstractKeyword)
  );
}

function isStatic(member: ts.ClassElement): boolean {
  return (
    ts.canHaveModifiers(member) &&
    (ts.getModifiers(member) ?? []).some((modifier) => modifier.kind === ts.SyntaxKind.StaticKeyword)
  );
}

function memberName(member: ts.ClassElement): string | undefined {
  const name = member.name;
  if (name === undefined) return undefined;
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name) ? name.text : undefined;
}

/** The one expression a getter, method or arrow returns; undefined when there are several or none. */
export function singleReturned(fn: ts.Node): ts.Expression | undefined {
  if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return fn.body;
  const body = ts.isFunctionLike(fn) ? (fn as ts.FunctionLikeDeclarationBase).body : undefined;
  if (body === undefined || !ts.isBlock(body)) return undefined;
  const returns = body.statements.filter(ts.isReturnStatement);
  return returns.length === 1 ? returns[0]?.expression : undefined;
}

/** A class's own instance members in the model's neutral form (static members and abstract declarations say nothing). */
export function classSiteOf(declaration: ts.ClassLikeDeclaration): ClassSite<ts.ClassElement, ts.Expression> {
  const members: ClassMemberSite<ts.ClassElement, ts.Expression>[] = [];
  for (const member of declaration.members) {
    const name = memberName(member);
    if (name === undefined || isStatic(member)) continue;
    let site: ClassMemberSite<ts.ClassElement, ts.Expression> | undefined;
    if (ts.isPropertyDeclaration(member)) site = { name, kind: 'property', node: member };
    else if (ts.isGetAccessorDeclaration(member)) site = { name, kind: 'getter', node: member };
    else if (ts.isMethodDeclaration(member)) site = { name, kind: 'method', node: member };
    if (site === undefined) continue;
    const value = ts.isPropertyDeclaration(member) ? member.initializer : singleReturned(member);
    members.push(value === undefined ? site : { ...site, value });
  }
  const extendsClass =
    declaration.heritageClauses?.some((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword) ?? false;
  return { members, extendsClass };
}

const MAX_HOPS = 8;

export class ToolClasses {
  /** Classes (and interfaces) by the symbol they extend or implement; built on first use. */
  private heirs: Map<ts.Symbol, ts.Declaration[]> | undefined;

  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly files: readonly ts.SourceFile[],
  ) {}

  private symbolOf(expression: ts.Expression): ts.Symbol | undefined {
    let symbol = this.checker.getSymbolAtLocation(expression);
    if (symbol !== undefined && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol;
  }

  private index(): Map<ts.Symbol, ts.Declaration[]> {
    if (this.heirs !== undefined) return this.heirs;
    const heirs = new Map<ts.Symbol, ts.Declaration[]>();
    const visit = (node: ts.Node): void => {
      if ((ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) && node.heritageClauses !== undefined) {
        for (const clause of node.heritageClauses) {
          for (const heritage of clause.types) {
            const symbol = this.symbolOf(heritage.expression);
            if (symbol === undefined) continue;
            const list = heirs.get(symbol) ?? [];
            list.push(node);
            heirs.set(symbol, list);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    // Only a file that says `extends` or `implements` can hold an heir.
    for (const file of this.files) if (/\b(?:extends|implements)\b/.test(file.text)) visit(file);
    this.heirs = heirs;
    return heirs;
  }

  /** The declaration's own symbol, the key heirs are indexed by. */
  private declarationSymbol(declaration: ts.Declaration): ts.Symbol | undefined {
    const name = (declaration as ts.ClassLikeDeclaration | ts.InterfaceDeclaration).name;
    if (name !== undefined) return this.checker.getSymbolAtLocation(name);
    // `const X = class extends Base {}`: the variable names it.
    const parent = declaration.parent;
    return ts.isVariableDeclaration(parent) ? this.checker.getSymbolAtLocation(parent.name) : undefined;
  }

  /**
   * The concrete classes a value of `type` can be an instance of, in source order: each class of a union, and the
   * non-abstract classes of the program that extend (at any depth) a class or implement an interface it names.
   * `constructors` is true when `type` is the static side (`typeof A`, a list of constructors): the same classes.
   */
  concreteClassesOf(type: ts.Type): { classes: ts.ClassLikeDeclaration[]; constructors: boolean } {
    const found = new Set<ts.ClassLikeDeclaration>();
    let constructors = false;
    const seen = new Set<ts.Symbol>();
    const addHeirs = (symbol: ts.Symbol): void => {
      if (seen.has(symbol)) return;
      seen.add(symbol);
      for (const heir of this.index().get(symbol) ?? []) {
        if (ts.isClassLike(heir) && !isAbstract(heir) && heir.getSourceFile().isDeclarationFile === false)
          found.add(heir);
        const heirSymbol = this.declarationSymbol(heir);
        if (heirSymbol !== undefined) addHeirs(heirSymbol);
      }
    };
    const visitType = (current: ts.Type): void => {
      if (current.isUnion() || current.isIntersection()) {
        for (const member of current.types) visitType(member);
        return;
      }
      if (current.flags & ts.TypeFlags.TypeParameter) {
        const constraint = this.checker.getBaseConstraintOfType(current);
        if (constraint !== undefined && constraint !== current) visitType(constraint);
        return;
      }
      const symbol = current.getSymbol();
      if (symbol === undefined) return;
      const declarations = symbol.declarations ?? [];
      const classDeclaration = declarations.find(ts.isClassLike);
      if (
        classDeclaration !== undefined &&
        symbol.flags & ts.SymbolFlags.Class &&
        this.checker.getTypeOfSymbol(symbol) === current
      )
        constructors = true;
      if (
        classDeclaration !== undefined &&
        !isAbstract(classDeclaration) &&
        !classDeclaration.getSourceFile().isDeclarationFile
      )
        found.add(classDeclaration);
      // `new (api: Api) => ApiTool`: the instances it makes.
      if (classDeclaration === undefined) {
        for (const signature of current.getConstructSignatures()) {
          constructors = true;
          visitType(signature.getReturnType());
        }
      }
      if (classDeclaration !== undefined || declarations.some(ts.isInterfaceDeclaration)) addHeirs(symbol);
    };
    visitType(type);
    const classes = [...found].sort(
      (a, b) => a.getSourceFile().fileName.localeCompare(b.getSourceFile().fileName) || a.pos - b.pos,
    );
    return { classes, constructors };
  }

  /** The class a class extends, when the checker can see it in source. */
  baseOf(declaration: ts.ClassLikeDeclaration): ts.ClassLikeDeclaration | undefined {
    const heritage = declaration.heritageClauses?.find((clause) => clause.token === ts.SyntaxKind.ExtendsKeyword)
      ?.types[0];
    if (heritage === undefined) return undefined;
    const symbol = this.symbolOf(heritage.expression);
    return symbol?.declarations?.find(ts.isClassLike);
  }

  /** The member `name` an instance (or, `statics`, the constructor) of `declaration` has: the nearest in its chain. */
  member(declaration: ts.ClassLikeDeclaration, name: string, statics = false): ClassMember | undefined {
    let current: ts.ClassLikeDeclaration | undefined = declaration;
    for (let hop = 0; current !== undefined && hop < MAX_HOPS; hop += 1) {
      for (const member of current.members) {
        if (memberName(member) !== name || isStatic(member) !== statics) continue;
        // An abstract declaration or an overload signature says nothing; keep looking up, then give it.
        if (ts.isMethodDeclaration(member) && member.body === undefined) continue;
        if (ts.isGetAccessorDeclaration(member) && member.body === undefined) continue;
        if (ts.isPropertyDeclaration(member) && member.initializer === undefined) continue;
        return { member, owner: current };
      }
      // A constructor parameter property: `constructor(readonly name = 'x')`.
      const constructor = current.members.find(ts.isConstructorDeclaration);
      const parameter = statics
        ? undefined
        : constructor?.parameters.find(
            (candidate) =>
              ts.isIdentifier(candidate.name) && candidate.name.text === name && candidate.initializer !== undefined,
          );
      if (parameter !== undefined && ts.isParameterPropertyDeclaration(parameter, parameter.parent))
        return { member: parameter, owner: current };
      current = this.baseOf(current);
    }
    return undefined;
  }

  /** The function a call of method `name` on an instance of `declaration` runs. */
  methodOf(declaration: ts.ClassLikeDeclaration, name: string): ts.SignatureDeclaration | undefined {
    const found = this.member(declaration, name);
    if (found === undefined) return undefined;
    const { member } = found;
    if (ts.isMethodDeclaration(member)) return member;
    if (ts.isPropertyDeclaration(member) && member.initializer !== undefined) {
      const initializer = member.initializer;
      if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
    }
    return undefined;
  }

  /**
   * The class's own method a handler hands its whole input to: `(a) => t.execute(a)` reaches `execute`, and a base's
   * `execute(input) { return this.executeInternal(input) }` the concrete class's `executeInternal`, where the fields are
   * read. `isReceiver` says which expression is the instance at the first call (`t`); after it, `this`. Undefined
   * when the handler does more with its input than pass it on.
   */
  inputReaderOf(
    handler: ts.Node,
    declaration: ts.ClassLikeDeclaration,
    isReceiver: (node: ts.Expression) => boolean,
  ): ts.SignatureDeclaration | undefined {
    let reader: ts.SignatureDeclaration | undefined;
    let current: ts.Node = handler;
    let inputIndex = 0;
    for (let hop = 0; hop < MAX_HOPS; hop += 1) {
      const forwarded = forwardedInput(current, inputIndex);
      if (forwarded === undefined) break;
      const receiver = unwrapExpression(forwarded.call.expression);
      if (!ts.isPropertyAccessExpression(receiver)) break;
      const self = unwrapExpression(receiver.expression);
      if (hop === 0 ? !isReceiver(self) : self.kind !== ts.SyntaxKind.ThisKeyword) break;
      const method = this.methodOf(declaration, receiver.name.text);
      if (method === undefined || method === current) break;
      reader = method;
      current = method;
      inputIndex = forwarded.argumentIndex;
    }
    return reader;
  }

  /**
   * The expression member `name` of an instance of `declaration` stands for: a property's initializer, a getter's or a
   * method's single returned expression, a parameter property's default; `this.other` and `this.other()` in it are
   * followed to the concrete class's member.
   */
  valueOf(declaration: ts.ClassLikeDeclaration, name: string, statics = false, hops = 0): ts.Expression | undefined {
    const found = this.member(declaration, name, statics);
    if (found === undefined || hops > MAX_HOPS) return undefined;
    const { member } = found;
    let value: ts.Expression | undefined;
    if (ts.isPropertyDeclaration(member) || ts.isParameter(member)) value = member.initializer;
    else if (ts.isGetAccessorDeclaration(member) || ts.isMethodDeclaration(member)) value = singleReturned(member);
    if (value === undefined) return undefined;
    const self = thisMember(value);
    return self === undefined ? value : (this.valueOf(declaration, self, false, hops + 1) ?? value);
  }

  /** Methods of server subclasses that register tools, by each declaration of the method; built on first use. */
  private serverMethods: Map<ts.Declaration, ServerMethodForm> | undefined;

  /**
   * The registration methods server subclasses add: a method of a class whose base has `registerTool` (the SDK's
   * `McpServer`, v1 or v2) and whose overloads take the arguments of `tool()` (a name, a raw shape typed as one, a
   * callback last) or of `registerTool()` (a name, a config with `inputSchema`). Its calls are read in that grammar,
   * however the method passes its arguments on (`...args` to `registerTool.call(this, ...)`).
   */
  serverRegistrationMethods(): ReadonlyMap<ts.Declaration, ServerMethodForm> {
    if (this.serverMethods !== undefined) return this.serverMethods;
    const methods = new Map<ts.Declaration, ServerMethodForm>();
    const visit = (node: ts.Node): void => {
      if (ts.isClassLike(node) && node.heritageClauses !== undefined && this.extendsServer(node)) {
        for (const member of node.members) {
          if (!ts.isMethodDeclaration(member) || member.name === undefined) continue;
          const symbol = this.checker.getSymbolAtLocation(member.name);
          if (symbol === undefined || methods.has(member)) continue;
          const form = registrationFormOf(symbol, this.checker);
          // Every declaration of the method: a call's symbol names one of them (overloads are read as one).
          if (form !== undefined) for (const declaration of symbol.declarations ?? []) methods.set(declaration, form);
        }
      }
      ts.forEachChild(node, visit);
    };
    for (const file of this.files) if (/\bextends\b/.test(file.text)) visit(file);
    this.serverMethods = methods;
    return methods;
  }

  /**
   * Whether a base of the class (at any depth) declares `registerTool`: the SDK's `McpServer` or a class built on it.
   * Read from the declarations, not the instance type, whose instantiation can cost seconds on generic tool classes.
   */
  private extendsServer(declaration: ts.ClassLikeDeclaration): boolean {
    let base = this.baseOf(declaration);
    for (let hop = 0; base !== undefined && hop < MAX_HOPS; hop += 1) {
      if (base.members.some((member) => memberName(member) === 'registerTool')) return true;
      base = this.baseOf(base);
    }
    return false;
  }

  /** The name to print for a class: its own, or the variable's for a class expression. */
  static nameOf(declaration: ts.ClassLikeDeclaration): string {
    if (declaration.name !== undefined) return declaration.name.text;
    const parent = declaration.parent;
    return ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name) ? parent.name.text : '(anonymous class)';
  }
}

/**
 * The call a function passes its input parameter (at `inputIndex`) to whole, as the one thing it does with it:
 * `(a) => t.execute(a)`, `return this.executeInternal(input)`, awaited or not.
 */
function forwardedInput(
  fn: ts.Node,
  inputIndex: number,
): { call: ts.CallExpression; argumentIndex: number } | undefined {
  if (!ts.isFunctionLike(fn)) return undefined;
  const parameter = fn.parameters[inputIndex];
  const body = (fn as ts.FunctionLikeDeclarationBase).body;
  if (parameter === undefined || !ts.isIdentifier(parameter.name) || body === undefined) return undefined;
  let returned = singleReturned(fn);
  if (returned === undefined) return undefined;
  returned = unwrapExpression(returned);
  if (ts.isAwaitExpression(returned)) returned = unwrapExpression(returned.expression);
  if (!ts.isCallExpression(returned)) return undefined;
  const name = parameter.name.text;
  const argumentIndex = returned.arguments.findIndex((argument) => {
    const expr = unwrapExpression(argument);
    return ts.isIdentifier(expr) && expr.text === name;
  });
  if (argumentIndex < 0) return undefined;
  let uses = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name) uses += 1;
    ts.forEachChild(node, visit);
  };
  visit(body);
  return uses === 1 ? { call: returned, argumentIndex } : undefined;
}

/** `this.x` or `this.x()`: the member name `x`; else undefined. */
export function thisMember(input: ts.Expression): string | undefined {
  let expr = unwrapExpression(input);
  if (ts.isCallExpression(expr) && expr.arguments.length === 0) expr = expr.expression;
  if (ts.isPropertyAccessExpression(expr) && expr.expression.kind === ts.SyntaxKind.ThisKeyword) return expr.name.text;
  return undefined;
}

/** The registration call a server subclass's method stands for: read its calls like `tool()` or `registerTool()`. */
export type ServerMethodForm = 'tool' | 'registerTool';

/** Type texts that say a parameter is a tool's raw shape or schema. */
const SHAPE_TYPE = /\b(?:ZodRawShape|ZodRawShapeCompat|AnySchema|ZodTypeAny|ZodObject)\b/;

/** The declared text of a parameter's type, its type parameter's constraint when it is one. */
function declaredTypeText(parameter: ts.ParameterDeclaration, signature: ts.SignatureDeclaration): string {
  const text = parameter.type?.getText() ?? '';
  const typeParameter = signature.typeParameters?.find((candidate) => candidate.name.text === text);
  return typeParameter?.constraint?.getText() ?? text;
}

function registrationFormOf(method: ts.Symbol, checker: ts.TypeChecker): ServerMethodForm | undefined {
  if (method.name === 'tool' || method.name === 'registerTool') return undefined;
  let form: ServerMethodForm | undefined;
  for (const declaration of method.declarations ?? []) {
    if (!ts.isMethodDeclaration(declaration)) continue;
    const parameters = declaration.parameters;
    const first = parameters[0];
    const last = parameters.at(-1);
    if (first === undefined || last === undefined || parameters.length < 2 || first.dotDotDotToken !== undefined)
      continue;
    if (!(checker.getTypeAtLocation(first).flags & ts.TypeFlags.StringLike)) continue;
    const rest = parameters.slice(1);
    if (rest.some((parameter) => SHAPE_TYPE.test(declaredTypeText(parameter, declaration)))) {
      if (checker.getTypeAtLocation(last).getCallSignatures().length > 0) form = 'tool';
    } else if (
      parameters.length >= 2 &&
      checker.getTypeAtLocation(parameters[1] as ts.ParameterDeclaration).getProperty('inputSchema') !== undefined
    ) {
      form ??= 'registerTool';
    }
  }
  return form;
}
