import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import {
  defensiveCastOf,
  EstreeSchemaReader,
  importsZod,
  outermostChain,
  propertyKeyOf,
  SchemaRoles,
  type Coercion,
  type DefensiveCastSite,
} from '../../src/adapters/estree/index.ts';
import { CAST_CALLEES, CAST_METHODS } from '../../src/model/defensive-cast.ts';
import { idAcceptorVerdict, type IdAcceptorVerdict } from '../../src/model/id-acceptor.ts';
import { ID_NAME_PATTERN, isIdName, type ToolSide } from '../../src/model/ids.ts';
import { describedTextOf, type SchemaExpr } from '../../src/model/schema-expr.ts';
import type { SchemaRole } from '../../src/model/schema-role.ts';
import { guardedSchemasIn, schemaFieldsOf, type SchemaField } from '../../src/model/schema-fields.ts';
import { meaningOf, type SchemaMeaning } from '../../src/model/schema-meaning.ts';
import { mayImportZod } from '../../src/model/text-shortcuts.ts';
import {
  REGISTRATION_METHODS,
  TOOL_DEFINITION_INPUT_KEYS,
  TOOL_LIKE_METHOD,
  TOOL_NAME_KEY,
  toolIdentityOf,
  type ToolRegistration,
} from '../../src/model/tool-registration.ts';
import { GUARD_MODULES } from '../../src/model/zod-imports.ts';
import { perLintedFile } from './per-linted-file.ts';
import { fileToolShapesOf, type FileToolShapes } from '../../src/adapters/typescript/index.ts';

/**
 * The one visitor every rule of this plugin is written on, in the manner of eslint-plugin-regexp's
 * `defineRegexpVisitor`: it skips files that cannot hold what a rule reports, reads a file's Zod imports (with scope
 * analysis) and its schemas into model facts once for every rule, and calls the rule's hooks with those facts. A rule
 * adds only its verdict and its message.
 */

type Node = TSESTree.Node;

/**
 * The side of a tool a schema is on, as the rules see it: what the file shows (`SchemaRoles`), and with type-aware
 * linting what the program's tool discovery shows too; `none` when the discovery saw every tool and the schema is part
 * of none (a schema that parses an upstream API's response in a module of its own).
 */
export type LintRole = SchemaRole | 'none';

/** A tool's input or output schema, read through same-file constants. */
export interface ToolSchema {
  readonly role: ToolSide;
  readonly tool: ToolRegistration<Node>;
  readonly expr: SchemaExpr<Node>;
  readonly meaning: SchemaMeaning<Node>;
}

/** An id-named field of a tool's input schema (nested fields and array items too). */
export interface ToolIdField {
  /** Undefined for a schema that is an input by its name or use (`GetTicketParams`), not by a registration. */
  readonly tool: ToolRegistration<Node> | undefined;
  readonly field: SchemaField<Node>;
  readonly verdict: Exclude<IdAcceptorVerdict, 'not-id'>;
}

/** A guarded acceptor (`guardId`, `idSchema`, a numeric preprocess) anywhere inside a tool's output schema. */
export interface OutputGuard {
  readonly tool: ToolRegistration<Node>;
  readonly expr: SchemaExpr<Node>;
  /** The property key the guard is the value of, when it is one. */
  readonly fieldName: string | undefined;
}

/**
 * An id-named property or const of the file whose value is a call chain or a same-file const, in a tool or not:
 * `{ ticketId: z.union([...]) }`, `{ ticketId: AnyId }`, `const AnyId = z.union([...])`.
 */
export interface IdField {
  readonly name: string;
  /** The value: the outermost call of its chain, or the identifier of the const it names. */
  readonly node: TSESTree.CallExpression | TSESTree.Identifier;
  /** The const the value names (`AnyId`), when it is one. */
  readonly through: string | undefined;
  /** False when the value cannot be a string-or-number union, from its text alone: test it before the facts below. */
  readonly mayHoldUnion: boolean;
  /** Read on first use, through the const the value names. */
  readonly expr: SchemaExpr<Node>;
  readonly meaning: SchemaMeaning<Node>;
  readonly verdict: IdAcceptorVerdict;
  /** The side of a tool the field's schema is on, as far as the file (and the program, when typed) shows. */
  readonly role: LintRole | undefined;
}

