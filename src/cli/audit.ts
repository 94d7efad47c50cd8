import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Command } from 'commander';
import pc from 'picocolors';
import { cutLines, writeProgress } from './printable.ts';
import type { PublishedSurface } from '../model/published-surface.ts';
import { DEFAULT_CONTRACT_FILE } from '../contract/contract-file-schema.ts';
import type { McpContract } from '../contract/contract-file.ts';
import type { LiveOptions } from './contract.ts';
import { audit, type AuditPhase, type AuditReport } from '../audit/audit.ts';
import { ConfigError, loadAuditConfig, ProjectError, type AuditConfig } from '../adapters/typescript/index.ts';
import { acceptedFindingsFor, writeBaselineFor } from './audit-baseline.ts';
import { formatAuditJson } from '../audit/format-json.ts';
import { formatAuditSarif } from '../audit/format-sarif.ts';
import { formatAuditSummary } from '../audit/format-summary.ts';
import { formatAuditText } from '../audit/format-text.ts';
import { agentContractInstallFor } from '../adapters/packages/index.ts';
import { EXIT_ERROR, EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.ts';
import { ApiDocumentError, apiReferencesIn, readApiReference } from './api-documents.ts';
import type { ApiReferences } from '../model/api-reference.ts';

export interface AuditCommandOptions extends LiveOptions {
  readonly format: 'text' | 'json' | 'sarif' | 'summary';
  /** `--baseline <file>`: the baseline to accept findings from; `false` for `--no-baseline`. */
  readonly baseline?: string | false;
  /** `--baseline-write [file]`: record today's findings; `true` for the default file. */
  readonly baselineWrite?: string | true;
  /**
   * `--contract <file>`: the published contract to read the tools' inputs from; `false` for `--no-contract`;
   * undefined to use the project's mcp-contract.json when it has one.
   */
  readonly contract?: string | false;
  /** `--server`: snapshot the server whose command follows `--` and read the inputs from what it publishes. */
  readonly server?: boolean;
  /** `--json`: the same as `--format json`, as on every other command. */
  readonly json?: boolean;
  readonly failOn: 'broken' | 'suspect' | 'tolerated' | 'never';
  readonly all?: boolean;
  /** Exit by `--fail-on` alone, also when no tool was found or no emitted type was known. */
  readonly allowUnknown?: boolean;
  /** Exit by `--fail-on` alone, also when a file does not parse. */
  readonly allowErrors?: boolean;
  /** Also count the files that do not type-check (a full type-check). */
  readonly typeErrors?: boolean;
  /** `--openapi <file>` (repeatable): the API's OpenAPI documents; `false` for `--no-openapi`; undefined for the project's own. */
  readonly openapi?: readonly string[] | false;
}

const PHASES: Record<AuditPhase, string> = {
  program: 'reading the program',
  discovery: 'finding tools',
  matching: 'matching emitters and acceptors',
  diagnostics: 'counting type errors',
};

/** A progress line on stderr, shown only on a terminal and only once the audit has taken more than two seconds. */
function progressLine(enabled: boolean): {
  update: (phase: AuditPhase, done: number, total: number) => void;
  clear: () => void;
} {
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
      writeProgress(`\r${pc.dim(`audit: ${PHASES[phase]}${count}`)}\x1b[K`);
    },
    clear() {
      if (shown) writeProgress('\r\x1b[K');
    },
  };
}

/**
 * What the audit could not see or vouch for, as the one line exit 2 prints; undefined when it vouches for its
 * verdict. A check that could not look never passes: an unvouched report exits 2, whatever chains it found.
 */
export function blindSpot(report: AuditReport, target: string): string | undefined {
  const { blind, vouched, text } = report.verdict;
  if (blind !== undefined) return `audit ${target} ${blind}, or pass --allow-unknown to exit by --fail-on alone`;
  if (vouched) return undefined;
  return `audit ${target} ${text.replace(/\.$/, '')}; pass --allow-unknown to exit by --fail-on alone`;
}

/**
 * What the audit could not read of the project itself, as the one line exit 2 prints: a file that does not parse (what
 * it registers or emits may be missing), or packages the code imports that are not installed (their types read as
 * `any`); undefined when every file parsed and every package was found. `--allow-errors` lets the audit pass on them.
 */
