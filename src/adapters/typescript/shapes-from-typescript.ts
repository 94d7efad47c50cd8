import ts from 'typescript';
import { fieldDescriptorShapeOf } from '../../model/field-descriptors.ts';
import { importBindingsOf, type TypeScriptSchemaReader } from './from-typescript.ts';
import type { ObjectExpr, SchemaExpr } from '../../model/schema-expr.ts';
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
  toolDefinitionOf,
  TOOL_LIKE_METHOD,
  toolLikeRegistrationOf,
  toolRegistrationOf,
  type ToolRegistration,
} from '../../model/tool-registration.ts';
import { FIELD_ADDING_METHODS, OBJECT_FACTORIES } from '../../model/zod-vocabulary.ts';
import { calleeName } from './unwrap.ts';

/**
 * The object shapes of one TypeScript file and the side of a tool each describes, for codemods and the audit.
 *
 * A shape is the `{ field: schema }` literal of `z.object({...})` (and `strictObject`, `looseObject`, `.extend({...})`),
 * or a raw shape handed to a tool as its input. Its role:
 * - `output`: inside an `outputSchema`/`outputShape`, inside a const whose name says Output/Result/Response, inside a
 *   const that an output uses, or anywhere in a file named like `output-schemas.ts`. Output wins over input.
 * - `input`: inside a tool's input (`registerTool` `inputSchema`, `server.tool` shape, `addTool` / tool-object
 *   `parameters`, `inputShape`), inside a const whose name says Input/Args/Params, or a const an input uses.
 * - `plain`: a Zod object nothing in the file ties to either side (often a schema module whose consts other files
 *   register). Only the bytes-preserving rewrite is safe there; see docs/codemods/guard-ids.md.
 */

export type ShapeRole = SchemaRole | 'plain';

export interface SchemaShape {
  readonly object: ObjectExpr<ts.Node>;
  readonly role: ShapeRole;
  /** The const the shape is declared in, for messages: `GetTicketArgs`. */
  readonly owner: string | undefined;
}

/**
 * The roles other files give this file's top-level consts, by const name (see `importedSchemaUsesOf`): each is
 * treated like a same-file use, so the role reaches every const it uses too.
 */
export type ExternalRoles = ReadonlyMap<string, ReadonlySet<SchemaRole>>;

/**
 * What the program's tool discovery found in this file (see `toolInputSitesOf`): the end offsets of the object
 * literals that declare some tool's input fields, and of those that declare some tool's output fields. Inputs are
 * seeded like a registration in the file; an output use the file shows (`outputSchema: X`) still wins over them.
 */
export interface TypedShapes {
  readonly inputs?: ReadonlySet<number>;
  readonly outputs?: ReadonlySet<number>;
}

/**
 * One use, in this file, of a value imported from another module, where the use gives it a role: `outputSchema:
 * TicketSchema.shape` (output), `inputSchema: toJSONSchema(CreateIssueSchema)` (input), `return
 * TicketSchema.parse(data)` or `return z.array(TicketSchema)` (emitted: the schema's value or the schema itself leaves
 * the function, which counts as an output), `TicketSchema.parse(await res.json())` (an upstream response parsed: an
 * output; see the model's `parsedValueRole`). Uses that give no role (`Args.parse(input)` in a handler) are left out.
 */
export interface ImportedSchemaUse {
  /** The module specifier as written: `./schemas.js`. */
  readonly module: string;
  /** The exported name: `TicketSchema` for `import { TicketSchema as T }` and for `schemas.TicketSchema` through `import * as schemas`. */
  readonly imported: string;
  readonly role: SchemaRole;
  readonly emitted: boolean;
  readonly node: ts.Identifier;
}

function propertyName(name: ts.PropertyName): string | undefined {
  return ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)
    ? name.text
    : undefined;
}

function ownerOf(node: ts.Node): string | undefined {
  for (let current: ts.Node | undefined = node.parent; current !== undefined; current = current.parent) {
    if (ts.isVariableDeclaration(current) && ts.isIdentifier(current.name)) return current.name.text;
    if (ts.isFunctionLike(current)) return undefined;
  }
  return undefined;
}

