import { AST_NODE_TYPES, ASTUtils, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { classSiteOf } from './class-site.ts';
import type { EstreeSchemaReader } from './from-estree.ts';
import { isExpressionWrapper, unwrap } from './unwrap.ts';
import {
  PARSE_METHODS,
  parsedValueRole,
  schemaRoleOfFile,
  schemaRoleOfKey,
  schemaRoleOfName,
  type SchemaRole,
} from '../../model/schema-role.ts';
import {
  REGISTRATION_METHODS,
  TOOL_DEFINITION_INPUT_KEYS,
  TOOL_LIKE_METHOD,
  TOOL_NAME_KEY,
  toolClassOf,
} from '../../model/tool-registration.ts';
import { lastNameOf } from './estree-names.ts';

type Node = TSESTree.Node;

function staticKeyOf(property: TSESTree.Property): string | undefined {
  if (property.computed) return undefined;
  if (property.key.type === AST_NODE_TYPES.Identifier) return property.key.name;
  return property.key.type === AST_NODE_TYPES.Literal && typeof property.key.value === 'string'
    ? property.key.value
    : undefined;
}

/** Calls `visit` on each child node of `node`, in source order. */
function forEachChild(keys: TSESLint.SourceCode.VisitorKeys, node: Node, visit: (child: Node) => void): void {
  for (const key of keys[node.type] ?? []) {
    const child = (node as unknown as Record<string, unknown>)[key];
    if (Array.isArray(child)) {
      for (const entry of child) if (entry !== null && typeof entry === 'object') visit(entry as Node);
    } else if (child !== null && typeof child === 'object') {
      visit(child as Node);
    }
  }
}

function isNameInPosition(identifier: TSESTree.Identifier): boolean {
  const { parent } = identifier;
  return (
    (parent.type === AST_NODE_TYPES.MemberExpression && parent.property === identifier && !parent.computed) ||
    (parent.type === AST_NODE_TYPES.Property && parent.key === identifier && !parent.computed) ||
    (parent.type === AST_NODE_TYPES.VariableDeclarator && parent.id === identifier)
  );
}

/**
 * Which side of a tool each schema of a file is on, as far as the file shows it: `input` (it parses what an agent
 * sends), `output` (it describes what the server emits or parses what an upstream API sent), or nothing known.
 * Seeds are the file's tool registrations, definitions and tool classes (the model's `toolClassOf`), role keys (`inputSchema:`, `outputSchema:`), role names
 * (`TicketResponseSchema`, `GetTicketParams`, from the model), `.parse()` of fetched data (an upstream response) or of
 * `request.params.arguments` (a tool input), a file named for responses, and with type-aware linting the roles other
 * files give its exported consts; a role reaches every same-file const the seeded expression names. Input wins: a
 * schema used both ways is an input.
 */
export class SchemaRoles {
  private readonly roles = new Map<Node, Set<SchemaRole>>();
  private readonly pending: { node: Node; role: SchemaRole }[] = [];
  private readonly fileRole: SchemaRole | undefined;

  constructor(
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
    private readonly reader: EstreeSchemaReader,
    filename: string,
    /** The roles other files give the file's top-level consts, by name (type-aware linting only). */
    private readonly external?: ReadonlyMap<string, ReadonlySet<SchemaRole>>,
  ) {
    this.fileRole = schemaRoleOfFile(filename);
    this.walk(sourceCode.ast);
    this.propagate();
  }

  /** The role of the schema `node` is part of: the roles seeded on it or any expression around it. */
  roleOf(node: Node): SchemaRole | undefined {
    let output = false;
    // The Program's parent is null, not undefined.
    for (let current: Node | null | undefined = node; current != null; current = current.parent) {
      const roles = this.roles.get(current);
      if (roles === undefined) continue;
      if (roles.has('input')) return 'input';
      output = true;
    }
    return output ? 'output' : this.fileRole;
  }

  /** Every expression seeded or reached as an input, in no particular order. */
  inputs(): Node[] {
    return [...this.roles].filter(([, roles]) => roles.has('input')).map(([node]) => node);
  }

  private seed(node: Node, role: SchemaRole): void {
    let roles = this.roles.get(node);
    if (roles === undefined) {
      roles = new Set();
      this.roles.set(node, roles);
    }
    if (roles.has(role)) return;
    roles.add(role);
    this.pending.push({ node, role });
  }

  private seedTool(node: TSESTree.CallExpression | TSESTree.ObjectExpression): void {
    const tool = this.reader.registrationAt(node);
    if (tool?.input !== undefined) this.seed(tool.input.node as Node, 'input');
    if (tool?.output !== undefined) this.seed(tool.output.node as Node, 'output');
  }

  private walk(root: Node): void {
    const keys = this.sourceCode.visitorKeys;
    const visit = (node: Node): void => {
      this.visitNode(node);
      forEachChild(keys, node, visit);
    };
    visit(root);
  }

  private visitNode(node: Node): void {
    switch (node.type) {
      case AST_NODE_TYPES.CallExpression: {
        const method = lastNameOf(node.callee);
        if (method === undefined) return;
        if (REGISTRATION_METHODS.has(method) || TOOL_LIKE_METHOD.test(method)) this.seedTool(node);
        const callee = node.callee;
        const [first] = node.arguments;
        if (PARSE_METHODS.has(method) && callee.type === AST_NODE_TYPES.MemberExpression && first !== undefined) {
          const role = this.roleOfParsed(first);
          if (role !== undefined) this.seed(callee.object, role);
        }
        return;
      }
      case AST_NODE_TYPES.ObjectExpression: {
        let hasInput = false;
        let hasName = false;
        for (const property of node.properties) {
          if (property.type !== AST_NODE_TYPES.Property) continue;
          const key = staticKeyOf(property);
          if (key === TOOL_NAME_KEY) hasName = true;
          else if (key !== undefined && TOOL_DEFINITION_INPUT_KEYS.has(key)) hasInput = true;
          const role = key === undefined ? undefined : schemaRoleOfKey(key);
          if (role !== undefined) this.seed(property.value, role);
        }
        if (hasInput && hasName) this.seedTool(node);
        return;
      }
      case AST_NODE_TYPES.ClassBody: {
        // `class GetTicket extends BaseTool { name = 'get_ticket'; getInputSchema() { return {...} } }`
        const tool = toolClassOf(classSiteOf(node));
        if (tool !== undefined) this.seed(tool.input, 'input');
        if (tool?.output !== undefined) this.seed(tool.output, 'output');
        return;
      }
      case AST_NODE_TYPES.VariableDeclarator: {
        const init = node.init === null ? undefined : unwrap(node.init);
        if (node.id.type !== AST_NODE_TYPES.Identifier || init === undefined) return;
        // A value, not a schema: `const response = await fetch(...)`, `const result = () => ...`.
        if (
          init.type === AST_NODE_TYPES.AwaitExpression ||
          init.type === AST_NODE_TYPES.ArrowFunctionExpression ||
          init.type === AST_NODE_TYPES.FunctionExpression ||
          init.type === AST_NODE_TYPES.Literal
        )
          return;
        const role = schemaRoleOfName(node.id.name);
        if (role !== undefined) this.seed(node.init as Node, role);
        const declaration = node.parent;
        const statement =
          declaration.parent.type === AST_NODE_TYPES.ExportNamedDeclaration ? declaration.parent : declaration;
        if (declaration.kind === 'const' && statement.parent?.type === AST_NODE_TYPES.Program)
          for (const given of this.external?.get(node.id.name) ?? []) this.seed(node.init as Node, given);
        return;
      }
      default:
    }
  }

  /** `output` for fetched data (`await res.json()`, `response.data`), `input` for a tool call's `arguments`. */
  private roleOfParsed(argument: Node, depth = 0): SchemaRole | undefined {
    let node = unwrap(argument);
    while (node.type === AST_NODE_TYPES.AwaitExpression) node = unwrap(node.argument);
    if (node.type === AST_NODE_TYPES.CallExpression) {
      const method = lastNameOf(node.callee);
      const role = method === undefined ? undefined : parsedValueRole({ kind: 'call', method });
      const [first] = node.arguments;
      // `JSON.parse(await res.text())`
      if (role === 'through') return first !== undefined && depth < 3 ? this.roleOfParsed(first, depth + 1) : undefined;
      return role;
    }
    if (node.type === AST_NODE_TYPES.MemberExpression) {
      const property = lastNameOf(node);
      const role = property === undefined ? undefined : parsedValueRole({ kind: 'property', name: property });
      return role === 'through' ? undefined : role;
    }
    if (node.type !== AST_NODE_TYPES.Identifier) return undefined;
    if (parsedValueRole({ kind: 'name', name: node.name }) === 'output') return 'output';
    const init = depth < 3 ? this.constInitializerOf(node) : undefined;
    return init === undefined ? undefined : this.roleOfParsed(init, depth + 1);
  }

  private constInitializerOf(identifier: TSESTree.Identifier): Node | undefined {
    const variable = ASTUtils.findVariable(this.sourceCode.getScope(identifier), identifier);
    const definition = variable?.defs.length === 1 ? variable.defs[0] : undefined;
    if (definition?.type !== 'Variable' || definition.parent.kind !== 'const') return undefined;
    const declarator = definition.node;
    return declarator.id.type === AST_NODE_TYPES.Identifier && declarator.init !== null ? declarator.init : undefined;
  }

  /**
   * Hands each role on to the same-file consts its expression names (`z.array(TicketSchema)`, `{ ...base }`,
   * `Args.shape`). Function bodies are left out (a handler's values are data, not schemas) except `z.lazy(() => X)`,
   * and so are parsed values (`Args.parse(input)` is no part of the schema around it).
   */
  private propagate(): void {
    const keys = this.sourceCode.visitorKeys;
    for (let item = this.pending.pop(); item !== undefined; item = this.pending.pop()) {
      const { role } = item;
      const visit = (node: Node): void => {
        switch (node.type) {
          case AST_NODE_TYPES.Identifier: {
            if (isNameInPosition(node)) return;
            const init = this.constInitializerOf(node);
            if (init !== undefined) this.seed(init, role);
            return;
          }
          case AST_NODE_TYPES.ArrowFunctionExpression:
          case AST_NODE_TYPES.FunctionExpression:
            if (node.parent.type !== AST_NODE_TYPES.CallExpression || lastNameOf(node.parent.callee) !== 'lazy') return;
            break;
          case AST_NODE_TYPES.CallExpression: {
            const method = lastNameOf(node.callee);
            if (method !== undefined && PARSE_METHODS.has(method)) return;
            break;
          }
          default:
            // Types name no values.
            if (node.type.startsWith('TS') && !isExpressionWrapper(node)) return;
        }
        forEachChild(keys, node, visit);
      };
      visit(item.node);
    }
  }
}
