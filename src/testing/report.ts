import { createColors } from 'picocolors';
import { chainVerdictLegend, chainVerdictMarks, formatChainMatrixTally } from '../model/chain-matrix.ts';
import type { ChainReport, ChainResult, ProfileChainReport } from './literal-consumer.ts';

export interface FormatOptions {
  /** Colour the output (a terminal); off by default so logs and snapshots stay plain. */
  readonly color?: boolean;
  /** Longest message shown per chain before it is cut; the JSON report always has the whole text. */
  readonly messageWidth?: number;
}

/**
 * The server's message on one line, without the SDK's wrapper ("MCP error -32602: Input validation error: Invalid
 * arguments for tool x:"), which repeats on every rejected chain and hides the part that differs.
 */
export function oneLine(message: string, width: number): string {
  const flat = message
    .replace(/^MCP error -?\d+:\s*/, '')
    .replace(/^Input validation error:\s*Invalid arguments for tool [^:]+:\s*/, '')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > width ? `${flat.slice(0, width - 1)}…` : flat;
}

function formatValue(value: string | number): string {
  return JSON.stringify(value);
}

/**
 * The tally every chain view prints, `Of 46 chains, 0 broken, 44 tolerated, 2 ok.`, then, when some tool answered a
 * chain with an error after validation took the id, ` 2 failed after validation (the tool answered with an error).`
 */
export function formatTally(report: ChainReport): string {
  const { failed } = report.summary;
  const tally = formatChainMatrixTally(report.verdicts);
  return failed === 0 ? tally : `${tally} ${failed} failed after validation (the tool answered with an error).`;
}

/** The chain table a person reads: every chain with its result, then the tally the seed printed. */
export function formatChainReport(report: ChainReport, options: FormatOptions = {}): string {
  const colors = createColors(options.color ?? false);
  const width = options.messageWidth ?? 140;
  const mark = chainVerdictMarks(colors);
  const lines: string[] = [];
  const { tools, emitters, acceptors } = report.summary;
  lines.push(colors.bold(`${tools} tools, ${emitters} emitted id fields, ${acceptors} accepting id fields`));
  const failedHarvest = report.harvest.filter((call) => call.status === 'error');
  for (const call of failedHarvest) {
    lines.push(
      colors.yellow(`  could not call ${call.tool} with the sample arguments: ${oneLine(call.message ?? '', width)}`),
      colors.dim(`    its emitted ids are unknown; give it arguments in the samples file`),
    );
  }
  lines.push('');
  let entity: string | undefined;
  const chainLines = (chain: ChainResult): string[] => {
    const from = `${chain.from.tool} ${chain.from.path}=${formatValue(chain.from.value)}`;
    const to = `${chain.to.tool}.${chain.to.field}`;
    return [
      `  ${mark[chain.verdict]} ${from} -> ${to}${chain.status === 'failed' ? colors.yellow(' (then failed)') : ''}`,
      ...(chain.verdict === 'ok' ? [] : [colors.dim(`            ${chain.reason}`)]),
      ...(chain.message === undefined ? [] : [colors.dim(`            ${oneLine(chain.message, width)}`)]),
    ];
  };
  for (const chain of [...report.chains].sort((a, b) => a.entity.localeCompare(b.entity))) {
    if (chain.entity !== entity) {
      entity = chain.entity;
      lines.push(colors.bold(entity));
    }
    lines.push(...chainLines(chain));
  }
  lines.push('');
  const paint = (broken: number, text: string) =>
    broken > 0 ? colors.red(colors.bold(text)) : colors.green(colors.bold(text));
  lines.push(paint(report.verdicts.broken, formatTally(report)));
  for (const line of chainVerdictLegend(report.verdicts)) lines.push(colors.dim(line));
  for (const profile of report.profiles ?? []) lines.push('', ...profileLines(report, profile, chainLines, paint));
  return lines.join('\n');
}

/**
 * One profile's section: the chains whose verdict differs from the literal consumer's, each with what the client sent,
 * then the profile's tally. The JSON report has every chain.
 */
function profileLines(
  report: ChainReport,
  profile: ProfileChainReport,
  chainLines: (chain: ChainResult) => string[],
  paint: (broken: number, text: string) => string,
): string[] {
  const lines = [`As ${profile.summary} (--profile ${profile.profile}):`];
  const differing = profile.chains.filter((chain, index) => chain.verdict !== report.chains[index]?.verdict);
  for (const chain of differing) lines.push(...chainLines(chain));
  const same = profile.chains.length - differing.length;
  if (same === profile.chains.length) lines.push('  every chain as the literal consumer found it');
  else if (same > 0)
    lines.push(
      `  ${same === 1 ? 'the other chain' : `the other ${same} chains`} as the literal consumer found ${same === 1 ? 'it' : 'them'}`,
    );
  lines.push(paint(profile.verdicts.broken, `  ${formatChainMatrixTally(profile.verdicts)}`));
  return lines;
}
