import { ASTUtils, AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import {
  toolDefinitionOf,
  toolLikeRegistrationOf,
  toolRegistrationOf,
  type CallSite,
  type ToolRegistration,
} from '../../model/tool-registration.ts';
import type { ChainMethod, ObjectProperty, SchemaExpr, ZodChainExpr } from '../../model/schema-expr.ts';
import { mayHoldUnion } from '../../model/text-shortcuts.ts';
import { GUARD_MODULES, ImportTable, isGuardModule, zodModuleOf, type ImportBinding } from '../../model/zod-imports.ts';
import { outermostChain } from './chain-position.ts';
import { dottedPathOf, unwrap } from './unwrap.ts';
import { throughPackageHelpers } from '../../model/package-helpers.ts';

/**
 * The ESTree edge of the model: turns typescript-eslint nodes into the neutral `SchemaExpr`, so rules make their
 * verdicts with the same code as codemods and the audit. Scope analysis decides whether `z` is still the import.
 */

type Node = TSESTree.Node;

/**
 * Every import binding of a program, in the neutral form `ImportTable` indexes. Type-only imports are left out, and
 * so are imports from modules `wanted` rejects (the table keeps only Zod's and the guards' anyway).
 */
export function importBindingsOf(program: TSESTree.Program, wanted?: (source: string) => boolean): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === 'type') continue;
    const source = statement.source.value;
    if (wanted !== undefined && !wanted(source)) continue;
    for (const specifier of statement.specifiers) {
      if (specifier.type === AST_NODE_TYPES.ImportDefaultSpecifier)
        bindings.push({ local: specifier.local.name, imported: 'default', source });
      else if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier)
        bindings.push({ local: specifier.local.name, imported: '*', source });
      else if (specifier.importKind !== 'type') {
        const imported =
          specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
        bindings.push({ local: specifier.local.name, imported, source });
      }
    }
  }
  return bindings;
}

/** True when a program imports anything from a Zod module (type-only imports aside): the cheap test before a reader is built. */
export function importsZod(program: TSESTree.Program): boolean {
  for (const statement of program.body) {
    if (
      statement.type === AST_NODE_TYPES.ImportDeclaration &&
      statement.importKind !== 'type' &&
      zodModuleOf(statement.source.value) !== undefined
    )
      return true;
  }
  return false;
}

/** `z.coerce.string().min(1)`: the factory call, the chain it starts and what it coerces to. */
export interface Coercion {
  /** `z.coerce.string()`, the factory call alone. */
  readonly call: TSESTree.CallExpression;
  /** The outermost call of the chain, which a fix replaces. */
  readonly chain: TSESTree.CallExpression;
  readonly expr: ZodChainExpr<Node>;
  /** `string`, `number`, `boolean`, `bigint`, `date`. */
  readonly target: string;
}

