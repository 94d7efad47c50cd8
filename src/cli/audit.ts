import pc from 'picocolors';
import { audit, type AuditPhase } from '../audit/audit.ts';
import { ConfigError } from '../adapters/typescript/agent-contract-config.ts';
import { formatAuditJson } from '../audit/format-json.ts';
import { formatAuditSarif } from '../audit/format-sarif.ts';
import { formatAuditText } from '../audit/format-text.ts';
import { ProjectError } from '../adapters/typescript/load-project.ts';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.ts';

export interface AuditCommandOptions {
  readonly format: 'text' | 'json' | 'sarif';
  readonly failOn: 'broken' | 'tolerated' | 'never';
  readonly all?: boolean;
}

const PHASES: Record<AuditPhase, string> = {
  program: 'reading the program',
  discovery: 'finding tools',
  matching: 'matching emitters and acceptors',
  diagnostics: 'counting type errors',
};

/** A progress line on stderr, shown only on a terminal and only once the audit has taken more than two seconds. */
function progressLine(enabled: boolean): { update: (phase: AuditPhase, done: number, total: number) => void; clear: () => void } {
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

/**
 * `agent-contract audit [project]`: the static chain matrix. main.ts declares the command and loads this module (and with
 * it typescript, an optional peer) only when it runs. Exit 1 when the `--fail-on` threshold is met.
 */
export async function runAuditCommand(target: string, options: AuditCommandOptions): Promise<number> {
  const progress = progressLine(process.stderr.isTTY === true);
  let result;
  try {
    result = audit(target, { onProgress: progress.update });
  } catch (error) {
    if (error instanceof ProjectError || error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  } finally {
    progress.clear();
  }
  const { report } = result;
  if (options.format === 'json') process.stdout.write(formatAuditJson(report));
  else if (options.format === 'sarif') process.stdout.write(formatAuditSarif(report));
  else process.stdout.write(formatAuditText(report, { color: process.stdout.isTTY === true && pc.isColorSupported, ...(options.all === true ? { all: true } : {}) }));
  const { broken, tolerated } = report.summary;
  if (options.failOn === 'never') return EXIT_OK;
  if (broken > 0 || (options.failOn === 'tolerated' && tolerated > 0)) return EXIT_FINDINGS;
  return EXIT_OK;
}
