import { Option, type Command } from 'commander';
import pc from 'picocolors';
import type { AuditPhase } from '../audit/audit.ts';
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

/** `agent-contract audit [project]`: the static chain matrix. Exit 1 when the `--fail-on` threshold is met. */
export async function runAuditCommand(target: string, options: AuditCommandOptions): Promise<number> {
  // The audit loads typescript, an optional peer: only when this command runs.
  const [{ audit }, { ConfigError }, { ProjectError }, { formatAuditJson }, { formatAuditSarif }, { formatAuditText }] = await Promise.all([
    import('../audit/audit.ts'),
    import('../audit/config.ts'),
    import('../audit/project.ts'),
    import('../audit/format-json.ts'),
    import('../audit/format-sarif.ts'),
    import('../audit/format-text.ts'),
  ]);
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

export function registerAuditCommand(program: Command): void {
  program
    .command('audit')
    .description('the chain matrix of a whole server from its TypeScript types: every emitted id against every input that names the same entity')
    .usage('[options] [project]')
    .argument('[project]', 'the project folder or its tsconfig.json', '.')
    .addOption(new Option('--format <format>', 'text, json (docs/audit-json.md) or sarif (SARIF 2.1.0)').choices(['text', 'json', 'sarif']).default('text'))
    .addOption(new Option('--fail-on <level>', 'exit 1 when a chain is at least this bad').choices(['broken', 'tolerated', 'never']).default('broken'))
    .option('--all', 'also list the chains that hold (text format)')
    .action(async (target: string, options: AuditCommandOptions) => {
      process.exitCode = await runAuditCommand(target, options);
    });
}