class ShapeFinder {
  /** Object literals that are shapes, with the expression they were read from. */
  private readonly shapes = new Map<ts.Node, ObjectExpr<ts.Node>>();
  /** Subtrees with a role, from seeds and from consts they reference. */
  private readonly roles = new Map<ts.Node, Set<SchemaRole>>();
  private readonly pending: { node: ts.Node; role: SchemaRole }[] = [];

  /** Identifiers naming a non-Zod import, collected by the walk when uses are asked for. */
  private readonly importReferences: ts.Identifier[] = [];

  constructor(
    private readonly reader: TypeScriptSchemaReader,
    private readonly externalRoles?: ExternalRoles,
    private readonly importedLocals?: ReadonlySet<string>,
    private readonly typed?: TypedShapes,
  ) {}

  /** The object literal an expression stands for, through same-file consts; undefined for anything else. */
  private objectOf(expr: SchemaExpr<ts.Node>): ObjectExpr<ts.Node> | undefined {
    // Through same-file consts and this package's helpers: `offeredShape(shape, table)` is the shape it publishes.
    const resolved = this.reader.resolve(expr);
    return resolved.kind === 'object' ? resolved : undefined;
  }

  private addShape(object: ObjectExpr<ts.Node> | undefined): void {
    if (object === undefined || this.shapes.has(object.node)) return;
    this.shapes.set(object.node, object);
    // `{ ...baseShape, extra }`: the spread const is part of the same shape.
    for (const property of object.properties) if (property.spread) this.addShape(this.objectOf(property.value));
  }

  private seed(node: ts.Node, role: SchemaRole): void {
    let roles = this.roles.get(node);
    if (roles === undefined) {
      roles = new Set();
      this.roles.set(node, roles);
    }
    if (roles.has(role)) return;
    roles.add(role);
    this.pending.push({ node, role });
  }

  private seedRegistration(registration: ToolRegistration<ts.Node>): void {
    if (registration.input !== undefined) {
      this.seed(registration.input.node, 'input');
      this.addShape(this.objectOf(registration.input));
    }
    if (registration.output !== undefined) this.seed(registration.output.node, 'output');
  }

  private visitCall(call: ts.CallExpression): void {
    const name = calleeName(call);
    if (name === undefined) return;
    if (OBJECT_FACTORIES.has(name)) {
      const expr = this.reader.read(call);
      const shape =
        expr.kind === 'zod' && expr.methods.length === 0 && OBJECT_FACTORIES.has(expr.factory[0] ?? '')
          ? expr.factoryArgs[0]
          : undefined;
      if (shape !== undefined) this.addShape(this.objectOf(shape));
    } else if (FIELD_ADDING_METHODS.has(name) && ts.isPropertyAccessExpression(call.expression)) {
      const [first] = call.arguments;
      if (first === undefined || !ts.isObjectLiteralExpression(first)) return;
      const object = this.reader.read(first);
      // `Base.extend({...})` with `Base` from another file: a shape when one of its values is visibly Zod.
      if (
        object.kind === 'object' &&
        object.properties.some((property) => property.value.kind === 'zod' || property.value.kind === 'guard')
      )
        this.addShape(object);
    } else if (REGISTRATION_METHODS.has(name) || TOOL_LIKE_METHOD.test(name)) {
      const site = this.reader.callSite(call);
      const registration = site === undefined ? undefined : (toolRegistrationOf(site) ?? toolLikeRegistrationOf(site));
      if (registration !== undefined) this.seedRegistration(registration);
    }
  }

  private visitObject(object: ts.ObjectLiteralExpression): void {
    let hasInputKey = false;
    let hasName = false;
    for (const property of object.properties) {
      if (!ts.isPropertyAssignment(property)) continue;
      const key = propertyName(property.name);
      if (key === undefined) continue;
      if (key === 'name') hasName = true;
      if (TOOL_DEFINITION_INPUT_KEYS.has(key)) hasInputKey = true;
      const role = schemaRoleOfKey(key);
      if (role === undefined) continue;
      this.seed(property.initializer, role);
      // `inputSchema: { ticketId: z.string() }` outside any call the model knows is still a raw input shape.
      const value = property.initializer;
      if (role === 'input' && ts.isObjectLiteralExpression(value) && !this.shapes.has(value))
        this.addShape(this.objectOf(this.reader.read(value)));
    }
    // A tool definition needs a name (see toolDefinitionOf); checked here so registerTool configs are not read twice.
    if (!hasInputKey || !hasName) return;
    const definition = toolDefinitionOf(this.reader.read(object));
    if (definition !== undefined) this.seedRegistration(definition);
  }

