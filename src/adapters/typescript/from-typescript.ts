import ts from 'typescript';
import { unwrapExpression } from './unwrap.ts';
import type { CallSite } from '../../model/tool-registration.ts';
import type { ChainMethod, ObjectProperty, SchemaExpr } from '../../model/schema-expr.ts';
import { ImportTable, type ImportBinding } from '../../model/zod-imports.ts';
import { throughPackageHelpers } from '../../model/package-helpers.ts';

/**
 * The TypeScript-AST edge of the model: turns `ts` nodes into the neutral `SchemaExpr` that every verdict is made
 * on. Used by codemods (`ts.createSourceFile`, no type checker) and by the audit.
 */

/** Every import binding of a file, in the neutral form `ImportTable` indexes. Type-only imports are left out. */
export function importBindingsOf(sourceFile: ts.SourceFile): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of sourceFile.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const clause = statement.importClause;
    if (clause === undefined || clause.isTypeOnly) continue;
    const source = statement.moduleSpecifier.text;
    if (clause.name !== undefined) bindings.push({ local: clause.name.text, imported: 'default', source });
    const named = clause.namedBindings;
    if (named === undefined) continue;
    if (ts.isNamespaceImport(named)) bindings.push({ local: named.name.text, imported: '*', source });
    else {
      for (const element of named.elements) {
        if (element.isTypeOnly) continue;
        bindings.push({ local: element.name.text, imported: (element.propertyName ?? element.name).text, source });
      }
    }
  }
  return bindings;
}

function bindingNames(name: ts.BindingName, names: Set<string>): void {
  if (ts.isIdentifier(name)) names.add(name.text);
  else for (const element of name.elements) if (!ts.isOmittedExpression(element)) bindingNames(element.name, names);
}

/** Nodes that can declare names `declaredIn` sees; every other node declares none. */
function isScope(node: ts.Node): boolean {
  switch (node.kind) {
    case ts.SyntaxKind.SourceFile:
    case ts.SyntaxKind.Block:
    case ts.SyntaxKind.ModuleBlock:
    case ts.SyntaxKind.CaseClause:
    case ts.SyntaxKind.DefaultClause:
    case ts.SyntaxKind.CatchClause:
    case ts.SyntaxKind.ForStatement:
    case ts.SyntaxKind.ForOfStatement:
    case ts.SyntaxKind.ForInStatement:
      return true;
    default:
      return ts.isFunctionLike(node);
  }
}

/** Names a scope node declares itself (not counting imports): parameters, variables, functions, classes. */
function declaredIn(scope: ts.Node): Set<string> {
  const names = new Set<string>();
  if (ts.isFunctionLike(scope)) for (const parameter of scope.parameters) bindingNames(parameter.name, names);
  if (ts.isCatchClause(scope) && scope.variableDeclaration !== undefined)
    bindingNames(scope.variableDeclaration.name, names);
  if (ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope)) {
    const initializer = scope.initializer;
    if (initializer !== undefined && ts.isVariableDeclarationList(initializer)) {
      for (const declaration of initializer.declarations) bindingNames(declaration.name, names);
    }
  }
  const statements =
    ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope)
      ? scope.statements
      : ts.isCaseClause(scope) || ts.isDefaultClause(scope)
        ? scope.statements
        : undefined;
  for (const statement of statements ?? []) {
    if (ts.isVariableStatement(statement))
      for (const declaration of statement.declarationList.declarations) bindingNames(declaration.name, names);
    else if (
      (ts.isFunctionDeclaration(statement) || ts.isClassDeclaration(statement) || ts.isEnumDeclaration(statement)) &&
      statement.name !== undefined
    ) {
      names.add(statement.name.text);
    }
  }
  return names;
}

export class TypeScriptSchemaReader {
  readonly imports: ImportTable;
  private readonly scopeCache = new Map<ts.Node, Set<string>>();
  private readonly neverBound = new Map<string, boolean>();

  constructor(
    readonly sourceFile: ts.SourceFile,
    guardModules?: readonly string[],
  ) {
    this.imports = new ImportTable(importBindingsOf(sourceFile), guardModules);
  }

