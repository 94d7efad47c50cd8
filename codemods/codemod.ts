import { SourceParseError } from '../src/model/source-parse-error.ts';

/**
 * The contract every codemod meets. A codemod is a pure analysis of one file's text: it never reads or writes files
 * (the runner and the jscodeshift adapter do), and it edits by text splices at positions a real parser found, so
 * every byte it does not mean to change stays identical.
 */

/** One replacement of `source.slice(start, end)` by `text`. Edits of one file never overlap. */
export interface CodemodEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/**
 * Something the person running the codemod should read. `behaviour-change`: the edit changes what some input parses
 * to (e.g. a coerce replaced by a guard); `needs-review`: the codemod could not decide, or left a spot alone on
 * purpose (a comment inside a range it would have replaced); `info`: worth knowing, nothing to do.
 */
export interface CodemodNote {
  readonly kind: 'behaviour-change' | 'needs-review' | 'info';
  /** 1-based line and column in the original source. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** True when the edit also changes the JSON Schema the server publishes (a union or coercion became a guarded string). */
  readonly publishedSchemaChange?: true;
}

export interface CodemodOutcome {
  /** The new text, or undefined when there is nothing to change. */
  readonly output: string | undefined;
  readonly edits: readonly CodemodEdit[];
  readonly notes: readonly CodemodNote[];
}

/** What a codemod may read across the whole project before it analyses any file: see `Codemod.withProject`. */
export interface CodemodProject {
  /** Every TypeScript file of the project, absolute: the files the run rewrites and the files it only reads. */
  readonly files: readonly string[];
  /** A file's text (read once, shared with the run), or undefined when it cannot be read. */
  read(filePath: string): string | undefined;
  /** The file `specifier` names from `fromFile`, resolved as the project's TypeScript resolves it; undefined when it does not resolve. */
  resolveModule(specifier: string, fromFile: string): string | undefined;
  /** The tsconfig nearest each file, absolute, once each: the programs whose checker can say more than syntax. */
  readonly tsconfigs: readonly string[];
  /**
   * Records a note about the whole run rather than one file, such as a tsconfig whose program could not be built: the
   * runner prints each once, before its summary, and lists them in `--json` as `notes`. `filePath` is absolute.
   */
  note(message: string, filePath?: string): void;
}

/** A note about the whole run, as `CodemodProject.note` records it. */
export interface CodemodRunNote {
  readonly message: string;
  /** Absolute; undefined for a note about the project as a whole. */
  readonly filePath?: string;
}

/** A file a run adds to the project, such as guard-ids' local helper module. */
export interface CodemodNewFile {
  /** Absolute. */
  readonly path: string;
  readonly text: string;
}

/** What a codemod decides about the whole run before it analyses any file: see `Codemod.plan`. */
export interface CodemodPlan<Options> {
  /** The options `withProject` and `analyse` get in place of the run's own. */
  readonly options: Options;
  /**
   * Files to create, written (before any rewritten file) only when at least one file changes, so a run with nothing
   * to change adds nothing. A path listed here does not exist yet; a codemod that finds its own file there lists none.
   */
  readonly newFiles: readonly CodemodNewFile[];
}

export interface Codemod<Options> {
  /** The kebab-case name users type: `agent-contract codemod <name>`. */
  readonly name: string;
  /** One sentence for `--help`. */
  readonly description: string;
  /**
   * A cheap test on the raw text (and the file's options, which may carry what the project knows of it): false means
   * no match is possible, and the file is not parsed at all.
   */
  mightMatch(source: string, options?: Options): boolean;
  /**
   * Why `mightMatch` said no, as the report prints it after a count (`no zod import`, `no id-like name`). Optional: a
   * codemod without it is reported as `nothing it could change`.
   */
  skipReason?(source: string, options?: Options): string;
  /** Analyses one file. Throws `CodemodParseError` when the file does not parse. */
  analyse(source: string, filePath: string, options: Options): CodemodOutcome;
  /**
   * Optional: facts gathered across the project before any file is analysed (for `guard-ids`, how other files use
   * each exported schema), handed to `analyse` as the options of each file, so `analyse` stays a pure function of
   * its arguments. A file the project cannot parse is left to `analyse` to report.
   */
  withProject?(project: CodemodProject, options: Options): (filePath: string) => Options;
  /**
   * Optional: decides, from the project, the options of the whole run and the files it adds (for `guard-ids
   * --helper local`, the helper module and the specifier each file imports it by). Throws `CodemodRefusal` when the
   * run must not start.
   */
  plan?(project: CodemodProject, options: Options): CodemodPlan<Options>;
}

/** The run cannot go ahead as asked; the message is the one line the user reads: what is wrong, what to do. */
export class CodemodRefusal extends Error {
  override readonly name = 'CodemodRefusal';
  /** The file the refusal is about, absolute, shown before the message; undefined when it is about the project. */
  readonly filePath: string | undefined;

  constructor(message: string, filePath?: string) {
    super(message);
    this.filePath = filePath;
  }
}

/** The file does not parse; nothing may be written to it. */
export class CodemodParseError extends Error {
  override readonly name = 'CodemodParseError';
  readonly filePath: string;
  readonly line: number;
  readonly column: number;

  constructor(filePath: string, message: string, line: number, column: number) {
    super(`${filePath}:${line}:${column}: ${message}`);
    this.filePath = filePath;
    this.line = line;
    this.column = column;
  }
}

/** Runs an adapter's read of one file, turning its `SourceParseError` into a `CodemodParseError`. */
export function readingFile<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof SourceParseError)
      throw new CodemodParseError(error.filePath, error.reason, error.line, error.column);
    throw error;
  }
}

/** Applies non-overlapping edits to `source`; throws when two edits overlap (a codemod bug, never user input). */
export function applyEdits(source: string, edits: readonly CodemodEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  let output = '';
  let cursor = 0;
  for (const edit of sorted) {
    if (edit.start < cursor) throw new Error(`overlapping codemod edits at offset ${edit.start}`);
    output += source.slice(cursor, edit.start) + edit.text;
    cursor = edit.end;
  }
  return output + source.slice(cursor);
}
