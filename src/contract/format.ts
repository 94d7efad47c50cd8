import { createColors } from 'picocolors';
import { chainVerdictLegend, chainVerdictMarks, formatChainMatrixTally } from '../model/chain-matrix.ts';
import { cutText, MESSAGE_CHARS, NAME_CHARS } from '../model/cut-text.ts';
import { formatPath } from '../model/ids.ts';
import { ACCEPTANCE_UNKNOWN } from './acceptance.ts';
import type { ContractChainMatrix } from './chains.ts';
import { CLIENTS, fixFor, type ClientId, type CompatibilityFinding } from './compatibility.ts';
import type { JsonValue } from './contract-types.ts';
import type { ChangeLevel, ContractDiff } from './diff.ts';

export interface TextOptions {
  /** Colour the output (a terminal); off by default so logs and tests stay plain. */
  readonly color?: boolean;
}

/** `1 breaking, 0 warnings, 2 info` */
export function formatDiffSummary(diff: ContractDiff): string {
  const { breaking, warning, info } = diff.summary;
  return `${breaking} breaking, ${warning} ${warning === 1 ? 'warning' : 'warnings'}, ${info} info`;
}

function preview(value: JsonValue, width = 160): string {
  return cutText(JSON.stringify(value), width);
}

/** A tool's name (or a field path) and a message as the text report shows them: a server's long value is cut. */
const nameOf = (text: string): string => cutText(text, NAME_CHARS);
const messageOf = (text: string): string => cutText(text, MESSAGE_CHARS);

/** The diff a person reads: changes grouped by tool, each with level, rule, path, message, before and after. */
export function formatDiff(
  diff: ContractDiff,
  labels: { base: string; head: string },
  options: TextOptions = {},
): string {
  const colors = createColors(options.color ?? false);
  const paint: Record<ChangeLevel, (text: string) => string> = {
    breaking: colors.red,
    warning: colors.yellow,
    info: colors.dim,
  };
  const lines: string[] = [colors.bold(`${labels.base} -> ${labels.head}`)];
  for (const note of diff.notes ?? []) lines.push(colors.dim(messageOf(note)));
  lines.push('');
  if (diff.changes.length === 0) {
    lines.push('No changes: both publish the same contract.');
    return lines.join('\n');
  }
  const ruleWidth = Math.max(...diff.changes.map((change) => change.rule.length));
  let tool: string | null | undefined;
  for (const change of diff.changes) {
    if (change.tool !== tool) {
      if (tool !== undefined) lines.push('');
      tool = change.tool;
      lines.push(colors.bold(tool === null ? '(server)' : nameOf(tool)));
    }
    const level = paint[change.level](change.level.padEnd(8));
    lines.push(
      `  ${level}  ${change.rule.padEnd(ruleWidth)}  ${colors.dim(change.path === '' ? '/' : messageOf(change.path))}`,
    );
    const indent = ' '.repeat(12);
    lines.push(`${indent}${messageOf(change.message)}`);
    if (change.before !== undefined) lines.push(colors.dim(`${indent}before: ${preview(change.before)}`));
    if (change.after !== undefined) lines.push(colors.dim(`${indent}after:  ${preview(change.after)}`));
  }
  lines.push('');
  const summary = `${formatDiffSummary(diff)}.`;
  lines.push(diff.summary.breaking > 0 ? colors.red(colors.bold(summary)) : colors.bold(summary));
  return lines.join('\n');
}

function clientNames(clients: readonly string[]): string {
  return clients.map((client) => CLIENTS[client as ClientId] ?? client).join(', ');
}

/** Findings grouped by rule: the clients affected, every tool with what was found, and the fix once. */
export function formatFindings(findings: readonly CompatibilityFinding[], options: TextOptions = {}): string {
  const colors = createColors(options.color ?? false);
  if (findings.length === 0) return 'No client compatibility findings.';
  const lines: string[] = [];
  const rules = [...new Set(findings.map((finding) => finding.rule))].sort();
  for (const rule of rules) {
    const ofRule = findings.filter((finding) => finding.rule === rule);
    const clients = [...new Set(ofRule.flatMap((finding) => finding.clients))];
    lines.push(
      `${colors.bold(colors.yellow(rule))} ${colors.dim(`(${clientNames(clients)})`)}: ${ofRule.length} ${ofRule.length === 1 ? 'tool' : 'tools'}`,
    );
    for (const finding of ofRule) lines.push(`  ${nameOf(finding.tool)}: ${messageOf(finding.message)}`);
    lines.push(colors.dim(`  fix: ${fixFor(rule)}`), '');
  }
  const tools = new Set(findings.map((finding) => finding.tool)).size;
  lines.push(
    colors.bold(
      `${findings.length} ${findings.length === 1 ? 'finding' : 'findings'} in ${tools} ${tools === 1 ? 'tool' : 'tools'}.`,
    ),
  );
  return lines.join('\n');
}

/** The contract-only chain table: every chain with its verdict and reason, then `Of N chains, M broken, ...`. */
export function formatChainMatrix(matrix: ContractChainMatrix, options: TextOptions = {}): string {
  const colors = createColors(options.color ?? false);
  const mark = chainVerdictMarks(colors);
  const { emitters, acceptors } = matrix.summary;
  const lines = [
    colors.bold(
      `${matrix.tools} tools, ${emitters} emitted id fields (outputSchema), ${acceptors} accepting id fields (inputSchema)`,
    ),
  ];
  if (matrix.acceptance === 'unknown') lines.push(colors.dim(`  ${ACCEPTANCE_UNKNOWN}`));
  if (matrix.toolsWithoutOutputSchema.length > 0) {
    lines.push(
      colors.dim(
        `  without an outputSchema, so what they emit is not seen: ${messageOf(matrix.toolsWithoutOutputSchema.map(nameOf).join(', '))}`,
      ),
    );
  }
  lines.push('');
  let entity: string | undefined;
  const chains = [...matrix.chains].sort((a, b) => (a.entity < b.entity ? -1 : a.entity > b.entity ? 1 : 0));
  for (const chain of chains) {
    if (chain.entity !== entity) {
      entity = chain.entity;
      lines.push(colors.bold(entity));
    }
    const from = `${nameOf(chain.from.tool)} ${nameOf(formatPath(chain.from.field.path))} (${chain.from.field.types.join('|') || 'untyped'})`;
    const to = `${nameOf(chain.to.tool)}.${nameOf(formatPath(chain.to.field.path))} (${chain.to.field.types.join('|') || 'untyped'})`;
    lines.push(`  ${mark[chain.verdict]} ${from} -> ${to}`);
    if (chain.verdict !== 'ok') lines.push(colors.dim(`            ${messageOf(chain.reason)}`));
  }
  if (chains.length > 0) lines.push('');
  const tally = formatChainMatrixTally(matrix.summary);
  lines.push(matrix.summary.broken > 0 ? colors.red(colors.bold(tally)) : colors.green(colors.bold(tally)));
  for (const line of chainVerdictLegend(matrix.summary)) lines.push(colors.dim(line));
  for (const wide of matrix.wideIds ?? []) lines.push(colors.yellow(`precision: ${wide.message}`));
  return lines.join('\n');
}
