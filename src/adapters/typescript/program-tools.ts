import { isTestFile } from '../../model/test-files.ts';
import path from 'node:path';
import type { TSESLint, TSESTree } from '@typescript-eslint/utils';
import ts from 'typescript';
import { TypeScriptSchemaReader } from './from-typescript.ts';
import { relativeTo, type AuditProject } from './load-project.ts';
import { ProgramChains } from './chain-findings.ts';
import { createChainReadCache, projectChainsOf, projectOfProgram, type ChainReadCache } from './project-chains.ts';
import { discoverProjectTools, toolInputSitesOf, typedShapesByFile, type ProjectTools } from './tool-surface.ts';
import { importedSchemaUsesOf } from './shapes-from-typescript.ts';
import type { SchemaRole } from '../../model/schema-role.ts';

/**
 * Typed lint's per-file read: the tools of the program typescript-eslint hands the rules when linting is type-aware, discovered once per program
 * for every rule of the plugin: the same discovery the audit and the codemods run (tool classes, configs held in
 * consts, shapes exported from one file and registered in another).
 */

export interface ProgramTools {
  /** The folder of the program's tsconfig (or its current directory): where `agent-contract.config.json` is read. */
  readonly root: string;
  readonly project: AuditProject;
  readonly surface: ProjectTools;
}

/** A program's tools, and what the syntax rules read of them, each worked out on first use. */
interface ProgramReading {
  tools?: ProgramTools;
  /** Undefined when the discovery threw (a bad agent-contract.config.json). */
  shapes?: ReturnType<typeof typedShapesByFile> | undefined;
  external?: ExternalRoles;
  chains?: ProgramChains;
}

const readings = new WeakMap<ts.Program, ProgramReading>();

function readingOf(program: ts.Program): ProgramReading {
  let reading = readings.get(program);
  if (reading === undefined) {
    reading = {};
    readings.set(program, reading);
  }
  return reading;
}

/** The program's tools; throws `ConfigError` for a bad `agent-contract.config.json`. */
export function programToolsOf(program: ts.Program): ProgramTools {
  const reading = readingOf(program);
  if (reading.tools !== undefined) return reading.tools;
  const tsconfig = program.getCompilerOptions().configFilePath;
  const root = typeof tsconfig === 'string' ? path.dirname(tsconfig) : program.getCurrentDirectory();
  const project = projectOfProgram(program, root, typeof tsconfig === 'string' ? tsconfig : undefined);
  reading.tools = { root, project, surface: discoverProjectTools(project) };
  return reading.tools;
}

// typescript-eslint hands every file of one project the same program while nothing changes, so the chains are read
// once per program; a new program of the same project (after an edit in an editor running ESLint) reads again only
// the tools of the changed files.
const chainCaches = new Map<string, ChainReadCache>();

/** The program's chains, as findings in one file; throws `ConfigError` for a bad `agent-contract.config.json`. */
export function programChainsOf(program: ts.Program): ProgramChains {
  const reading = readingOf(program);
  if (reading.chains !== undefined) return reading.chains;
  const { root, project, surface } = programToolsOf(program);
  let cache = chainCaches.get(root);
  if (cache === undefined) {
    cache = createChainReadCache();
    chainCaches.set(root, cache);
  }
  reading.chains = new ProgramChains(projectChainsOf(project, { cache, surface }));
  return reading.chains;
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

/** Text a file needs before any of its uses can give an imported schema a role (see `importedSchemaUsesOf`). */
const ROLE_USE_HINT = /parse|[Ss]chema|[Ss]hape|[Ii]nput|[Oo]utput|[Pp]aram|[Aa]rg|[Rr]esult|[Rr]espon/;

/** Per declaring file and top-level const: the roles the program's other files give it by their uses. */
function externalRolesOf({ project, surface }: ProgramTools): ExternalRoles {
  const roles: ExternalRoles = new Map();
  const own = new Set(project.sourceFiles);
  for (const file of project.sourceFiles) {
    if (!ROLE_USE_HINT.test(file.text)) continue;
    // Tests parse values in arrows all the time (`expect(() => Args.parse(v)).toThrow()`): that is no emitter.
    const isTest = isTestFile(relativeTo(project.root, file.fileName));
    for (const use of importedSchemaUsesOf(new TypeScriptSchemaReader(file), file.fileName)) {
      if (isTest && use.emitted) continue;
      let declaration = surface.resolver.declarationOf(use.node);
      // `schemas.TicketSchema` through `import * as schemas`: the member names the export.
      const { parent } = use.node;
      if (declaration !== undefined && ts.isSourceFile(declaration) && ts.isPropertyAccessExpression(parent))
        declaration = surface.resolver.declarationOf(parent.name);
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
  return roles;
}

const EMPTY: ReadonlySet<number> = new Set();

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
  const reading = readingOf(program);
  if (!('shapes' in reading)) {
    try {
      reading.shapes = typedShapesByFile(toolInputSitesOf(programToolsOf(program).surface));
    } catch {
      // A bad agent-contract.config.json: no-broken-id-chain names it; these rules keep to what the file shows.
      reading.shapes = undefined;
    }
  }
  const { shapes, tools } = reading;
  if (shapes === undefined || tools === undefined) return undefined;
  reading.external ??= externalRolesOf(tools);
  const { discovery } = tools.surface;
  const fileName = path.resolve(file.fileName);
  const entry = shapes.get(fileName);
  return {
    external: reading.external.get(fileName) ?? new Map(),
    inputs: entry?.inputs ?? EMPTY,
    outputs: entry?.outputs ?? EMPTY,
    complete:
      discovery.tools.length > 0 && discovery.unfollowed.length === 0 && tools.surface.serverFiles.includes(file),
  };
}