  /**
   * True when no local in the file can be named `name`: every occurrence outside import declarations is followed by
   * `.` (`z.string()`), and a binding never is. Lets the scope walks below stop before they start, which is most of
   * their cost; any other occurrence (a parameter `z`, a comment, a string) falls back to the walk.
   */
  private isNeverBound(name: string): boolean {
    let known = this.neverBound.get(name);
    if (known !== undefined) return known;
    const text = this.sourceFile.text;
    const imports = this.sourceFile.statements.filter(ts.isImportDeclaration);
    const escaped = name.replace(/\$/g, '\\$');
    const occurrence = new RegExp(`(?<![\\w$])${escaped}(?![\\w$])(?!\\s*\\.)`, 'g');
    known = true;
    for (let match = occurrence.exec(text); match !== null; match = occurrence.exec(text)) {
      const at = match.index;
      if (!imports.some((declaration) => at >= declaration.pos && at < declaration.end)) {
        known = false;
        break;
      }
    }
    this.neverBound.set(name, known);
    return known;
  }

  /** True when `identifier` still means the import of that name here, not a local that shadows it. */
  refersToImport(identifier: ts.Identifier): boolean {
    const name = identifier.text;
    if (this.isNeverBound(name)) return true;
    for (let node: ts.Node | undefined = identifier.parent; node !== undefined; node = node.parent) {
      if (this.scopeNames(node)?.has(name) === true) return false;
    }
    return true;
  }

  /** The names `node` declares when it is a scope (cached); undefined, with no look-up, for any other node. */
  private scopeNames(node: ts.Node): Set<string> | undefined {
    if (!isScope(node)) return undefined;
    let names = this.scopeCache.get(node);
    if (names === undefined) {
      names = declaredIn(node);
      this.scopeCache.set(node, names);
    }
    return names;
  }

  /**
   * True when a scope around `node`, the file's top level included, declares `name` itself (imports not counted):
   * a name a codemod is about to call there would not mean the import it adds.
   */
  isDeclaredAround(name: string, node: ts.Node): boolean {
    if (this.isNeverBound(name)) return false;
    for (let scope: ts.Node | undefined = node; scope !== undefined; scope = scope.parent) {
      if (this.scopeNames(scope)?.has(name) === true) return true;
    }
    return false;
  }

  /** The Zod path of a callee: `['string']` for `z.string` or an imported `string`, `['coerce','string']` for `z.coerce.string`. */
  private zodPath(callee: ts.Expression): { path: string[]; root: ts.Identifier } | undefined {
    const path: string[] = [];
    let current = unwrapExpression(callee);
    while (ts.isPropertyAccessExpression(current)) {
      path.unshift(current.name.text);
      current = unwrapExpression(current.expression);
    }
    if (!ts.isIdentifier(current)) return undefined;
    const binding = this.imports.zod.get(current.text);
    if (binding === undefined || !this.refersToImport(current)) return undefined;
    if (binding.kind === 'factory') return { path: [binding.name, ...path], root: current };
    return path.length === 0 ? undefined : { path, root: current };
  }

