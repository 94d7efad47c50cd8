import path from 'node:path';
import ts from 'typescript';
import { TypeScriptSchemaReader } from './from-typescript.ts';
import { idAcceptorVerdict, type IdAcceptorVerdict } from '../../model/id-acceptor.ts';
import { idListElementOf, LIST_DEFAULT_METHODS } from '../../model/id-array.ts';
import { isDescribedIdName, isIdName, mayBeIdName } from '../../model/ids.ts';
import type { SchemaRole } from '../../model/schema-role.ts';
import { type GuardName, type GuardRewrite, guardRewriteOf } from '../../model/guard-rewrite.ts';
import { describedTextOf, type ObjectProperty, type SchemaExpr } from '../../model/schema-expr.ts';
import { meaningOf } from '../../model/schema-meaning.ts';
import { schemaShapesOf, type ExternalRoles, type SchemaShape, type TypedShapes } from './shapes-from-typescript.ts';
import { isTestFile } from '../../model/test-files.ts';
import { GUARD_MODULES } from '../../model/zod-imports.ts';
import { namedImportEdit } from './import-edit.ts';
import { guardEditsOf, type GuardEditBlock, type TextEdit } from './guard-edit.ts';
import type { EditNote, FileEdits } from './file-edits.ts';
import { parseSource } from './parse-file.ts';
import type { SchemaUse } from './schema-uses.ts';

/**
 * The reading behind the guard-ids codemod: which id fields of a file's tool inputs get `guardId(...)` or
 * `guardNumberId(...)`, as text edits and notes. What it rewrites, what it leaves alone and why:
 * docs/codemods/guard-ids.md.
 */

/** What the project knows of the file, and how the run was asked to go (see the codemod's `GuardIdsOptions`). */
export interface GuardIdReadOptions {
  /** The module specifier the file imports the guards from. */
  readonly specifier: string;
  readonly numberIds: boolean;
  readonly stringFedNumberIds: ReadonlySet<number>;
  /** Start offsets of string fields the project's chains feed numbers, whatever their name (see the codemod's options). */
  readonly numberFedStringIds?: ReadonlySet<number>;
  /** Spans (`start:end`) of string id elements of lists a helper of another file builds (see the codemod's options). */
  readonly helperListIdElements?: ReadonlySet<string>;
  readonly exportUses?: ReadonlyMap<string, readonly SchemaUse[]> | undefined;
  readonly typedShapes?: TypedShapes | undefined;
}

const GUARDS: readonly GuardName[] = ['guardId', 'guardNumberId'];
/** One line of source for a message: `z.coerce.string().describe("The ...")`, cut at 60 characters. */
function excerpt(sourceFile: ts.SourceFile, node: ts.Node): string {
  const text = node.getText(sourceFile).replace(/\s*\n\s*/g, ' ');
  return text.length > 60 ? `${text.slice(0, 57)}...` : text;
}

interface FieldRewrite {
  readonly edits: readonly TextEdit[];
  /** The local name of the guard it calls. */
  readonly guard: string;
  readonly note?: Omit<EditNote, 'line' | 'column'>;
  /** Where the guard call goes, to check that the guard's name is not shadowed there. */
  readonly at: ts.Node;
}

/** Everything one file needs: the parsed file, the Zod reader, and the notes and edits gathered so far. */
class GuardIdsRun {
  /** The guards the rewrites call, to import the ones the file lacks. */
  readonly used = new Set<GuardName>();
  readonly edits: TextEdit[] = [];
  readonly notes: EditNote[] = [];
  readonly rewrites: FieldRewrite[] = [];
  readonly reader: TypeScriptSchemaReader;

  constructor(
    readonly sourceFile: ts.SourceFile,
    readonly filePath: string,
    readonly specifier: string,
    readonly numberIds: boolean,
    readonly stringFedNumberIds: ReadonlySet<number>,
    readonly numberFedStringIds: ReadonlySet<number> = new Set(),
    readonly helperListIdElements: ReadonlySet<string> = new Set(),
  ) {
    this.reader = new TypeScriptSchemaReader(sourceFile, [...GUARD_MODULES, specifier]);
  }

