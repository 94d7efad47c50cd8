import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { CodemodRunError } from './errors.ts';
import { findRepositoryRoot, GitignoreFilter } from './gitignore-filter.ts';
import { isTsconfigName, readTsconfigFileNames } from './tsconfig-files.ts';

/** The files a codemod looks at. Declaration files are included: `mightMatch` turns them away cheaply. */
export const TYPESCRIPT_EXTENSIONS: readonly string[] = ['.ts', '.tsx', '.mts', '.cts'];

export function hasTypeScriptExtension(fileName: string): boolean {
  return TYPESCRIPT_EXTENSIONS.includes(path.extname(fileName));
}

function isInsideNodeModules(relativePath: string): boolean {
  return relativePath.split(path.sep).includes('node_modules');
}

function errorCode(error: unknown): string {
  return (error as { code?: unknown }).code?.toString() ?? 'unknown error';
}

/**
 * Turns the path arguments (default `.`) into the sorted, de-duplicated absolute paths of the TypeScript files to
 * look at:
 * - a folder: every `.ts .tsx .mts .cts` file below it, skipping `node_modules`, `.git`, symbolic links and whatever
 *   the `.gitignore` files from the repository root down ignore;
 * - a `tsconfig*.json`: the files it includes (`files`, `include`, `exclude`, `extends`), less `node_modules` and
 *   git-ignored files;
 * - a file: taken as named, even when git ignores it, unless it is not a TypeScript file or sits in `node_modules`
 *   (so a hook may pass every staged file).
 * Throws `CodemodRunError` for a path that does not exist, a tsconfig that does not load, a folder that cannot be read.
 */
export async function discoverFiles(targets: readonly string[], cwd: string): Promise<string[]> {
  const found = new Set<string>();
  const filters = new Map<string, GitignoreFilter>();
  const filterFor = (directory: string): GitignoreFilter => {
    const root = findRepositoryRoot(directory) ?? directory;
    let filter = filters.get(root);
    if (filter === undefined) {
      filter = new GitignoreFilter(root);
      filters.set(root, filter);
    }
    return filter;
  };

  for (const target of targets.length === 0 ? ['.'] : targets) {
    const absolute = path.resolve(cwd, target);
    let kind: 'file' | 'directory' | 'other';
    try {
      const stats = await stat(absolute);
      kind = stats.isFile() ? 'file' : stats.isDirectory() ? 'directory' : 'other';
    } catch (error) {
      const code = errorCode(error);
      if (code === 'ENOENT' || code === 'ENOTDIR') {
        throw new CodemodRunError(`${target}: no such file or folder; check the path (relative paths start at ${cwd})`);
      }
      throw new CodemodRunError(`${target}: cannot be read (${code}); check its permissions`);
    }
    if (kind === 'file' && isTsconfigName(absolute)) {
      const directory = path.dirname(absolute);
      const filter = filterFor(directory);
      for (const file of await readTsconfigFileNames(absolute, target)) {
        if (
          hasTypeScriptExtension(file) &&
          !isInsideNodeModules(path.relative(directory, file)) &&
          !filter.ignores(file, false)
        )
          found.add(file);
      }
    } else if (kind === 'file') {
      if (hasTypeScriptExtension(absolute) && !isInsideNodeModules(path.relative(cwd, absolute))) found.add(absolute);
    } else if (kind === 'directory') {
      await walk(absolute, filterFor(absolute), cwd, found);
    } else {
      // A FIFO or a device read as a source would wait for ever, or never end (/dev/zero).
      throw new CodemodRunError(
        `${target}: not a regular file or folder (a FIFO, a device or a socket); name the TypeScript files or folders to rewrite`,
      );
    }
  }
  return [...found].sort();
}

async function walk(directory: string, filter: GitignoreFilter, cwd: string, found: Set<string>): Promise<void> {
  let entries;
  try {
    entries = await readdir(directory, { withFileTypes: true });
  } catch (error) {
    const shown = path.relative(cwd, directory) || '.';
    throw new CodemodRunError(
      `${shown}: the folder cannot be read (${errorCode(error)}); fix its permissions or pass the folders around it`,
    );
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const entryPath = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      if (entry.name === 'node_modules' || entry.name === '.git' || filter.ignores(entryPath, true)) continue;
      await walk(entryPath, filter, cwd, found);
    } else if (entry.isFile() && hasTypeScriptExtension(entry.name) && !filter.ignores(entryPath, false)) {
      found.add(entryPath);
    }
  }
}
