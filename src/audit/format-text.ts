import path from 'node:path';
import { createColors } from 'picocolors';
import { CHAIN_VERDICT_MEANING } from '../model/chain-matrix.ts';
import type { AuditChain, AuditReport } from './audit.ts';
import { brokenChainLines, takenAsLines } from './format-broken.ts';
import {
  HANDLERLESS_NEXT_STEP,
  handlerlessToolsOf,
  partsText,
  UNKNOWN_NEXT_STEP,
  UNKNOWN_TOOLS_SHOWN,
  unknownToolsOf,
} from './unknown-parts.ts';

export interface TextOptions {
  /** Colour the output (a terminal); off by default so logs and tests stay plain. */
  readonly color?: boolean;
  /** Where the command ran: the file the fix names is relative to it. */
  readonly cwd?: string;
  /** List every chain, not only the broken and tolerated ones. */
  readonly all?: boolean;
  /**
   * The project lists agent-contract as a devDependency only: the fix runs guard-ids with `--helper local`, so the
   * guard it writes is imported from the project and resolves after `npm ci --omit=dev`.
   */
  readonly localHelper?: boolean;
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * What the audit found, before the chains: `21 result fields return an id (emitters: 20 numbers, 1 string); 8 input
 * fields take one (acceptors: 8 only strings).` (with the ids printed into text that pair, when there are), then
 * what makes a chain, with the entities the chains are of. It names the words the sections below use; the chain
 * counts are the verdict's.
 */
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
    emitted.number > 0 ? plural(emitted.number, 'number') : '',
    emitted.string > 0 ? plural(emitted.string, 'string') : '',
    emitted.other > 0 ? `${emitted.other} mixed` : '',
  ].filter((part) => part !== '');
  const takes: Record<string, string> = {
    string: 'only strings',
    number: 'only numbers',
    'string-or-number': 'either',
    coerced: 'coerced',
    guarded: 'guarded',
    unknown: 'unreadable',
  };
  const acceptParts = [...accepted].map(([type, count]) => `${count} ${takes[type] ?? type}`);
  const { emitters, acceptors } = report.summary;
  const entities = [...new Set(report.chains.map((chain) => chain.entity))];
  const of = entities.length === 0 ? '' : ` (${entities.join(', ')})`;
  // Ids printed into prose are no result fields; those that pair with an input are counted beside them.
  const printed = report.summary.printedEmitters;
  const printedPart =
    printed === 0
      ? ''
      : `, and ${plural(printed, 'id printed into text pairs', 'ids printed into text pair')} with an input`;
  return (
    `${plural(emitters, 'result field returns an id', 'result fields return an id')}${emitParts.length > 0 ? ` (emitters: ${emitParts.join(', ')})` : ''}${printedPart}; ` +
    `${plural(acceptors, 'input field takes one', 'input fields take one')}${acceptParts.length > 0 ? ` (acceptors: ${acceptParts.join(', ')})` : ''}.\n` +
    `A chain is an id an emitter returns, passed as is to an acceptor of the same entity${of}.`
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

/** The acceptors one command fixes, by the file it is run on: one `fix:` line per file, not one per acceptor. */
class FixesByFile {
  readonly files = new Map<string, Set<string>>();

  add(file: string, acceptor: string): void {
    const acceptors = this.files.get(file) ?? new Set<string>();
    acceptors.add(acceptor);
    this.files.set(file, acceptors);
  }
}

/**
 * `9 tools found at 1 registration site (none it could not follow); emitted types known for 9 of 9 tools`, and, when
 * some could not be read, `; input schemas read for 7 of 9`. With a contract: `9 published tools, 9 found in source
 * (...)`, since the inputs are the contract's.
 */
export function coverageLine(report: AuditReport): string {
  const { tools, registrationSites, unfollowedSites, knownEmitters, inputsRead, contract } = report.coverage;
  const unfollowed = unfollowedSites === 0 ? 'none it could not follow' : `${unfollowedSites} it could not follow`;
  // A low-level server lists its tools and dispatches by name, a framework finds its tool classes itself: no call
  // registers them, and the line says what holds them.
  const noCall = registrationSites === 0 && tools > 0;
  const classes = report.tools.filter((tool) => tool.style === 'tool-class').length;
  const holders =
    classes === 0
      ? 'tool lists and request handlers'
      : classes === report.tools.length
        ? 'tool classes'
        : 'tool lists, tool classes and request handlers';
  const sites = noCall
    ? `no registration call: ${holders}, ${unfollowed}`
    : `${plural(registrationSites, 'registration site')}, ${unfollowed}`;
  if (contract !== undefined)
    return `${plural(tools, 'published tool')}, ${contract.placedTools} found in source (${sites}); emitted types known for ${knownEmitters} of ${plural(tools, 'tool')}`;
  const inputs = inputsRead === tools ? '' : `; input schemas read for ${inputsRead} of ${tools}`;
  const found = noCall
    ? `found with no registration call (${holders}; ${unfollowed})`
    : `found at ${plural(registrationSites, 'registration site')} (${unfollowed})`;
  return `${plural(tools, 'tool')} ${found}; emitted types known for ${knownEmitters} of ${plural(tools, 'tool')}${inputs}`;
}

/**
 * `mcp-contract.json: 9 published tools, every one found in source; what they accept is read from it (run-time
 * acceptance recorded)`; undefined when the audit read no contract.
 */
export function publishedLine(report: AuditReport): string | undefined {
  const contract = report.coverage.contract;
  if (contract === undefined) return undefined;
  const unplaced = contract.unplacedTools.length;
  const placed =
    unplaced === 0
      ? contract.tools === 1
        ? 'found in source'
        : 'every one found in source'
      : `${contract.placedTools} found in source, ${unplaced} not (${contract.unplacedTools.slice(0, 5).join(', ')}${unplaced > 5 ? ', ...' : ''})`;
  const fields =
    contract.unplacedFields.length === 0
      ? ''
      : `; ${plural(contract.unplacedFields.length, 'id field')} not found in source`;
  const unpublished =
    contract.unpublishedTools.length === 0
      ? ''
      : `; ${plural(contract.unpublishedTools.length, 'tool')} in source ${contract.unpublishedTools.length === 1 ? 'is' : 'are'} not published (${contract.unpublishedTools.slice(0, 5).join(', ')})`;
  const acceptance =
    contract.acceptance === 'recorded' ? 'run-time acceptance recorded' : 'run-time acceptance not recorded';
  return `${contract.source}: ${plural(contract.tools, 'published tool')}, ${placed}${fields}${unpublished}; what they accept is read from it (${acceptance})`;
}

/**
 * The readable report: what the audit could see first, the summary, then broken and suspect chains by acceptor with
 * both ends and the fix, then the rest, and the verdict last, the one line that counts the chains.
 */
/** Files listed by name on the coverage line; a server with a file per tool gets the busiest ones and a count. */
const LISTED_TOOL_FILES = 5;

/** `2 in src/tools.ts, 1 in src/admin.ts`, or the busiest files and `and 61 more files (61 tools)`. */
function toolFilesLine(
  files: readonly { readonly file: string; readonly tools: number }[],
  fromCwd: (file: string) => string,
): string {
  const name = (entry: { file: string; tools: number }) => `${entry.tools} in ${fromCwd(entry.file)}`;
  if (files.length <= LISTED_TOOL_FILES) return files.map(name).join(', ');
  const shown = [...files].sort((a, b) => b.tools - a.tools).slice(0, LISTED_TOOL_FILES - 1);
  const rest = files.filter((entry) => !shown.includes(entry));
  const restTools = rest.reduce((sum, entry) => sum + entry.tools, 0);
  return `${shown.map(name).join(', ')}, and ${plural(rest.length, 'more file')} (${plural(restTools, 'tool')}; --format json lists them all)`;
}

export function formatAuditText(report: AuditReport, options: TextOptions = {}): string {
  const c = createColors(options.color ?? false);
  const cwd = options.cwd ?? process.cwd();
  const helperFlag = options.localHelper === true ? ' --helper local' : '';
  const fromCwd = (file: string): string => {
    const relative = path.relative(cwd, path.join(report.project.root, file)).split(path.sep).join('/');
    return relative === '' ? file : relative;
  };
  // Line 0: an end only the published contract shows (the source reading could not place it); `file` names the contract.
  const at = (location: { file: string; line: number }): string =>
    c.dim(
      location.line === 0 ? `(not found in source; in ${location.file})` : `${fromCwd(location.file)}:${location.line}`,
    );
  const lines: string[] = [];
  const { summary, project, discovery } = report;

  const where = fromCwd('.') === '.' ? '.' : fromCwd('.');
  const config =
    project.tsconfig === null
      ? "no tsconfig.json, so TypeScript's default compiler options"
      : project.optionsOnly
        ? `${where === '.' ? 'this folder' : where} has no tsconfig.json, so they were read with the compiler options of ${fromCwd(project.tsconfig)}`
        : fromCwd(project.tsconfig);
  lines.push(c.bold(`agent-contract audit ${where}`) + c.dim(` (${plural(project.files, 'file')}; ${config})`));
  const seen = coverageLine(report);
  const partial =
    report.coverage.unfollowedSites > 0 ||
    report.coverage.knownEmitters < report.coverage.tools ||
    report.coverage.tools === 0;
  lines.push(`Coverage: ${partial ? c.yellow(seen) : seen}`);
  const contractLine = publishedLine(report);
  if (contractLine !== undefined) lines.push(`Contract: ${contractLine}`);
  const toolFiles = toolFilesLine(discovery.files, fromCwd);
  if (toolFiles !== '') lines.push(`  ${toolFiles}`);
  const copies = discovery.scriptCopies;
  if (copies !== undefined) {
    const files = copies.files.map(fromCwd);
    const named = files.length <= 2 ? files.join(', ') : `${files.slice(0, 2).join(', ')} and ${files.length - 2} more`;
    lines.push(
      c.dim(
        `  ${plural(copies.tools, 'tool')} ${copies.tools === 1 ? 'is' : 'are'} registered again in JavaScript the tsconfig takes in (${named}): read from the TypeScript; leave the build output out of the tsconfig ("exclude") to skip it`,
      ),
    );
  }
  const unregistered = discovery.unregistered;
  if (unregistered !== undefined) {
    const names = unregistered.map((entry) => `${entry.tool} (${fromCwd(entry.file)}:${entry.line})`);
    const named = names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`;
    lines.push(
      c.dim(
        `  ${plural(unregistered.length, 'tool object')} ${unregistered.length === 1 ? 'is' : 'are'} never registered, not counted: ${named}; no registration reads ${unregistered.length === 1 ? 'it' : 'them'} and no code names ${unregistered.length === 1 ? 'it' : 'them'}`,
      ),
    );
  }
  const SITE_LINE: Record<string, (tools: number) => string> = {
    definitions: () => 'registers them under names known only at run time; each tool is shown where it is defined',
    wrapper: () =>
      'is inside a registration wrapper (declared in agent-contract.config.json, or a function that registers with its own parameters), so its tools are shown where the wrapper is called',
    classes: (tools) => `registers ${plural(tools, 'tool')}, one per class of the tool object it is given`,
    lists: (tools) =>
      `registers ${plural(tools, 'tool')}, one per argument list spread into it; each tool is shown where its list is written`,
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
  if (project.missingPackages.length > 0) {
    const count = project.missingPackages.length;
    lines.push(
      c.yellow(
        `${plural(count, 'package')} the code imports ${count === 1 ? 'is' : 'are'} not installed (${project.missingPackages.join(', ')}): their types read as any; install the project's dependencies (npm ci) and audit again`,
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
  // The chain counts are stated once, in the verdict, the line a CI log ends with; the sections count acceptors.
  lines.push(seedSummary(report));

  lines.push(...brokenChainLines(report, c, at, fromCwd, options.all === true, helperFlag));
  const suspect = report.chains.filter((chain) => chain.status === 'suspect');
  if (suspect.length > 0) {
    const suspectGroups = groupByAcceptor(suspect);
    lines.push('', c.bold(`Suspect chains, by acceptor (${suspectGroups.size}): ${CHAIN_VERDICT_MEANING.suspect}`));
    const typeOrGuard = new FixesByFile();
    for (const group of suspectGroups.values()) {
      const to = (group[0] as AuditChain).to;
      lines.push(`  ${c.bold(`${to.tool}.${to.field}`)} accepts ${to.type}  ${at(to)}`);
      lines.push(...takenAsLines(report, to, c));
      for (const chain of group)
        lines.push(
          `    ${c.magenta('?')} ${chain.from.tool}${chain.from.path === '' ? '' : ` ${chain.from.path}`} ${chain.from.type === 'unknown' ? (chain.evidence?.some((entry) => entry.kind === 'api-reference') === true ? "emits a value the code leaves untyped and the API's document types" : 'emits a value typed any') : chain.from.type === 'prose' ? 'prints it into prose' : `is declared ${chain.from.type}`}  ${at(chain.from)}`,
        );
      const evidence = new Map<string, string>();
      for (const chain of group) {
        for (const entry of chain.evidence ?? []) {
          const owner =
            entry.tool === '' || (entry.tool === to.tool && entry.field === to.field)
              ? ''
              : ` (${entry.tool}.${entry.field})`;
          evidence.set(
            `${entry.file}:${entry.line}:${entry.text}`,
            `    evidence: ${entry.text}${owner}  ${at(entry)}`,
          );
        }
      }
      lines.push(...evidence.values());
      if (to.type === 'string') typeOrGuard.add(fromCwd(to.file), `${to.tool}.${to.field}`);
    }
    // Typed emitters the tests contradict need their declared types corrected, untyped ones need types at all, and
    // ids printed into prose need a JSON form that carries their type.
    const typeThem = suspect.every((chain) => chain.from.type === 'prose')
      ? 'send the ids as JSON (structuredContent, or JSON text) so their type reaches the agent'
      : suspect.every((chain) => chain.from.type !== 'unknown' && chain.from.type !== 'prose')
        ? 'make the declared types say what the API sends (the casts in the tests say they do not)'
        : 'type what the emitters return, so the audit can tell';
    for (const [file, acceptors] of typeOrGuard.files)
      lines.push(
        `  fix: ${typeThem}; if they send numbers, run \`npx agent-contract codemod guard-ids${helperFlag} ${file}\` (${acceptors.size === 1 ? 'the acceptor' : `the ${acceptors.size} acceptors`} above in that file)`,
      );
  }
  const tolerated = report.chains.filter((chain) => chain.status === 'tolerated');
  if (tolerated.length > 0) {
    lines.push('', c.bold(`Tolerated chains: ${CHAIN_VERDICT_MEANING.tolerated}`));
    for (const group of groupByAcceptor(tolerated).values()) {
      const to = (group[0] as AuditChain).to;
      const from = group.map((chain) => `${chain.from.tool} ${chain.from.path}`).join(', ');
      lines.push(`  ${c.yellow('~')} ${to.tool}.${to.field} (${to.type}) ${at(to)} <- ${from}`);
    }
  }
  const unknown = report.chains.filter((chain) => chain.status === 'unknown');
  if (unknown.length > 0) {
    lines.push('', c.bold(`Unknown chains: ${CHAIN_VERDICT_MEANING.unknown}`));
    for (const group of groupByAcceptor(unknown).values()) {
      const to = (group[0] as AuditChain).to;
      const from = group.map((chain) => `${chain.from.tool} ${chain.from.path}`).join(', ');
      lines.push(`  ${c.dim('?')} ${to.tool}.${to.field} (${to.type}) ${at(to)} <- ${from}`);
    }
  }
  if (options.all === true) {
    const ok = report.chains.filter((chain) => chain.status === 'ok');
    if (ok.length > 0) {
      lines.push('', c.bold(`Chains that hold: ${CHAIN_VERDICT_MEANING.ok}`));
      for (const chain of ok)
        lines.push(`  ${c.green('✓')} ${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`);
    }
  }
  const unknownTools = unknownToolsOf(report);
  if (unknownTools.length > 0) {
    lines.push(
      '',
      c.bold(
        `Tools that emit unknown types (${unknownTools.length}): the types do not show the ids in these parts of what they return`,
      ),
    );
    const listed = options.all === true ? unknownTools : unknownTools.slice(0, UNKNOWN_TOOLS_SHOWN);
    for (const { tool, parts, at: where } of listed) lines.push(`  ${tool} ${partsText(parts)}  ${at(where)}`);
    if (listed.length < unknownTools.length)
      lines.push(`  and ${unknownTools.length - listed.length} more tools (--all or --format json lists them)`);
    lines.push(c.dim(`  next: ${UNKNOWN_NEXT_STEP}`));
  }
  const handlerless = handlerlessToolsOf(report);
  if (handlerless.length > 0) {
    lines.push(
      '',
      c.bold(`Tools whose handler was not found (${handlerless.length}): nothing of what they return is known`),
    );
    const listed = options.all === true ? handlerless : handlerless.slice(0, UNKNOWN_TOOLS_SHOWN);
    for (const tool of listed) lines.push(`  ${tool.name}  ${at(tool)}`);
    if (listed.length < handlerless.length)
      lines.push(`  and ${handlerless.length - listed.length} more tools (--all or --format json lists them)`);
    lines.push(c.dim(`  next: ${HANDLERLESS_NEXT_STEP}`));
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