  note(kind: EditNote['kind'], node: ts.Node, message: string, publishedSchemaChange = false): void {
    const { line, character } = this.sourceFile.getLineAndCharacterOfPosition(node.getStart(this.sourceFile));
    this.notes.push({
      kind,
      line: line + 1,
      column: character + 1,
      message,
      ...(publishedSchemaChange ? { publishedSchemaChange: true } : {}),
    });
  }

  /** Each guard's local name: an existing import of it (aliased or not), else its own name. */
  guardNames(): Record<GuardName, string> {
    const names: Record<GuardName, string> = { guardId: 'guardId', guardNumberId: 'guardNumberId' };
    for (const [local, imported] of this.reader.imports.guards)
      if (imported === 'guardId' || imported === 'guardNumberId') names[imported] = local;
    return names;
  }

  private blockedMessage(reason: GuardEditBlock, key: string, value: ts.Node, detail: string): string {
    const text = excerpt(this.sourceFile, value);
    switch (reason) {
      case 'retyped':
        return `${key}: ${text} is not rewritten: .${detail}() changes the parsed string into something else, so guardId(...) around it would not type-check, and guardId(<the string part>).${detail}(...) drops the field from "required" on zod 4. Move the .${detail}() into the handler and wrap the string schema, or wrap it by hand and diff the published schema.`;
      case 'coerce-target':
        return `${key}: ${text} accepts anything and converts it to a ${detail} (null and "" become 0); left alone because its handler expects a ${detail}. Check that null, "" and objects cannot reach it, or accept ids as strings with guardId(z.string()) and convert in the handler.`;
      case 'coerce-factory':
        return `${key}: ${text} uses \`${detail}\` imported on its own, so there is no Zod namespace to write the string schema with; replace it by hand with guardId(z.string()).`;
      case 'union-shape':
        return `${key}: ${text} accepts strings and numbers but has no plain string member to keep; replace it by hand with guardId(<the string schema>).`;
      case 'coerce-nested':
        return `${key}: ${text} is not rewritten: its z.coerce.string() sits inside another schema call, which the rewrite cannot keep. Replace the whole schema by hand with guardId(z.string()) plus what it needs (.optional(), .describe(...)).`;
      default:
        return `${key}: ${text} is not rewritten: the rewrite would drop a comment inside it. Rewrite it by hand, keeping the comment: guardId(<the string schema>).`;
    }
  }

  private behaviourMessage(
    verdict: IdAcceptorVerdict,
    key: string,
    text: string,
    guard: string,
    optional: boolean,
    intoNumber: boolean,
  ): string {
    if (verdict === 'coerced' && intoNumber) {
      return `${key}: ${text} became ${guard}(...) around the plain number schema: null, "", booleans, " 7", "07" and "1e3" are now rejected with the inner schema's message instead of reaching the handler as 0, 1, 7 or 1000; ids sent as decimal strings ("5812") still arrive as numbers.`;
    }
    if (verdict === 'coerced') {
      const rejected = optional
        ? 'null, booleans and objects are'
        : 'null, undefined (a missing key), booleans and objects are';
      const required = optional ? '' : ' Under zod 3 the field is listed in "required" again.';
      return `${key}: ${text} became ${guard}(...) around the plain string schema: ${rejected} now rejected with the inner schema's message instead of reaching the handler as "null", "true", "[object Object]"; positive integer ids still arrive as their decimal string.${required}`;
    }
    return `${key}: ${text} became ${guard}(...) around its string member: the published schema goes back to the string type (no anyOf or type array) and the handler now gets strings only (47 arrives as "47"); 0, negative and fractional numbers are rejected. Check the handler for code that expected a number.`;
  }

  /**
   * A number id field gets `guardNumberId` on a tool input with `--number-ids`, and wherever an emitter is seen to
   * send that id as a string (the audit's broken chain), since the guard hands the handler the number it always got.
   */
  private guardsNumber(property: ObjectProperty<ts.Node>, shape: SchemaShape): boolean {
    if (this.stringFedNumberIds.has(property.node.getStart(this.sourceFile))) return true;
    return this.numberIds && shape.role === 'input';
  }

