import path from 'node:path';
import ts from 'typescript';
import { TypeScriptSchemaReader } from '../src/adapters/typescript/from-typescript.ts';
import { handlerReads, type HandlerReads } from '../src/adapters/typescript/handler-reads.ts';
import { inputParameterIndex } from '../src/adapters/typescript/discover-tools.ts';
import { schemaFieldsOf } from '../src/model/schema-fields.ts';
import { splitWords } from '../src/model/ids.ts';
import type { SchemaExpr } from '../src/model/schema-expr.ts';
import { OFFERED_SHAPE_FUNCTION } from '../src/model/package-helpers.ts';
import { meaningOf } from '../src/model/schema-meaning.ts';
import {
  renderedSchemaOf,
  TOOL_DEFINITION_INPUT_KEYS,
  toolDefinitionOf,
  toolRegistrationOf,
  type ToolRegistration,
} from '../src/model/tool-registration.ts';
import { TypedFiles } from '../src/adapters/typescript/typed-files.ts';
import type { ToolInputSite } from '../src/adapters/typescript/tool-surface.ts';
import { typedInputsOf } from './utils/typed-inputs.ts';
import { importSpecifierFor, planHelperByInstall } from './utils/helper-choice.ts';
import { planLocalDispositionsHelper } from './utils/local-dispositions-helper.ts';
import {
  applyEdits,
  CodemodParseError,
  type Codemod,
  type CodemodEdit,
  type CodemodNote,
  type CodemodOutcome,
} from './codemod.ts';
import { namedImportEdit, type ImportName } from '../src/adapters/typescript/import-edit.ts';
import {
  decisionText,
  propertyKey,
  shapeKeysOf,
  startingDecisionOf,
  UNREAD_MESSAGE,
  zodImportQuote,
} from '../src/adapters/typescript/disposition-entry.ts';

export interface DispositionsOptions {
  /**
   * Where `honored`, `warned`, `offeredShape` and `Disposition` are imported from; `agent-contract` by default. An
   * absolute file path becomes a relative import from each file.
   */
  readonly importFrom?: string;
  /**
   * `--helper local[=path]`: write the disposition helpers into the project (`agent-contract-dispositions.ts`) and
   * import them from there, so the package can stay a devDependency; `plan` turns it into `importFrom`. Without
   * `--helper` and `--import-from`, a project that lists agent-contract as a devDependency only gets it too.
   */
  readonly helper?: { readonly path?: string };
  /**
   * The tools whose input the program's discovery found in this file (the runner fills it in through `withProject`):
   * tool classes, configs in consts, registration methods of an `McpServer` subclass. Each gets a table like a
   * registration the file shows itself.
   */
  readonly typedSites?: readonly ToolInputSite[];
  /** The start offsets of this file's registration calls whose tools the discovery found defined elsewhere. */
  readonly followedRegistrations?: ReadonlySet<number>;
  /** The names of every tool whose input the program's discovery found, in any file (filled in by `withProject`). */
  readonly discoveredTools?: ReadonlySet<string>;
  /** The type-checked project view; one is kept per process when not given, so files of one project share a program. */
  readonly typedFiles?: TypedFiles;
}

const DEFAULT_MODULE = 'agent-contract';
export { UNREAD_MESSAGE };

let processTypedFiles: TypedFiles | undefined;

function lineAndColumn(file: ts.SourceFile, position: number): { line: number; column: number } {
  const { line, character } = file.getLineAndCharacterOfPosition(position);
  return { line: line + 1, column: character + 1 };
}

function camelCase(words: readonly string[]): string {
  return words.map((word, index) => (index === 0 ? word : `${word.charAt(0).toUpperCase()}${word.slice(1)}`)).join('');
}

/** `work_capacity_write` and `WORK_TOOLS.work_capacity_write` both give `workCapacityWrite`. */
function baseNameOf(
  nameArgument: ts.Expression | undefined,
  registration: ToolRegistration<ts.Node>,
): string | undefined {
  if (registration.name !== undefined) return camelCase(splitWords(registration.name));
  if (nameArgument === undefined) return undefined;
  if (ts.isPropertyAccessExpression(nameArgument)) return camelCase(splitWords(nameArgument.name.text));
  if (ts.isIdentifier(nameArgument)) return camelCase(splitWords(nameArgument.text));
  return undefined;
}