/** A `z.coerce.<target>()` call of Zod's. */
export interface CoercionSite extends Coercion {
  readonly meaning: SchemaMeaning<Node>;
  /** The property key the chain is the value of, when it is one. */
  readonly fieldName: string | undefined;
  /** The namespace a replacement can be built from (`z` in `z.preprocess(...)`): the chain's own, or another import of its module. */
  readonly namespace: string | undefined;
  /** The side of a tool the chain is on, as far as the file (and the program, when typed) shows. */
  readonly role: LintRole | undefined;
}

/** What a rule hands the visitor: which files it can skip, and what it does with each fact. */
export interface SchemaHooks {
  /** The module whose `guardId`/`idSchema` count as guards besides this package's (a rule's `importFrom` option). */
  readonly importFrom?: string;
  /** False when a file's text cannot hold anything the rule reports (a model text shortcut): the file is skipped. */
  readonly mayReport?: (text: string) => boolean;
  /** Each input and output schema of each tool the file registers or defines. */
  readonly onToolSchema?: (schema: ToolSchema) => void;
  /** Each id field of a tool input schema, once even when two tools share the shape. */
  readonly onInputIdField?: (field: ToolIdField) => void;
  /** Each guarded acceptor in a tool output schema, once even when two tools share it. */
  readonly onOutputGuard?: (guard: OutputGuard) => void;
  /** Each id-named property whose value is a call chain. */
  readonly onIdField?: (field: IdField) => void;
  /** Each `z.coerce.*()` call. */
  readonly onCoercion?: (coercion: CoercionSite) => void;
  /** Each defensive cast around an id (`String(ticket.id)`); files without Zod are visited too. */
  readonly onDefensiveCast?: (cast: DefensiveCastSite) => void;
}

/** The facts of the file being linted, shared by every rule: its Zod imports, and each tool schema read once. */
export class SchemaFile {
  private schemas: Map<ToolRegistration<Node>, readonly [ToolSchema | undefined, ToolSchema | undefined]> | undefined;
  private fields: Map<SchemaExpr<Node>, readonly SchemaField<Node>[]> | undefined;
  private guards: Map<SchemaExpr<Node>, readonly SchemaExpr<Node>[]> | undefined;
  private roles: SchemaRoles | undefined;
  private toolShapes: FileToolShapes | null | undefined;

  constructor(
    readonly reader: EstreeSchemaReader,
    private readonly sourceCode: Readonly<TSESLint.SourceCode>,
  ) {}

  /** Which side of a tool each schema of the file is on; worked out on first use, once for every rule. */
  rolesIn(filename: string): SchemaRoles {
    this.roles ??= new SchemaRoles(this.sourceCode, this.reader, filename, this.typedShapes()?.external);
    return this.roles;
  }

  /** With type-aware linting, what the program's tool discovery says of the file's object literals. */
  typedShapes(): FileToolShapes | undefined {
    if (this.toolShapes === undefined) this.toolShapes = fileToolShapesOf(this.sourceCode) ?? null;
    return this.toolShapes ?? undefined;
  }

  /**
   * The role of the schema `node` is part of. Input wins, from the file or from the program (a shape exported here
   * and registered elsewhere); then output; then, when the program's discovery is complete, `none` for a node inside
   * an object literal that is part of no tool's schema.
   */
  roleOf(node: Node, filename: string): LintRole | undefined {
    const own = this.rolesIn(filename).roleOf(node);
    if (own === 'input') return own;
    const typed = this.typedShapes();
    if (typed === undefined) return own;
    let inObject = false;
    let output = own === 'output';
    // The Program's parent is null, not undefined.
    for (let current: Node | null | undefined = node.parent; current != null; current = current.parent) {
      if (current.type !== AST_NODE_TYPES.ObjectExpression) continue;
      inObject = true;
      if (typed.inputs.has(current.range[1])) return 'input';
      if (typed.outputs.has(current.range[1])) output = true;
    }
    if (output) return 'output';
    return own ?? (typed.complete && inObject ? 'none' : undefined);
  }

