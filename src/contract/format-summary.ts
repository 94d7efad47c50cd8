import { checkDocUrl } from '../model/checks.ts';
import type { ContractDiff } from './diff.ts';
import { LEVELS } from './diff-rules.ts';
import { formatDiffSummary } from './format.ts';

/**
 * The contract diff as Markdown for a pull request (a job summary or a sticky comment): the changes most severe first,
 * each with its check id linked to its doc. `contract diff --format summary` prints it.
 */

export const CONTRACT_SUMMARY_MARKER = '<!-- agent-contract contract diff -->';

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function formatDiffMarkdown(diff: ContractDiff, labels: { base: string; head: string }): string {
  const lines = [
    CONTRACT_SUMMARY_MARKER,
    '### agent-contract contract diff',
    '',
    `\`${cell(labels.base)}\` -> \`${cell(labels.head)}\`: **${formatDiffSummary(diff)}**`,
  ];
  if (diff.changes.length > 0) {
    lines.push('', '| level | check | tool | where | change |', '| --- | --- | --- | --- | --- |');
    const changes = [...diff.changes].sort((a, b) => LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level));
    for (const change of changes)
      lines.push(
        `| ${change.level} | [\`${change.rule}\`](${checkDocUrl(change.rule)}) | ${cell(change.tool ?? '(server)')} | ${cell(change.field ?? (change.path === '' ? '/' : change.path))} | ${cell(change.message)} |`,
      );
  }
  return `${lines.join('\n')}\n`;
}
