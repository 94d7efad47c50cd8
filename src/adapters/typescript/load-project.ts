import { existsSync, readdirSync, statSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import ts from 'typescript';
import { installedMajor } from '../packages/installed-version.ts';

/**
 * The TypeScript program an audit reads: a project folder (with its own tsconfig.json, or without one: its TypeScript
 * files, checked with the options of the nearest tsconfig.json above it) or a tsconfig file.
 */

export interface AuditProject {
  /** The folder reports are relative to. */
  readonly root: string;
  /** The tsconfig the program was built from; for a folder without one, the tsconfig its options came from, if any. */
  readonly tsconfig: string | undefined;
  /** True when the files are the folder's own and only the options came from `tsconfig`. */
  readonly optionsOnly: boolean;
  readonly program: ts.Program;
  readonly checker: ts.TypeChecker;
  /** The project's own source files: not declaration files, not under node_modules. */
  readonly sourceFiles: readonly ts.SourceFile[];
  /** The options as the tsconfig writes them, before the audit resolves packages by their exports. */
  readonly ownOptions: ts.CompilerOptions;
}

export class ProjectError extends Error {
  override readonly name = 'ProjectError';
}

const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'build', 'out', 'coverage', '.git']);
const TS_FILE = /\.(?:ts|tsx|mts|cts)$/;
/** TypeScript files under `directory`, skipping node_modules, build output and hidden folders. */
export function typeScriptFilesUnder(directory: string, limit = 20_000): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    let entries: import('node:fs').Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (found.length >= limit) return;
      if (entry.isDirectory()) {
        if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) walk(path.join(dir, entry.name));
      } else if (entry.isFile() && TS_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        found.push(path.join(dir, entry.name));
      }
    }
  };
  walk(directory);
  return found.sort();
}

function formatDiagnostic(diagnostic: ts.Diagnostic): string {
  return ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
}

interface ParsedConfig {
  readonly fileNames: string[];
  readonly options: ts.CompilerOptions;
  readonly projectReferences: readonly ts.ProjectReference[] | undefined;
}

function parseConfig(configPath: string): ParsedConfig {
  const read = ts.readConfigFile(configPath, ts.sys.readFile);
  if (read.error !== undefined)
    throw new ProjectError(`${configPath}: ${formatDiagnostic(read.error)}; fix the tsconfig or pass another one`);
  const parsed = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(configPath), undefined, configPath);
  // "No inputs were found" (18003) is answered below with a clearer message; other errors make the config unusable.
  const fatal = parsed.errors.filter((error) => error.code !== 18003 && error.category === ts.DiagnosticCategory.Error);
  if (fatal.length > 0 && parsed.fileNames.length === 0) {
    throw new ProjectError(
      `${configPath}: ${formatDiagnostic(fatal[0] as ts.Diagnostic)}; fix the tsconfig or pass another one`,
    );
  }
  let { fileNames, options } = parsed;
  // A solution-style tsconfig (`"files": []` and references): audit what its references include.
  if (fileNames.length === 0 && parsed.projectReferences !== undefined) {
    const names = new Set<string>();
    let referencedOptions: ts.CompilerOptions | undefined;
    for (const reference of parsed.projectReferences) {
      const referencePath = ts.resolveProjectReferencePath(reference);
      if (!existsSync(referencePath)) continue;
      const child = parseConfig(referencePath);
      for (const name of child.fileNames) names.add(name);
      referencedOptions ??= child.options;
    }
    fileNames = [...names];
    options = referencedOptions ?? options;
  }
  return { fileNames, options, projectReferences: undefined };
}

