import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { CodemodProject, CodemodRunNote } from '../codemod.ts';
import { hasTypeScriptExtension } from './discover-files.ts';
import { isTsconfigName, readTsconfigFileNames } from './tsconfig-files.ts';

/**
 * The project a codemod run reads for cross-file facts: the files it rewrites, plus every file of each tsconfig it
 * was given and of the nearest `tsconfig.json` above each other path, so a schema module named on its own is still
 * judged by the files that use it. Module specifiers resolve as TypeScript resolves them, with the options of the
 * tsconfig nearest each importing file (`paths` aliases included).
 */

function isProjectSource(filePath: string): boolean {
  return (
    hasTypeScriptExtension(filePath) &&
    !filePath.endsWith('.d.ts') &&
    !filePath.split(path.sep).includes('node_modules')
  );
}

/** The tsconfig a path argument names, or the nearest `tsconfig.json` at or above it. */
function tsconfigOf(absolute: string, ts: typeof import('typescript')): string | undefined {
  if (isTsconfigName(absolute)) return absolute;
  let directory = absolute;
  try {
    if (!statSync(absolute).isDirectory()) directory = path.dirname(absolute);
  } catch {
    return undefined;
  }
  return ts.findConfigFile(directory, (file) => ts.sys.fileExists(file));
}

/** The files the run rewrites and those of the tsconfigs around its targets; a tsconfig that does not load adds none. */
export async function projectFilesOf(
  targets: readonly string[],
  cwd: string,
  runFiles: readonly string[],
): Promise<string[]> {
  const ts = (await import('typescript')).default;
  const files = new Set(runFiles);
  const configs = new Set<string>();
  for (const target of targets) {
    const config = tsconfigOf(path.resolve(cwd, target), ts);
    if (config !== undefined) configs.add(config);
  }
  for (const config of configs) {
    try {
      for (const file of await readTsconfigFileNames(config, config)) if (isProjectSource(file)) files.add(file);
    } catch {
      // A named tsconfig that does not load has already stopped the run; a nearby one only widens the search.
    }
  }
  return [...files].sort();
}

/**
 * A `CodemodProject` over `files`; `texts` caches every read, so the run reads each file once, and `notes` receives the
 * run-level notes the codemod records (the same one once).
 */
export async function openProject(
  files: readonly string[],
  texts: Map<string, string | undefined>,
  notes: CodemodRunNote[] = [],
): Promise<CodemodProject> {
  const ts = (await import('typescript')).default;
  const defaults: import('typescript').CompilerOptions = {
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    noEmit: true,
  };
  const configOfDirectory = new Map<string, string | undefined>();
  const settings = new Map<
    string,
    { options: import('typescript').CompilerOptions; cache: import('typescript').ModuleResolutionCache }
  >();
  const nearestConfig = (fromFile: string): string | undefined => {
    const directory = path.dirname(fromFile);
    if (!configOfDirectory.has(directory))
      configOfDirectory.set(
        directory,
        ts.findConfigFile(directory, (file) => ts.sys.fileExists(file)),
      );
    return configOfDirectory.get(directory);
  };
  const settingsFor = (fromFile: string) => {
    const config = nearestConfig(fromFile);
    const key = config ?? '';
    let entry = settings.get(key);
    if (entry === undefined) {
      let options = defaults;
      if (config !== undefined) {
        const read = ts.readConfigFile(config, (file) => ts.sys.readFile(file));
        if (read.error === undefined)
          options = ts.parseJsonConfigFileContent(read.config, ts.sys, path.dirname(config), undefined, config).options;
      }
      entry = {
        options,
        cache: ts.createModuleResolutionCache(path.dirname(config ?? fromFile), (name) => name, options),
      };
      settings.set(key, entry);
    }
    return entry;
  };
  const read = (filePath: string): string | undefined => {
    if (texts.has(filePath)) return texts.get(filePath);
    let text: string | undefined;
    try {
      text = readFileSync(filePath, 'utf8');
    } catch {
      text = undefined;
    }
    texts.set(filePath, text);
    return text;
  };
  const tsconfigs = new Set<string>();
  for (const file of files) {
    const config = nearestConfig(file);
    if (config !== undefined) tsconfigs.add(path.resolve(config));
  }
  return {
    files,
    read,
    tsconfigs: [...tsconfigs].sort(),
    note(message, filePath) {
      if (notes.some((note) => note.message === message && note.filePath === filePath)) return;
      notes.push(filePath === undefined ? { message } : { message, filePath });
    },
    resolveModule(specifier, fromFile) {
      const { options, cache } = settingsFor(fromFile);
      const resolved = ts.resolveModuleName(specifier, fromFile, options, ts.sys, cache).resolvedModule;
      if (resolved === undefined || resolved.isExternalLibraryImport === true) return undefined;
      return path.resolve(resolved.resolvedFileName);
    },
  };
}
