import { ASTUtils, AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { CallSite } from '../../src/model/tool-registration.ts';
import type { ChainMethod, ObjectProperty, SchemaExpr } from '../../src/model/schema-expr.ts';
import { ImportTable, type ImportBinding } from '../../src/model/zod-imports.ts';

/**
 * The ESTree edge of the model: turns typescript-eslint nodes into the neutral `SchemaExpr`, so rules make their
 * verdicts with the same code as codemods and the audit. Scope analysis decides whether `z` is still the import.
 */

type Node = TSESTree.Node;

/** Every import binding of a program, in the neutral form `ImportTable` indexes. Type-only imports are left out. */
export function importBindingsOf(program: TSESTree.Program): ImportBinding[] {
  const bindings: ImportBinding[] = [];
  for (const statement of program.body) {
    if (statement.type !== AST_NODE_TYPES.ImportDeclaration || statement.importKind === 'type') continue;
    const source = statement.source.value;
    for (const specifier of statement.specifiers) {
      if (specifier.type === AST_NODE_TYPES.ImportDefaultSpecifier) bindings.push({ local: specifier.local.name, imported: 'default', source });
      else if (specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier) bindings.push({ local: specifier.local.name, imported: '*', source });
      else if (specifier.importKind !== 'type') {
        const imported = specifier.imported.type === AST_NODE_TYPES.Identifier ? specifier.imported.name : specifier.imported.value;
        bindings.push({ local: specifier.local.name, imported, source });
      }
    }
  }
  return bindings;
}

function unwrap(expr: Node): Node {
  let current = expr;
  while (
    current.type === AST_NODE_TYPES.TSAsExpression ||
    current.type === AST_NODE_TYPES.TSSatisfiesExpression ||
    current.type === AST_NODE_TYPES.TSNonNullExpression ||
    current.type === AST_NODE_TYPES.TSTypeAssertion ||
    current.type === AST_NODE_TYPES.ChainExpression
  ) {
    current = current.expression;
  }
  return current;
}

export class EstreeSchemaReader {
  readonly imports: ImportTable;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    guardModules?: readonly string[],
  ) {
    this.imports = new ImportTable(importBindingsOf(sourceCode.ast), guardModules);
  }

  /** True when `identifier` resolves to an import binding, not to a local that shadows it. */
  refersToImport(identifier: TSESTree.Identifier): boolean {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(identifier), identifier);
    return variable !== null && variable.defs.some((definition) => definition.type === 'ImportBinding');
  }

  private zodPath(callee: Node): { path: string[]; root: TSESTree.Identifier } | undefined {
    const path: string[] = [];
    let current = unwrap(callee);
    while (current.type === AST_NODE_TYPES.MemberExpression && !current.computed && current.property.type === AST_NODE_TYPES.Identifier) {
      path.unshift(current.property.name);
      current = unwrap(current.object);
    }
    if (current.type !== AST_NODE_TYPES.Identifier) return undefined;
    const binding = this.imports.zod.get(current.name);
    if (binding === undefined || !this.refersToImport(current)) return undefined;
    if (binding.kind === 'factory') return { path: [binding.name, ...path], root: current };
    return path.length === 0 ? undefined : { path, root: current };
  }

  read(input: Node): SchemaExpr<Node> {
    const expr = unwrap(input);
    switch (expr.type) {
      case AST_NODE_TYPES.CallExpression:
        return this.readCall(expr);
      case AST_NODE_TYPES.ObjectExpression:
        return { kind: 'object', node: expr, properties: expr.properties.map((property) => this.readProperty(property)) };
      case AST_NODE_TYPES.ArrayExpression:
        return {
          kind: 'array',
          node: expr,
          elements: expr.elements.flatMap((element) => (element === null ? [] : [this.read(element.type === AST_NODE_TYPES.SpreadElement ? element.argument : element)])),
        };
      case AST_NODE_TYPES.Identifier:
        return { kind: 'identifier', node: expr, name: expr.name };
      case AST_NODE_TYPES.ArrowFunctionExpression:
      case AST_NODE_TYPES.FunctionExpression:
        return { kind: 'function', node: expr };
      case AST_NODE_TYPES.Literal:
        if ('regex' in expr && expr.regex !== undefined) return { kind: 'regex', node: expr };
        if (typeof expr.value === 'string' || typeof expr.value === 'number' || typeof expr.value === 'boolean' || expr.value === null) {
          return { kind: 'literal', node: expr, value: expr.value };
        }
        return { kind: 'other', node: expr };
      case AST_NODE_TYPES.TemplateLiteral:
        return expr.expressions.length === 0
          ? { kind: 'literal', node: expr, value: expr.quasis.map((quasi) => quasi.value.cooked).join('') }
          : { kind: 'other', node: expr };
      default:
        return { kind: 'other', node: expr };
    }
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
        : keyNode.type === AST_NODE_TYPES.Literal && (typeof keyNode.value === 'string' || typeof keyNode.value === 'number')
          ? String(keyNode.value)
          : undefined;
    const value: SchemaExpr<Node> =
      property.method || property.kind !== 'init' ? { kind: 'function', node: property.value } : this.read(property.value);
    return { key, spread: false, value, node: property, keyNode };
  }

  private readCall(call: TSESTree.CallExpression): SchemaExpr<Node> {
    const methods: ChainMethod<Node>[] = [];
    let current: TSESTree.CallExpression = call;
    for (;;) {
      const callee = unwrap(current.callee);
      const zod = this.zodPath(callee);
      const args = current.arguments.map((arg) => this.read(arg.type === AST_NODE_TYPES.SpreadElement ? arg.argument : arg));
      if (zod !== undefined) {
        const binding = this.imports.zod.get(zod.root.name);
        if (binding === undefined) break;
        return { kind: 'zod', node: call, binding, factory: zod.path, factoryArgs: args, factoryNode: current, methods };
      }
      if (callee.type === AST_NODE_TYPES.Identifier) {
        const guard = this.imports.guards.get(callee.name);
        if (guard !== undefined && this.refersToImport(callee)) return { kind: 'guard', node: call, name: guard, args, methods };
        if (methods.length === 0) return { kind: 'call', node: call, callee: callee.name, args };
        break;
      }
      if (callee.type !== AST_NODE_TYPES.MemberExpression || callee.computed || callee.property.type !== AST_NODE_TYPES.Identifier) break;
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

  /** A call in the neutral form `toolRegistrationOf` reads, or undefined when its callee has no name. */
  callSite(call: TSESTree.CallExpression): CallSite<Node> | undefined {
    const callee = unwrap(call.callee);
    const method =
      callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier
        ? callee.property.name
        : callee.type === AST_NODE_TYPES.Identifier
          ? callee.name
          : undefined;
    if (method === undefined) return undefined;
    return { method, args: call.arguments.map((arg) => this.read(arg.type === AST_NODE_TYPES.SpreadElement ? arg.argument : arg)), node: call };
  }
}
