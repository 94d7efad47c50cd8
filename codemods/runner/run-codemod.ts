import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Codemod, type CodemodEdit, type CodemodNote, CodemodParseError } from '../codemod.ts';
import { discoverFiles } from './discover-files.ts';
import { CodemodRunError } from './errors.ts';
import { findDirtyRepositories } from './git-status.ts';
import { openProject, projectFilesOf } from './project.ts';
import { AtomicWriteError, type AtomicWriteFileSystem, nodeFileSystem, writeFileAtomic } from './write-atomic.ts';

/**
 * What happened to one file. `skipped`: `mightMatch` said no match is possible, the file was not parsed. `unchanged`:
 * parsed, nothing to change. `changed`: the codemod produced new text (written, unless the run writes nothing).
 * `error`: the file does not parse, could not be read or could not be written; nothing was written to it.
 * Whether a file needs review is a flag beside the status, not a status: a codemod may leave a spot alone on purpose
 * (an unchanged file) or change a file and still ask for a look.
 */
export type FileStatus = 'changed' | 'unchanged' | 'skipped' | 'error';

/** A codemod edit with the 1-based line and column of its start in the original source. */
export interface ReportedEdit extends CodemodEdit {
  readonly line: number;
  readonly column: number;
}

export interface FileError {
  readonly message: string;
  /** Where the parser stopped, for a file that does not parse. */
  readonly line?: number;
  readonly column?: number;
}

export interface FileReport {
  /** Absolute path. */
  readonly path: string;
  readonly status: FileStatus;
  /** At least one note of kind `needs-review`. */
  readonly needsReview: boolean;
  readonly edits: readonly ReportedEdit[];
  readonly notes: readonly CodemodNote[];
  /** The text read, for a `changed` file (kept for diffs; dropped for the others to spare memory on large trees). */
  readonly source?: string;
  /** The new text, for a `changed` file (and for an `error` whose write failed). */
  readonly output?: string;
  readonly error?: FileError;
}

export interface RunSummary {
  /** Files looked at: the sum of the four statuses. */
  readonly files: number;
  readonly changed: number;
  readonly unchanged: number;
  readonly skipped: number;
  /** Files with at least one `needs-review` note, whatever their status. */
  readonly needsReview: number;
  readonly errors: number;
}

export interface CodemodRunReport {
  readonly codemod: string;
  /** Whether this run wrote the changed files (false for a dry run, a print run or a check). */
  readonly written: boolean;
  readonly files: readonly FileReport[];
  readonly summary: RunSummary;
}

export interface RunCodemodOptions<Options> {
  readonly codemod: Codemod<Options>;
  /** Handed to `codemod.analyse` for every file, e.g. `{ importFrom }`. */
  readonly options: Options;
  /** Files, folders and `tsconfig*.json` files; `['.']` when empty or left out. */
  readonly targets?: readonly string[];
  /** Where relative targets start; `process.cwd()` when left out. */
  readonly cwd?: string;
  /** Write changed files. When false nothing is written, and the git tree may be dirty. */
  readonly write: boolean;
  /** Write even when a repository holding the targets has uncommitted changes to tracked files. */
  readonly force?: boolean;
  /** Called with 0 before the first file and after each file, with the number of files discovered. */
  readonly onProgress?: (done: number, total: number) => void;
  /** For tests: the file-system calls the atomic write makes. */
  readonly fileSystem?: AtomicWriteFileSystem;
}

function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf('\n') + 1;
  return { line: before.split('\n').length, column: offset - lineStart + 1 };
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function analyseFile<Options>(codemod: Codemod<Options>, filePath: string, source: string, options: Options): FileReport {
  let outcome;
  try {
    if (!codemod.mightMatch(source)) return { path: filePath, status: 'skipped', needsReview: false, edits: [], notes: [] };
    outcome = codemod.analyse(source, filePath, options);
  } catch (error) {
    if (error instanceof CodemodParseError) {
      const prefix = `${error.filePath}:${error.line}:${error.column}: `;
      const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
      return { path: filePath, status: 'error', needsReview: false, edits: [], notes: [], error: { message, line: error.line, column: error.column } };
    }
    // A crash on one file must not cost the user the others; it is still a bug in the codemod.
    const message = `the ${codemod.name} codemod failed on this file (${errorText(error)}); this is a bug in the codemod, please report it with the file`;
    return { path: filePath, status: 'error', needsReview: false, edits: [], notes: [], error: { message } };
  }
  const edits = outcome.edits.map((edit) => ({ ...edit, ...lineAndColumn(source, edit.start) }));
  const needsReview = outcome.notes.some((note) => note.kind === 'needs-review');
  const common = { path: filePath, needsReview, edits, notes: outcome.notes };
  if (outcome.output === undefined || outcome.output === source) return { ...common, status: 'unchanged' };
  return { ...common, status: 'changed', source, output: outcome.output };
}

