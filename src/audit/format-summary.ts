import { CHECKS, checkDocUrl, type CheckId } from '../model/checks.ts';
import type { AuditReport } from './audit.ts';
import { chainsByAcceptor, fixSentence, guardIdsFiles } from './chain-groups.ts';
import {
  HANDLERLESS_NEXT_STEP,
  handlerlessToolsOf,
  partsText,
  UNKNOWN_NEXT_STEP,
  UNKNOWN_TOOLS_SHOWN,
  unknownToolsOf,
} from './unknown-parts.ts';

/**
 * The report as Markdown for a pull request: a CI job summary or a sticky comment. Broken chains one row per acceptor
 * to change (the emitters counted), the fix commands once, then the findings most severe first, each under its check
 * id with a link to its doc. The CLI prints it (`audit --format summary`), so what a pull request shows is tested.
 */

/** Marks the comment so a workflow finds and replaces its own comment instead of adding one per push. */
export const AUDIT_SUMMARY_MARKER = '<!-- agent-contract audit -->';

const EMITTERS_SHOWN = 3;

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
export const checkLink = (id: CheckId): string => `[\`${id}\`](${checkDocUrl(id)})`;

export function formatAuditSummary(report: AuditReport, accepted: readonly string[] = []): string {
  const lines = [AUDIT_SUMMARY_MARKER, '### agent-contract audit', '', `**Verdict:** ${report.verdict.text}`];
  const groups = chainsByAcceptor(report);
  if (groups.length > 0) {
    const chains = groups.reduce((sum, group) => sum + group.chains.length, 0);
    lines.push(
      '',
      `#### ${checkLink('broken-chain')}: ${chains} ${chains === 1 ? 'chain' : 'chains'}, ${groups.length} ${groups.length === 1 ? 'acceptor' : 'acceptors'} to change`,
      '',
      '| acceptor to change | accepts | emitters | where |',
      '| --- | --- | --- | --- |',
    );
    for (const { to, chains: fed, detail } of groups) {
      const emitters = fed.map((chain) => `${chain.from.tool} ${chain.from.path}`.trimEnd());
      const named = emitters.slice(0, EMITTERS_SHOWN).join(', ');
      const more = emitters.length > EMITTERS_SHOWN ? `, and ${emitters.length - EMITTERS_SHOWN} more` : '';
      lines.push(
        `| \`${to.tool}.${to.field}\` | ${to.type}${detail === undefined ? '' : ` (${cell(detail)})`} | ${emitters.length}: ${cell(named + more)} | ${to.line === 0 ? cell(to.file) : `${to.file}:${to.line}`} |`,
      );
    }
    lines.push('', 'Fix:');
    for (const [file, fixed] of guardIdsFiles(groups))
      lines.push(
        `- \`npx agent-contract codemod guard-ids ${file}\` (${fixed.length === 1 ? 'the acceptor' : `${fixed.length} acceptors`} in that file)`,
      );
    for (const group of groups)
      if (group.fix !== undefined && group.fix.kind !== 'guard-ids')
        lines.push(`- \`${group.to.tool}.${group.to.field}\`: ${fixSentence(group.fix)}`);
  }
  const others = (['suspect', 'tolerated', 'unknown'] as const).flatMap((status) =>
    chainsByAcceptor(report, status).map((group) => ({ check: `${status}-chain` as const, group })),
  );
  const findings = [
    ...others.map(({ check, group }) => ({
      check,
      where: `${group.to.tool}.${group.to.field}`,
      text: `${group.chains.length} ${group.chains.length === 1 ? 'emitter' : 'emitters'}: ${group.chains.map((chain) => chain.from.tool).join(', ')}`,
    })),
    ...report.findings.map((finding) => ({
      check: finding.rule,
      where: `${finding.file}:${finding.line}`,
      text: finding.message,
    })),
  ];
  const severity = { error: 0, warning: 1, note: 2 } as const;
  findings.sort((a, b) => severity[CHECKS[a.check].severity] - severity[CHECKS[b.check].severity]);
  if (findings.length > 0) {
    lines.push(
      '',
      `#### Other findings (${findings.length})`,
      '',
      '| check | severity | where | what |',
      '| --- | --- | --- | --- |',
    );
    for (const finding of findings)
      lines.push(
        `| ${checkLink(finding.check)} | ${CHECKS[finding.check].severity} | ${cell(finding.where)} | ${cell(finding.text)} |`,
      );
  }
  // What the audit could not see, and the way out: the reason a verdict could not vouch is often here.
  const unknownTools = unknownToolsOf(report);
  if (unknownTools.length > 0) {
    lines.push(
      '',
      `#### Tools that emit unknown types (${unknownTools.length}): ${checkLink('unknown-emitter')}`,
      '',
      '| tool | unknown parts of what it returns | where |',
      '| --- | --- | --- |',
    );
    for (const { tool, parts, at } of unknownTools.slice(0, UNKNOWN_TOOLS_SHOWN))
      lines.push(`| \`${tool}\` | ${cell(partsText(parts))} | ${at.file}:${at.line} |`);
    const more = unknownTools.length - UNKNOWN_TOOLS_SHOWN;
    lines.push('');
    if (more > 0) lines.push(`And ${more} more tools (\`--format json\` lists them).`, '');
    lines.push(`Next: ${UNKNOWN_NEXT_STEP}.`);
  }
  const handlerless = handlerlessToolsOf(report);
  if (handlerless.length > 0) {
    lines.push(
      '',
      `#### Tools whose handler was not found (${handlerless.length}): nothing of what they return is known`,
      '',
    );
    lines.push(
      handlerless
        .slice(0, UNKNOWN_TOOLS_SHOWN)
        .map((tool) => `\`${tool.name}\` (${tool.file}:${tool.line})`)
        .join(', ') +
        (handlerless.length > UNKNOWN_TOOLS_SHOWN ? `, and ${handlerless.length - UNKNOWN_TOOLS_SHOWN} more` : '') +
        '.',
      '',
      `Next: ${HANDLERLESS_NEXT_STEP}.`,
    );
  }
  if (accepted.length > 0)
    lines.push('', ...accepted.map((line) => (line.startsWith('  ') ? `- ${line.trim()}` : line)));
  return `${lines.join('\n')}\n`;
}