  /** Decides one field of a shape, and records its edits or its note. */
  field(property: ObjectProperty<ts.Node>, shape: SchemaShape, guards: Record<GuardName, string>): void {
    const key = property.key;
    if (key === undefined || property.spread) return;
    // A field the project's chains pair with emitted ids of the other type is an id whatever its name: a record's
    // second key (`issue_number`), or a field only the server's other fields make one (`with_cast`, "person ids").
    const start = property.node.getStart(this.sourceFile);
    const chained = this.numberFedStringIds.has(start) || this.stringFedNumberIds.has(start);
    // Names that cannot be ids need no schema meaning, unless a description says the field holds ids (`with_genres`,
    // or `signalid`, which only ends like an id name).
    const description = isIdName(key) ? undefined : this.descriptionOf(property.value);
    if (!chained && !mayBeIdName(key) && description === undefined) return;
    let value: SchemaExpr<ts.Node> = property.value;
    const meaning = meaningOf(value);
    if (meaning.accepts === 'array') {
      this.listField(key, value, shape, guards.guardId, description, chained);
      return;
    }
    // `assignee_ids: coerceArray(z.array(z.string()))`: a project helper's list, built on the list written here, whose
    // elements are guarded where they are written (the reader binds the helper's parameter to this call's argument).
    if (value.kind === 'call' || value.kind === 'other') {
      const built = this.reader.resolve(value);
      if (built !== value && meaningOf(built).accepts === 'array') {
        this.listField(key, built, shape, guards.guardId, description, chained);
        return;
      }
      // The helper is in another file: the project's checker says which elements written here are the ids. A default
      // on the list is left alone, as on a list written here (zod 4 publishes no input default through a transform).
      const outer = value.node as ts.Node;
      if (!hasListDefault(outer) && this.guardHelperListElements(outer, guards.guardId)) return;
    }
    let verdict = idAcceptorVerdict(key, meaning, { description, chained });
    if (verdict === 'not-id' || verdict === 'guarded' || verdict === 'constrained') return;
    const valueNode = value.node;
    let viaConst: string | undefined;
    if (value.kind === 'identifier') {
      // `ticketId: nonEmpty` with `const nonEmpty = z.string().min(1)` in this file: judge the const, wrap the use.
      const resolved = this.reader.resolve(value);
      if (resolved !== value) {
        viaConst = value.name;
        value = resolved;
        verdict = idAcceptorVerdict(key, meaningOf(resolved), { description, chained });
        if (verdict === 'not-id' || verdict === 'guarded' || verdict === 'constrained') return;
      }
    }
    const text = excerpt(this.sourceFile, valueNode);
    switch (verdict) {
      case 'numeric':
        if (this.guardsNumber(property, shape)) break;
        // Only where the schema is visibly an acceptor: on a plain object it may as well parse an API response.
        if (shape.role === 'input') {
          this.note(
            'info',
            valueNode,
            `${key} accepts numbers only (${text}); no tool is seen to emit it as a string, so it is left alone. A client that sends it as a string ("5812") is refused: --number-ids wraps it in guardNumberId(...), with the same published schema and the same number for the handler.`,
          );
        }
        return;
      case 'unknown':
        if (shape.role === 'input') {
          this.note(
            'info',
            valueNode,
            value.kind === 'either'
              ? `${key}: ${text} picks one of two schemas that accept different types, so what it accepts depends on the run. Guard the branch that takes ids by hand: guardId(...) around a string schema.`
              : `${key}: cannot see what ${text} accepts (it is defined in another file or built by a call). If it is a plain string schema, wrap it: guardId(${text}).`,
          );
        }
        return;
      case 'guard':
        break;
      case 'coerced':
      case 'union':
        if (viaConst !== undefined) {
          this.note(
            'needs-review',
            valueNode,
            `${key} uses ${viaConst}, ${verdict === 'coerced' ? 'a coerce' : 'a string-or-number union'} declared in this file; left alone because other fields may share it. Give ${key} its own guardId(z.string()) or rewrite ${viaConst}.`,
          );
          return;
        }
        if (shape.role !== 'input' && guardRewriteOf(value).kind !== 'blocked') {
          const owner = shape.owner === undefined ? 'this object schema' : shape.owner;
          this.note(
            'needs-review',
            valueNode,
            `${key} in ${owner}: ${text} left alone: nothing in this file shows that ${owner} is a tool input, and the rewrite would reject values it accepts today (null, objects), which breaks it if it parses API responses. If it is an input, replace it by guardId(z.string()).`,
          );
          return;
        }
        break;
      default:
        return;
    }
    const rewrite = guardRewriteOf(value);
    // Through a const, only the use is wrapped: `guardId(nonEmpty)` leaves the const to the fields that share it.
    const plan: GuardRewrite<ts.Node> =
      viaConst === undefined || rewrite.kind === 'blocked'
        ? rewrite
        : { kind: 'wrap', target: valueNode, guard: rewrite.guard };
    const guard = guards[plan.kind === 'blocked' ? 'guardId' : plan.guard];
    const edits = guardEditsOf(plan, guard);
    if (typeof edits === 'string') {
      const detail = plan.kind === 'blocked' ? plan.detail : '';
      this.note('needs-review', valueNode, this.blockedMessage(edits, key, valueNode, detail));
      return;
    }
    const note =
      verdict === 'guard' || verdict === 'numeric'
        ? undefined
        : {
            kind: 'behaviour-change' as const,
            message: this.behaviourMessage(
              verdict,
              key,
              text,
              guard,
              meaningOf(value).optional,
              plan.kind !== 'blocked' && plan.guard === 'guardNumberId',
            ),
          };
    if (plan.kind !== 'blocked') this.used.add(plan.guard);
    this.rewrites.push({ edits, at: valueNode, guard, ...(note === undefined ? {} : { note }) });
    // A union publishes `anyOf` or a type array, and zod 3 leaves a coerced field out of `required`: the guarded
    // string publishes `"type": "string"` (and, on zod 3, `required`), so the committed contract moves.
    if (note !== undefined) this.note(note.kind, valueNode, note.message, verdict === 'union' || verdict === 'coerced');
  }