/** The module resolution TypeScript uses for these options when the tsconfig names none. */
function moduleResolutionOf(options: ts.CompilerOptions): ts.ModuleResolutionKind {
  if (options.moduleResolution !== undefined) return options.moduleResolution;
  const module =
    options.module ??
    ((options.target ?? ts.ScriptTarget.ES5) >= ts.ScriptTarget.ES2015 ? ts.ModuleKind.ES2015 : ts.ModuleKind.CommonJS);
  if (module === ts.ModuleKind.Node16) return ts.ModuleResolutionKind.Node16;
  if (module > ts.ModuleKind.Node16 && module <= ts.ModuleKind.NodeNext) return ts.ModuleResolutionKind.NodeNext;
  if (module === ts.ModuleKind.Preserve) return ts.ModuleResolutionKind.Bundler;
  return module === ts.ModuleKind.CommonJS ? ts.ModuleResolutionKind.Node10 : ts.ModuleResolutionKind.Classic;
}

/**
 * The options the audit reads the project with: packages are resolved by their `exports`, as Node resolves them when
 * the server runs. A tsconfig on the old `node` (node10) or `classic` resolution reads the MCP SDK's declarations past
 * their exports, where its types for Zod 3.25 cannot settle: one `server.tool(name, description, schema.shape,
 * handler)` then costs the checker some ten million type instantiations and 2.4 GB (TS2589), so a server with a dozen
 * tools exhausts the heap. Resolved by exports the same call costs thirty-six thousand. The project's own files, and
 * every other option, are read as its tsconfig says.
 */
export function resolvedByExports(options: ts.CompilerOptions): ts.CompilerOptions {
  const resolution = moduleResolutionOf(options);
  if (resolution !== ts.ModuleResolutionKind.Node10 && resolution !== ts.ModuleResolutionKind.Classic) return options;
  const module = options.module ?? ts.ModuleKind.CommonJS;
  const esModule = module >= ts.ModuleKind.ES2015 && module <= ts.ModuleKind.ESNext;
  return {
    ...options,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    ...(esModule || module === ts.ModuleKind.Preserve ? {} : { module: ts.ModuleKind.ESNext }),
  };
}

/**
 * Where an import leads: by the options the program is read with (packages by their exports), or, for a package import
 * of the project's own files that those leave unresolved, as the project's own compiler resolves it (`ownOptions`). A
 * project on the old `node` resolution that imports `pkg/sub` with no extension compiles, through the package's
 * `typesVersions`, where the package's exports (`./*` to `./dist/*`, no types condition) lead nowhere. Only the import
 * itself is resolved the old way: the package's own declarations are read by exports, as before.
 */
export function resolveImport(
  name: string,
  containingFile: string,
  options: ts.CompilerOptions,
  ownOptions: ts.CompilerOptions,
  host: ts.ModuleResolutionHost,
  resolve: (
    name: string,
    containingFile: string,
    options: ts.CompilerOptions,
  ) => ts.ResolvedModuleWithFailedLookupLocations = (moduleName, file, compilerOptions) =>
    ts.resolveModuleName(moduleName, file, compilerOptions, host),
): ts.ResolvedModuleWithFailedLookupLocations {
  const byExports = resolve(name, containingFile, options);
  if (byExports.resolvedModule !== undefined || options === ownOptions) return byExports;
  if (name.startsWith('.') || name.startsWith('/') || containingFile.includes('/node_modules/')) return byExports;
  const own = ts.resolveModuleName(name, containingFile, ownOptions, host);
  return own.resolvedModule !== undefined ? own : byExports;
}

/**
 * The `@types` packages as the project's own compiler includes them. TypeScript 6 includes none unless `types` names
 * them, where TypeScript 5 included every one: a project that names none and compiles with TypeScript 5 (or has no
 * TypeScript of its own) is read with all of them (`"types": ["*"]`) when the audit runs on TypeScript 6, or
 * `node:fs` and the like read as `any`.
 */
export function withProjectTypes(options: ts.CompilerOptions, root: string): ts.CompilerOptions {
  if (options.types !== undefined || Number.parseInt(ts.version, 10) < 6) return options;
  const own = installedMajor('typescript', root);
  return own !== undefined && own >= 6 ? options : { ...options, types: ['*'] };
}