  /** The object literals of the file that the program's discovery says declare some tool's input fields. */
  typedInputObjects(): TSESTree.ObjectExpression[] {
    const typed = this.typedShapes();
    if (typed === undefined) return [];
    const objects: TSESTree.ObjectExpression[] = [];
    for (const end of typed.inputs) {
      // The closing brace belongs to no child: the deepest node around it is the literal itself.
      let node: Node | null = this.sourceCode.getNodeByRangeIndex(end - 1);
      while (node !== null && !(node.type === AST_NODE_TYPES.ObjectExpression && node.range[1] === end))
        node = node.parent ?? null;
      if (node !== null) objects.push(node);
    }
    return objects;
  }

  /** The tool's input and output schema, in that order (undefined where it declares none). */
  schemasOf(tool: ToolRegistration<Node>): readonly [ToolSchema | undefined, ToolSchema | undefined] {
    this.schemas ??= new Map();
    let schemas = this.schemas.get(tool);
    if (schemas === undefined) {
      schemas = [this.schemaOf(tool, 'input', tool.input), this.schemaOf(tool, 'output', tool.output)];
      this.schemas.set(tool, schemas);
    }
    return schemas;
  }

  private schemaOf(
    tool: ToolRegistration<Node>,
    role: ToolSide,
    written: SchemaExpr<Node> | undefined,
  ): ToolSchema | undefined {
    if (written === undefined) return undefined;
    const expr = this.reader.resolve(written);
    return { role, tool, expr, meaning: meaningOf(expr) };
  }

  fieldsOf(expr: SchemaExpr<Node>): readonly SchemaField<Node>[] {
    this.fields ??= new Map();
    return memoized(this.fields, expr, () => schemaFieldsOf(expr, this.reader.resolve));
  }

  guardsIn(schema: ToolSchema): readonly SchemaExpr<Node>[] {
    this.guards ??= new Map();
    return memoized(this.guards, schema.expr, () => guardedSchemasIn(schema.expr, this.reader.resolve));
  }

  /** False when the chain at `node` cannot be a string-or-number union, decided from its text alone. */
  mayHoldUnion(node: Node): boolean {
    return this.reader.mayHoldUnion(node);
  }
}

function memoized<Key, Value>(cache: Map<Key, Value>, key: Key, compute: () => Value): Value {
  let value = cache.get(key);
  if (value === undefined) {
    value = compute();
    cache.set(key, value);
  }
  return value;
}

function fileOf(sourceCode: Readonly<TSESLint.SourceCode>, importFrom: string): SchemaFile | undefined {
  if (!importsZod(sourceCode.ast)) return undefined;
  const reader = new EstreeSchemaReader(
    sourceCode,
    GUARD_MODULES.includes(importFrom) ? GUARD_MODULES : [...GUARD_MODULES, importFrom],
  );
  return reader.imports.hasZod ? new SchemaFile(reader, sourceCode) : undefined;
}

/** One `SchemaFile` per file and guard module, shared by every rule that lints the file; undefined for a file without Zod. */
const schemaFileFor = perLintedFile((sourceCode, importFrom) =>
  fileOf(sourceCode as Readonly<TSESLint.SourceCode>, importFrom),
);

/** `/^(?:a|b)$/` for an esquery attribute selector: ESLint then calls a listener only for nodes that can matter. */
export function namesPattern(names: Iterable<string>): string {
  return `/^(?:${[...names].map((name) => name.replace(/\$/g, '\\$')).join('|')})$/`;
}

const REGISTRATION_SELECTOR = `CallExpression[callee.property.name=${namesPattern(REGISTRATION_METHODS)}], CallExpression[callee.name=${namesPattern(REGISTRATION_METHODS)}], CallExpression[callee.property.name=/${TOOL_LIKE_METHOD.source}/]`;
const DEFINITION_SELECTOR = `ObjectExpression > Property[key.name=${namesPattern(TOOL_DEFINITION_INPUT_KEYS)}]`;
const ID_NAME = `/${ID_NAME_PATTERN.source}/`;
const ID_FIELD_SELECTOR = `Property[key.name=${ID_NAME}] > CallExpression.value, Property[key.value=${ID_NAME}] > CallExpression.value`;
const ID_CONST_SELECTOR = `VariableDeclarator[id.name=${ID_NAME}] > CallExpression.init`;
/** `{ ticketId: AnyId }`; not the shorthand `{ ticketId }`, which in handler code names a value, not a schema. */
const ID_REFERENCE_SELECTOR = `Property[shorthand=false][key.name=${ID_NAME}] > Identifier.value, Property[key.value=${ID_NAME}] > Identifier.value`;
/** Text a file needs before any of its schemas can be an input by name or use alone (see `SchemaRoles`). */
const INPUT_ROLE_HINT = /[Ii]nput|[Pp]aram|[Aa]rg/;
const COERCE_MEMBER_SELECTOR = 'CallExpression[callee.object.property.name="coerce"]';