  /**
   * The string id elements written inside `value` of a list a helper of another file builds, as the project's checker
   * read them (`helperListIdElements`): each is wrapped in `guardId(...)` where it is written. True when one was.
   */
  private guardHelperListElements(value: ts.Node, guard: string): boolean {
    let guarded = false;
    const visit = (node: ts.Node): void => {
      if (this.helperListIdElements.has(`${node.getStart(this.sourceFile)}:${node.getEnd()}`)) {
        const element = this.reader.read(node as ts.Expression);
        const rewrite = guardRewriteOf(element);
        if (rewrite.kind !== 'wrap') return;
        const edits = guardEditsOf(rewrite, guard);
        if (typeof edits === 'string') return;
        this.used.add('guardId');
        this.rewrites.push({ edits, at: node, guard });
        guarded = true;
        return;
      }
      ts.forEachChild(node, visit);
    };
    visit(value);
    return guarded;
  }

  /**
   * `ticketIds: z.array(z.string())`, `z.string().array().min(1)`: the element is guarded where the published bytes
   * stay identical (see `idListElementOf`); a list with a default is left alone, with a note on inputs.
   */
  /** The description a field's schema gives itself, through a const of this file (`with_genres: withGenres`). */
  private descriptionOf(value: SchemaExpr<ts.Node>): string | undefined {
    return describedTextOf(value.kind === 'identifier' ? this.reader.resolve(value) : value);
  }

  private listField(
    key: string,
    value: SchemaExpr<ts.Node>,
    shape: SchemaShape,
    guard: string,
    description: string | undefined,
    chained = false,
  ): void {
    // Lists of number ids are left alone: `guardNumberId` around their elements is not measured for published bytes.
    if (!chained && !isIdName(key) && (description === undefined || !isDescribedIdName(key, description))) return;
    const list = idListElementOf(value);
    if (list === undefined) return;
    if (list.kind === 'blocked') {
      if (shape.role === 'input' && this.isListOfPlainStrings(value)) {
        this.note(
          'needs-review',
          value.node,
          `${key}: ${excerpt(this.sourceFile, value.node)} is not rewritten: with guardId(...) around its elements, zod 4 no longer publishes the .${list.detail}() value. Drop the .${list.detail}() and apply it in the handler, then run the codemod again, or guard the elements by hand and diff the published schema.`,
        );
      }
      return;
    }
    const element = list.element;
    const judged = element.kind === 'identifier' ? this.reader.resolve(element) : element;
    if (idAcceptorVerdict(key, meaningOf(judged), { description, chained }) !== 'guard') return;
    // Through a const, only the use is wrapped, as for single ids.
    const rewrite: GuardRewrite<ts.Node> =
      judged === element ? guardRewriteOf(element) : { kind: 'wrap', target: element.node, guard: 'guardId' };
    if (rewrite.kind !== 'wrap') return;
    const edits = guardEditsOf(rewrite, guard);
    if (typeof edits === 'string') return;
    this.used.add('guardId');
    this.rewrites.push({ edits, at: element.node, guard });
  }