const DEFAULT_OPTIONS: ts.CompilerOptions = {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  skipLibCheck: true,
  allowImportingTsExtensions: true,
};

export interface LoadOptions {
  /** Called for every file the program reads, for a progress line. */
  readonly onFileRead?: (count: number) => void;
}

/** Builds the program for `target` (a folder or a tsconfig file). Throws `ProjectError` with the next step to take. */
export function loadProject(target: string, options: LoadOptions = {}): AuditProject {
  const absolute = path.resolve(target);
  if (!existsSync(absolute))
    throw new ProjectError(`${target}: no such file or folder; pass a project folder or its tsconfig.json`);
  let root: string;
  let tsconfig: string | undefined;
  let optionsOnly = false;
  let config: ParsedConfig;
  if (statSync(absolute).isFile()) {
    if (!absolute.endsWith('.json'))
      throw new ProjectError(`${target}: not a folder or a tsconfig file; pass a project folder or its tsconfig.json`);
    root = path.dirname(absolute);
    tsconfig = absolute;
    config = parseConfig(absolute);
  } else {
    root = absolute;
    const own = path.join(absolute, 'tsconfig.json');
    if (existsSync(own)) {
      tsconfig = own;
      config = parseConfig(own);
    } else {
      const files = typeScriptFilesUnder(absolute);
      if (files.length === 0) {
        throw new ProjectError(
          `${target}: no tsconfig.json and no TypeScript files; run the audit in a TypeScript project folder or pass its tsconfig.json`,
        );
      }
      const above = ts.findConfigFile(path.dirname(absolute), ts.sys.fileExists);
      const inherited = above === undefined ? undefined : parseConfig(above);
      tsconfig = above;
      optionsOnly = true;
      config = { fileNames: files, options: inherited?.options ?? DEFAULT_OPTIONS, projectReferences: undefined };
    }
  }
  if (config.fileNames.length === 0) {
    throw new ProjectError(
      `${tsconfig ?? target}: includes no TypeScript files; check its "include"/"files", or pass the project folder`,
    );
  }
  const compilerOptions: ts.CompilerOptions = {
    ...withProjectTypes(resolvedByExports(config.options), root),
    noEmit: true,
  };
  delete compilerOptions.composite;
  delete compilerOptions.incremental;
  delete compilerOptions.tsBuildInfoFile;
  const host = ts.createCompilerHost(compilerOptions, true);
  const ownOptions = { ...config.options, noEmit: true };
  if (compilerOptions.moduleResolution !== config.options.moduleResolution) {
    const cache = ts.createModuleResolutionCache(root, (name) => host.getCanonicalFileName(name), compilerOptions);
    host.resolveModuleNameLiterals = (literals, containingFile, redirected, options, containingSourceFile) =>
      literals.map((literal) =>
        resolveImport(literal.text, containingFile, options, ownOptions, host, (name, file, byOptions) =>
          ts.resolveModuleName(
            name,
            file,
            byOptions,
            host,
            cache,
            redirected,
            ts.getModeForUsageLocation(containingSourceFile, literal, byOptions),
          ),
        ),
      );
  }
  // As tsc does: JSDoc in TypeScript files is parsed only where it can change a type (TypeScript 5.3 and later).
  host.jsDocParsingMode = ts.JSDocParsingMode.ParseForTypeErrors;
  if (options.onFileRead !== undefined) {
    const getSourceFile = host.getSourceFile.bind(host);
    let count = 0;
    const report = options.onFileRead;
    host.getSourceFile = (...args) => {
      count += 1;
      report(count);
      return getSourceFile(...args);
    };
  }
  const program = ts.createProgram({ rootNames: config.fileNames, options: compilerOptions, host });
  const checker = program.getTypeChecker();
  const sourceFiles = program
    .getSourceFiles()
    .filter(
      (file) =>
        !file.isDeclarationFile &&
        !program.isSourceFileFromExternalLibrary(file) &&
        !file.fileName.includes('/node_modules/'),
    );
  return { root, tsconfig, optionsOnly, program, checker, sourceFiles, ownOptions };
}