function summarise(files: readonly FileReport[]): RunSummary {
  const count = (status: FileStatus) => files.filter((file) => file.status === status).length;
  return {
    files: files.length,
    changed: count('changed'),
    unchanged: count('unchanged'),
    skipped: count('skipped'),
    needsReview: files.filter((file) => file.needsReview).length,
    errors: count('error'),
  };
}

async function refuseDirtyTree(targets: readonly string[]): Promise<void> {
  const [dirty] = await findDirtyRepositories(targets);
  if (dirty === undefined) return;
  const examples = dirty.changedFiles.slice(0, 3).join(', ') + (dirty.changedFiles.length > 3 ? ', ...' : '');
  const count = dirty.changedFiles.length === 1 ? '1 tracked file' : `${dirty.changedFiles.length} tracked files`;
  throw new CodemodRunError(
    `the git repository ${dirty.root} has uncommitted changes to ${count} (${examples}); commit or stash them first so the codemod's edits can be reviewed on their own, or pass --force`,
  );
}

/**
 * Runs one codemod over the files the targets name: reads each, asks `mightMatch`, analyses, and (when `write`)
 * replaces each changed file atomically. A file that does not parse, cannot be read or cannot be written becomes an
 * `error` entry and the run goes on. Before writing anything, a dirty git tree stops the run unless `force`.
 * Throws `CodemodRunError` when the run cannot start: a missing path, a tsconfig that does not load, a dirty tree.
 */
export async function runCodemod<Options>(run: RunCodemodOptions<Options>): Promise<CodemodRunReport> {
  const cwd = run.cwd ?? process.cwd();
  const targets = run.targets === undefined || run.targets.length === 0 ? ['.'] : run.targets;
  const filePaths = await discoverFiles(targets, cwd);
  const files: FileReport[] = [];
  // Texts the project read already; a file that could not be read there is read again below, to report why.
  const texts = new Map<string, string | undefined>();
  let optionsFor = (_filePath: string): Options => run.options;
  if (run.codemod.withProject !== undefined && filePaths.length > 0) {
    const project = await openProject(await projectFilesOf(targets, cwd, filePaths), texts);
    optionsFor = run.codemod.withProject(project, run.options);
  }
  run.onProgress?.(0, filePaths.length);
  for (const filePath of filePaths) {
    let source = texts.get(filePath);
    texts.delete(filePath);
    try {
      source ??= await readFile(filePath, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown }).code?.toString() ?? errorText(error);
      files.push({ path: filePath, status: 'error', needsReview: false, edits: [], notes: [], error: { message: `cannot be read (${code}); check its permissions` } });
    }
    if (source !== undefined) files.push(analyseFile(run.codemod, filePath, source, optionsFor(filePath)));
    run.onProgress?.(files.length, filePaths.length);
  }

  const toWrite = run.write ? files.filter((file) => file.status === 'changed') : [];
  if (toWrite.length > 0 && run.force !== true) await refuseDirtyTree(targets.map((target) => path.resolve(cwd, target)));
  for (const [index, file] of files.entries()) {
    if (!run.write || file.status !== 'changed' || file.output === undefined) continue;
    try {
      await writeFileAtomic(file.path, file.output, run.fileSystem ?? nodeFileSystem);
    } catch (error) {
      const message = error instanceof AtomicWriteError ? `cannot be written: ${error.message}` : `cannot be written (${errorText(error)})`;
      files[index] = { ...file, status: 'error', error: { message } };
    }
  }
  return { codemod: run.codemod.name, written: run.write, files, summary: summarise(files) };
}