  private isListOfPlainStrings(value: SchemaExpr<ts.Node>): boolean {
    const core =
      value.kind === 'zod'
        ? {
            ...value,
            methods: value.methods.filter(
              (method) => method.name !== 'default' && method.name !== 'catch' && method.name !== 'prefault',
            ),
          }
        : value;
    const list = idListElementOf(core);
    return (
      list?.kind === 'element' &&
      meaningOf(list.element).accepts === 'string' &&
      meaningOf(list.element).formats.length === 0
    );
  }

  /** The edit that makes the guards the rewrites call importable, or undefined when they already are. */
  importEdit(): TextEdit | undefined {
    const imported = new Set(this.reader.imports.guards.values());
    const missing = GUARDS.filter((guard) => this.used.has(guard) && !imported.has(guard));
    if (missing.length === 0) return undefined;
    return namedImportEdit(
      this.sourceFile,
      this.specifier,
      missing.map((name) => ({ name })),
    );
  }
}

/** The edits and notes guard-ids makes in one file. Throws `SourceParseError` when the file does not parse. */
export function guardIdEditsOf(source: string, filePath: string, options: GuardIdReadOptions): FileEdits {
  const nothing: FileEdits = { edits: [], notes: [] };
  const sourceFile = parseSource(source, filePath);
  const run = new GuardIdsRun(
    sourceFile,
    filePath,
    options.specifier,
    options.numberIds,
    options.stringFedNumberIds,
    options.numberFedStringIds,
    options.helperListIdElements,
  );
  if (!run.reader.imports.hasZod) return nothing;
  const guards = run.guardNames();
  // Tests build plain schemas to assert what they reject (`z.object({ taskId: z.string() }).safeParse({ taskId: 123 })`);
  // only the inputs of servers they register are rewritten there.
  const isTest = isTestFile(filePath);
  const externalRoles = externalRolesOf(options.exportUses);
  const shapes = schemaShapesOf(run.reader, filePath, externalRoles, options.typedShapes);
  const bothSides = externalRoles === undefined ? [] : usedOnBothSides(run, shapes, options.exportUses ?? new Map());
  for (const shape of shapes) {
    if (shape.role === 'output' || (isTest && shape.role === 'plain')) continue;
    for (const property of shape.object.properties) run.field(property, shape, guards);
  }
  for (const { owner, at, uses } of bothSides) run.note('needs-review', at, bothSidesMessage(owner, uses, filePath));
  if (run.rewrites.length === 0) return { edits: [], notes: sortNotes(run.notes) };
  const shadowed = run.rewrites.find(
    (rewrite) => run.reader.isDeclaredAround(rewrite.guard, rewrite.at) || isImportedElsewhere(run, rewrite.guard),
  );
  if (shadowed !== undefined) {
    const guard = shadowed.guard;
    const notes = run.notes.filter((note) => note.kind !== 'behaviour-change');
    run.notes.length = 0;
    run.notes.push(...notes);
    run.note(
      'needs-review',
      shadowed.at,
      `${guard} already names something else here, so this file is left unchanged; rename that, or import guardId under another name (import { guardId as guardIdSchema } from '${run.specifier}') and run the codemod again.`,
    );
    return { edits: [], notes: sortNotes(run.notes) };
  }
  const edits = run.rewrites.flatMap((rewrite) => rewrite.edits);
  const importEdit = run.importEdit();
  if (importEdit !== undefined) edits.push(importEdit);
  edits.sort((a, b) => a.start - b.start || a.end - b.end);
  return { edits, notes: sortNotes(run.notes) };
}

function externalRolesOf(exportUses: GuardIdReadOptions['exportUses']): ExternalRoles | undefined {
  if (exportUses === undefined || exportUses.size === 0) return undefined;
  return new Map([...exportUses].map(([name, uses]) => [name, new Set(uses.map((use) => use.role))]));
}