export function unreadProject(report: AuditReport, target: string): string | undefined {
  const { filesNotParsed, parseErrors, missingPackages } = report.project;
  if (filesNotParsed === 0 && missingPackages.length > 0) {
    const count = missingPackages.length;
    return `audit ${target}: ${count === 1 ? '1 package the code imports is' : `${count} packages the code imports are`} not installed (${missingPackages.join(', ')}), so their types read as any; install the project's dependencies (npm ci), or pass --allow-errors to audit the rest`;
  }
  if (filesNotParsed === 0) return undefined;
  const files = filesNotParsed === 1 ? '1 file does not parse' : `${filesNotParsed} files do not parse`;
  const first = parseErrors[0] === undefined ? '' : ` (${parseErrors[0]})`;
  return `audit ${target}: ${files}${first}, so its tools and ids may be missing; fix the syntax, or pass --allow-errors to audit the rest`;
}

const SEVERITY: Record<AuditCommandOptions['failOn'], readonly string[]> = {
  broken: ['broken'],
  suspect: ['broken', 'suspect'],
  // `unknown` chains were counted as tolerated before they had a class of their own; the threshold still takes them.
  tolerated: ['broken', 'suspect', 'tolerated', 'unknown'],
  never: [],
};

/**
 * `agent-contract audit [project]`: the static chain matrix. main.ts declares the command and loads this module (and with
 * it typescript, an optional peer) only when it runs. Exit 1 when the `--fail-on` threshold is met; 2 when the audit
 * found no tool, knew no emitted type or read no input schema (unless `--allow-unknown`), or a file does not parse
 * (unless `--allow-errors`), after the report.
 */
export async function runAuditCommand(
  command: Command,
  operands: readonly string[],
  options: AuditCommandOptions,
): Promise<number> {
  const { target, serverCommand } = splitOperands(command, operands);
  const folder = existsSync(target) && statSync(target).isFile() ? path.dirname(target) : target;
  const config = configOf(folder);
  // The documents --openapi names are read first: a bad one stops the audit before any server starts.
  const apiReferences = await apiReferencesFor(options.openapi, folder, config);
  const published = await publishedSurfaceFor(command, target, serverCommand, options, config);
  if (typeof published === 'number') return published;
  const progress = progressLine(process.stderr.isTTY === true);
  let result;
  try {
    result = audit(target, {
      apiReferences,
      onProgress: progress.update,
      ...(config === undefined ? {} : { config }),
      ...(options.typeErrors === true ? { typeErrors: true } : {}),
      ...(published === undefined ? {} : { published }),
    });
  } catch (error) {
    if (error instanceof ProjectError || error instanceof ConfigError) throw new UsageError(error.message);
    throw error;
  } finally {
    progress.clear();
  }
  const unparsed = options.allowErrors === true ? undefined : unreadProject(result.report, target);
  const blind = options.allowUnknown === true ? undefined : blindSpot(result.report, target);
  const error = unparsed ?? blind;
  // A baseline records what the audit saw; one it could not vouch for is never written.
  if (options.baselineWrite !== undefined && error === undefined)
    return writeBaselineFor(result.report, target, folder, options.baselineWrite, config?.run);
  const accepted = acceptedFindingsFor(result.report, target, folder, options.baseline, config?.run);
  const { report } = accepted;
  const format = options.json === true ? 'json' : options.format;
  if (format === 'json') process.stdout.write(formatAuditJson(report, undefined, accepted.json));
  else if (format === 'sarif') process.stdout.write(formatAuditSarif(report));
  else if (format === 'summary') process.stdout.write(formatAuditSummary(report, accepted.lines));
  else
    process.stdout.write(
      cutLines(
        `${formatAuditText(report, {
          color: process.stdout.isTTY === true && pc.isColorSupported,
          ...(options.all === true ? { all: true } : {}),
          ...(agentContractInstallFor(path.resolve(target)).kind === 'devDependency' ? { localHelper: true } : {}),
        })}${accepted.lines.map((line) => `${line}\n`).join('')}`,
      ),
    );
  if (error !== undefined) {
    process.stderr.write(`agent-contract: ${error}\n`);
    return EXIT_ERROR;
  }
  const failOn =
    command.getOptionValueSource('failOn') === 'default'
      ? (config?.run?.audit.failOn ?? options.failOn)
      : options.failOn;
  const failing = SEVERITY[failOn];
  return report.chains.some((chain) => failing.includes(chain.status)) ? EXIT_FINDINGS : EXIT_OK;
}

/**
 * The documents `--openapi` names (each read, or a usage error naming it), none for `--no-openapi`, else those of the
 * configuration's `audit.openapi` (relative to its folder), else the project's own, read only if the audit asks for
 * them.
 */