/** One selector for every call shape `defensiveCastOf` can accept, from the model's cast names. */
function castSelector(): string {
  const globals: string[] = [];
  const methodsOf = new Map<string, string[]>();
  for (const callee of CAST_CALLEES) {
    const [object, method] = callee.split('.');
    if (method === undefined) globals.push(callee);
    else if (object !== undefined) methodsOf.set(object, [...(methodsOf.get(object) ?? []), method]);
  }
  return [
    `CallExpression[callee.name=${namesPattern(globals)}]`,
    ...[...methodsOf].map(
      ([object, methods]) =>
        `CallExpression[callee.object.name="${object}"][callee.property.name=${namesPattern(methods)}]`,
    ),
    `CallExpression[callee.property.name=${namesPattern(CAST_METHODS)}][arguments.length=0]`,
    'TemplateLiteral[expressions.length=1]',
    'UnaryExpression[operator="+"]',
    'BinaryExpression[operator="+"]',
  ].join(', ');
}
const CAST_SELECTOR = castSelector();

function hasStaticKey(object: TSESTree.ObjectExpression, key: string): boolean {
  for (const property of object.properties) {
    if (
      property.type === AST_NODE_TYPES.Property &&
      !property.computed &&
      property.key.type === AST_NODE_TYPES.Identifier &&
      property.key.name === key
    )
      return true;
  }
  return false;
}

function namespaceFor(coercion: Coercion, file: SchemaFile): string | undefined {
  const { binding } = coercion.expr;
  if (binding.kind === 'namespace') return binding.local;
  for (const other of file.reader.imports.zod.values()) {
    if (other.kind === 'namespace' && other.module.source === binding.module.source) return other.local;
  }
  return undefined;
}

class LazyIdField implements IdField {
  private read: { expr: SchemaExpr<Node>; meaning: SchemaMeaning<Node> } | undefined;

  constructor(
    readonly name: string,
    readonly node: TSESTree.CallExpression | TSESTree.Identifier,
    private readonly file: SchemaFile,
    private readonly filename: string,
  ) {}

  private facts(): { expr: SchemaExpr<Node>; meaning: SchemaMeaning<Node> } {
    if (this.read === undefined) {
      const read = this.file.reader.read(this.node);
      const expr = this.node.type === AST_NODE_TYPES.Identifier ? this.file.reader.resolve(read) : read;
      this.read = { expr, meaning: meaningOf(expr) };
    }
    return this.read;
  }

  get through(): string | undefined {
    return this.node.type === AST_NODE_TYPES.Identifier ? this.node.name : undefined;
  }

  get mayHoldUnion(): boolean {
    if (this.node.type === AST_NODE_TYPES.CallExpression) return this.file.mayHoldUnion(this.node);
    const { expr } = this;
    return expr.node !== this.node && this.file.mayHoldUnion(expr.node as Node);
  }

  get role(): LintRole | undefined {
    return this.file.roleOf(this.node, this.filename);
  }

  get expr(): SchemaExpr<Node> {
    return this.facts().expr;
  }

  get meaning(): SchemaMeaning<Node> {
    return this.facts().meaning;
  }

  get verdict(): IdAcceptorVerdict {
    return idAcceptorVerdict(this.name, this.meaning);
  }
}

type Listener = (node: never) => void;
type Listeners = Record<string, Listener>;

/**
 * The listeners of two hooks together; both run where their selectors meet. Each hook's listeners are an object
 * literal of their own: keyed reads and writes of selector strings on a shared object cost more per file (measured).
 */
function merge(first: Listeners | undefined, second: Listeners): Listeners {
  if (first === undefined) return second;
  const merged: Listeners = { ...first };
  for (const [selector, listener] of Object.entries(second)) {
    const existing = merged[selector];
    merged[selector] =
      existing === undefined
        ? listener
        : (node) => {
            existing(node);
            listener(node);
          };
  }
  return merged;
}