/** `coerceArray(...).default([])`: a method chain on a call that gives the list a default (`.default`, `.catch`, `.prefault`). */
function hasListDefault(node: ts.Node): boolean {
  let current = node;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression)) {
    if (LIST_DEFAULT_METHODS.has(current.expression.name.text)) return true;
    current = current.expression.expression;
  }
  return false;
}

/** True when a field of the shape is an id the codemod would guard on an input. */
function hasGuardableId(shape: SchemaShape): boolean {
  return shape.object.properties.some((property) => {
    if (property.key === undefined || property.spread) return false;
    const meaning = meaningOf(property.value);
    const description = describedTextOf(property.value);
    if (meaning.accepts === 'array') {
      const list = idListElementOf(property.value);
      return (
        list?.kind === 'element' &&
        idAcceptorVerdict(property.key, meaningOf(list.element), { description }) === 'guard'
      );
    }
    const verdict = idAcceptorVerdict(property.key, meaning, { description });
    return verdict === 'guard' || verdict === 'coerced' || verdict === 'union';
  });
}

interface BothSides {
  readonly owner: string;
  readonly at: ts.Node;
  readonly uses: readonly SchemaUse[];
}

/**
 * Consts with guardable ids that the project uses as an input and as an output, counting this file's own uses:
 * they stay unguarded (output wins) and each is reported once, at its first such shape.
 */
function usedOnBothSides(
  run: GuardIdsRun,
  shapes: readonly SchemaShape[],
  exportUses: ReadonlyMap<string, readonly SchemaUse[]>,
): BothSides[] {
  const candidates = shapes.filter(
    (shape) =>
      shape.role === 'output' &&
      shape.owner !== undefined &&
      (exportUses.get(shape.owner)?.length ?? 0) > 0 &&
      hasGuardableId(shape),
  );
  if (candidates.length === 0) return [];
  // The roles this file alone gives each shape, to tell "used as an output elsewhere, an input here" apart.
  const ownRoles = new Map(schemaShapesOf(run.reader, run.filePath).map((shape) => [shape.object.node, shape.role]));
  const found = new Map<string, BothSides>();
  for (const shape of candidates) {
    const owner = shape.owner as string;
    const uses = exportUses.get(owner) ?? [];
    const roles = new Set<SchemaRole | 'plain'>(uses.map((use) => use.role));
    roles.add(ownRoles.get(shape.object.node) ?? 'plain');
    if (roles.has('input') && roles.has('output') && !found.has(owner))
      found.set(owner, { owner, at: shape.object.node, uses });
  }
  return [...found.values()];
}

function bothSidesMessage(owner: string, uses: readonly SchemaUse[], filePath: string): string {
  const where = (role: SchemaRole): string => {
    const matching = uses.filter((use) => use.role === role);
    if (matching.length === 0) return 'in this file';
    const listed = matching
      .slice(0, 2)
      .map(
        (use) =>
          `${use.emitted ? 'returned at ' : ''}${path.relative(path.dirname(filePath), use.filePath).split(path.sep).join('/')}:${use.line}:${use.column}`,
      );
    return `${listed.join(', ')}${matching.length > 2 ? ` and ${matching.length - 2} more` : ''}`;
  };
  return `${owner} is used as a tool input (${where('input')}) and as an output (${where('output')}), so its ids are left alone: a guarded id in an output schema lets the server emit numbers that clients reject. Declare the input as its own z.object({...}) under an ...Args name, register that, and run the codemod again.`;
}

/** True when `name` is imported from a module that is not one of the guard modules. */
function isImportedElsewhere(run: GuardIdsRun, name: string): boolean {
  if (run.reader.imports.guards.has(name)) return false;
  return run.sourceFile.statements.some((statement) => {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause === undefined) return false;
    if (clause.name?.text === name) return true;
    const named = clause.namedBindings;
    if (named === undefined) return false;
    return ts.isNamespaceImport(named)
      ? named.name.text === name
      : named.elements.some((element) => element.name.text === name);
  });
}

function sortNotes(notes: readonly EditNote[]): EditNote[] {
  return [...notes].sort((a, b) => a.line - b.line || a.column - b.column);
}
