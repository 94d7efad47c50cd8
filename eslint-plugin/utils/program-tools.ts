import path from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import ts from 'typescript';
import { TypeScriptSchemaReader } from '../../src/adapters/typescript/from-typescript.ts';
import { isTestFile, relativeTo, type AuditProject } from '../../src/adapters/typescript/load-project.ts';
import { projectOfProgram } from '../../src/adapters/typescript/project-chains.ts';
import {
  discoverProjectTools,
  toolInputSitesOf,
  typedShapesByFile,
  type ProjectTools,
} from '../../src/adapters/typescript/tool-surface.ts';
import { importedSchemaUsesOf } from '../../src/adapters/typescript/shapes-from-typescript.ts';
import type { SchemaRole } from '../../src/model/schema-role.ts';

/**
 * The tools of the program typescript-eslint hands the rules when linting is type-aware, discovered once per program
 * for every rule of the plugin: the same discovery the audit and the codemods run (tool classes, configs held in
 * consts, shapes exported from one file and registered in another).
 */

export interface ProgramTools {
  /** The folder of the program's tsconfig (or its current directory): where `agent-contract.config.json` is read. */
  readonly root: string;
  readonly project: AuditProject;
  readonly surface: ProjectTools;
}

const discovered = new WeakMap<ts.Program, ProgramTools>();

/** The program's tools; throws `ConfigError` for a bad `agent-contract.config.json`. */
export function programToolsOf(program: ts.Program): ProgramTools {
  const known = discovered.get(program);
  if (known !== undefined) return known;
  const tsconfig = program.getCompilerOptions().configFilePath;
  const root = typeof tsconfig === 'string' ? path.dirname(tsconfig) : program.getCurrentDirectory();
  const project = projectOfProgram(program, root, typeof tsconfig === 'string' ? tsconfig : undefined);
  const tools = { root, project, surface: discoverProjectTools(project) };
  discovered.set(program, tools);
  return tools;
}

/**
 * What the program's discovery says of the linted file's object literals, by end offset: those that declare some
 * tool's input fields, and those that declare some tool's output fields. `complete` is true when the discovery found
 * tools and followed every registration it saw, and the file is one it searched (not test code): an object literal
 * in neither set is then no part of any tool's schema.
 */
export interface FileToolShapes {
  readonly inputs: ReadonlySet<number>;
  readonly outputs: ReadonlySet<number>;
  readonly complete: boolean;
  /**
   * The roles other files of the program give this file's top-level consts, by const name: `return
   * UserSchema.parse(body)` in an API client makes `UserSchema` an output, `inputSchema: CreateIssueSchema` an input
   * (the model's `importedSchemaUsesOf`, with each import followed by the checker).
   */
  readonly external: ReadonlyMap<string, ReadonlySet<SchemaRole>>;
}

type ExternalRoles = Map<string, Map<string, Set<SchemaRole>>>;
const externalByProgram = new WeakMap<ts.Program, ExternalRoles>();

/** Text a file needs before any of its uses can give an imported schema a role (see `importedSchemaUsesOf`). */
const ROLE_USE_HINT = /parse|[Ss]chema|[Ss]hape|[Ii]nput|[Oo]utput|[Pp]aram|[Aa]rg|[Rr]esult|[Rr]espon/;

/** The declaration an identifier of an import stands for, through aliases and re-exports. */
function declarationOf(identifier: ts.Identifier, checker: ts.TypeChecker): ts.Declaration | undefined {
  const aliased = (symbol: ts.Symbol | undefined): ts.Symbol | undefined =>
    symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0 ? checker.getAliasedSymbol(symbol) : symbol;
  const symbol = aliased(checker.getSymbolAtLocation(identifier));
  // `schemas.TicketSchema` through `import * as schemas`: the member names the export.
  const { parent } = identifier;
  if (
    symbol !== undefined &&
    (symbol.flags & ts.SymbolFlags.ValueModule) !== 0 &&
    ts.isPropertyAccessExpression(parent) &&
    parent.expression === identifier
  )
    return aliased(checker.getSymbolAtLocation(parent.name))?.valueDeclaration;
  return symbol?.valueDeclaration;
}

function externalRolesOf(project: AuditProject): ExternalRoles {
  const known = externalByProgram.get(project.program);
  if (known !== undefined) return known;
  const roles: ExternalRoles = new Map();
  const own = new Set(project.sourceFiles);
  for (const file of project.sourceFiles) {
    if (!ROLE_USE_HINT.test(file.text)) continue;
    // Tests parse values in arrows all the time (`expect(() => Args.parse(v)).toThrow()`): that is no emitter.
    const isTest = isTestFile(relativeTo(project.root, file.fileName));
    for (const use of importedSchemaUsesOf(new TypeScriptSchemaReader(file), file.fileName)) {
      if (isTest && use.emitted) continue;
      const declaration = declarationOf(use.node, project.checker);
      if (declaration === undefined || !ts.isVariableDeclaration(declaration) || !ts.isIdentifier(declaration.name))
        continue;
      const declaring = declaration.getSourceFile();
      if (declaring === file || !own.has(declaring)) continue;
      const fileName = path.resolve(declaring.fileName);
      const byName = roles.get(fileName) ?? new Map<string, Set<SchemaRole>>();
      const set = byName.get(declaration.name.text) ?? new Set<SchemaRole>();
      set.add(use.role);
      byName.set(declaration.name.text, set);
      roles.set(fileName, byName);
    }
  }
  externalByProgram.set(project.program, roles);
  return roles;
}

const EMPTY: ReadonlySet<number> = new Set();
const shapesByProgram = new WeakMap<ts.Program, ReturnType<typeof typedShapesByFile> | undefined>();

function shapesOf(program: ts.Program): ReturnType<typeof typedShapesByFile> | undefined {
  if (shapesByProgram.has(program)) return shapesByProgram.get(program);
  let shapes: ReturnType<typeof typedShapesByFile> | undefined;
  try {
    shapes = typedShapesByFile(toolInputSitesOf(programToolsOf(program).surface));
  } catch {
    // A bad agent-contract.config.json: no-broken-id-chain names it; these rules keep to what the file shows.
    shapes = undefined;
  }
  shapesByProgram.set(program, shapes);
  return shapes;
}

/**
 * The program's view of the linted file, or undefined when linting is not type-aware, the program's text of the
 * file is not the text being linted (offsets would not fit), or the discovery could not run.
 */
export function fileToolShapesOf(sourceCode: Readonly<TSESLint.SourceCode>): FileToolShapes | undefined {
  const services = sourceCode.parserServices;
  const program = services?.program;
  if (program === undefined || program === null) return undefined;
  const file = services?.esTreeNodeToTSNodeMap?.get(sourceCode.ast as TSESTree.Program) as ts.SourceFile | undefined;
  if (file === undefined || file.text !== sourceCode.text) return undefined;
  const shapes = shapesOf(program);
  if (shapes === undefined) return undefined;
  const { surface, project } = programToolsOf(program);
  const { discovery } = surface;
  const fileName = path.resolve(file.fileName);
  const entry = shapes.get(fileName);
  return {
    external: externalRolesOf(project).get(fileName) ?? new Map(),
    inputs: entry?.inputs ?? EMPTY,
    outputs: entry?.outputs ?? EMPTY,
    complete: discovery.tools.length > 0 && discovery.unfollowed.length === 0 && surface.serverFiles.includes(file),
  };
}