/** `SchemaHooks` with every key present, so the visitor reads one object shape whatever hooks a rule sets. */
type ReadHooks = { -readonly [Key in keyof SchemaHooks]-?: SchemaHooks[Key] | undefined };

/**
 * Every rule sets other hooks, so a plain read of a hook a rule leaves out is a slow lookup of a missing key on one of
 * six object shapes, per file and rule (measured with --cpu-prof on `npm run bench:lint`'s corpus). Walking the keys
 * the rule did set costs one cached enumeration.
 */
function readHooks(hooks: SchemaHooks): ReadHooks {
  const read: ReadHooks = {
    importFrom: undefined,
    mayReport: undefined,
    onToolSchema: undefined,
    onInputIdField: undefined,
    onOutputGuard: undefined,
    onIdField: undefined,
    onCoercion: undefined,
    onDefensiveCast: undefined,
  };
  for (const key in hooks) (read as Record<string, unknown>)[key] = hooks[key as keyof SchemaHooks];
  return read;
}

/**
 * The listeners for a rule's hooks. Selectors narrow what ESLint hands over, so most nodes of a file never reach a
 * listener; the file's facts are built when a hook first needs them (at the first tool, for the tool hooks), once
 * for every rule.
 */
export function defineSchemaVisitor(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  given: SchemaHooks,
): TSESLint.RuleListener {
  const { sourceCode } = context;
  const hooks = readHooks(given);
  const { onDefensiveCast, onToolSchema, onInputIdField, onOutputGuard, onIdField, onCoercion, mayReport } = hooks;
  let listeners: Listeners | undefined;
  if (onDefensiveCast !== undefined) {
    listeners = {
      [CAST_SELECTOR](node: Node) {
        const cast = defensiveCastOf(node, sourceCode);
        if (cast !== undefined) onDefensiveCast(cast);
      },
    };
  }
  const wantsTools = onToolSchema !== undefined || onInputIdField !== undefined || onOutputGuard !== undefined;
  if (!wantsTools && onIdField === undefined && onCoercion === undefined) return listeners ?? {};
  // Most files import no Zod, or hold none of the words the rule's verdict needs: nothing to read, not even imports.
  const { text } = sourceCode;
  if (!mayImportZod(text) || (mayReport !== undefined && !mayReport(text))) return listeners ?? {};
  const importFrom = hooks.importFrom ?? (GUARD_MODULES[0] as string);
  const file = (): SchemaFile | undefined => schemaFileFor(sourceCode, importFrom);

  if (wantsTools)
    listeners = merge(
      listeners,
      toolListeners(file, hooks, {
        filename: context.filename,
        text,
        // Type-aware linting: typescript-eslint's services hold a program.
        typed: sourceCode.parserServices?.program != null,
      }),
    );
  if (onIdField !== undefined || onCoercion !== undefined) {
    // These hooks fire on nodes a file without Zod has plenty of: ask for the facts now and listen only if there are some.
    const facts = file();
    if (facts === undefined) return listeners ?? {};
    if (onIdField !== undefined) {
      const { filename } = context;
      listeners = merge(listeners, {
        [ID_FIELD_SELECTOR](node: TSESTree.CallExpression) {
          const name = propertyKeyOf(node);
          if (name === undefined || !isIdName(name) || outermostChain(node) !== node) return;
          onIdField(new LazyIdField(name, node, facts, filename));
        },
        [ID_REFERENCE_SELECTOR](node: TSESTree.Identifier) {
          const name = propertyKeyOf(node);
          if (name !== undefined && isIdName(name)) onIdField(new LazyIdField(name, node, facts, filename));
        },
        [ID_CONST_SELECTOR](node: TSESTree.CallExpression) {
          const declarator = node.parent as TSESTree.VariableDeclarator;
          const name = declarator.id.type === AST_NODE_TYPES.Identifier ? declarator.id.name : undefined;
          if (name === undefined || !isIdName(name) || declarator.parent.kind !== 'const') return;
          onIdField(new LazyIdField(name, node, facts, filename));
        },
      });
    }
    if (onCoercion !== undefined) {
      const { filename } = context;
      // A named `coerce` import is rare; only then does the selector need its local names.
      const coerceLocals = facts.reader.factoryLocals('coerce');
      const selector =
        coerceLocals.length === 0
          ? COERCE_MEMBER_SELECTOR
          : `${COERCE_MEMBER_SELECTOR}, CallExpression[callee.object.name=${namesPattern(coerceLocals)}]`;
      listeners = merge(listeners, {
        [selector](node: TSESTree.CallExpression) {
          const coercion = facts.reader.coercionAt(node);
          if (coercion === undefined) return;
          onCoercion({
            ...coercion,
            meaning: meaningOf(coercion.expr),
            fieldName: propertyKeyOf(coercion.chain),
            namespace: namespaceFor(coercion, facts),
            get role() {
              return facts.roleOf(coercion.chain, filename);
            },
          });
        },
      });
    }
  }
  return listeners ?? {};
}

