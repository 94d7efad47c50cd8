import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { AuditReport } from '../audit/audit.ts';
import {
  acceptFindings,
  baselineOf,
  formatBaseline,
  parseBaseline,
  type Baseline,
  type BaselineEntry,
} from '../audit/baseline.ts';
import { AtomicWriteError, writeFileAtomic } from '../files/write-atomic.ts';
import { DEFAULT_BASELINE_FILE, EMPTY_RUN_CONFIG, type RunConfig } from '../model/run-config.ts';
import { EXIT_OK, UsageError } from './errors.ts';

/** A path as the user would type it from where the command runs. */
const fromCwd = (file: string): string => path.relative(process.cwd(), path.resolve(file)) || file;

/** `audit <target> --baseline-write`, as pasted: the target is left out when it is the current folder. */
function rewriteCommand(target: string): string {
  return `npx agent-contract audit${target === '.' ? '' : ` ${target}`} --baseline-write`;
}

function entryText(entry: BaselineEntry): string {
  const where =
    entry.tool === undefined
      ? (entry.file ?? '')
      : `${entry.tool}${entry.field === undefined ? '' : `.${entry.field}`}`;
  return `${entry.check} ${where}${entry.from === undefined ? '' : ` <- ${entry.from}`}`;
}

/**
 * `audit --baseline-write [file]`: records today's findings (less those an `ignore` entry accepts) in the baseline,
 * `agent-contract.baseline.json` in the project folder unless a file or `audit.baseline` names another.
 */
export async function writeBaselineFor(
  report: AuditReport,
  target: string,
  folder: string,
  write: string | true,
  run: RunConfig = EMPTY_RUN_CONFIG,
): Promise<number> {
  const file = write === true ? path.join(folder, run.audit.baseline ?? DEFAULT_BASELINE_FILE) : write;
  const baseline = baselineOf(acceptFindings(report, run.ignore, undefined).report);
  try {
    await writeFileAtomic(file, formatBaseline(baseline), { roots: [path.dirname(path.resolve(file))], create: true });
  } catch (error) {
    if (error instanceof AtomicWriteError) throw new UsageError(`--baseline-write ${fromCwd(file)}: ${error.message}`);
    throw error;
  }
  const count = baseline.entries.length;
  process.stdout.write(
    `Wrote ${count} ${count === 1 ? 'finding' : 'findings'} to ${fromCwd(file)}; commit it, and \`npx agent-contract audit${target === '.' ? '' : ` ${target}`}\` reports only new ones from now on.\n`,
  );
  return EXIT_OK;
}

function readBaseline(file: string, how: string): Baseline {
  if (!existsSync(file))
    throw new UsageError(
      `${how} ${fromCwd(file)}: no such file; write it with npx agent-contract audit --baseline-write ${fromCwd(file)}`,
    );
  try {
    return parseBaseline(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new UsageError(
      `${fromCwd(file)}: ${(error as Error).message}; write it again with npx agent-contract audit --baseline-write ${fromCwd(file)}`,
    );
  }
}

export interface AcceptedForCli {
  readonly report: AuditReport;
  /** What was accepted and what is gone, as the lines the text and summary end with. */
  readonly lines: readonly string[];
  /** The same for the JSON document's `accepted`; undefined when nothing could be accepted. */
  readonly json: object | undefined;
}

/**
 * The report less what the configuration's `ignore` entries and the baseline accept: the baseline of `--baseline`,
 * else of `audit.baseline`, else the project's agent-contract.baseline.json when it has one; none with `--no-baseline`.
 */
export function acceptedFindingsFor(
  report: AuditReport,
  target: string,
  folder: string,
  option: string | false | undefined,
  run: RunConfig = EMPTY_RUN_CONFIG,
): AcceptedForCli {
  let file: string | undefined;
  let baseline: Baseline | undefined;
  if (typeof option === 'string') {
    file = option;
    baseline = readBaseline(file, '--baseline');
  } else if (option === undefined && run.audit.baseline !== undefined) {
    file = path.join(folder, run.audit.baseline);
    baseline = readBaseline(file, 'audit.baseline of agent-contract.config.json:');
  } else if (option === undefined && existsSync(path.join(folder, DEFAULT_BASELINE_FILE))) {
    file = path.join(folder, DEFAULT_BASELINE_FILE);
    baseline = readBaseline(file, 'baseline');
  }
  const accepted = acceptFindings(report, run.ignore, baseline);
  if (run.ignore.length === 0 && baseline === undefined) return { report, lines: [], json: undefined };
  const parts = [
    file === undefined ? '' : `${accepted.baselined} in the baseline ${fromCwd(file)}`,
    ...accepted.ignored.map(
      ({ entry, count }) =>
        `${count} by ignore ${entry.check} ${entry.tool}${entry.field === undefined ? '' : `.${entry.field}`} (${entry.reason})`,
    ),
  ].filter((part) => part !== '');
  const lines = parts.length === 0 ? [] : [`Accepted: ${parts.join('; ')}.`];
  if (accepted.gone.length > 0) {
    lines.push(
      `Gone from the baseline (${accepted.gone.length}), fixed since it was written; shrink it with \`${rewriteCommand(target)}\`:`,
    );
    for (const entry of accepted.gone) lines.push(`  ${entryText(entry)}`);
  }
  return {
    report: accepted.report,
    lines,
    json: {
      ignored: accepted.ignored.map(({ entry, count }) => ({ ...entry, count })),
      ...(file === undefined ? {} : { baseline: fromCwd(file), baselined: accepted.baselined }),
      gone: accepted.gone,
    },
  };
}