  /** A top-level const named like a role: `const TicketOutput = z.object(...)`, `const GetTicketArgs = {...}`. */
  private visitDeclaration(declaration: ts.VariableDeclaration): void {
    if (declaration.initializer === undefined || !ts.isIdentifier(declaration.name)) return;
    const role = schemaRoleOfName(declaration.name.text);
    if (role === undefined) return;
    this.seed(declaration.initializer, role);
    if (role === 'input') this.addShape(this.objectOf(this.reader.read(declaration.initializer)));
  }

  /** A top-level const other files use in a role: seeded like a same-file use. */
  private visitExternalUse(declaration: ts.VariableDeclaration): void {
    if (this.externalRoles === undefined || declaration.initializer === undefined || !ts.isIdentifier(declaration.name))
      return;
    const isFunction = ts.isArrowFunction(declaration.initializer) || ts.isFunctionExpression(declaration.initializer);
    for (const role of this.externalRoles.get(declaration.name.text) ?? []) {
      // What another file returns from a call of a function (`return [addTicketTool(api)]`) is what the function
      // builds, a tool definition as often as a schema: that gives no role to the shapes inside it.
      if (isFunction && role === 'output') continue;
      this.seed(declaration.initializer, role);
      if (role === 'input') this.addShape(this.objectOf(this.reader.read(declaration.initializer)));
    }
  }