/** The project's files that do not type-check (syntax or types), and the first messages: a full type-check. */
export function typeErrorsOf(project: AuditProject, limit = 5): { files: number; messages: string[] } {
  return errorsOf(project, true, limit);
}

/** The project's files with syntax errors, and the first messages: what parsing already found, no type-check. */
export function syntaxErrorsOf(project: AuditProject, limit = 5): { files: number; messages: string[] } {
  return errorsOf(project, false, limit);
}

function errorsOf(project: AuditProject, semantic: boolean, limit: number): { files: number; messages: string[] } {
  const { program } = project;
  const messages: string[] = [];
  let files = 0;
  for (const sourceFile of project.sourceFiles) {
    const diagnostics = [
      ...program.getSyntacticDiagnostics(sourceFile),
      ...(semantic ? program.getSemanticDiagnostics(sourceFile) : []),
    ].filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
    if (diagnostics.length === 0) continue;
    files += 1;
    for (const diagnostic of diagnostics) {
      if (messages.length >= limit || diagnostic.start === undefined) break;
      const { line } = sourceFile.getLineAndCharacterOfPosition(diagnostic.start);
      messages.push(`${relativeTo(project.root, sourceFile.fileName)}:${line + 1}: ${formatDiagnostic(diagnostic)}`);
    }
  }
  return { files, messages };
}

/** Node's own modules (`fs`, `node:fs/promises`): their types come from `@types/node`. */
const NODE_BUILTINS = new Set(builtinModules);

/** The package a bare import names: `zod` of `zod/v4`, `@scope/name` of `@scope/name/sub`, `@types/node` of `node:fs`. */
function packageOf(specifier: string): string {
  if (specifier.startsWith('node:') || NODE_BUILTINS.has(specifier.split('/')[0] ?? '')) return '@types/node';
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? specifier);
}

/** What a file's import and export declarations name: `'zod'` of `import { z } from 'zod'`, `import x = require('y')`. */
export function moduleSpecifiersOf(file: ts.SourceFile): ts.Expression[] {
  const specifiers: ts.Expression[] = [];
  for (const statement of file.statements) {
    if ((ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier)
      specifiers.push(statement.moduleSpecifier);
    else if (ts.isImportEqualsDeclaration(statement) && ts.isExternalModuleReference(statement.moduleReference))
      specifiers.push(statement.moduleReference.expression);
  }
  return specifiers;
}

/**
 * The packages the project's own files import that cannot be found from where they are imported (not installed, or
 * no `@types/node` for Node's modules), sorted: the checker reads whatever comes from them as `any`. A package found
 * without types is not counted (its values are `any` by the package's own choice, and the audit says so where it
 * matters).
 */
export function missingPackagesOf(project: AuditProject): string[] {
  const { checker, program } = project;
  const options = program.getCompilerOptions();
  const missing = new Set<string>();
  for (const file of project.sourceFiles) {
    for (const specifier of moduleSpecifiersOf(file)) {
      if (!ts.isStringLiteral(specifier)) continue;
      const name = specifier.text;
      if (name.startsWith('.') || name.startsWith('/') || missing.has(packageOf(name))) continue;
      if (checker.getSymbolAtLocation(specifier) !== undefined) continue;
      // Found without types (a JavaScript package) is not missing; a path alias of the tsconfig resolves here too.
      if (resolveImport(name, file.fileName, options, project.ownOptions, ts.sys).resolvedModule !== undefined)
        continue;
      missing.add(packageOf(name));
    }
  }
  return [...missing].sort();
}

/** `src/tools.ts` for a file under the project folder, `../shared/x.ts` for one beside it; always with `/`. */
export function relativeTo(root: string, fileName: string): string {
  const relative = path.relative(root, fileName);
  return (relative === '' ? path.basename(fileName) : relative).split(path.sep).join('/');
}