export class EstreeSchemaReader {
  readonly imports: ImportTable;
  /** Imported names some inner scope declares again; only these need a scope look-up per reference. */
  private shadowed: Set<string> | undefined;
  /**
   * `read` is pure in its node, and several rules read the same schemas of a file: read each node once. A reader
   * lives as long as one file's lint, so plain maps do (weak maps cost the garbage collector more, measured).
   */
  private readonly cache = new Map<Node, SchemaExpr<Node>>();
  /** What each call or object registers, asked by every rule that looks at tools. */
  private readonly registrations = new Map<Node, ToolRegistration<Node> | null>();
  private unionNames: string[] | undefined;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    guardModules?: readonly string[],
  ) {
    const modules = guardModules ?? GUARD_MODULES;
    this.imports = new ImportTable(
      importBindingsOf(sourceCode.ast, (source) => zodModuleOf(source) !== undefined || isGuardModule(source, modules)),
      modules,
    );
  }

  private shadowedImports(): Set<string> {
    if (this.shadowed !== undefined) return this.shadowed;
    // A file imports a name or two from Zod and the guards, and declares many: ask each scope for the few.
    const tracked = [...this.imports.zod.keys(), ...this.imports.guards.keys()];
    const shadowed = new Set<string>();
    for (const scope of this.sourceCode.scopeManager?.scopes ?? []) {
      if (scope.type === 'module' || scope.type === 'global') continue;
      for (const name of tracked) if (scope.set.has(name)) shadowed.add(name);
    }
    this.shadowed = shadowed;
    return shadowed;
  }

  /** True when `identifier` resolves to an import binding, not to a local that shadows it. */
  refersToImport(identifier: TSESTree.Identifier): boolean {
    // An import cannot be redeclared at module level, so a name no inner scope declares always means the import.
    if (!this.shadowedImports().has(identifier.name))
      return this.imports.zod.has(identifier.name) || this.imports.guards.has(identifier.name);
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(identifier), identifier);
    return variable !== null && variable.defs.some((definition) => definition.type === 'ImportBinding');
  }

  private zodPath(callee: Node): { path: string[]; root: TSESTree.Identifier } | undefined {
    const dotted = dottedPathOf(callee);
    if (dotted === undefined) return undefined;
    const { path, root: current } = dotted;
    const binding = this.imports.zod.get(current.name);
    if (binding === undefined || !this.refersToImport(current)) return undefined;
    if (binding.kind === 'factory') return { path: [binding.name, ...path], root: current };
    return path.length === 0 ? undefined : { path, root: current };
  }

  read(input: Node): SchemaExpr<Node> {
    const cached = this.cache.get(input);
    if (cached !== undefined) return cached;
    const expr = this.readUncached(input);
    this.cache.set(input, expr);
    return expr;
  }

  private readUncached(input: Node): SchemaExpr<Node> {
    const expr = unwrap(input);
    switch (expr.type) {
      case AST_NODE_TYPES.CallExpression:
        return this.readCall(expr);
      case AST_NODE_TYPES.ObjectExpression: {
        // Properties are read on first use: recognising a registration only looks at a few keys of its config,
        // and most rules never descend into the fields of an input shape.
        let properties: ObjectProperty<Node>[] | undefined;
        const readProperties = (): ObjectProperty<Node>[] =>
          (properties ??= expr.properties.map((property) => this.readProperty(property)));
        return {
          kind: 'object',
          node: expr,
          get properties() {
            return readProperties();
          },
        };
      }
      case AST_NODE_TYPES.ArrayExpression:
        return {
          kind: 'array',
          node: expr,
          elements: this.readElements(expr.elements),
        };
      case AST_NODE_TYPES.Identifier:
        return { kind: 'identifier', node: expr, name: expr.name };
      case AST_NODE_TYPES.ArrowFunctionExpression:
      case AST_NODE_TYPES.FunctionExpression:
        return { kind: 'function', node: expr };
      case AST_NODE_TYPES.Literal:
        if ('regex' in expr && expr.regex !== undefined)
          return { kind: 'regex', node: expr, pattern: expr.regex.pattern, flags: expr.regex.flags };
        if (
          typeof expr.value === 'string' ||
          typeof expr.value === 'number' ||
          typeof expr.value === 'boolean' ||
          expr.value === null
        ) {
          return { kind: 'literal', node: expr, value: expr.value };
        }
        return { kind: 'other', node: expr };
      case AST_NODE_TYPES.BinaryExpression: {
        // `'The card number - ' + 'the visible ID'`: strings joined with `+` are the one string.
        if (expr.operator !== '+') return { kind: 'other', node: expr };
        const left = this.read(expr.left);
        const right = this.read(expr.right);
        return left.kind === 'literal' &&
          right.kind === 'literal' &&
          typeof left.value === 'string' &&
          typeof right.value === 'string'
          ? { kind: 'literal', node: expr, value: left.value + right.value }
          : { kind: 'other', node: expr };
      }
      case AST_NODE_TYPES.ConditionalExpression:
        return { kind: 'either', node: expr, branches: [this.read(expr.consequent), this.read(expr.alternate)] };
      case AST_NODE_TYPES.TemplateLiteral:
        return expr.expressions.length === 0
          ? { kind: 'literal', node: expr, value: expr.quasis.map((quasi) => quasi.value.cooked).join('') }
          : { kind: 'other', node: expr };
      default:
        return { kind: 'other', node: expr };
    }
  }

  private readElements(elements: readonly (TSESTree.Expression | TSESTree.SpreadElement | null)[]): SchemaExpr<Node>[] {
    const read: SchemaExpr<Node>[] = [];
    for (const element of elements) {
      if (element !== null)
        read.push(this.read(element.type === AST_NODE_TYPES.SpreadElement ? element.argument : element));
    }
    return read;
  }

  private readProperty(property: TSESTree.ObjectLiteralElement): ObjectProperty<Node> {
    if (property.type === AST_NODE_TYPES.SpreadElement) {
      return { key: undefined, spread: true, value: this.read(property.argument), node: property, keyNode: property };
    }
    const { key: keyNode } = property;
    const key = property.computed
      ? undefined
      : keyNode.type === AST_NODE_TYPES.Identifier
        ? keyNode.name
        : keyNode.type === AST_NODE_TYPES.Literal &&
            (typeof keyNode.value === 'string' || typeof keyNode.value === 'number')
          ? String(keyNode.value)
          : undefined;
    const value: SchemaExpr<Node> =
      property.method || property.kind !== 'init'
        ? { kind: 'function', node: property.value }
        : this.read(property.value);
    return { key, spread: false, value, node: property, keyNode };
  }

  private readCall(call: TSESTree.CallExpression): SchemaExpr<Node> {
    const methods: ChainMethod<Node>[] = [];
    let current: TSESTree.CallExpression = call;
    for (;;) {
      const callee = unwrap(current.callee);
      const zod = this.zodPath(callee);
      const args = current.arguments.map((arg) =>
        this.read(arg.type === AST_NODE_TYPES.SpreadElement ? arg.argument : arg),
      );
      if (zod !== undefined) {
        const binding = this.imports.zod.get(zod.root.name);
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
      if (callee.type === AST_NODE_TYPES.Identifier) {
        const guard = this.imports.guards.get(callee.name);
        if (guard !== undefined && this.refersToImport(callee))
          return { kind: 'guard', node: call, name: guard, args, methods };
        if (methods.length === 0) return { kind: 'call', node: call, callee: callee.name, args };
        break;
      }
      if (
        callee.type !== AST_NODE_TYPES.MemberExpression ||
        callee.computed ||
        callee.property.type !== AST_NODE_TYPES.Identifier
      )
        break;
      methods.unshift({ name: callee.property.name, args, node: current });
      const receiver = unwrap(callee.object);
      if (receiver.type !== AST_NODE_TYPES.CallExpression) break;
      current = receiver;
    }
    const callee = unwrap(call.callee);
    if (methods.length === 0 || callee.type !== AST_NODE_TYPES.MemberExpression) {
      return {
        kind: 'call',
        node: call,
        callee: this.sourceCode.getText(call.callee),
        args: call.arguments.map((arg) => this.read(arg.type === AST_NODE_TYPES.SpreadElement ? arg.argument : arg)),
      };
    }
    return { kind: 'other', node: call };
  }

  /**
   * Looks through a same-file `const name = <init>` to the expression it names (a few hops), so `inputSchema: shape`
   * is judged like the literal it stands for. Anything else (imports, `let`, parameters) is returned as it is.
   */
  resolve = (expr: SchemaExpr<Node>): SchemaExpr<Node> => {
    let current = expr;
    for (let hops = 0; hops < 4 && current.kind === 'identifier'; hops += 1) {
      const initializer = this.constInitializer(current.node as TSESTree.Identifier);
      if (initializer === undefined) break;
      current = this.read(initializer);
    }
    return throughPackageHelpers(current, this.resolve);
  };

  private constInitializer(identifier: TSESTree.Identifier): Node | undefined {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(identifier), identifier);
    const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') return undefined;
    const declarator = definition.node;
    return declarator.id.type === AST_NODE_TYPES.Identifier && declarator.init !== null ? declarator.init : undefined;
  }

  /**
   * The tool `node` registers (a call such as `server.registerTool(...)`) or defines (a `{ name, inputSchema, ... }`
   * object), decided once per node for every rule of the file.
   */
  registrationAt(node: TSESTree.CallExpression | TSESTree.ObjectExpression): ToolRegistration<Node> | undefined {
    let registration = this.registrations.get(node);
    if (registration === undefined) {
      if (node.type === AST_NODE_TYPES.CallExpression) {
        const site = this.callSite(node);
        registration =
          (site === undefined ? undefined : (toolRegistrationOf(site) ?? toolLikeRegistrationOf(site))) ?? null;
      } else {
        registration = toolDefinitionOf(this.read(node)) ?? null;
      }
      this.registrations.set(node, registration);
    }
    return registration ?? undefined;
  }

  /** False when the chain at `node` cannot be a string-or-number union (see `mayHoldUnion`), without reading it. */
  mayHoldUnion(node: Node): boolean {
    this.unionNames ??= this.factoryLocals('union');
    return mayHoldUnion(this.sourceCode.text, node.range[0], node.range[1], this.unionNames);
  }

  /** The local names a Zod factory is imported under by name: `import { coerce as c } from 'zod'` gives `['c']`. */
  factoryLocals(factory: string): string[] {
    const locals: string[] = [];
    for (const binding of this.imports.zod.values())
      if (binding.kind === 'factory' && binding.name === factory) locals.push(binding.local);
    return locals;
  }

  /**
   * The coercion `call` makes, `z.coerce.string()` or a named `coerce.string()`, with the whole chain it starts
   * (`z.coerce.string().min(1)`) read. Undefined for any other call, and for a `coerce` that is not Zod's.
   */
  coercionAt(call: TSESTree.CallExpression): Coercion | undefined {
    const callee = call.callee;
    if (callee.type !== AST_NODE_TYPES.MemberExpression) return undefined;
    const object = callee.object;
    const endsInCoerce =
      (object.type === AST_NODE_TYPES.MemberExpression &&
        object.property.type === AST_NODE_TYPES.Identifier &&
        object.property.name === 'coerce') ||
      (object.type === AST_NODE_TYPES.Identifier && this.factoryLocals('coerce').includes(object.name));
    if (!endsInCoerce) return undefined;
    const chain = outermostChain(call);
    const expr = this.read(chain);
    if (expr.kind !== 'zod' || expr.factoryNode !== call || expr.factory[0] !== 'coerce') return undefined;
    return { call, chain, expr, target: expr.factory[1] ?? '' };
  }

  /** A call in the neutral form `toolRegistrationOf` reads, or undefined when its callee has no name. */
  callSite(call: TSESTree.CallExpression): CallSite<Node> | undefined {
    const callee = unwrap(call.callee);
    const method =
      callee.type === AST_NODE_TYPES.MemberExpression &&
      !callee.computed &&
      callee.property.type === AST_NODE_TYPES.Identifier
        ? callee.property.name
        : callee.type === AST_NODE_TYPES.Identifier
          ? callee.name
          : undefined;
    if (method === undefined) return undefined;
    return {
      method,
      args: call.arguments.map((arg) => this.read(arg.type === AST_NODE_TYPES.SpreadElement ? arg.argument : arg)),
      node: call,
    };
  }
}
