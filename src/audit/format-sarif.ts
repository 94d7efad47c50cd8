import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Log, ReportingDescriptor, Result } from 'sarif';
import { CHAIN_VERDICT_MEANING } from '../model/chain-matrix.ts';
import { cutText, MESSAGE_CHARS } from '../model/cut-text.ts';
import { isKeyEntity } from '../model/ids.ts';
import { PACKAGE_VERSION } from '../package-info.ts';
import type { AuditReport, SourceLocation } from './audit.ts';

/**
 * The report as SARIF 2.1.0, for code-scanning uploads: one result per broken, suspect or tolerated chain (at the
 * acceptor, with the emitter and any evidence as related locations), one per tool that emits unknown types, one per
 * finding. The run's property bag carries the coverage and the verdict.
 */

const RULES: readonly ReportingDescriptor[] = [
  {
    id: 'broken-chain',
    name: 'BrokenChain',
    shortDescription: { text: "A tool emits an id that another tool's input validation rejects" },
    fullDescription: {
      text: 'An agent that copies the id out of one result into the next call is refused before the handler runs. Widen the acceptor with guardId (agent-contract codemod guard-ids).',
    },
    defaultConfiguration: { level: 'error' },
  },
  {
    id: 'suspect-chain',
    name: 'SuspectChain',
    shortDescription: {
      text: 'An untyped emitter feeds an id to an acceptor that rejects the type the code says the ids have',
    },
    fullDescription: {
      text: "The emitter returns `any`, but the code treats the entity's ids as numbers (a parseInt of the id, a digits-only pattern, a number parameter): an agent passing one on is likely refused. Type what the emitter returns.",
    },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'tolerated-chain',
    name: 'ToleratedChain',
    shortDescription: { text: 'Validation lets the emitted id through, but the published schema does not say so' },
    fullDescription: { text: CHAIN_VERDICT_MEANING.tolerated },
    defaultConfiguration: { level: 'note' },
  },
  {
    id: 'unknown-chain',
    name: 'UnknownChain',
    shortDescription: { text: 'The acceptor publishes no type for the id: nothing shows whether it gets through' },
    fullDescription: { text: CHAIN_VERDICT_MEANING.unknown },
    defaultConfiguration: { level: 'note' },
  },
  {
    id: 'unknown-emitter',
    name: 'UnknownEmitter',
    shortDescription: { text: 'A tool emits a value typed `any`: its ids cannot be checked' },
    defaultConfiguration: { level: 'note' },
  },
  {
    id: 'no-defensive-id-cast',
    shortDescription: { text: 'A defensive cast around an id in a test hides the chain a literal agent hits' },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'no-unguarded-coerce',
    shortDescription: { text: 'z.coerce turns null and undefined into values instead of rejecting them' },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'no-id-union',
    shortDescription: { text: 'A string-or-number id moves the published contract and hands the handler numbers' },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'no-guarded-id-in-output',
    shortDescription: { text: 'A guarded id in an output schema lets through numbers clients reject' },
    defaultConfiguration: { level: 'error' },
  },
  {
    id: 'no-effects-on-tool-schema',
    shortDescription: { text: 'An effect on a tool object schema empties the published contract' },
    defaultConfiguration: { level: 'error' },
  },
  {
    id: 'unread-input-field',
    shortDescription: { text: 'A published input field the handler never reads' },
    defaultConfiguration: { level: 'note' },
  },
  {
    id: 'published-refused-field',
    shortDescription: {
      text: 'A published input field its disposition table refuses: every call that sets it is refused',
    },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'no-wide-integer-id',
    shortDescription: {
      text: 'A 64-bit integer id travels as a JSON number: clients round ids beyond 2^53 to another id',
    },
    defaultConfiguration: { level: 'warning' },
  },
  {
    id: 'unfollowed-registration',
    shortDescription: {
      text: 'A tool registration the audit cannot follow: its tools and chains are missing from the report',
    },
    defaultConfiguration: { level: 'warning' },
  },
];

/** Where each rule is explained: the lint rule's doc for a lint finding, the audit page's section for the others. */
const REPOSITORY_DOCS = 'https://github.com/agent-contract/agent-contract/blob/main';
const LINT_RULE_DOCS = new Set([
  'no-defensive-id-cast',
  'no-unguarded-coerce',
  'no-id-union',
  'no-guarded-id-in-output',
  'no-effects-on-tool-schema',
  'no-wide-integer-id',
]);
function helpUriOf(id: string): string {
  if (LINT_RULE_DOCS.has(id)) return `${REPOSITORY_DOCS}/eslint-plugin/docs/rules/${id}.md`;
  if (id.endsWith('-chain') || id === 'unknown-emitter') return `${REPOSITORY_DOCS}/docs/audit.md#what-it-reads`;
  if (id === 'unfollowed-registration') return `${REPOSITORY_DOCS}/docs/audit.md#custom-wrappers`;
  return `${REPOSITORY_DOCS}/docs/audit.md#coverage-and-the-verdict`;
}

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
      ...location(entry, `${entry.tool}.${entry.field}: ${entry.text}`),
    }));
    results.push({
      ruleId: `${chain.status}-chain`,
      level: broken ? 'error' : chain.status === 'suspect' ? 'warning' : 'note',
      message: {
        text: `${chain.from.tool} emits ${emitted}; ${chain.to.tool}.${chain.to.field} accepts ${chain.to.type} (${chain.reason}).${
          broken && chain.to.type === 'string'
            ? isKeyEntity(chain.entity)
              ? ' Wrap its schema in guardId(...) by hand (guard-ids rewrites id-named fields only).'
              : ` Run \`agent-contract codemod guard-ids ${uri(chain.to.file)}\`.`
            : ''
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
  for (const tool of report.tools) {
    if (tool.emits !== 'unknown') continue;
    const site = report.unknownEmitters.find((entry) => entry.tool === tool.name && entry.path === '') ?? tool;
    results.push({
      ruleId: 'unknown-emitter',
      level: 'note',
      message: { text: `${tool.name} emits a value typed \`any\`; its ids are not in the chain matrix` },
      locations: [location(site)],
    });
  }
  for (const finding of report.findings) {
    const rule = RULES.find((candidate) => candidate.id === finding.rule);
    results.push({
      ruleId: finding.rule,
      level: rule?.defaultConfiguration?.level ?? 'warning',
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
            rules: RULES.map((rule) => ({ ...rule, helpUri: helpUriOf(rule.id) })),
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
