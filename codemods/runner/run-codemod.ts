import { isUtf8 } from 'node:buffer';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { AtomicWriteError, type AtomicWriteFileSystem, writeFileAtomic } from '../../src/files/write-atomic.ts';
import {
  type Codemod,
  type CodemodEdit,
  type CodemodNewFile,
  type CodemodNote,
  type CodemodRunNote,
  CodemodParseError,
  CodemodRefusal,
} from '../codemod.ts';
import { displayPath } from './display-path.ts';
import { discoverFiles } from './discover-files.ts';
import { CodemodRunError } from './errors.ts';
import { findDirtyRepositories } from './git-status.ts';
import { findRepositoryRoot } from './gitignore-filter.ts';
import { openProject, projectFilesOf } from './project.ts';

/**
 * What happened to one file. `skipped`: `mightMatch` said no match is possible, the file was not parsed (`reason` says
 * why). `unchanged`:
 * parsed, nothing to change. `changed`: the codemod produced new text (written, unless the run writes nothing).
 * `error`: the file does not parse, could not be read, is not valid UTF-8, changed while the codemod ran, or could not
 * be written; nothing was written to it.
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
  /** For a `skipped` file, why it could not contain a match: `no zod import`, `no id-like name`. */
  readonly reason?: string;
  /** A file the run adds to the project (`changed`, from an empty `source`), such as guard-ids' local helper. */
  readonly created?: true;
  /** At least one note of kind `needs-review`. */
  readonly needsReview: boolean;
  readonly edits: readonly ReportedEdit[];
  readonly notes: readonly CodemodNote[];
  /** The text read, for a `changed` file (kept for diffs; dropped for the others to spare memory on large trees). */
  readonly source?: string;
  /** The new text, for a `changed` file (and for an `error` whose write failed, unless the file changed meanwhile). */
  readonly output?: string;
  readonly error?: FileError;
}