async function apiReferencesFor(
  openapi: readonly string[] | false | undefined,
  folder: string,
  config: AuditConfig | undefined,
): Promise<ApiReferences> {
  const configured = config?.run?.audit.openapi;
  const named = openapi ?? configured;
  if (named === undefined) return () => apiReferencesIn(folder);
  if (named === false) return [];
  const origin =
    openapi === undefined && config !== undefined
      ? { from: `${configFile(folder, config.source ?? 'agent-contract.config.json')}: "audit.openapi"`, base: folder }
      : undefined;
  try {
    return await Promise.all(named.map((source) => readApiReference(source, folder, origin)));
  } catch (error) {
    if (error instanceof ApiDocumentError) throw new UsageError(error.message);
    throw error;
  }
}

/** The project's agent-contract.config.json (or its other forms); undefined when the folder does not exist. */
function configOf(folder: string): AuditConfig | undefined {
  if (!existsSync(folder)) return undefined;
  try {
    return loadAuditConfig(folder);
  } catch (error) {
    if (error instanceof ConfigError) throw new UsageError(configFile(folder, error.message));
    throw error;
  }
}

/** A configuration file's name (or a message that starts with it) as the user finds it from where they run. */
function configFile(folder: string, name: string): string {
  return folder === '.' ? name : `${folder.replace(/\/$/, '')}/${name}`;
}

/** `[project] [-- <server command...>]`: commander hands every operand over in one list; the raw arguments say where `--` was. */
function splitOperands(
  command: Command,
  operands: readonly string[],
): { target: string; serverCommand: readonly string[] } {
  let root = command;
  while (root.parent !== null) root = root.parent;
  const raw = (root as unknown as { rawArgs?: unknown }).rawArgs;
  const dash = Array.isArray(raw) ? raw.indexOf('--') : -1;
  const after = dash === -1 || !Array.isArray(raw) ? 0 : raw.length - dash - 1;
  const before = operands.slice(0, operands.length - after);
  if (before.length > 1)
    throw new UsageError(
      `audit takes one project folder, got ${before.map((operand) => JSON.stringify(operand)).join(' ')}; put a server command after --, e.g. agent-contract audit --server -- node dist/server.js`,
    );
  return { target: before[0] ?? '.', serverCommand: operands.slice(operands.length - after) };
}

function surfaceOf(contract: McpContract, source: string, file?: string): PublishedSurface {
  return {
    source,
    ...(file === undefined ? {} : { file: path.resolve(file) }),
    tools: contract.tools,
    ...(contract.acceptance === undefined ? {} : { acceptance: contract.acceptance }),
  };
}

/**
 * The published contract to audit against: a live snapshot (`--server -- <command>`, `--url`), the file of
 * `--contract`, or the project's own mcp-contract.json; undefined with `--no-contract` or when there is none. A number
 * is the exit code of an interrupted snapshot.
 */
async function publishedSurfaceFor(
  command: Command,
  target: string,
  serverCommand: readonly string[],
  options: AuditCommandOptions,
  config: AuditConfig | undefined,
): Promise<PublishedSurface | number | undefined> {
  const { exitForInterrupt, interruptible, liveSource, readContract, snapshotLive } = await import('./contract.ts');
  const source = liveSource(command, serverCommand, options, 'audit');
  if (source !== undefined) {
    if (typeof options.contract === 'string')
      throw new UsageError(
        'audit: give either --contract <file> or a server to snapshot (after -- or --url), not both',
      );
    if (options.contract === false)
      throw new UsageError(
        'audit: --no-contract reads the source alone, so it takes no server to snapshot (after -- or --url); drop one of them',
      );
    try {
      const contract = await interruptible((signal) => snapshotLive(source, options, signal));
      const { describeSource } = await import('../contract/snapshot.ts');
      return surfaceOf(contract, describeSource(source));
    } catch (error) {
      return exitForInterrupt(error);
    }
  }
  if (options.server === true)
    throw new UsageError(
      'audit --server needs the command that starts your stdio server after --, e.g. agent-contract audit --server -- node dist/server.js (or --url)',
    );
  if (options.contract === false) return undefined;
  if (typeof options.contract === 'string') {
    if (!existsSync(options.contract))
      throw new UsageError(
        `--contract ${options.contract}: no such file; write it with npx agent-contract contract snapshot --out ${options.contract} -- <command that starts your server>`,
      );
    return surfaceOf(await readContract(options.contract), options.contract, options.contract);
  }
  const folder = existsSync(target) && statSync(target).isFile() ? path.dirname(target) : target;
  const own = path.join(folder, config?.run?.contract.file ?? DEFAULT_CONTRACT_FILE);
  // Named as the user would type it from here.
  const label = path.relative(process.cwd(), path.resolve(own)) || own;
  return existsSync(own) ? surfaceOf(await readContract(own), label, own) : undefined;
}