/**
 * Calls the tool hooks once per tool the file registers (`server.tool`, `registerTool`, `addTool`) or defines as an
 * object (`{ name, inputSchema, handler }`); a definition passed straight to `addTool` is one tool.
 */
function toolListeners(
  file: () => SchemaFile | undefined,
  hooks: ReadHooks,
  { filename, text, typed }: { filename: string; text: string; typed: boolean },
): Listeners {
  const { onToolSchema, onInputIdField, onOutputGuard } = hooks;
  // Most files register no tool: the sets are made for the first one.
  let seenTools: Set<Node> | undefined;
  let seenFields: Set<Node> | undefined;
  let seenGuards: Set<Node> | undefined;
  const visitInputFields = (
    facts: SchemaFile,
    tool: ToolRegistration<Node> | undefined,
    input: SchemaExpr<Node>,
  ): void => {
    if (onInputIdField === undefined) return;
    for (const field of facts.fieldsOf(input)) {
      // A field its description calls an id (`with_genres`, "Comma-separated genre ids") is judged as one.
      const verdict = idAcceptorVerdict(field.key, field.meaning, { description: describedTextOf(field.value) });
      if (verdict === 'not-id') continue;
      seenFields ??= new Set();
      if (seenFields.has(field.value.node)) continue;
      seenFields.add(field.value.node);
      onInputIdField({ tool, field, verdict });
    }
  };
  const visit = (facts: SchemaFile, tool: ToolRegistration<Node>): void => {
    const [input, output] = facts.schemasOf(tool);
    if (onToolSchema !== undefined) {
      if (input !== undefined) onToolSchema(input);
      if (output !== undefined) onToolSchema(output);
    }
    if (input !== undefined) visitInputFields(facts, tool, input.expr);
    if (onOutputGuard !== undefined && output !== undefined) {
      for (const expr of facts.guardsIn(output)) {
        seenGuards ??= new Set();
        if (seenGuards.has(expr.node)) continue;
        seenGuards.add(expr.node);
        onOutputGuard({ tool, expr, fieldName: propertyKeyOf(expr.node) });
      }
    }
  };
  const handle = (node: TSESTree.CallExpression | TSESTree.ObjectExpression): void => {
    const facts = file();
    const tool = facts?.reader.registrationAt(node);
    if (facts === undefined || tool === undefined) return;
    const identity = toolIdentityOf(tool);
    seenTools ??= new Set();
    if (seenTools.has(identity)) return;
    seenTools.add(identity);
    visit(facts, tool);
  };
  const listeners: Listeners = {
    [REGISTRATION_SELECTOR]: (node: TSESTree.CallExpression) => handle(node),
    [DEFINITION_SELECTOR](node: TSESTree.Property) {
      const object = node.parent as TSESTree.ObjectExpression;
      if (hasStaticKey(object, TOOL_NAME_KEY)) handle(object);
    },
  };
  // Schemas that are inputs by their name or use (`GetTicketParams`, `Args.parse(request.params.arguments)`) though
  // no registration in the file shows them: only a file whose text can name such a role is walked for them. With
  // type-aware linting, so are the shapes the program's discovery says some tool of another file takes as input.
  if (onInputIdField !== undefined && (INPUT_ROLE_HINT.test(text) || typed)) {
    listeners['Program:exit'] = () => {
      const facts = file();
      if (facts === undefined) return;
      const { reader } = facts;
      const inputs = INPUT_ROLE_HINT.test(text) ? facts.rolesIn(filename).inputs() : [];
      for (const node of [...inputs, ...facts.typedInputObjects()])
        visitInputFields(facts, undefined, reader.resolve(reader.read(node)));
    };
  }
  return listeners;
}