export interface RunSummary {
  /** Files looked at: the sum of the four statuses. */
  readonly files: number;
  readonly changed: number;
  /** Files the run adds to the project (not among `files`): `changed` reports marked `created`; absent when none. */
  readonly created?: number;
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
  /** Notes about the whole run (`CodemodProject.note`), in the order recorded: a tsconfig whose program could not be built. */
  readonly notes: readonly CodemodRunNote[];
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

/** The reason of a skipped file when the codemod gives none. */
const SKIP_REASON = 'nothing it could change';

function analyseFile<Options>(
  codemod: Codemod<Options>,
  filePath: string,
  source: string,
  options: Options,
): FileReport {
  let outcome;
  try {
    if (!codemod.mightMatch(source, options)) {
      const reason = codemod.skipReason?.(source, options) ?? SKIP_REASON;
      return { path: filePath, status: 'skipped', reason, needsReview: false, edits: [], notes: [] };
    }
    outcome = codemod.analyse(source, filePath, options);
  } catch (error) {
    if (error instanceof CodemodParseError) {
      const prefix = `${error.filePath}:${error.line}:${error.column}: `;
      const message = error.message.startsWith(prefix) ? error.message.slice(prefix.length) : error.message;
      return {
        path: filePath,
        status: 'error',
        needsReview: false,
        edits: [],
        notes: [],
        error: { message, line: error.line, column: error.column },
      };
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

function summarise(reports: readonly FileReport[]): RunSummary {
  const files = reports.filter((file) => file.created !== true);
  const created = reports.filter((file) => file.created === true && file.status === 'changed').length;
  const count = (status: FileStatus) => files.filter((file) => file.status === status).length;
  return {
    files: files.length,
    changed: count('changed'),

    unchanged: count('unchanged'),
    skipped: count('skipped'),
    needsReview: files.filter((file) => file.needsReview).length,
    errors: count('error') + reports.filter((file) => file.created === true && file.status === 'error').length,
    ...(created === 0 ? {} : { created }),
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
 * The folders a run may write in: each target's folder (a file's own folder), and the git repository holding it, whose
 * diff shows the edits. A symbolic link that leads elsewhere (another repository, say) is not written through.
 */
async function writeRootsOf(targets: readonly string[]): Promise<string[]> {
  const roots = new Set<string>();
  for (const target of targets) {
    const isDirectory = await stat(target).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    const folder = isDirectory ? target : path.dirname(target);
    roots.add(folder);
    const repository = findRepositoryRoot(folder);
    if (repository !== undefined) roots.add(repository);
  }
  return [...roots];
}

/** The 1-based line and column of the first byte of `bytes` that `text` (its UTF-8 decoding) did not keep. */
function firstInvalidByte(bytes: Buffer, text: string): { byte: number; line: number; column: number } {
  let offset = 0;
  let line = 1;
  let column = 1;
  for (const character of text) {
    const encoded = Buffer.from(character, 'utf8');
    if (!bytes.subarray(offset, offset + encoded.length).equals(encoded)) break;
    offset += encoded.length;
    if (character === '\n') {
      line += 1;
      column = 1;
    } else {
      column += 1;
    }
  }
  return { byte: bytes[offset] ?? 0, line, column };
}

const CHANGED_WHILE_RUNNING = 'changed while the codemod ran; run it again';

/** A changed file turned into an error before it was written: its texts go, they are not what the file holds. */
function leftAsItWas(file: FileReport, error: FileError): FileReport {
  return {
    path: file.path,
    status: 'error',
    needsReview: file.needsReview,
    edits: file.edits,
    notes: file.notes,
    error,
  };
}

/**
 * A changed file is written only as the bytes it was analysed from: a file that is not valid UTF-8 would lose the
 * bytes decoding replaced with U+FFFD, also on lines the codemod never touched, and one that changed since the project
 * read it would lose that change. Returns the bytes the writer must still find, or the error that keeps the file as it is.
 */
async function bytesToReplace(file: FileReport, read: Buffer | undefined): Promise<Buffer | FileReport> {
  const source = file.source ?? '';
  let bytes = read;
  try {
    bytes ??= await readFile(file.path);
  } catch {
    return leftAsItWas(file, { message: CHANGED_WHILE_RUNNING });
  }
  if (isUtf8(bytes))
    return bytes.toString('utf8') === source ? bytes : leftAsItWas(file, { message: CHANGED_WHILE_RUNNING });
  if (bytes.toString('utf8') !== source) return leftAsItWas(file, { message: CHANGED_WHILE_RUNNING });
  const { byte, line, column } = firstInvalidByte(bytes, source);
  const message = `not valid UTF-8 (byte 0x${byte.toString(16).padStart(2, '0')}); left as it was, as rewriting it would change bytes the codemod does not edit: convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8) and run again`;
  return leftAsItWas(file, { message, line, column });
}

/**
 * Writes the files the run adds (its `created` reports), each in a folder the user named or the codemod planned; a
 * path that exists by now is left alone. Returns false, with that file's report turned into an error, when one
 * could not be created: then no rewritten file may be written either, as it would import a missing module.
 */
async function createNewFiles(
  files: FileReport[],
  roots: readonly string[],
  fileSystem: AtomicWriteFileSystem | undefined,
): Promise<boolean> {
  for (const [index, file] of files.entries()) {
    if (file.created !== true || file.output === undefined) continue;
    const exists = await stat(file.path).then(
      () => true,
      () => false,
    );
    try {
      if (exists) throw new Error('it appeared while the codemod ran; run it again');
      await writeFileAtomic(file.path, file.output, {
        roots: [...roots, path.dirname(file.path)],
        create: true,
        ...(fileSystem === undefined ? {} : { fileSystem }),
      });
    } catch (error) {
      files[index] = { ...file, status: 'error', error: { message: `not created: ${errorText(error)}` } };
      return false;
    }
  }
  return true;
}

/**
 * Runs one codemod over the files the targets name: reads each, asks `mightMatch`, analyses, and (when `write`)
 * replaces each changed file atomically. A file that does not parse, cannot be read, is not valid UTF-8, changed while
 * the codemod ran or cannot be written becomes an `error` entry, is left as it was, and the run goes on. Before
 * writing anything, a dirty git tree stops the run unless `force`; each file is replaced only if it still holds the
 * bytes the codemod read, and only inside the targets' folders and their git repositories.
 * Files the codemod's `plan` adds are created first, only when some file changes, and never over an existing file.
 * Throws `CodemodRunError` when the run cannot start: a missing path, a tsconfig that does not load, a dirty tree,
 * a codemod that refuses (`CodemodRefusal`).
 */
export async function runCodemod<Options>(run: RunCodemodOptions<Options>): Promise<CodemodRunReport> {
  const cwd = run.cwd ?? process.cwd();
  const targets = run.targets === undefined || run.targets.length === 0 ? ['.'] : run.targets;
  const filePaths = await discoverFiles(targets, cwd);
  const files: FileReport[] = [];
  // Texts the project read already; a file that could not be read there is read again below, to report why.
  const texts = new Map<string, string | undefined>();
  /** The bytes each changed file was analysed from. */
  const originals = new Map<string, Buffer>();
  const notes: CodemodRunNote[] = [];
  let options = run.options;
  let newFiles: readonly CodemodNewFile[] = [];
  let optionsFor = (_filePath: string): Options => options;
  const { plan, withProject } = run.codemod;
  if ((withProject !== undefined || plan !== undefined) && filePaths.length > 0) {
    const project = await openProject(await projectFilesOf(targets, cwd, filePaths), texts, notes);
    if (plan !== undefined) {
      try {
        ({ options, newFiles } = plan.call(run.codemod, project, run.options));
      } catch (error) {
        if (!(error instanceof CodemodRefusal)) throw error;
        const where = error.filePath === undefined ? '' : `${displayPath(error.filePath, cwd)}: `;
        throw new CodemodRunError(`${where}${error.message}`);
      }
    }
    if (withProject !== undefined) optionsFor = withProject.call(run.codemod, project, options);
  }
  run.onProgress?.(0, filePaths.length);
  for (const filePath of filePaths) {
    let source = texts.get(filePath);
    let bytes: Buffer | undefined;
    texts.delete(filePath);
    try {
      if (source === undefined) {
        bytes = await readFile(filePath);
        source = bytes.toString('utf8');
      }
    } catch (error) {
      const code = (error as { code?: unknown }).code?.toString() ?? errorText(error);
      files.push({
        path: filePath,
        status: 'error',
        needsReview: false,
        edits: [],
        notes: [],
        error: { message: `cannot be read (${code}); check its permissions` },
      });
    }
    if (source !== undefined) {
      let report = analyseFile(run.codemod, filePath, source, optionsFor(filePath));
      if (report.status === 'changed') {
        const checked = await bytesToReplace(report, bytes);
        if (Buffer.isBuffer(checked)) originals.set(filePath, checked);
        else report = checked;
      }
      files.push(report);
    }
    run.onProgress?.(files.length, filePaths.length);
  }

  // The files the run adds go first, so every rewritten file finds what it imports.
  if (newFiles.length > 0 && files.some((file) => file.status === 'changed'))
    files.unshift(
      ...newFiles.map((file): FileReport => ({
        path: file.path,
        status: 'changed',
        created: true,
        needsReview: false,
        edits: [],
        notes: [],
        source: '',
        output: file.text,
      })),
    );
  const toWrite = run.write ? files.filter((file) => file.status === 'changed') : [];
  if (toWrite.length === 0)
    return { codemod: run.codemod.name, written: run.write, files, summary: summarise(files), notes };
  const absoluteTargets = targets.map((target) => path.resolve(cwd, target));
  if (run.force !== true) await refuseDirtyTree(absoluteTargets);
  const roots = await writeRootsOf(absoluteTargets);
  const created = await createNewFiles(files, roots, run.fileSystem);
  if (!created) {
    const missing = files.filter((file) => file.created === true).map((file) => displayPath(file.path, cwd));
    for (const [index, file] of files.entries())
      if (file.status === 'changed' && file.created !== true)
        files[index] = leftAsItWas(file, {
          message: `not written: it would import ${missing.join(', ')}, which could not be created (see its error)`,
        });
    return { codemod: run.codemod.name, written: run.write, files, summary: summarise(files), notes };
  }
  for (const [index, file] of files.entries()) {
    if (file.created === true) continue;
    const expected = originals.get(file.path);
    if (file.status !== 'changed' || file.output === undefined || expected === undefined) continue;
    try {
      await writeFileAtomic(file.path, file.output, {
        roots,
        expected,
        ...(run.fileSystem === undefined ? {} : { fileSystem: run.fileSystem }),
      });
    } catch (error) {
      if (error instanceof AtomicWriteError && error.reason === 'changed')
        files[index] = leftAsItWas(file, { message: CHANGED_WHILE_RUNNING });
      else
        files[index] = {
          ...file,
          status: 'error',
          error: {
            message:
              error instanceof AtomicWriteError ? `not written: ${error.message}` : `not written (${errorText(error)})`,
          },
        };
    }
  }
  return { codemod: run.codemod.name, written: run.write, files, summary: summarise(files), notes };
}
