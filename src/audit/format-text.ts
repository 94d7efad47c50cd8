import path from 'node:path';
import { createColors } from 'picocolors';
import { CHAIN_VERDICT_MEANING, formatChainMatrixTally } from '../model/chain-matrix.ts';
import type { AuditChain, AuditReport } from './audit.ts';

export interface TextOptions {
  /** Colour the output (a terminal); off by default so logs and tests stay plain. */
  readonly color?: boolean;
  /** Where the command ran: the file the fix names is relative to it. */
  readonly cwd?: string;
  /** List every chain, not only the broken and tolerated ones. */
  readonly all?: boolean;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `20 fields return an id (19 emit numbers, 1 strings); 8 accept one (8 demand strings). Of 46 possible tool chains, 45 are broken.` */
export function seedSummary(report: AuditReport): string {
  const emitted = { number: 0, string: 0, other: 0 };
  for (const emitter of report.emitters) {
    const types = emitter.types.filter((type) => type !== 'null');
    if (types.length === 1 && (types[0] === 'number' || types[0] === 'integer')) emitted.number += 1;
    else if (types.length === 1 && types[0] === 'string') emitted.string += 1;
    else emitted.other += 1;
  }
  const accepted = new Map<string, number>();
  for (const acceptor of report.acceptors) accepted.set(acceptor.type, (accepted.get(acceptor.type) ?? 0) + 1);
  const emitParts = [
    emitted.number > 0 ? `${emitted.number} emit numbers` : '',
    emitted.string > 0 ? `${emitted.string} strings` : '',
    emitted.other > 0 ? `${emitted.other} mixed` : '',
  ].filter((part) => part !== '');
  const demand: Record<string, string> = {
    string: 'demand strings',
    number: 'demand numbers',
    'string-or-number': 'take either',
    coerced: 'coerce',
    guarded: 'are guarded',
    unknown: 'cannot be read',
  };
  const acceptParts = [...accepted].map(([type, count]) => `${count} ${demand[type] ?? type}`);
  const { emitters, acceptors, chains, broken, suspect, tolerated, unknown } = report.summary;
  const others = [
    suspect > 0 ? `${suspect} suspect` : '',
    tolerated > 0 ? `${tolerated} tolerated` : '',
    unknown > 0 ? `${unknown} unknown` : '',
  ].filter((part) => part !== '');
  return (
    `${plural(emitters, 'field returns an id', 'fields return an id')}${emitParts.length > 0 ? ` (${emitParts.join(', ')})` : ''}; ` +
    `${plural(acceptors, 'field accepts one', 'fields accept one')}${acceptParts.length > 0 ? ` (${acceptParts.join(', ')})` : ''}. ` +
    `Of ${plural(chains, 'possible tool chain')}, ${broken} ${broken === 1 ? 'is' : 'are'} broken${others.length > 0 ? ` and ${others.join(', ')}` : ''}.`
  );
}

function groupByAcceptor(chains: readonly AuditChain[]): Map<string, AuditChain[]> {
  const groups = new Map<string, AuditChain[]>();
  for (const chain of chains) {
    const key = `${chain.to.tool}\u0000${chain.to.field}`;
    const list = groups.get(key) ?? [];
    list.push(chain);
    groups.set(key, list);
  }
  return groups;
}

/**
 * `9 tools found at 1 registration site (none it could not follow); emitted types known for 9 of 9 tools`, and, when
 * some could not be read, `; input schemas read for 7 of 9`.
 */
export function coverageLine(report: AuditReport): string {
  const { tools, registrationSites, unfollowedSites, knownEmitters, inputsRead } = report.coverage;
  const unfollowed = unfollowedSites === 0 ? 'none it could not follow' : `${unfollowedSites} it could not follow`;
  const inputs = inputsRead === tools ? '' : `; input schemas read for ${inputsRead} of ${tools}`;
  return `${plural(tools, 'tool')} found at ${plural(registrationSites, 'registration site')} (${unfollowed}); emitted types known for ${knownEmitters} of ${plural(tools, 'tool')}${inputs}`;
}

/**
 * The readable report: what the audit could see first, the summary, then broken and suspect chains by acceptor with
 * both ends and the fix, then the rest, and the verdict last.
 */
export function formatAuditText(report: AuditReport, options: TextOptions = {}): string {
  const c = createColors(options.color ?? false);
  const cwd = options.cwd ?? process.cwd();
  const fromCwd = (file: string): string => {
    const relative = path.relative(cwd, path.join(report.project.root, file)).split(path.sep).join('/');
    return relative === '' ? file : relative;
  };
  const at = (location: { file: string; line: number }): string => c.dim(`${fromCwd(location.file)}:${location.line}`);
  const lines: string[] = [];
  const { summary, project, discovery } = report;

  const where = fromCwd('.') === '.' ? '.' : fromCwd('.');
  const config =
    project.tsconfig === null
      ? 'no tsconfig.json, default options'
      : project.optionsOnly
        ? `no tsconfig.json here, options of ${fromCwd(project.tsconfig)}`
        : fromCwd(project.tsconfig);
  lines.push(c.bold(`agent-contract audit ${where}`) + c.dim(` (${plural(project.files, 'file')}; ${config})`));
  const seen = coverageLine(report);
  const partial =
    report.coverage.unfollowedSites > 0 ||
    report.coverage.knownEmitters < report.coverage.tools ||
    report.coverage.tools === 0;
  lines.push(`Coverage: ${partial ? c.yellow(seen) : seen}`);
  const toolFiles = discovery.files.map((entry) => `${fromCwd(entry.file)} ${entry.tools}`).join(', ');
  lines.push(`${plural(summary.tools, 'tool')} found${toolFiles === '' ? '' : `: ${toolFiles}`}`);
  const SITE_LINE: Record<string, (tools: number) => string> = {
    definitions: () => 'registers tools under names computed at run time; they count where they are defined',
    wrapper: () => 'sits in a declared wrapper; its tools count where the wrapper is called',
    classes: (tools) => `registers ${plural(tools, 'tool')} read from the classes of the instance it reads`,
    'not-followed': () => 'registers tools the audit could not follow (see the unfollowed-registration finding)',
  };
  for (const site of discovery.sites) {
    const line = SITE_LINE[site.via];
    if (line === undefined) continue;
    const text = `  ${fromCwd(site.file)}:${site.line} ${line(site.tools)}`;
    lines.push(site.via === 'not-followed' ? c.yellow(text) : c.dim(text));
  }
  if (summary.tools === 0) {
    lines.push(
      c.yellow(
        '  no tool registration was recognised; if the server registers tools through a wrapper, declare it in agent-contract.config.json (see docs/audit.md)',
      ),
    );
  }
  if (project.filesWithErrors > 0) {
    const what = project.typeErrorsCounted ? 'did not type-check' : 'did not parse';
    lines.push(
      c.yellow(`${plural(project.filesWithErrors, 'file')} ${what}; audited anyway (types there may be incomplete)`),
    );
    for (const message of project.errors) lines.push(c.dim(`  ${message}`));
  }
  lines.push('');
  const tally = `${seedSummary(report)}`;
  lines.push(c.bold(summary.broken > 0 ? c.red(tally) : c.green(tally)));
  lines.push(formatChainMatrixTally(summary));

  const broken = report.chains.filter((chain) => chain.status === 'broken');
  if (broken.length > 0) {
    lines.push('', c.bold(`Broken chains, by acceptor (${broken.length}): ${CHAIN_VERDICT_MEANING.broken}`));
    for (const group of groupByAcceptor(broken).values()) {
      const to = (group[0] as AuditChain).to;
      const detail = report.acceptors.find(
        (acceptor) => acceptor.tool === to.tool && acceptor.field === to.field,
      )?.detail;
      lines.push(
        `  ${c.bold(`${to.tool}.${to.field}`)} accepts ${to.type}${detail === undefined ? '' : ` (${detail})`}  ${at(to)}`,
      );
      for (const chain of group)
        lines.push(
          `    ${c.red('✗')} ${chain.from.tool} ${chain.from.path} emits ${chain.from.type}  ${at(chain.from)}`,
        );
      if (to.type === 'string' && detail === undefined)
        lines.push(`    fix: run \`agent-contract codemod guard-ids ${fromCwd(to.file)}\``);
      else if (to.type === 'string')
        lines.push(
          `    fix: no number is a valid ${detail} string; emit ids in that format, or drop the format from the acceptor`,
        );
      else if (to.type === 'number')
        lines.push(
          '    fix: the acceptor takes numbers only and the emitter sends strings; emit numbers, or accept the strings it sends',
        );
    }
  }
  const suspect = report.chains.filter((chain) => chain.status === 'suspect');
  if (suspect.length > 0) {
    lines.push('', c.bold(`Suspect chains, by acceptor (${suspect.length}): ${CHAIN_VERDICT_MEANING.suspect}`));
    for (const group of groupByAcceptor(suspect).values()) {
      const to = (group[0] as AuditChain).to;
      lines.push(`  ${c.bold(`${to.tool}.${to.field}`)} accepts ${to.type}  ${at(to)}`);
      for (const chain of group)
        lines.push(
          `    ${c.magenta('?')} ${chain.from.tool}${chain.from.path === '' ? '' : ` ${chain.from.path}`} emits a value typed any  ${at(chain.from)}`,
        );
      const evidence = new Map<string, string>();
      for (const chain of group) {
        for (const entry of chain.evidence ?? []) {
          const owner = entry.tool === to.tool && entry.field === to.field ? '' : ` (${entry.tool}.${entry.field})`;
          evidence.set(
            `${entry.file}:${entry.line}:${entry.text}`,
            `    evidence: ${entry.text}${owner}  ${at(entry)}`,
          );
        }
      }
      lines.push(...evidence.values());
      if (to.type === 'string')
        lines.push(
          `    fix: type what the emitters return, so the audit can tell; if they send numbers, run \`agent-contract codemod guard-ids ${fromCwd(to.file)}\``,
        );
    }
  }
  const tolerated = report.chains.filter((chain) => chain.status === 'tolerated');
  if (tolerated.length > 0) {
    lines.push('', c.bold(`Tolerated chains (${tolerated.length}): ${CHAIN_VERDICT_MEANING.tolerated}`));
    for (const group of groupByAcceptor(tolerated).values()) {
      const to = (group[0] as AuditChain).to;
      const from = group.map((chain) => `${chain.from.tool} ${chain.from.path}`).join(', ');
      lines.push(`  ${c.yellow('~')} ${to.tool}.${to.field} (${to.type}) ${at(to)} <- ${from}`);
    }
  }
  const unknown = report.chains.filter((chain) => chain.status === 'unknown');
  if (unknown.length > 0) {
    lines.push('', c.bold(`Unknown chains (${unknown.length}): ${CHAIN_VERDICT_MEANING.unknown}`));
    for (const group of groupByAcceptor(unknown).values()) {
      const to = (group[0] as AuditChain).to;
      const from = group.map((chain) => `${chain.from.tool} ${chain.from.path}`).join(', ');
      lines.push(`  ${c.dim('?')} ${to.tool}.${to.field} (${to.type}) ${at(to)} <- ${from}`);
    }
  }
  if (options.all === true) {
    const ok = report.chains.filter((chain) => chain.status === 'ok');
    if (ok.length > 0) {
      lines.push('', c.bold(`Chains that hold (${ok.length}): ${CHAIN_VERDICT_MEANING.ok}`));
      for (const chain of ok)
        lines.push(`  ${c.green('✓')} ${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`);
    }
  }
  const unknownTools = report.tools.filter((tool) => tool.emits === 'unknown');
  if (unknownTools.length > 0) {
    lines.push(
      '',
      c.bold(
        `Tools that emit unknown types (${unknownTools.length}): their handlers return \`any\` or an untyped tool result, so the types do not show their ids`,
      ),
    );
    for (const tool of unknownTools) {
      const site = report.unknownEmitters.find((entry) => entry.tool === tool.name && entry.path === '');
      lines.push(`  ${tool.name}  ${at(site ?? tool)}`);
    }
  }
  if (report.findings.length > 0) {
    lines.push('', c.bold(`Findings (${report.findings.length})`));
    for (const finding of report.findings) lines.push(`  ${at(finding)} ${c.cyan(finding.rule)} ${finding.message}`);
  }
  const verdict = `Verdict: ${report.verdict.text}`;
  lines.push(
    '',
    c.bold(
      summary.broken > 0
        ? c.red(verdict)
        : !report.verdict.vouched || summary.suspect > 0
          ? c.yellow(verdict)
          : c.green(verdict),
    ),
  );
  return `${lines.join('\n')}\n`;
}
