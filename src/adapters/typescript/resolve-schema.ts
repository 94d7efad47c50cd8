import ts from 'typescript';
import { returnedExpressions, unwrapExpression } from './unwrap.ts';
import { TypeScriptSchemaReader } from './from-typescript.ts';
import type { ChainMethod, ObjectExpr, ObjectProperty, SchemaExpr, ZodChainExpr } from '../../model/schema-expr.ts';
import { meaningOf } from '../../model/schema-meaning.ts';
import { spreadObjectOf } from '../../model/object-spreads.ts';
import { throughPackageHelpers } from '../../model/package-helpers.ts';
import { isSchemaRenderer, renderedSchemaOf } from '../../model/tool-registration.ts';
import { GUARD_MODULES } from '../../model/zod-imports.ts';
import { FIELD_ADDING_METHODS, FIELD_SELECTING_METHODS, OBJECT_FACTORIES } from '../../model/zod-vocabulary.ts';

/**
 * Schema expressions across a whole program. The shared reader sees one file; the audit follows a schema wherever it
 * was written: imported consts and aliases, `Base.extend({...})`, `.merge()`, `.pick()`/`.omit()`, `Schema.shape`,
 * `{ ...Base.shape }`, `Schema.optional()` on a const, and helpers that return a schema. It hands the model an
 * expression it can judge (`meaningOf`, `schemaFieldsOf`), never a verdict of its own.
 */

type Expr = SchemaExpr<ts.Node>;

/** Methods that change an object schema's keys; the resolver applies them to the shape. */
const SHAPE_METHODS: ReadonlySet<string> = new Set([...FIELD_ADDING_METHODS, ...FIELD_SELECTING_METHODS]);
const MAX_HOPS = 12;

function keysOfMask(expr: Expr | undefined): Set<string> | undefined {
  if (expr?.kind !== 'object') return undefined;
  return new Set(expr.properties.flatMap((property) => (property.key === undefined ? [] : [property.key])));
}

export class SchemaResolver {
  private readonly readers = new Map<ts.SourceFile, TypeScriptSchemaReader>();
  private readonly guardModules: readonly string[];

  constructor(
    private readonly checker: ts.TypeChecker,
    guardModules: readonly string[] = [],
  ) {
    this.guardModules = [...GUARD_MODULES, ...guardModules];
  }

  readerFor(sourceFile: ts.SourceFile): TypeScriptSchemaReader {
    let reader = this.readers.get(sourceFile);
    if (reader === undefined) {
      reader = new TypeScriptSchemaReader(sourceFile, this.guardModules);
      this.readers.set(sourceFile, reader);
    }
    return reader;
  }

  /** The neutral form of any expression, read with the imports of the file it is written in. */
  read(node: ts.Expression): Expr {
    return this.readerFor(node.getSourceFile()).read(node);
  }