  /**
   * Hands a role on to every same-file const a role subtree names (`z.array(TaskSchema)`, `Args.shape`, `...base`),
   * functions included: `z.lazy(() => TaskSchema)` names it too.
   */
  private propagate(): void {
    for (let item = this.pending.pop(); item !== undefined; item = this.pending.pop()) {
      const { role } = item;
      const visit = (node: ts.Node): void => {
        if (ts.isTypeNode(node)) return;
        if (ts.isIdentifier(node)) {
          const parent = node.parent;
          const isName =
            (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
            (ts.isPropertyAssignment(parent) && parent.name === node);
          if (!isName) {
            const resolved = this.reader.resolve({ kind: 'identifier', node, name: node.text });
            if (resolved.node !== node) {
              this.seed(resolved.node, role);
              // A raw shape const used as an input (`inputSchema: argsShape`) is a shape too.
              if (role === 'input' && resolved.kind === 'object' && this.isInputPosition(node)) this.addShape(resolved);
            }
          }
          return;
        }
        ts.forEachChild(node, visit);
      };
      visit(item.node);
    }
  }

  /** An identifier that is the whole value of an input (not, say, an argument inside it). */
  private isInputPosition(identifier: ts.Identifier): boolean {
    const roles = this.roles.get(identifier);
    return roles?.has('input') === true;
  }

  /**
   * One walk over the file that also sets every `parent` pointer outside type annotations and imports, so a caller
   * may parse without `setParentNodes` (which costs about a third of the parse); the candidates it collects are
   * read only afterwards, once every pointer a read walks up through is in place.
   */
  find(sourceFile: ts.SourceFile, filePath: string): SchemaShape[] {
    this.walk(sourceFile);
    const fileRole = schemaRoleOfFile(filePath);
    const found: SchemaShape[] = [];
    for (const [node, object] of this.shapes) {
      const role = this.typedRoleOf(node) ?? this.roleAt(node) ?? fileRole ?? 'plain';
      found.push({ object, role, owner: ownerOf(node) });
    }
    return found;
  }

  /** The walk, the seeds and the propagation `find` and `uses` share. */
  private walk(sourceFile: ts.SourceFile): void {
    const candidates: ts.Node[] = [];
    const importedLocals = this.importedLocals;
    let parent: ts.Node = sourceFile;
    const visit = (node: ts.Node): void => {
      (node as { parent: ts.Node }).parent = parent;
      if (
        importedLocals !== undefined &&
        node.kind === ts.SyntaxKind.Identifier &&
        importedLocals.has((node as ts.Identifier).text)
      ) {
        this.importReferences.push(node as ts.Identifier);
      }
      switch (node.kind) {
        case ts.SyntaxKind.CallExpression:
        case ts.SyntaxKind.ObjectLiteralExpression:
          candidates.push(node);
          break;
        case ts.SyntaxKind.ImportDeclaration:
        case ts.SyntaxKind.InterfaceDeclaration:
        case ts.SyntaxKind.TypeAliasDeclaration:
          return;
        default:
          // Tokens, identifiers and literals have no children; type annotations hold no schema.
          if (
            node.kind <= ts.SyntaxKind.LastToken ||
            (node.kind >= ts.SyntaxKind.FirstTypeNode && node.kind <= ts.SyntaxKind.LastTypeNode)
          )
            return;
      }
      const outer = parent;
      parent = node;
      ts.forEachChild(node, visit);
      parent = outer;
    };
    ts.forEachChild(sourceFile, visit);
    for (const statement of sourceFile.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      for (const declaration of statement.declarationList.declarations) {
        this.visitDeclaration(declaration);
        this.visitExternalUse(declaration);
      }
    }
    for (const node of candidates) {
      if (ts.isCallExpression(node)) this.visitCall(node);
      else this.visitObject(node as ts.ObjectLiteralExpression);
    }
    // What the whole program's discovery knows to be a tool input (a class's input method, a factory's shape, a
    // registration method of a server subclass): an input shape, whatever this file alone shows.
    const inputs = this.typed?.inputs;
    if (inputs !== undefined && inputs.size > 0) {
      for (const node of candidates) {
        if (!ts.isObjectLiteralExpression(node) || !inputs.has(node.end)) continue;
        this.seed(node, 'input');
        // A framework's field descriptors (`{ id: { type: z.string(), description } }`): the fields their `type`s are.
        const read = this.reader.read(node);
        this.addShape(fieldDescriptorShapeOf(read) ?? this.objectOf(read));
      }
    }
    this.propagate();
  }

  /** The roles the file gives the imported names in `importedLocals` (see `importedSchemaUsesOf`). */
  uses(sourceFile: ts.SourceFile, filePath: string): ImportedSchemaUse[] {
    this.walk(sourceFile);
    const bindings = new Map(importBindingsOf(sourceFile).map((binding) => [binding.local, binding]));
    const fileRole = schemaRoleOfFile(filePath);
    const found: ImportedSchemaUse[] = [];
    for (const identifier of this.importReferences) {
      const binding = bindings.get(identifier.text);
      const parent = identifier.parent;
      if (
        binding === undefined ||
        (ts.isPropertyAccessExpression(parent) && parent.name === identifier) ||
        (ts.isPropertyAssignment(parent) && parent.name === identifier)
      )
        continue;
      if (!this.reader.refersToImport(identifier)) continue;
      let imported = binding.imported;
      if (imported === '*') {
        // `schemas.TicketSchema` through `import * as schemas`: the member is the export used.
        if (!ts.isPropertyAccessExpression(parent) || parent.expression !== identifier) continue;
        imported = parent.name.text;
      }
      const role = this.roleAt(identifier) ?? parsedRoleOf(imported === binding.imported ? identifier : parent);
      const emitted = role === undefined && isEmitted(identifier);
      const resolved = role ?? (emitted ? 'output' : isInTopLevelConst(identifier) ? fileRole : undefined);
      if (resolved !== undefined)
        found.push({ module: binding.source, imported, role: resolved, emitted, node: identifier });
    }
    return found;
  }

  /**
   * Output when the program's discovery found the shape declaring some tool's output fields, even where the file
   * shows nothing of it; its inputs are seeded in the walk, so the file's explicit output uses still win over them.
   */
  private typedRoleOf(node: ts.Node): SchemaRole | undefined {
    return this.typed?.outputs?.has(node.end) === true ? 'output' : undefined;
  }

  private roleAt(node: ts.Node): SchemaRole | undefined {
    let role: SchemaRole | undefined;
    for (let current: ts.Node | undefined = node; current !== undefined; current = current.parent) {
      const roles = this.roles.get(current);
      if (roles?.has('output') === true) return 'output';
      if (roles?.has('input') === true) role = 'input';
    }
    return role;
  }
}

/**
 * True when the value of the expression `node` sits in leaves its function: inside a `return` or an arrow's
 * expression body (`z.lazy(() => Task)` excepted: that is a schema naming another, not a value leaving).
 */
function isEmitted(node: ts.Node): boolean {
  for (let current: ts.Node = node; current.parent !== undefined; current = current.parent) {
    const parent = current.parent;
    if (ts.isReturnStatement(parent)) return true;
    if (ts.isArrowFunction(parent) && parent.body === current) {
      const call = parent.parent;
      const isLazy =
        ts.isCallExpression(call) &&
        (ts.isPropertyAccessExpression(call.expression)
          ? call.expression.name.text
          : ts.isIdentifier(call.expression)
            ? call.expression.text
            : '') === 'lazy';
      return !isLazy;
    }
    if (ts.isFunctionLike(parent) || ts.isSourceFile(parent) || ts.isStatement(parent)) return false;
  }
  return false;
}

/** What the value a schema parses says of its side (the model's `parsedValueRole`), through `await` and `JSON.parse`. */
function roleOfParsedValue(value: ts.Expression, depth = 0): SchemaRole | undefined {
  let node = value;
  for (;;) {
    if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isNonNullExpression(node))
      node = node.expression;
    else if (ts.isAwaitExpression(node)) node = node.expression;
    else break;
  }
  if (ts.isCallExpression(node)) {
    const method = calleeName(node);
    const role = method === undefined ? undefined : parsedValueRole({ kind: 'call', method });
    const [first] = node.arguments;
    if (role === 'through') return first !== undefined && depth < 3 ? roleOfParsedValue(first, depth + 1) : undefined;
    return role;
  }
  if (ts.isPropertyAccessExpression(node)) {
    const role = parsedValueRole({ kind: 'property', name: node.name.text });
    return role === 'through' ? undefined : role;
  }
  if (ts.isIdentifier(node)) {
    const role = parsedValueRole({ kind: 'name', name: node.text });
    return role === 'through' ? undefined : role;
  }
  return undefined;
}

