import path from 'node:path';
import pc from 'picocolors';
import type { Codemod } from '../../codemods/codemod.ts';
import { CodemodRunError } from '../../codemods/runner/errors.ts';
import { formatDiffs, formatPrintedSources, formatSummary } from '../../codemods/runner/format-report.ts';
import { toJsonReport } from '../../codemods/runner/json-report.ts';
import {
  createProgressBar,
  PROGRESS_BAR_MIN_FILES,
  type ProgressBar,
  type ProgressStream,
} from '../../codemods/runner/progress-bar.ts';
import { type CodemodRunReport, runCodemod } from '../../codemods/runner/run-codemod.ts';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, missingPeerError, UsageError } from './errors.ts';

export interface CodemodCommandOptions {
  readonly dry?: boolean;
  readonly print?: boolean;
  readonly check?: boolean;
  readonly json?: boolean;
  readonly force?: boolean;
  readonly importFrom?: string;
  /** guard-ids: `local` or `local=<path>`, see `helperOption`. */
  readonly helper?: string;
  /** guard-ids: also wrap every number id schema of a tool input in guardNumberId. */
  readonly numberIds?: boolean;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as in codemods/index.ts: each codemod has its own options type
export type CodemodRegistry = Readonly<Record<string, Codemod<any>>>;

/** What the command reads and writes, so tests can run it in-process with a test codemod. */
export interface CodemodCommandContext {
  readonly registry?: CodemodRegistry;
  readonly cwd?: string;
  readonly stdout?: ProgressStream;
  readonly stderr?: ProgressStream;
}

/** The registry, loaded when the command runs: codemods parse with typescript, an optional peer `chains` does without. */
export async function loadCodemods(): Promise<CodemodRegistry> {
  try {
    return (await import('../../codemods/index.ts')).codemods;
  } catch (error) {
    throw missingPeerError(error, 'typescript', 'the codemods need') ?? error;
  }
}

/** `codemodExitCode`'s codes, as `agent-contract codemod --help` lists them (docs/codemods.md, Exit codes). */
const EXIT_CODES_HELP = [
  '\nExit codes:',
  `  ${EXIT_OK}  the run finished: files written, or nothing to change`,
  `  ${EXIT_FINDINGS}  --check: a file would change`,
  `  ${EXIT_ERROR}  a file was left as it was (does not parse, not valid UTF-8, read-only, a link out of the project, or changed`,
  '     while the codemod ran: run it again), or the run could not start (no such path, dirty git tree, bad arguments)',
].join('\n');

/** What `agent-contract codemod --help` ends with: the exit codes, then the codemods of this version. */
export function describeCodemods(registry: CodemodRegistry): string {
  const names = Object.keys(registry).sort();
  if (names.length === 0) return `${EXIT_CODES_HELP}\n\nCodemods: none in this version yet.`;
  const width = Math.max(...names.map((name) => name.length));
  return `${EXIT_CODES_HELP}\n\nCodemods:\n${names.map((name) => `  ${name.padEnd(width)}  ${registry[name]?.description ?? ''}`).join('\n')}`;
}

/** 2 when any file could not be processed (including one that changed while the codemod ran), 1 when `--check` found changes pending, else 0. */
export function codemodExitCode(report: CodemodRunReport, check: boolean): number {
  if (report.summary.errors > 0) return EXIT_ERROR;
  if (check && report.summary.changed > 0) return EXIT_FINDINGS;
  return EXIT_OK;
}

function colorsFor(stream: ProgressStream) {
  return pc.createColors(stream.isTTY === true && pc.isColorSupported);
}

/**
 * `--import-from` as the codemod gets it: a path starting with `./` or `../` names a file from where the command
 * runs, so it becomes absolute and each rewritten file imports it by its own relative path; a bare or aliased
 * specifier (`#lib/guard-id`, `@/lib/guard-id`) is written as given.
 */
function importFromOption(importFrom: string | undefined, cwd: string): string | undefined {
  if (importFrom === undefined) return undefined;
  return /^\.\.?[\\/]/.test(importFrom) ? path.resolve(cwd, importFrom) : importFrom;
}

/**
 * `--helper local[=path]` as guard-ids and dispositions get it: the path (a folder, or a file named
 * agent-contract-guard.ts or agent-contract-dispositions.ts) made
 * absolute from where the command runs, keeping a trailing slash that says "a folder".
 */
function helperOption(name: string, options: CodemodCommandOptions, cwd: string): { path?: string } | undefined {
  if (options.helper === undefined) return undefined;
  if (name !== 'guard-ids' && name !== 'dispositions')
    throw new UsageError(`--helper is an option of guard-ids and dispositions only, not of ${name}`);
  if (options.importFrom !== undefined)
    throw new UsageError(
      `--helper local and --import-from both say where ${name === 'guard-ids' ? 'guardId comes' : 'the disposition helpers come'} from; pass one of them`,
    );
  const match = /^local(?:=(.+))?$/.exec(options.helper.trim());
  if (match === null)
    throw new UsageError(
      `--helper takes local or local=<path>, not '${options.helper}', e.g. --helper local=src/agent-contract-guard.ts`,
    );
  const requested = match[1];
  if (requested === undefined) return {};
  const absolute = path.resolve(cwd, requested);
  return { path: /[\\/]$/.test(requested) ? `${absolute}${path.sep}` : absolute };
}

/** `agent-contract codemod <name> [paths...]`: runs one codemod and reports in the form the flags ask for. */
export async function runCodemodCommand(
  name: string,
  paths: readonly string[],
  options: CodemodCommandOptions,
  context: CodemodCommandContext = {},
): Promise<number> {
  const registry = context.registry ?? (await loadCodemods());
  const codemod = Object.hasOwn(registry, name) ? registry[name] : undefined;
  if (codemod === undefined) {
    const names = Object.keys(registry).sort();
    throw new UsageError(
      names.length === 0
        ? `unknown codemod '${name}'; this version has no codemods yet`
        : `unknown codemod '${name}'; the available codemods are: ${names.join(', ')}`,
    );
  }
  if (options.importFrom !== undefined && options.importFrom.trim() === '') {
    throw new UsageError('--import-from needs a module name, e.g. --import-from agent-contract');
  }
  const cwd = context.cwd ?? process.cwd();
  const importFrom = importFromOption(options.importFrom, cwd);
  const helper = helperOption(name, options, cwd);
  if (options.numberIds === true && name !== 'guard-ids')
    throw new UsageError(`--number-ids is an option of guard-ids only, not of ${name}`);
  const stdout = context.stdout ?? process.stdout;
  const stderr = context.stderr ?? process.stderr;
  const notWrittenBecause =
    options.check === true
      ? '--check'
      : options.dry === true
        ? '--dry'
        : options.print === true
          ? '--print'
          : undefined;

  let bar: ProgressBar | undefined;
  let report: CodemodRunReport;
  try {
    report = await runCodemod({
      codemod,
      options: {
        ...(helper !== undefined ? { helper } : importFrom === undefined ? {} : { importFrom }),
        ...(options.numberIds === true ? { numberIds: true } : {}),
      },
      targets: paths,
      cwd,
      write: notWrittenBecause === undefined,
      force: options.force === true,
      onProgress: (done, total) => {
        if (done === 0 && stderr.isTTY === true && options.json !== true && total > PROGRESS_BAR_MIN_FILES) {
          bar = createProgressBar(stderr, total, `${name}:`);
        }
        bar?.update(done);
      },
    });
  } catch (error) {
    if (error instanceof CodemodRunError) throw new UsageError(error.message);
    throw error;
  } finally {
    bar?.stop();
  }

  if (options.json === true) {
    const json = toJsonReport(report, {
      cwd,
      includeDiff: options.dry === true,
      includeOutput: options.print === true,
    });
    stdout.write(`${JSON.stringify(json, null, 2)}\n`);
  } else if (options.print === true) {
    stdout.write(formatPrintedSources(report, cwd));
    stderr.write(
      `${formatSummary(report, { cwd, colors: colorsFor(stderr), notWrittenBecause: notWrittenBecause ?? '--print' })}\n`,
    );
  } else {
    const diffs = options.dry === true ? formatDiffs(report, { cwd, colors: colorsFor(stdout) }) : '';
    const summary = formatSummary(report, {
      cwd,
      colors: colorsFor(stdout),
      ...(notWrittenBecause === undefined ? {} : { notWrittenBecause }),
    });
    stdout.write(`${diffs === '' ? '' : `${diffs}\n`}${summary}\n`);
  }
  return codemodExitCode(report, options.check === true);
}