  /** The declaration a reference names, through imports and re-exports (a namespace import names its source file). */
  declarationOf(node: ts.Node): ts.Declaration | undefined {
    // `{ name, parameters, handler }`: a shorthand property's name stands for the value in scope, not the property.
    const parent = node.parent as ts.Node | undefined;
    let symbol =
      parent !== undefined && ts.isShorthandPropertyAssignment(parent) && parent.name === node
        ? this.checker.getShorthandAssignmentValueSymbol(parent)
        : this.checker.getSymbolAtLocation(node);
    if (symbol === undefined) return undefined;
    if (symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return symbol.valueDeclaration ?? symbol.declarations?.[0];
  }

  /** What a const or a property stands for, through a few references: `schemas` -> the object literal it holds. */
  initializerExpression(node: ts.Expression): ts.Expression | undefined {
    let current = unwrapExpression(node);
    for (let hop = 0; hop < 4 && (ts.isIdentifier(current) || ts.isPropertyAccessExpression(current)); hop += 1) {
      const next = this.initializerOf(current);
      if (next === undefined) return undefined;
      current = unwrapExpression(next);
    }
    return current;
  }

  /**
   * The declaration a reference (`Schema`, `tool.config`) names. Of a const written with a declared type (`const tool:
   * McpTool<S> = { config: {...} }`), the checker names the type's member; the object literal's own property holds the
   * value, and is what a member read of it stands for.
   */
  private referenceDeclarationOf(node: ts.Expression): ts.Declaration | undefined {
    const declaration = this.declarationOf(ts.isPropertyAccessExpression(node) ? node.name : node);
    if (!ts.isPropertyAccessExpression(node) || (declaration !== undefined && !ts.isPropertySignature(declaration)))
      return declaration;
    const receiver = this.initializerExpression(node.expression);
    if (receiver === undefined || !ts.isObjectLiteralExpression(receiver)) return declaration;
    const member = receiver.properties.find(
      (property) =>
        property.name !== undefined &&
        (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
        property.name.text === node.name.text,
    );
    return member ?? declaration;
  }

  /** The expression a reference (`Schema`, `schemas.Schema`, `Tools.x`) stands for, when it is a const or a property. */
  private initializerOf(node: ts.Expression): ts.Expression | undefined {
    const declaration = this.referenceDeclarationOf(node);
    if (declaration === undefined) return undefined;
    if (ts.isVariableDeclaration(declaration)) {
      const list = declaration.parent;
      if (!ts.isVariableDeclarationList(list) || (list.flags & ts.NodeFlags.Const) === 0) return undefined;
      return declaration.initializer;
    }
    if (ts.isPropertyAssignment(declaration) || ts.isShorthandPropertyAssignment(declaration)) {
      // `tool.name` of an item of `[{ name: 'a' }, { name: 'b' }]`: a property each object of a list writes holds
      // one value per item, not the first one's.
      if (ts.isPropertyAccessExpression(node) && isListItemProperty(declaration)) return undefined;
      return ts.isPropertyAssignment(declaration) ? declaration.initializer : declaration.name;
    }
    if (
      ts.isPropertyDeclaration(declaration) &&
      declaration.initializer !== undefined &&
      (ts.getCombinedModifierFlags(declaration) & ts.ModifierFlags.Readonly) !== 0
    )
      return declaration.initializer;
    if (ts.isExportAssignment(declaration)) return declaration.expression;
    return undefined;
  }

  /** The value a name stands for as a constant string: `'get_ticket'`, `TOOLS.getTicket`, an `as const` member. */
  constantString(node: ts.Expression, hops = 0): string | undefined {
    const expr = unwrapExpression(node);
    if (ts.isStringLiteral(expr) || ts.isNoSubstitutionTemplateLiteral(expr)) return expr.text;
    if (hops > 6) return undefined;
    // `process.env.TOOL_NAME || 'bash'`: a name the environment may change, and its default, what a server started
    // without that variable publishes.
    if (
      ts.isBinaryExpression(expr) &&
      (expr.operatorToken.kind === ts.SyntaxKind.BarBarToken ||
        expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken) &&
      isEnvironmentRead(expr.left)
    )
      return this.constantString(expr.right, hops + 1);
    if (ts.isIdentifier(expr) || ts.isPropertyAccessExpression(expr) || ts.isElementAccessExpression(expr)) {
      const type = this.checker.getTypeAtLocation(expr);
      if (type.isStringLiteral()) return type.value;
      // `tool.name` of a `tool` typed by a union of classes names one of several tools: no constant, though the
      // symbol's first declaration has an initializer.
      if (type.isUnion() && type.types.filter((member) => member.isStringLiteral()).length > 1) return undefined;
      if (ts.isElementAccessExpression(expr)) return undefined;
      const initializer = this.initializerOf(expr);
      if (initializer !== undefined) return this.constantString(initializer, hops + 1);
      const declaration = this.declarationOf(ts.isPropertyAccessExpression(expr) ? expr.name : expr);
      if (declaration !== undefined && ts.isEnumMember(declaration) && declaration.initializer !== undefined)
        return this.constantString(declaration.initializer, hops + 1);
    }
    return undefined;
  }

  /** The function a call reaches, when it is written in source (a declaration or a const arrow/function). */
  functionOf(callee: ts.Expression, hops = 0): ts.SignatureDeclaration | undefined {
    const expr = unwrapExpression(callee);
    const declaration = this.referenceDeclarationOf(expr);
    if (declaration === undefined) return undefined;
    if (declaration.getSourceFile().isDeclarationFile) return undefined;
    if (ts.isFunctionDeclaration(declaration) || ts.isMethodDeclaration(declaration))
      return declaration.body === undefined ? undefined : declaration;
    if (ts.isVariableDeclaration(declaration) && declaration.initializer !== undefined) {
      const initializer = unwrapExpression(declaration.initializer);
      if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
      // `const getShape = buildToolSchema((t) => ({ ... }))`: a helper that hands back the function it is given.
      if (ts.isCallExpression(initializer) && hops < 4) return this.passedThrough(initializer, hops + 1);
    }
    if (ts.isPropertyAssignment(declaration)) {
      const initializer = unwrapExpression(declaration.initializer);
      if (ts.isArrowFunction(initializer) || ts.isFunctionExpression(initializer)) return initializer;
    }
    return undefined;
  }

  /**
   * The function a call hands back: when the called function returns one of its parameters as it is (an identity
   * helper that only pins a type, `<T>(fn: (t) => T) => fn`), the argument given for that parameter; when it returns a
   * function it writes (a handler factory, `const get = createReadHandler('GET', handleGet)`), that function.
   */
  private passedThrough(call: ts.CallExpression, hops: number): ts.SignatureDeclaration | undefined {
    const fn = this.functionOf(call.expression, hops);
    const returned = fn === undefined ? undefined : this.returnedExpression(fn);
    if (fn === undefined || returned === undefined) return undefined;
    const name = unwrapExpression(returned);
    if (ts.isArrowFunction(name) || ts.isFunctionExpression(name)) return name;
    if (!ts.isIdentifier(name)) return undefined;
    const index = fn.parameters.findIndex(
      (parameter) => ts.isIdentifier(parameter.name) && parameter.name.text === name.text,
    );
    const argument = index < 0 ? undefined : call.arguments[index];
    if (argument === undefined) return undefined;
    const passed = unwrapExpression(argument);
    if (ts.isArrowFunction(passed) || ts.isFunctionExpression(passed)) return passed;
    return ts.isIdentifier(passed) ? this.functionOf(passed, hops + 1) : undefined;
  }

  /**
   * What a helper builds on the schema it is given (`withFormat(schema)` returning `schema.extend({ format })`, or the
   * schema itself): the argument at that call, with the helper's methods applied to it.
   */
  private builtOnArgument(fn: ts.SignatureDeclaration, call: ts.CallExpression, hops: number): Expr | undefined {
    const single = this.returnedExpression(fn);
    if (single === undefined) return undefined;
    const returned = unwrapExpression(single);
    const chain = ts.isCallExpression(returned) ? this.chainOn(returned) : undefined;
    const root = chain === undefined ? returned : unwrapExpression(chain.root);
    if (!ts.isIdentifier(root)) return undefined;
    const declaration = this.declarationOf(root);
    const index = declaration !== undefined && ts.isParameter(declaration) ? fn.parameters.indexOf(declaration) : -1;
    const argument = index < 0 ? undefined : call.arguments[index];
    if (argument === undefined) return undefined;
    const given = this.resolveWithin(this.read(argument), hops + 1);
    return chain === undefined ? given : this.compose(given, chain.methods, returned);
  }

  /**
   * A helper's returned Zod schema with the parameters it passes to the factory or a method as they are
   * (`z.strictObject(shape, {...})`, `z.object({}).extend(fields)`) taken as the arguments given at this call.
   */
  private boundToCall(returned: Expr, fn: ts.SignatureDeclaration, call: ts.CallExpression): Expr {
    if (returned.kind !== 'zod') return returned;
    const bind = (argument: Expr): Expr => {
      if (argument.kind !== 'identifier') return argument;
      const declaration = this.declarationOf(argument.node as ts.Node);
      const index =
        declaration !== undefined && ts.isParameter(declaration) && declaration.parent === fn
          ? fn.parameters.indexOf(declaration)
          : -1;
      const given = index < 0 ? undefined : call.arguments[index];
      return given === undefined ? argument : this.read(given);
    };
    return {
      ...returned,
      factoryArgs: returned.factoryArgs.map(bind),
      methods: returned.methods.map((method) => ({ ...method, args: method.args.map(bind) })),
    };
  }

  /**
   * The schema a helper returns: its single returned expression (`const idField = () => z.string().min(1)`), or, when
   * it picks one of several by how the server is configured (`if (accountMode) return z.string()...; return
   * z.enum(names)`), the first its code returns: the case it checks first.
   */
  private returnedSchema(fn: ts.SignatureDeclaration): SchemaExpr<ts.Node> | undefined {
    const returned = returnedExpressions(fn);
    if (returned.length === 1 && returned[0] !== undefined) return this.read(returned[0]);
    for (const expression of returned) {
      const read = this.read(expression);
      if (read.kind === 'zod' || read.kind === 'guard' || read.kind === 'object') return read;
    }
    return undefined;
  }

  /** A helper's single returned expression: `const idField = () => z.string().min(1)`. */
  private returnedExpression(fn: ts.SignatureDeclaration): ts.Expression | undefined {
    if (ts.isArrowFunction(fn) && !ts.isBlock(fn.body)) return fn.body;
    const body = (fn as ts.FunctionLikeDeclarationBase).body;
    if (body === undefined || !ts.isBlock(body)) return undefined;
    const returns = body.statements.filter(ts.isReturnStatement);
    return returns.length === 1 ? returns[0]?.expression : undefined;
  }

  /**
   * A method chain on something that is not a Zod factory (`Base.extend({...}).optional()`): the expression it
   * starts from and the methods after it, with their arguments read in this file.
   */
  private chainOn(call: ts.CallExpression): { root: ts.Expression; methods: ChainMethod<ts.Node>[] } | undefined {
    const methods: ChainMethod<ts.Node>[] = [];
    let current: ts.Expression = call;
    while (ts.isCallExpression(current)) {
      const callee = unwrapExpression(current.expression);
      if (!ts.isPropertyAccessExpression(callee)) break;
      methods.unshift({ name: callee.name.text, args: current.arguments.map((arg) => this.read(arg)), node: current });
      current = unwrapExpression(callee.expression);
    }
    return methods.length === 0 ? undefined : { root: current, methods };
  }

  /** `Base` with the methods written after it: a Zod chain that goes on, or a guard with more methods. */
  private compose(root: Expr, methods: readonly ChainMethod<ts.Node>[], node: ts.Node): Expr | undefined {
    if (root.kind === 'zod') return this.applyShapeMethods({ ...root, node, methods: [...root.methods, ...methods] });
    if (root.kind === 'guard') return { ...root, node, methods: [...root.methods, ...methods] };
    return undefined;
  }

  /** What `schema.shape` gives for a schema read elsewhere: its raw shape, when it is an object schema or a shape. */
  shapeOfSchema(expr: Expr): ObjectExpr<ts.Node> | undefined {
    return this.shapeOf(expr, 0);
  }

  /** The properties of an object schema or raw shape, after resolving it; undefined when it is neither. */
  private shapeOf(expr: Expr, hops: number): ObjectExpr<ts.Node> | undefined {
    const resolved = this.resolveWithin(expr, hops + 1);
    if (resolved.kind === 'object') return resolved;
    return meaningOf(resolved).shape;
  }

  /**
   * `z.object(shape).extend({...}).omit({...}).describe(...)`: one object schema whose literal shape holds the keys
   * those methods leave, followed by the methods that do not change keys (so `.refine()` stays visible).
   */
  private applyShapeMethods(expr: ZodChainExpr<ts.Node>, hops = 0): Expr {
    if (!OBJECT_FACTORIES.has(expr.factory[0] ?? '')) return expr;
    const firstArg = expr.factoryArgs[0];
    const needsWork =
      expr.methods.some((method) => SHAPE_METHODS.has(method.name)) ||
      (firstArg !== undefined && firstArg.kind !== 'object');
    if (!needsWork) return expr;
    const base = firstArg === undefined ? undefined : this.shapeOf(firstArg, hops);
    let properties: ObjectProperty<ts.Node>[] = base === undefined ? [] : [...base.properties];
    const kept: ChainMethod<ts.Node>[] = [];
    for (const method of expr.methods) {
      if (!SHAPE_METHODS.has(method.name)) {
        kept.push(method);
        continue;
      }
      const argument = method.args[0];
      if (method.name === 'pick' || method.name === 'omit') {
        const keys = keysOfMask(argument === undefined ? undefined : this.resolveWithin(argument, hops + 1));
        if (keys === undefined) continue;
        properties = properties.filter(
          (property) =>
            property.spread || (property.key !== undefined && keys.has(property.key) === (method.name === 'pick')),
        );
        continue;
      }
      const added = argument === undefined ? undefined : this.shapeOf(argument, hops);
      if (added === undefined) continue;
      const addedKeys = new Set(added.properties.map((property) => property.key));
      properties = [
        ...properties.filter((property) => property.spread || !addedKeys.has(property.key)),
        ...added.properties,
      ];
    }
    // `z.strictObject(shape)` where `shape` could not be read: the keys are unknown, not none.
    if (base === undefined && firstArg !== undefined && properties.length === 0) return { ...expr, methods: kept };
    const shape: ObjectExpr<ts.Node> = { kind: 'object', node: base?.node ?? expr.node, properties };
    return { ...expr, factoryArgs: [shape, ...expr.factoryArgs.slice(1)], methods: kept };
  }

  /** Looks through references to the schema expression they stand for; the model's `ResolveReference`. */
  resolve = (expr: Expr): Expr => this.resolveWithin(expr, 0);

  private resolveWithin(expr: Expr, hops: number): Expr {
    let current = expr;
    for (let hop = hops; hop < MAX_HOPS; hop += 1) {
      const next = this.step(current, hop);
      if (next === undefined || next === current) return current;
      current = next;
    }
    return current;
  }

  private step(expr: Expr, hops: number): Expr | undefined {
    const node = expr.node as ts.Expression;
    switch (expr.kind) {
      case 'identifier': {
        const initializer = this.initializerOf(node);
        return initializer === undefined ? undefined : this.read(initializer);
      }
      case 'zod': {
        const applied = this.applyShapeMethods(expr, hops);
        return applied === expr ? undefined : applied;
      }
      case 'call': {
        if (!ts.isCallExpression(node)) return undefined;
        const calleeName = ts.isIdentifier(unwrapExpression(node.expression))
          ? (unwrapExpression(node.expression) as ts.Identifier).text
          : ts.isPropertyAccessExpression(unwrapExpression(node.expression))
            ? (unwrapExpression(node.expression) as ts.PropertyAccessExpression).name.text
            : '';
        if (isSchemaRenderer(calleeName) && expr.args[0] !== undefined) return expr.args[0];
        const rendered = this.renderedByHelper(expr);
        if (rendered !== undefined) return rendered;
        // `offeredShape(shape, table)`, `guardIdFields(shape)`: the shape the package's own helpers publish.
        const published = throughPackageHelpers(expr, this.resolve);
        if (published !== expr) return published;
        const fn = this.functionOf(node.expression);
        if (fn === undefined) return undefined;
        const built = this.builtOnArgument(fn, node, hops);
        if (built !== undefined) return built;
        const returned = this.returnedSchema(fn);
        return returned === undefined ? undefined : this.boundToCall(returned, fn, node);
      }
      case 'either': {
        // Each branch as the schema it names (`cond ? optionalId : requiredId`).
        const [first, second] = expr.branches.map((branch) => this.resolveWithin(branch, hops + 1));
        if (first === undefined || second === undefined) return undefined;
        return first === expr.branches[0] && second === expr.branches[1]
          ? undefined
          : { ...expr, branches: [first, second] };
      }
      case 'other': {
        if (ts.isPropertyAccessExpression(node)) {
          if (node.name.text === 'shape') {
            const owner = this.shapeOf(this.read(node.expression), hops);
            return owner;
          }
          const initializer = this.initializerOf(node);
          return initializer === undefined ? undefined : this.read(initializer);
        }
        if (ts.isCallExpression(node)) {
          const chain = this.chainOn(node);
          if (chain === undefined) return undefined;
          const root = this.resolveWithin(this.read(chain.root), hops + 1);
          return this.compose(root, chain.methods, node);
        }
        return undefined;
      }
      default:
        return undefined;
    }
  }

  /** An object literal with the objects it spreads laid out in place (`{ ...caseTool, name: 'close_case' }`). */
  spreadOut(object: ObjectExpr<ts.Node>): ObjectExpr<ts.Node> {
    return spreadObjectOf(object, this.resolve);
  }

  /**
   * `zodToJsonSchema(Schema)`, `z.toJSONSchema(Schema)`, `toJSONSchema(Schema, opts)`: the schema rendered; so too a
   * call of a project function that renders one of its parameters (`toJson(GetProjectSchema)` where `toJson` returns
   * `zodToJsonSchema(schema)` or its properties): the argument given for that parameter. Else the expression.
   */
  renderedSchema(expr: Expr): Expr {
    return renderedSchemaOf(expr) ?? this.renderedByHelper(expr) ?? expr;
  }

  private readonly renderedParameters = new Map<ts.SignatureDeclaration, number | undefined>();

  /** The index of the parameter a function renders as JSON Schema (`z.toJSONSchema(schema)` in its body), if any. */
  renderedParameter(fn: ts.SignatureDeclaration): number | undefined {
    return this.renderedParameterOf(fn, 0);
  }

  private renderedByHelper(expr: Expr): Expr | undefined {
    const node = expr.node as ts.Node;
    if (expr.kind !== 'call' || !ts.isCallExpression(node)) return undefined;
    const fn = this.functionOf(node.expression);
    const index = fn === undefined ? undefined : this.renderedParameterOf(fn, 0);
    const argument = index === undefined ? undefined : node.arguments[index];
    return argument === undefined ? undefined : this.read(argument);
  }

  /**
   * The index of the parameter a function renders as JSON Schema: the one handed to a renderer (or to another such
   * function) in its own body, not in a function nested in it.
   */
  private renderedParameterOf(fn: ts.SignatureDeclaration, hops: number): number | undefined {
    if (this.renderedParameters.has(fn)) return this.renderedParameters.get(fn);
    this.renderedParameters.set(fn, undefined);
    const body = (fn as ts.FunctionLikeDeclarationBase).body;
    const parameterIndex = (argument: ts.Expression | undefined): number | undefined => {
      const expr = argument === undefined ? undefined : unwrapExpression(argument);
      if (expr === undefined || !ts.isIdentifier(expr)) return undefined;
      const declaration = this.checker.getSymbolAtLocation(expr)?.valueDeclaration;
      const index = declaration !== undefined && ts.isParameter(declaration) ? fn.parameters.indexOf(declaration) : -1;
      return index < 0 ? undefined : index;
    };
    let found: number | undefined;
    const visit = (node: ts.Node): void => {
      if (found !== undefined || (node !== body && ts.isFunctionLike(node))) return;
      if (ts.isCallExpression(node)) {
        const callee = unwrapExpression(node.expression);
        const name = ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : undefined;
        if (name !== undefined && isSchemaRenderer(name)) found = parameterIndex(node.arguments[0]);
        else if (hops < 4) {
          const inner = this.functionOf(callee);
          const at = inner === undefined ? undefined : this.renderedParameterOf(inner, hops + 1);
          if (at !== undefined) found = parameterIndex(node.arguments[at]);
        }
        if (found !== undefined) return;
      }
      ts.forEachChild(node, visit);
    };
    if (body !== undefined) visit(body);
    this.renderedParameters.set(fn, found);
    return found;
  }
}

/** A property of an object written as an item of a list (`[{ name: 'a' }, { name: 'b' }]`): each item has its own. */
function isListItemProperty(declaration: ts.Node): boolean {
  const object = declaration.parent;
  return ts.isObjectLiteralExpression(object) && ts.isArrayLiteralExpression(unwrapParents(object.parent));
}

/** The node around parentheses and `as`/`satisfies` wrappers of an expression. */
function unwrapParents(node: ts.Node): ts.Node {
  let current = node;
  while (
    ts.isParenthesizedExpression(current) ||
    ts.isAsExpression(current) ||
    ts.isSatisfiesExpression(current) ||
    ts.isTypeAssertionExpression(current)
  )
    current = current.parent;
  return current;
}

/** `process.env.NAME`, `process.env['NAME']`: a value the environment sets at run time. */
function isEnvironmentRead(node: ts.Expression): boolean {
  const expr = unwrapExpression(node);
  if (!ts.isPropertyAccessExpression(expr) && !ts.isElementAccessExpression(expr)) return false;
  const owner = unwrapExpression(expr.expression);
  return (
    ts.isPropertyAccessExpression(owner) &&
    owner.name.text === 'env' &&
    ts.isIdentifier(owner.expression) &&
    owner.expression.text === 'process'
  );
}
