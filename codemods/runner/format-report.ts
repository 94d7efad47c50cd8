import type { Colors } from './colors.ts';
import type { CodemodNote } from '../codemod.ts';
import { displayPath } from './display-path.ts';
import type { CodemodRunReport } from './run-codemod.ts';
import { unifiedDiff } from './unified-diff.ts';

export interface FormatOptions {
  /** Paths are shown relative to this folder. */
  readonly cwd: string;
  /** picocolors' `createColors(enabled)`; colours only when the output is a terminal. */
  readonly colors: Colors;
}

export interface SummaryOptions extends FormatOptions {
  /** The flag that kept this run from writing (`--check`, `--dry`, `--print`), for the closing sentence. */
  readonly notWrittenBecause?: string;
}

function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : pluralForm}`;
}

function colorKind(kind: CodemodNote['kind'] | 'error' | 'note', colors: Colors): string {
  if (kind === 'error') return colors.red(kind);
  if (kind === 'needs-review') return colors.yellow(kind);
  if (kind === 'behaviour-change') return colors.magenta(kind);
  return colors.dim(kind);
}

/** ` (118 no zod import, 2 no id-like name)`: why the skipped files were skipped, most first; '' for none. */
function skipReasons(report: CodemodRunReport): string {
  const counts = new Map<string, number>();
  for (const file of report.files)
    if (file.status === 'skipped') counts.set(file.reason ?? '', (counts.get(file.reason ?? '') ?? 0) + 1);
  if (counts.size === 0) return '';
  const parts = [...counts].sort((a, b) => b[1] - a[1]).map(([reason, count]) => `${count} ${reason}`.trimEnd());
  return ` (${parts.join(', ')})`;
}

/**
 * The closing summary: one line per changed file, then every note and error as `file:line:col  kind  message`, then
 * the counts and what to do next. A run in which no file had anything to change says exactly that, never "done".
 */
export function formatSummary(report: CodemodRunReport, options: SummaryOptions): string {
  const { cwd, colors } = options;
  const { summary } = report;
  const blocks: string[][] = [];

  const changedLines = report.files
    .filter((file) => file.status === 'changed')
    .map(
      (file) =>
        `${colors.green(file.created === true ? 'created' : 'changed')}  ${displayPath(file.path, cwd)}${file.needsReview ? `  ${colors.yellow('(needs review)')}` : ''}`,
    );
  if (changedLines.length > 0) blocks.push(changedLines);

  const findings: string[] = [];
  for (const file of report.files) {
    const shown = displayPath(file.path, cwd);
    for (const note of file.notes)
      findings.push(`${shown}:${note.line}:${note.column}  ${colorKind(note.kind, colors)}  ${note.message}`);
    if (file.error !== undefined) {
      const where = file.error.line === undefined ? shown : `${shown}:${file.error.line}:${file.error.column ?? 1}`;
      findings.push(`${where}  ${colorKind('error', colors)}  ${file.error.message}`);
    }
  }
  if (findings.length > 0) blocks.push(findings);

  // Run-level notes (a tsconfig whose program could not be built) bear on every file above, so they come after them.
  const runNotes = (report.notes ?? []).map(
    (note) =>
      `${note.filePath === undefined ? '' : `${displayPath(note.filePath, cwd)}  `}${colorKind('note', colors)}  ${note.message}`,
  );
  if (runNotes.length > 0) blocks.push(runNotes);

  if (summary.changed === 0 && summary.errors === 0 && summary.needsReview === 0) {
    blocks.push([
      `no file had anything to change: ${plural(summary.files, 'file')} scanned, ${summary.skipped} could not contain a match${skipReasons(report)}`,
    ]);
    return blocks.map((block) => block.join('\n')).join('\n\n');
  }

  const closing = [
    `${summary.changed} changed, ${summary.created === undefined ? '' : `${summary.created} created, `}${summary.unchanged} unchanged, ${summary.skipped} skipped${skipReasons(report)}, ${summary.needsReview} needs review, ` +
      `${plural(summary.errors, 'error')} (${plural(summary.files, 'file')} scanned)`,
  ];
  if (summary.changed > 0) {
    const created = summary.created === undefined ? '' : ` and created ${plural(summary.created, 'file')}`;
    if (report.written) {
      closing.push(
        `Wrote ${plural(summary.changed, 'file')}${created}; review the changes with git diff${summary.needsReview > 0 ? ', starting with the needs-review notes above' : ''}.`,
      );
    } else if (options.notWrittenBecause === '--check') {
      closing.push(
        `${plural(summary.changed, 'file')} would change; nothing was written. Run again without --check to apply the changes.`,
      );
    } else {
      const flag = options.notWrittenBecause ?? 'the flag that kept it from writing';
      closing.push(
        `${plural(summary.changed, 'file')} would change; nothing was written. Run again without ${flag} to write them.`,
      );
    }
  } else if (summary.errors === 0) {
    closing.push('No file had anything to change; read the needs-review notes above.');
  }
  const moved = report.files
    .filter((file) => file.status === 'changed')
    .reduce((count, file) => count + file.notes.filter((note) => note.publishedSchemaChange === true).length, 0);
  if (moved > 0) {
    closing.push(
      `${plural(moved, 'field')} now ${moved === 1 ? 'publishes' : 'publish'} a different schema (a union or coercion became a guarded string); ` +
        're-snapshot the committed contract: agent-contract contract check --update -- <server command>.',
    );
  }
  if (summary.errors > 0) {
    closing.push(
      `${plural(summary.errors, 'file')} could not be processed and ${summary.errors === 1 ? 'was' : 'were'} left as ${summary.errors === 1 ? 'it was' : 'they were'}; fix the errors above and run again.`,
    );
  }
  blocks.push(closing);
  return blocks.map((block) => block.join('\n')).join('\n\n');
}

/** `--dry`: a unified diff for every changed file, in file order. */
export function formatDiffs(report: CodemodRunReport, options: FormatOptions): string {
  return report.files
    .filter((file) => file.status === 'changed' && file.source !== undefined && file.output !== undefined)
    .map((file) =>
      unifiedDiff(displayPath(file.path, options.cwd), file.source ?? '', file.output ?? '', options.colors),
    )
    .join('');
}

/**
 * `--print`: the new text of every changed file. With more than one, each is headed `==> path <==` as `head` and
 * `tail` do; with one, the output is exactly the new file, ready to redirect.
 */
export function formatPrintedSources(report: CodemodRunReport, cwd: string): string {
  const changed = report.files.filter((file) => file.status === 'changed' && file.output !== undefined);
  if (changed.length === 1) return changed[0]?.output ?? '';
  return changed
    .map(
      (file) =>
        `==> ${displayPath(file.path, cwd)} <==\n${file.output ?? ''}${file.output?.endsWith('\n') === false ? '\n' : ''}`,
    )
    .join('\n');
}
