import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { CHAIN_VERDICT_MEANING } from '../model/chain-matrix.ts';
import { cutText, MESSAGE_CHARS } from '../model/cut-text.ts';
import { CHECK_IDS, CHECKS, checkDocUrl, type CheckId } from '../model/checks.ts';
import { PACKAGE_VERSION } from '../package-info.ts';
import type { AuditReport, SourceLocation } from './audit.ts';
import { partsText, UNKNOWN_NEXT_STEP, unknownToolsOf } from './unknown-parts.ts';

/**
 * The report as SARIF 2.1.0, for code-scanning uploads: one result per broken, suspect or tolerated chain (at the
 * acceptor, with the emitter and any evidence as related locations), one per tool that emits unknown types, one per
 * finding. The run's property bag carries the coverage and the verdict.
 */

/** The long descriptions SARIF viewers show under a chain rule; the rest say it in their summary. */
const FULL_DESCRIPTIONS: Partial<Record<CheckId, string>> = {
  'broken-chain':
    'An agent that copies the id out of one result into the next call is refused before the handler runs. Widen the acceptor with guardId (agent-contract codemod guard-ids).',
  'suspect-chain':
    "The emitter returns `any`, but the code treats the entity's ids as numbers (a parseInt of the id, a digits-only pattern, a number parameter): an agent passing one on is likely refused. Type what the emitter returns.",
  'tolerated-chain': CHAIN_VERDICT_MEANING.tolerated,
  'unknown-chain': CHAIN_VERDICT_MEANING.unknown,
};

const pascal = (id: string): string =>
  id.replace(/(^|-)([a-z])/g, (_, __: string, letter: string) => letter.toUpperCase());

/** The audit's checks (chains and findings) from the checks table, with their doc. */
const RULES: readonly ReportingDescriptor[] = CHECK_IDS.filter((id) => {
  const kind = CHECKS[id].kind;
  return kind === 'chain' || kind === 'finding';
}).map((id) => {
  const full = FULL_DESCRIPTIONS[id];
  return {
    id,
    name: pascal(id),
    shortDescription: { text: CHECKS[id].summary },
    ...(full === undefined ? {} : { fullDescription: { text: full } }),
    defaultConfiguration: { level: CHECKS[id].severity },
    helpUri: checkDocUrl(id),
  };
});

export function formatAuditSarif(report: AuditReport, cwd: string = process.cwd()): string {
  const uri = (file: string): string =>
    path.relative(cwd, path.join(report.project.root, file)).split(path.sep).join('/');
  // Line 0: an end only the published contract shows; SARIF has no line 0, so the location is the file alone.
  const location = (where: SourceLocation, message?: string) => ({
    physicalLocation: {
      artifactLocation: { uri: uri(where.file), uriBaseId: 'SRCROOT' },
      ...(where.line > 0 ? { region: { startLine: where.line } } : {}),
    },
    ...(message === undefined ? {} : { message: { text: message } }),
  });
  const results: Result[] = [];
  for (const chain of report.chains) {
    if (chain.status === 'ok') continue;
    const broken = chain.status === 'broken';
    const emitted = chain.from.path === '' ? 'a value typed any' : `${chain.from.path} as ${chain.from.type}`;
    const evidence = (chain.evidence ?? []).map((entry, index) => ({
      id: index + 1,
      ...location(entry, entry.tool === '' ? entry.text : `${entry.tool}.${entry.field}: ${entry.text}`),
    }));
    results.push({
      ruleId: `${chain.status}-chain`,
      level: CHECKS[`${chain.status}-chain`].severity,
      message: {
        text: `${chain.from.tool} emits ${emitted}; ${chain.to.tool}.${chain.to.field} accepts ${chain.to.type} (${chain.reason}).${
          broken && chain.to.type === 'string' ? ` Run \`agent-contract codemod guard-ids ${uri(chain.to.file)}\`.` : ''
        }`,
      },
      locations: [location(chain.to)],
      relatedLocations: [
        {
          id: 0,
          ...location(chain.from, `${chain.from.tool} emits ${chain.from.path === '' ? 'it' : chain.from.path} here`),
        },
        ...evidence,
      ],
      partialFingerprints: { chain: `${chain.from.tool}/${chain.from.path}->${chain.to.tool}/${chain.to.field}` },
    });
  }
  for (const { tool, parts, at } of unknownToolsOf(report)) {
    const what = parts.length === 0 ? 'a value' : partsText(parts);
    results.push({
      ruleId: 'unknown-emitter',
      level: CHECKS['unknown-emitter'].severity,
      message: {
        text: `${tool} emits ${what} typed \`any\` or \`unknown\`; its ids are not in the chain matrix: ${UNKNOWN_NEXT_STEP}`,
      },
      locations: [location(at)],
    });
  }
  for (const finding of report.findings) {
    results.push({
      ruleId: finding.rule,
      level: CHECKS[finding.rule].severity,
      message: { text: finding.message },
      locations: [location(finding)],
    });
  }
  // A code-scanning view shows these messages as they are: a name from a pull request's code is cut, as in text.
  for (const result of results) {
    if (result.message.text !== undefined) result.message.text = cutText(result.message.text, MESSAGE_CHARS);
    for (const related of result.relatedLocations ?? [])
      if (related.message?.text !== undefined) related.message.text = cutText(related.message.text, MESSAGE_CHARS);
  }
  const log: Log = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agent-contract',
            semanticVersion: PACKAGE_VERSION,
            rules: [...RULES],
          },
        },
        originalUriBaseIds: { SRCROOT: { uri: pathToFileURL(`${cwd}${path.sep}`).href } },
        columnKind: 'utf16CodeUnits',
        results,
        properties: { coverage: report.coverage, verdict: report.verdict },
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