/** `Schema.parse(await res.json())` for the schema expression `schema`: the role the parsed value gives it. */
function parsedRoleOf(schema: ts.Node): SchemaRole | undefined {
  const access = schema.parent;
  if (access === undefined || !ts.isPropertyAccessExpression(access) || access.expression !== schema) return undefined;
  if (!PARSE_METHODS.has(access.name.text)) return undefined;
  const call = access.parent;
  if (!ts.isCallExpression(call) || call.expression !== access) return undefined;
  const [value] = call.arguments;
  return value === undefined ? undefined : roleOfParsedValue(value);
}

function isInTopLevelConst(node: ts.Node): boolean {
  for (let current: ts.Node | undefined = node.parent; current !== undefined; current = current.parent) {
    if (ts.isFunctionLike(current)) return false;
    if (ts.isVariableStatement(current)) return ts.isSourceFile(current.parent);
  }
  return false;
}

/**
 * Every object shape in `sourceFile`, with its role; see the module comment for how roles are told apart.
 * `externalRoles` adds the roles other files give the file's top-level consts; `typed`, what the program's tool
 * discovery says of the file's object literals.
 */
export function schemaShapesOf(
  reader: TypeScriptSchemaReader,
  filePath: string,
  externalRoles?: ExternalRoles,
  typed?: TypedShapes,
): SchemaShape[] {
  return new ShapeFinder(reader, externalRoles, undefined, typed).find(reader.sourceFile, filePath);
}

/**
 * The uses in `sourceFile` that give a role to a value imported from another module: the other half of
 * `externalRoles`, for a codemod run that knows the whole project. Zod and guard imports are not looked at.
 */
export function importedSchemaUsesOf(reader: TypeScriptSchemaReader, filePath: string): ImportedSchemaUse[] {
  const locals = new Set(
    importBindingsOf(reader.sourceFile)
      .filter((binding) => !reader.imports.zod.has(binding.local) && !reader.imports.guards.has(binding.local))
      .map((binding) => binding.local),
  );
  if (locals.size === 0) return [];
  return new ShapeFinder(reader, undefined, locals).uses(reader.sourceFile, filePath);
}
