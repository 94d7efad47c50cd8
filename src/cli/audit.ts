import pc from 'picocolors';
import { audit, type AuditPhase, type AuditReport } from '../audit/audit.ts';
import { ConfigError } from '../adapters/typescript/agent-contract-config.ts';
import { formatAuditJson } from '../audit/format-json.ts';
import { formatAuditSarif } from '../audit/format-sarif.ts';
import { formatAuditText } from '../audit/format-text.ts';
import { ProjectError } from '../adapters/typescript/load-project.ts';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.ts';

export interface AuditCommandOptions {
  readonly format: 'text' | 'json' | 'sarif';
  /** `--json`: the same as `--format json`, as on every other command. */
  readonly json?: boolean;
  readonly failOn: 'broken' | 'suspect' | 'tolerated' | 'never';
  readonly all?: boolean;
  /** Exit by `--fail-on` alone, also when no tool was found or no emitted type was known. */
  readonly allowUnknown?: boolean;
  /** Exit by `--fail-on` alone, also when a file does not parse. */
  readonly allowErrors?: boolean;
  /** Also count the files that do not type-check (a full type-check). */
  readonly typeErrors?: boolean;
}

const PHASES: Record<AuditPhase, string> = {
  program: 'reading the program',
  discovery: 'finding tools',
  matching: 'matching emitters and acceptors',
  diagnostics: 'counting type errors',
};

/** A progress line on stderr, shown only on a terminal and only once the audit has taken more than two seconds. */
function progressLine(enabled: boolean): {
  update: (phase: AuditPhase, done: number, total: number) => void;
  clear: () => void;
} {
  const started = Date.now();
  let last = 0;
  let shown = false;
  return {
    update(phase, done, total) {
      if (!enabled) return;
      const now = Date.now();
      if (now - started < 2_000 || now - last < 100) return;
      last = now;
      shown = true;
      const count = total > 0 ? ` ${done}/${total}` : phase === 'program' ? ` (${done} files)` : '';
      process.stderr.write(`\r${pc.dim(`audit: ${PHASES[phase]}${count}`)}\x1b[K`);
    },
    clear() {
      if (shown) process.stderr.write('\r\x1b[K');
    },
  };
}

/** What the audit could not see, as the one line exit 2 prints; undefined when it saw enough to give a verdict. */
export function blindSpot(report: AuditReport, target: string): string | undefined {
  const { blind } = report.verdict;
  return blind === undefined
    ? undefined
    : `audit ${target} ${blind}, or pass --allow-unknown to exit by --fail-on alone`;
}

/**
 * A file that does not parse, as the one line exit 2 prints; undefined when every file parsed. What it registers or
 * emits may be missing from the report, so the audit cannot pass on it.
 */
export function unparsedFiles(report: AuditReport, target: string): string | undefined {
  const { filesNotParsed, parseErrors } = report.project;
  if (filesNotParsed === 0) return undefined;
  const files = filesNotParsed === 1 ? '1 file does not parse' : `${filesNotParsed} files do not parse`;
  const first = parseErrors[0] === undefined ? '' : ` (${parseErrors[0]})`;
  return `audit ${target}: ${files}${first}, so its tools and ids may be missing; fix the syntax, or pass --allow-errors to audit the rest`;
}

const SEVERITY: Record<AuditCommandOptions['failOn'], readonly string[]> = {
  broken: ['broken'],
  suspect: ['broken', 'suspect'],
  // `unknown` chains were counted as tolerated before they had a class of their own; the threshold still takes them.
  tolerated: ['broken', 'suspect', 'tolerated', 'unknown'],
  never: [],
};

/**
 * `agent-contract audit [project]`: the static chain matrix. main.ts declares the command and loads this module (and with
 * it typescript, an optional peer) only when it runs. Exit 1 when the `--fail-on` threshold is met; 2 when the audit
 * found no tool, knew no emitted type or read no input schema (unless `--allow-unknown`), or a file does not parse
 * (unless `--allow-errors`), after the report.
 */
export async function runAuditCommand(target: string, options: AuditCommandOptions): Promise<number> {
  const progress = progressLine(process.stderr.isTTY === true);
  let result;
  try {
    result = audit(target, {
      onProgress: progress.update,
      ...(options.typeErrors === true ? { typeErrors: true } : {}),
    });
  } catch (error) {
    if (error instanceof ProjectError || error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  } finally {
    progress.clear();
  }
  const { report } = result;
  const format = options.json === true ? 'json' : options.format;
  if (format === 'json') process.stdout.write(formatAuditJson(report));
  else if (format === 'sarif') process.stdout.write(formatAuditSarif(report));
  else
    process.stdout.write(
      formatAuditText(report, {
        color: process.stdout.isTTY === true && pc.isColorSupported,
        ...(options.all === true ? { all: true } : {}),
      }),
    );
  const unparsed = options.allowErrors === true ? undefined : unparsedFiles(report, target);
  const blind = options.allowUnknown === true ? undefined : blindSpot(report, target);
  const error = unparsed ?? blind;
  if (error !== undefined) {
    process.stderr.write(`agent-contract: ${error}\n`);
    return EXIT_ERROR;
  }
  const failing = SEVERITY[options.failOn];
  return report.chains.some((chain) => failing.includes(chain.status)) ? EXIT_FINDINGS : EXIT_OK;
}