/** `makeVideoShape` -> `makeVideo`: the table is named after the shape, without the word that says it is one. */
function tableBaseOf(shapeName: string): string {
  const stripped = shapeName.replace(/(InputSchema|InputShape|Shape|Schema|Input|Args|Params)$/, '');
  return stripped.length > 0 ? stripped : shapeName;
}

/** The statement directly inside a block or the file that contains `node`. */
function enclosingStatement(node: ts.Node): ts.Statement | undefined {
  for (let current: ts.Node = node; current.parent !== undefined; current = current.parent) {
    const parent = current.parent;
    if (
      ts.isBlock(parent) ||
      ts.isSourceFile(parent) ||
      ts.isModuleBlock(parent) ||
      ts.isCaseClause(parent) ||
      ts.isDefaultClause(parent)
    ) {
      return current as ts.Statement;
    }
  }
  return undefined;
}

function indentationAt(text: string, position: number): string {
  const lineStart = text.lastIndexOf('\n', position - 1) + 1;
  return /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
}

/** Moves a multi-line expression's text from an indentation of `from` to one of `to`, line by line after the first. */
function reindent(text: string, from: string, to: string): string {
  if (from === to) return text;
  return text
    .split('\n')
    .map((line, index) => (index === 0 ? line : line.startsWith(from) ? `${to}${line.slice(from.length)}` : line))
    .join('\n');
}

/** Every const a scope around `node` declares, by name, to resolve `inputSchema: shape` to `const shape = {...}`. */
function findConst(name: string, from: ts.Node): ts.VariableDeclaration | undefined {
  for (let scope: ts.Node | undefined = from.parent; scope !== undefined; scope = scope.parent) {
    if (!ts.isSourceFile(scope) && !ts.isBlock(scope) && !ts.isModuleBlock(scope)) continue;
    for (const statement of scope.statements) {
      if (!ts.isVariableStatement(statement) || (statement.declarationList.flags & ts.NodeFlags.Const) === 0) continue;
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name) && declaration.name.text === name) return declaration;
      }
    }
  }
  return undefined;
}

function constNames(file: ts.SourceFile): Set<string> {
  const names = new Set<string>();
  const visit = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name)) names.add(node.name.text);
    ts.forEachChild(node, visit);
  };
  visit(file);
  return names;
}

interface TableTarget {
  /** The tool, for messages. */
  readonly tool: string;
  /** The expression whose type has the shape's keys (an object literal or a const's name). */
  readonly keysFrom: ts.Node;
  /** The name the table's `keyof typeof` uses. */
  readonly shapeName: string;
  readonly reads: HandlerReads;
  readonly at: ts.Node;
}

class DispositionsRun {
  readonly edits: CodemodEdit[] = [];
  readonly notes: CodemodNote[] = [];
  readonly reader: TypeScriptSchemaReader;
  readonly taken: Set<string>;
  readonly imports = new Map<string, ImportName>();
  /** The start of every input expression a table was considered for, so a tool found twice gets one table. */
  readonly scaffolded = new Set<number>();

  constructor(
    readonly file: ts.SourceFile,
    readonly checker: ts.TypeChecker,
  ) {
    this.reader = new TypeScriptSchemaReader(file);
    this.taken = constNames(file);
  }

  note(kind: CodemodNote['kind'], node: ts.Node, message: string): void {
    this.notes.push({ kind, ...lineAndColumn(this.file, node.getStart(this.file)), message });
  }

  /** A fresh const name: `name`, or `name2`, `name3` when taken. */
  freshName(name: string): string {
    let candidate = name;
    for (let index = 2; this.taken.has(candidate); index += 1) candidate = `${name}${index}`;
    this.taken.add(candidate);
    return candidate;
  }

  tableText(target: TableTarget, tableName: string, indent: string): string {
    const keys = shapeKeysOf(target.keysFrom, this.checker);
    const quote = zodImportQuote(this.file);
    const unread: string[] = [];
    const lines = keys.map((key) => {
      const decision = startingDecisionOf(key, target.reads);
      if (decision === 'warned') unread.push(key);
      return `${indent}  ${propertyKey(key)}: ${decisionText(decision, quote)},`;
    });
    if (keys.length > unread.length) this.imports.set('honored', { name: 'honored' });
    if (unread.length > 0) this.imports.set('warned', { name: 'warned' });
    this.imports.set('Disposition', { name: 'Disposition', typeOnly: true });
    for (const key of unread) {
      this.note(
        'needs-review',
        target.at,
        `${target.tool}: \`${key}\` is published but the handler never reads it; written as warned in ${tableName}: decide honored, warned or refused`,
      );
    }
    if (target.reads.kind === 'all') {
      this.note(
        'needs-review',
        target.at,
        `${target.tool}: could not tell which fields the handler reads (${target.reads.reason}); every field is written honored in ${tableName}: review each decision`,
      );
    }
    return [
      `const ${tableName} = {`,
      ...lines,
      `${indent}} as const satisfies Record<keyof typeof ${target.shapeName}, Disposition>;`,
    ].join('\n');
  }
}

