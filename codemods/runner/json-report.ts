import { displayPath } from './display-path.ts';
import type { CodemodRunReport, FileReport, RunSummary } from './run-codemod.ts';
import { unifiedDiff } from './unified-diff.ts';

/** A file of the run as `--json` prints it: the run's own report, with a relative path and without the texts read. */
export interface JsonFileReport extends Pick<
  FileReport,
  'status' | 'reason' | 'created' | 'needsReview' | 'edits' | 'notes' | 'error'
> {
  /** Relative to the working folder, forward slashes. */
  readonly path: string;
  /** With `--dry`, for a changed file. */
  readonly diff?: string;
  /** With `--print`, for a changed file. */
  readonly output?: string;
}

export interface JsonReport {
  readonly codemod: string;
  readonly written: boolean;
  readonly summary: RunSummary;
  readonly files: readonly JsonFileReport[];
  /** Notes about the whole run, `file` relative like the files' paths; absent when there are none. */
  readonly notes?: readonly { readonly file?: string; readonly message: string }[];
}

export interface JsonReportOptions {
  readonly cwd: string;
  readonly includeDiff?: boolean;
  readonly includeOutput?: boolean;
}

/** `--json`: the report as plain data, every file (skipped ones too), paths relative to `cwd`. */
export function toJsonReport(report: CodemodRunReport, options: JsonReportOptions): JsonReport {
  const files = report.files.map((file): JsonFileReport => {
    const shown = displayPath(file.path, options.cwd);
    const changed = file.status === 'changed' && file.source !== undefined && file.output !== undefined;
    return {
      path: shown,
      status: file.status,
      ...(file.reason === undefined ? {} : { reason: file.reason }),
      ...(file.created === true ? { created: true as const } : {}),
      needsReview: file.needsReview,
      edits: file.edits,
      notes: file.notes,
      ...(file.error === undefined ? {} : { error: file.error }),
      ...(changed && options.includeDiff === true
        ? { diff: unifiedDiff(shown, file.source ?? '', file.output ?? '') }
        : {}),
      ...(changed && options.includeOutput === true ? { output: file.output } : {}),
    };
  });
  const notes = (report.notes ?? []).map((note) =>
    note.filePath === undefined
      ? { message: note.message }
      : { file: displayPath(note.filePath, options.cwd), message: note.message },
  );
  return {
    codemod: report.codemod,
    written: report.written,
    summary: report.summary,
    files,
    ...(notes.length === 0 ? {} : { notes }),
  };
}