  read(input: ts.Expression): SchemaExpr<ts.Node> {
    const expr = unwrapExpression(input);
    if (ts.isCallExpression(expr)) return this.readCall(expr);
    if (ts.isObjectLiteralExpression(expr))
      return { kind: 'object', node: expr, properties: expr.properties.map((p) => this.readProperty(p)) };
    if (ts.isArrayLiteralExpression(expr))
      return { kind: 'array', node: expr, elements: expr.elements.map((element) => this.read(element)) };
    if (ts.isIdentifier(expr)) return { kind: 'identifier', node: expr, name: expr.text };
    if (ts.isArrowFunction(expr) || ts.isFunctionExpression(expr)) return { kind: 'function', node: expr };
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr))
      return { kind: 'literal', node: expr, value: expr.text };
    if (ts.isNumericLiteral(expr)) return { kind: 'literal', node: expr, value: Number(expr.text) };
    if (expr.kind === ts.SyntaxKind.TrueKeyword || expr.kind === ts.SyntaxKind.FalseKeyword) {
      return { kind: 'literal', node: expr, value: expr.kind === ts.SyntaxKind.TrueKeyword };
    }
    if (expr.kind === ts.SyntaxKind.NullKeyword) return { kind: 'literal', node: expr, value: null };
    // `'The card number - ' + 'the visible ID'`: strings joined with `+` are the one string.
    if (ts.isBinaryExpression(expr) && expr.operatorToken.kind === ts.SyntaxKind.PlusToken) {
      const left = this.read(expr.left);
      const right = this.read(expr.right);
      if (
        left.kind === 'literal' &&
        right.kind === 'literal' &&
        typeof left.value === 'string' &&
        typeof right.value === 'string'
      )
        return { kind: 'literal', node: expr, value: left.value + right.value };
      return { kind: 'other', node: expr };
    }
    if (ts.isConditionalExpression(expr))
      return { kind: 'either', node: expr, branches: [this.read(expr.whenTrue), this.read(expr.whenFalse)] };
    if (ts.isRegularExpressionLiteral(expr)) {
      const text = expr.text;
      const end = text.lastIndexOf('/');
      return { kind: 'regex', node: expr, pattern: text.slice(1, end), flags: text.slice(end + 1) };
    }
    return { kind: 'other', node: expr };
  }

  private readProperty(property: ts.ObjectLiteralElementLike): ObjectProperty<ts.Node> {
    if (ts.isSpreadAssignment(property)) {
      return { key: undefined, spread: true, value: this.read(property.expression), node: property, keyNode: property };
    }
    const name = property.name;
    const key =
      name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
        ? name.text
        : undefined;
    const keyNode = name ?? property;
    if (ts.isPropertyAssignment(property))
      return { key, spread: false, value: this.read(property.initializer), node: property, keyNode };
    if (ts.isShorthandPropertyAssignment(property))
      return { key, spread: false, value: this.read(property.name), node: property, keyNode };
    return { key, spread: false, value: { kind: 'function', node: property }, node: property, keyNode };
  }

  private readCall(call: ts.CallExpression): SchemaExpr<ts.Node> {
    const methods: ChainMethod<ts.Node>[] = [];
    let current: ts.CallExpression = call;
    for (;;) {
      const callee = unwrapExpression(current.expression);
      const zod = this.zodPath(callee);
      const args = current.arguments.map((arg) => this.read(arg));
      if (zod !== undefined) {
        const binding = this.imports.zod.get(zod.root.text);
        if (binding === undefined) break;
        return {
          kind: 'zod',
          node: call,
          binding,
          factory: zod.path,
          factoryArgs: args,
          factoryNode: current,
          methods,
        };
      }
      if (ts.isIdentifier(callee)) {
        const guard = this.imports.guards.get(callee.text);
        if (guard !== undefined && this.refersToImport(callee))
          return { kind: 'guard', node: call, name: guard, args, methods };
        if (methods.length === 0) return { kind: 'call', node: call, callee: callee.text, args };
        break;
      }
      if (!ts.isPropertyAccessExpression(callee)) break;
      methods.unshift({ name: callee.name.text, args, node: current });
      const receiver = unwrapExpression(callee.expression);
      if (!ts.isCallExpression(receiver)) break;
      current = receiver;
    }
    if (methods.length === 0 || !ts.isPropertyAccessExpression(unwrapExpression(call.expression))) {
      return {
        kind: 'call',
        node: call,
        callee: call.expression.getText(this.sourceFile),
        args: call.arguments.map((arg) => this.read(arg)),
      };
    }
    return { kind: 'other', node: call };
  }

  /**
   * Looks through a same-file `const name = <init>` to the expression it names (a few hops), so `inputSchema: shape`
   * is judged like the literal it stands for; the twin of the ESTree reader's `resolve`. Imports, `let` and
   * parameters are returned as they are.
   */
  resolve = (expr: SchemaExpr<ts.Node>): SchemaExpr<ts.Node> => {
    let current = expr;
    for (let hops = 0; hops < 4 && current.kind === 'identifier'; hops += 1) {
      const initializer = this.constInitializer(current.node as ts.Identifier);
      if (initializer === undefined) break;
      current = this.read(initializer);
    }
    return throughPackageHelpers(current, this.resolve);
  };

  private constInitializer(identifier: ts.Identifier): ts.Expression | undefined {
    const name = identifier.text;
    if (this.isNeverBound(name)) return undefined;
    for (let node: ts.Node | undefined = identifier.parent; node !== undefined; node = node.parent) {
      if (this.scopeNames(node)?.has(name) !== true) continue;
      // The nearest scope that declares the name decides: a const there resolves, anything else does not.
      const statements = ts.isSourceFile(node) || ts.isBlock(node) || ts.isModuleBlock(node) ? node.statements : [];
      for (const statement of statements) {
        if (!ts.isVariableStatement(statement) || (statement.declarationList.flags & ts.NodeFlags.Const) === 0)
          continue;
        for (const declaration of statement.declarationList.declarations) {
          if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration.initializer;
        }
      }
      return undefined;
    }
    return undefined;
  }

  /** A call in the neutral form `toolRegistrationOf` reads, or undefined when its callee has no name. */
  callSite(call: ts.CallExpression): CallSite<ts.Node> | undefined {
    const callee = unwrapExpression(call.expression);
    const method = ts.isPropertyAccessExpression(callee)
      ? callee.name.text
      : ts.isIdentifier(callee)
        ? callee.text
        : undefined;
    if (method === undefined) return undefined;
    return { method, args: call.arguments.map((arg) => this.read(arg)), node: call };
  }
}