function nameArgumentOf(registration: ToolRegistration<ts.Node>): ts.Expression | undefined {
  const call = registration.node;
  return ts.isCallExpression(call) ? call.arguments[0] : undefined;
}

function inlineShapeOf(input: SchemaExpr<ts.Node>): ts.ObjectLiteralExpression | undefined {
  if (input.kind === 'object' && ts.isObjectLiteralExpression(input.node)) return input.node;
  return undefined;
}

/** The inline `{...}` argument of `z.object({...})` (possibly refined), when the input is such a chain. */
function zodObjectLiteralOf(input: SchemaExpr<ts.Node>): ts.ObjectLiteralExpression | undefined {
  if (input.kind !== 'zod' || meaningOf(input).accepts !== 'object') return undefined;
  const shape = input.factoryArgs[0];
  return shape?.kind === 'object' && ts.isObjectLiteralExpression(shape.node) ? shape.node : undefined;
}

/**
 * Which parameter of the handler receives the tool input (`run(db, args)` reads `args`): the one the audit reads
 * too (`inputParameterIndex`), from the input's top-level keys.
 */
function inputIndexOf(run: DispositionsRun, handler: ts.Node, input: SchemaExpr<ts.Node>): number {
  const keys = schemaFieldsOf(run.reader.resolve(input), run.reader.resolve)
    .filter((field) => field.path.length === 1)
    .map((field) => field.key);
  return inputParameterIndex(handler, new Set(keys), run.checker);
}

/** The statement directly inside the file that contains `node`: where a table for a tool found by type goes. */
function topLevelStatement(node: ts.Node): ts.Statement | undefined {
  for (let current: ts.Node = node; current.parent !== undefined; current = current.parent) {
    if (ts.isSourceFile(current.parent)) return current as ts.Statement;
  }
  return undefined;
}

/** A name the shape uses that is declared inside `statement` but outside the shape: moved before it, it would not resolve. */
function localReferenceOf(run: DispositionsRun, shape: ts.Node, statement: ts.Statement): string | undefined {
  let found: string | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined) return;
    if (ts.isIdentifier(node)) {
      const parent = node.parent;
      const isName =
        (ts.isPropertyAccessExpression(parent) && parent.name === node) ||
        (ts.isPropertyAssignment(parent) && parent.name === node);
      if (isName) return;
      for (const declaration of run.checker.getSymbolAtLocation(node)?.declarations ?? []) {
        const inside = (outer: ts.Node): boolean =>
          declaration.getSourceFile() === run.file && declaration.pos >= outer.pos && declaration.end <= outer.end;
        if (inside(statement) && !inside(shape)) found = node.text;
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(shape);
  return found;
}

function scaffold(
  run: DispositionsRun,
  registration: ToolRegistration<ts.Node>,
  placement: 'statement' | 'top-level' = 'statement',
  noHandler = 'the tool has no handler argument',
): void {
  const { file } = run;
  const text = file.text;
  const input = registration.input;
  const nameArgument = nameArgumentOf(registration);
  const base = baseNameOf(nameArgument, registration);
  const tool = registration.name ?? nameArgument?.getText(file) ?? 'tool';
  if (input === undefined) return;
  // `addTool({ name, parameters, execute })` is both a registration and a tool object: one table.
  if (run.scaffolded.has(input.node.getStart(file))) return;
  run.scaffolded.add(input.node.getStart(file));
  // Already wired by an earlier run: `offeredShape(shape, table)`, or `z.object(offeredShape(shape, table))`.
  const offered = (schema: SchemaExpr<ts.Node> | undefined): boolean =>
    schema?.kind === 'call' &&
    (schema.callee === OFFERED_SHAPE_FUNCTION || schema.callee.endsWith(`.${OFFERED_SHAPE_FUNCTION}`));
  if (offered(input) || (input.kind === 'zod' && offered(input.factoryArgs[0]))) return;
  const reads: HandlerReads =
    registration.handler === undefined
      ? { kind: 'all', reason: noHandler }
      : handlerReads(registration.handler.node, inputIndexOf(run, registration.handler.node, input));

  const inline = inlineShapeOf(input) ?? (input.kind === 'zod' ? zodObjectLiteralOf(input) : undefined);
  // A tool without inputs (`{}`, `z.object({})`): no field to decide, so no table.
  if (inline !== undefined && inline.properties.length === 0) return;
  if (inline !== undefined) {
    // A shape written inside the registration: name it, so the table can say `keyof typeof` it.
    if (base === undefined) {
      run.note(
        'needs-review',
        input.node,
        `${tool}: the tool's name is not a literal or a constant, so there is no name for its shape; extract it by hand`,
      );
      return;
    }
    const statement =
      placement === 'top-level' ? topLevelStatement(registration.node) : enclosingStatement(registration.node);
    if (statement === undefined) return;
    const local = localReferenceOf(run, inline, statement);
    if (local !== undefined) {
      run.note(
        'needs-review',
        input.node,
        `${tool}: its shape uses \`${local}\`, declared in the code around it, so it cannot be moved out to be named; write its table by hand`,
      );
      return;
    }
    const shapeName = run.freshName(`${base}Shape`);
    const tableName = run.freshName(`${tableBaseOf(shapeName)}Dispositions`);
    const indent = indentationAt(text, statement.getStart(file));
    const objectText = reindent(
      text.slice(inline.getStart(file), inline.end),
      indentationAt(text, inline.getStart(file)),
      indent,
    );
    const table = run.tableText({ tool, keysFrom: inline, shapeName, reads, at: inline }, tableName, indent);
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    run.edits.push({
      start: statement.getStart(file),
      end: statement.getStart(file),
      text: `const ${shapeName} = ${objectText};${newline}${indent}${table}${newline}${newline}${indent}`,
    });
    // Wired through `offeredShape` also inside `z.object(...)`: a table nothing reads fails `noUnusedLocals`.
    run.imports.set('offeredShape', { name: 'offeredShape' });
    run.edits.push({ start: inline.getStart(file), end: inline.end, text: `offeredShape(${shapeName}, ${tableName})` });
    return;
  }

  if (input.kind === 'identifier') {
    const declaration = findConst(input.name, input.node);
    const initializer = declaration?.initializer;
    if (declaration === undefined || initializer === undefined) {
      run.note(
        'info',
        input.node,
        `${tool}: its input \`${input.name}\` is not a const of this file; run the codemod on the file that declares it`,
      );
      return;
    }
    const tableName = `${tableBaseOf(input.name)}Dispositions`;
    if (findConst(tableName, input.node) !== undefined) return; // already scaffolded
    const statement = enclosingStatement(declaration);
    if (statement === undefined) return;
    const indent = indentationAt(text, statement.getStart(file));
    const newline = text.includes('\r\n') ? '\r\n' : '\n';
    const schema = run.reader.read(initializer);
    const objectLiteral = ts.isObjectLiteralExpression(initializer) ? initializer : zodObjectLiteralOf(schema);
    if (ts.isObjectLiteralExpression(initializer)) {
      run.taken.add(tableName);
      const table = run.tableText(
        { tool, keysFrom: initializer, shapeName: input.name, reads, at: initializer },
        tableName,
        indent,
      );
      run.edits.push({ start: statement.end, end: statement.end, text: `${newline}${newline}${indent}${table}` });
      run.edits.push({
        start: input.node.getStart(file),
        end: input.node.end,
        text: `offeredShape(${input.name}, ${tableName})`,
      });
      run.imports.set('offeredShape', { name: 'offeredShape' });
      return;
    }
    if (objectLiteral !== undefined) {
      // `const X = z.object({...})` (refined or not): the raw shape becomes its own const, and X is rebuilt from it,
      // so the table, the schema and any refinement share one definition (a zod 3 ZodEffects has no `.shape`).
      const shapeName = run.freshName(`${tableBaseOf(input.name)}Shape`);
      run.taken.add(tableName);
      const objectText = reindent(
        text.slice(objectLiteral.getStart(file), objectLiteral.end),
        indentationAt(text, objectLiteral.getStart(file)),
        indent,
      );
      const table = run.tableText(
        { tool, keysFrom: objectLiteral, shapeName, reads, at: objectLiteral },
        tableName,
        indent,
      );
      const exported =
        ts.canHaveModifiers(statement) &&
        ts.getModifiers(statement)?.some((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword) === true
          ? 'export '
          : '';
      run.edits.push({
        start: statement.getStart(file),
        end: statement.getStart(file),
        text: `${exported}const ${shapeName} = ${objectText};${newline}${newline}${indent}`,
      });
      run.edits.push({ start: objectLiteral.getStart(file), end: objectLiteral.end, text: shapeName });
      run.edits.push({
        start: statement.end,
        end: statement.end,
        text: `${newline}${newline}${indent}${exported}${table}`,
      });
      return;
    }
    run.note(
      'needs-review',
      input.node,
      `${tool}: its input \`${input.name}\` is built in a way the codemod does not rewrite (not an object literal or z.object({...})); write its table by hand`,
    );
    return;
  }
  run.note(
    'needs-review',
    input.node,
    `${tool}: its input is not an object shape the codemod can name; write its table by hand`,
  );
}

/** The expression that starts at `start` and ends at `end` in `file`, the outermost one. */
function expressionAt(file: ts.SourceFile, start: number, end: number): ts.Expression | undefined {
  return nodeAt(file, start, end, ts.isExpression);
}

/**
 * A handler the discovery found: a function, a method, or the branch of a low-level call handler (a `case` clause or
 * an `if` branch), which is no expression.
 */
function handlerAt(file: ts.SourceFile, start: number, end: number): ts.Node | undefined {
  return nodeAt(
    file,
    start,
    end,
    (node): node is ts.Node =>
      ts.isExpression(node) || ts.isCaseClause(node) || ts.isStatement(node) || ts.isMethodDeclaration(node),
  );
}

/** The outermost node of the kind `accept` takes that starts at `start` and ends at `end` in `file`. */
function nodeAt<T extends ts.Node>(
  file: ts.SourceFile,
  start: number,
  end: number,
  accept: (node: ts.Node) => node is T,
): T | undefined {
  let found: T | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined || node.end < end || node.pos > start) return;
    if (node.end === end && node.getStart(file) === start && accept(node)) {
      found = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** A tool the program's discovery found with its input in this file, which the file's own registrations do not show. */
function scaffoldTypedSite(run: DispositionsRun, site: ToolInputSite, filePath: string): void {
  if (site.file !== filePath || run.scaffolded.has(site.inputStart)) return;
  const inputNode = expressionAt(run.file, site.inputStart, site.inputEnd);
  if (inputNode === undefined) return;
  const handlerNode =
    site.handler?.file === filePath ? handlerAt(run.file, site.handler.start, site.handler.end) : undefined;
  const handlerIn = site.handler?.file === filePath ? undefined : site.handler?.file;
  const registration: ToolRegistration<ts.Node> = {
    style: 'register-tool',
    name: site.tool,
    input: run.reader.read(inputNode),
    ...(handlerNode === undefined
      ? {}
      : {
          handler: ts.isExpression(handlerNode)
            ? run.reader.read(handlerNode)
            : { kind: 'other' as const, node: handlerNode },
        }),
    node: inputNode,
  };
  const reason =
    handlerIn === undefined
      ? 'no handler was found for it'
      : `its handler is in ${path.relative(path.dirname(filePath), handlerIn).split(path.sep).join('/')}`;
  scaffold(run, registration, 'top-level', reason);
}

function parse(run: { sourceFile: ts.SourceFile }, filePath: string): void {
  const diagnostics =
    (run.sourceFile as unknown as { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  const [first] = diagnostics;
  if (first !== undefined) {
    const { line, column } = lineAndColumn(run.sourceFile, first.start);
    throw new CodemodParseError(filePath, ts.flattenDiagnosticMessageText(first.messageText, '\n'), line, column);
  }
}

/** Tool objects (`{ name, inputSchema, handler }`) are scaffolded too: a file of them may register nothing itself. */
const DEFINITION_KEY = new RegExp(`\\b(?:${[...TOOL_DEFINITION_INPUT_KEYS].join('|')})\\s*:`);

export function mightMatchDispositions(source: string, options?: DispositionsOptions): boolean {
  if ((options?.typedSites?.length ?? 0) > 0) return true;
  return source.includes('zod') && (/\b(?:registerTool|tool|addTool)\s*\(/.test(source) || DEFINITION_KEY.test(source));
}

function analyseDispositions(source: string, filePath: string, options: DispositionsOptions): CodemodOutcome {
  const nothing: CodemodOutcome = { output: undefined, edits: [], notes: [] };
  if (!mightMatchDispositions(source, options)) return nothing;
  const typedFiles = options.typedFiles ?? (processTypedFiles ??= new TypedFiles());
  const typed = typedFiles.open(filePath, source);
  parse(typed, filePath);
  const run = new DispositionsRun(typed.sourceFile, typed.checker);
  if (!run.reader.imports.hasZod) return nothing;
  const specifier = importSpecifierFor(options.importFrom, filePath, DEFAULT_MODULE);
  const typedTools = options.discoveredTools ?? new Set((options.typedSites ?? []).map((site) => site.tool));
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const site = run.reader.callSite(node);
      const registration = site === undefined ? undefined : toolRegistrationOf(site);
      // `registerTool(t.name, t.schema, ...)` over tools defined elsewhere: their tables go where they are defined.
      if (registration !== undefined && options.followedRegistrations?.has(node.getStart(run.file)) !== true)
        scaffold(run, registration);
    } else if (ts.isObjectLiteralExpression(node)) {
      // `{ name: 'get_ticket', inputSchema: {...}, handler }`: a tool written as an object, registered elsewhere.
      const definition = toolDefinitionOf(run.reader.read(node));
      // `{ name, inputSchema: z.toJSONSchema(Args) }` in a low-level tool list: the discovery finds the schema the
      // server renders and the branch that handles the tool, so the table goes where `Args` is declared.
      const rendered =
        definition?.input !== undefined &&
        renderedSchemaOf(definition.input) !== undefined &&
        typedTools.has(definition.name ?? '');
      if (definition !== undefined && definition.input !== undefined && definition.input.node !== node && !rendered)
        scaffold(run, definition);
    }
    ts.forEachChild(node, visit);
  };
  visit(run.file);
  for (const site of options.typedSites ?? []) scaffoldTypedSite(run, site, filePath);
  if (run.edits.length === 0) return { output: undefined, edits: [], notes: run.notes };
  const names = [...run.imports.values()].sort((a, b) => a.name.localeCompare(b.name));
  const importEdit = namedImportEdit(run.file, specifier, names);
  const edits = importEdit === undefined ? run.edits : [importEdit, ...run.edits];
  return {
    output: applyEdits(source, edits),
    edits,
    notes: run.notes.sort((a, b) => a.line - b.line || a.column - b.column),
  };
}

/**
 * Scaffolds a disposition table next to every tool input shape: one decision per field, checked by the compiler,
 * `honored` for the fields the handler reads and `warned` (to review) for the ones it never reads.
 */
export const dispositions: Codemod<DispositionsOptions> = {
  name: 'dispositions',
  description:
    'write a completeness-checked disposition table (honored / warned / refused) next to every tool input shape',
  mightMatch: mightMatchDispositions,
  skipReason: (source) => (source.includes('zod') ? 'no tool registration or definition' : 'no zod import'),
  analyse: analyseDispositions,
  plan(project, options) {
    return planHelperByInstall(project, options, 'honored, warned and offeredShape', planLocalDispositionsHelper);
  },
  withProject(project, options) {
    const typed = typedInputsOf(project);
    const byFile = new Map<string, ToolInputSite[]>();
    for (const site of typed.sites) byFile.set(site.file, [...(byFile.get(site.file) ?? []), site]);
    const discoveredTools = new Set(typed.sites.map((site) => site.tool));
    return (filePath) => {
      const typedSites = byFile.get(filePath);
      const followedRegistrations = typed.followed.get(filePath);
      return {
        ...options,
        discoveredTools,
        ...(typedSites === undefined ? {} : { typedSites }),
        ...(followedRegistrations === undefined ? {} : { followedRegistrations }),
      };
    };
  },
};

/** The plain transform: the new text, or undefined when there is nothing to scaffold. */
export function dispositionsTransform(
  source: string,
  filePath: string,
  options: DispositionsOptions = {},
): string | undefined {
  return analyseDispositions(source, filePath, options).output;
}
