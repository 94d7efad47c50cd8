import type { Command } from 'commander';
import pc from 'picocolors';
import {
  CLIENTS,
  compatLevel,
  fixedByOf,
  fixFor,
  type ClientId,
  type CompatibilityFinding,
  type CompatibilityFixedBy,
  type CompatLevel,
} from '../contract/compatibility.ts';
import { DEFAULT_CONTRACT_FILE } from '../contract/contract-file-schema.ts';
import type { McpContract } from '../contract/contract-file.ts';
import { serializeContract, writeContractFile } from '../contract/contract-file-writer.ts';
import type { ChangeLevel, ContractDiff } from '../contract/diff.ts';
import type { ServerSource } from '../contract/snapshot.ts';
import { cutText, NAME_CHARS } from '../model/cut-text.ts';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.ts';
import { configuredOption, contractRunConfig } from './run-config.ts';
import type { RunConfig } from '../model/run-config.ts';

// The commands are declared in main.ts; this module is loaded when one of them runs. Starting or reaching a server
// (snapshot.ts, the MCP SDK client) is loaded only by a command that does, so a diff of two files goes without. Reading
// contract files (with their validator), the diff and the text formats load when a command gets to them: a snapshot
// spawns its server without them. Writing a contract needs only Node's fs (contract-file-writer.ts, src/files), loaded with this.
const snapshotModule = () => import('../contract/snapshot.ts');
const contractFiles = () => import('../contract/contract-file.ts');
const diffModule = () => import('../contract/diff.ts');
const formatModule = () => import('../contract/format.ts');

export interface LiveOptions {
  readonly url?: string;
  readonly header: string[];
  readonly timeout: string;
  readonly probe: boolean;
}

/** Ctrl-C or SIGTERM while a server runs: it is ended and nothing is written. */
class Interrupted extends Error {
  override readonly name = 'Interrupted';
  constructor(readonly signalName: NodeJS.Signals) {
    super(`interrupted by ${signalName}; the server was stopped and nothing was written`);
  }
}

const color = () => process.stdout.isTTY && pc.isColorSupported;

function parseTimeout(value: string): number {
  const timeout = Number(value);
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw new UsageError(`--timeout ${value}: expected a whole number of milliseconds, e.g. --timeout 20000`);
  return timeout;
}

function parseHeaders(headers: readonly string[]): Record<string, string> {
  const parsed: Record<string, string> = {};
  for (const header of headers) {
    const colon = header.indexOf(':');
    if (colon <= 0)
      throw new UsageError(
        `--header ${JSON.stringify(header)}: expected "Name: value", e.g. --header "Authorization: Bearer <token>"`,
      );
    parsed[header.slice(0, colon).trim()] = header.slice(colon + 1).trim();
  }
  return parsed;
}

/** Commander drops the `--` before a server command; the raw arguments of the root command still have it. */
function hadDoubleDash(command: Command): boolean {
  let root = command;
  while (root.parent !== null) root = root.parent;
  const raw = (root as unknown as { rawArgs?: unknown }).rawArgs;
  return Array.isArray(raw) && raw.includes('--');
}

/** The live server named by `-- <command>` or `--url`, if any. */
export function liveSource(
  command: Command,
  operands: readonly string[],
  options: LiveOptions,
  what: string,
): ServerSource | undefined {
  const [program, ...args] = operands;
  if (options.url !== undefined) {
    if (program !== undefined)
      throw new UsageError(`${what}: give either --url or a server command after --, not both`);
    return { kind: 'http', url: options.url, headers: parseHeaders(options.header) };
  }
  if (options.header.length > 0) throw new UsageError(`${what}: --header only applies with --url`);
  if (program === undefined) return undefined;
  if (!hadDoubleDash(command)) {
    throw new UsageError(
      `${what}: unexpected argument ${JSON.stringify(program)}; put the server command after --, e.g. agent-contract contract ${what} -- node dist/server.js`,
    );
  }
  return { kind: 'stdio', command: program, args };
}

/** The server of `contract.server` in the configuration, when no command follows `--` and no `--url` is given. */
function configuredSource(operands: readonly string[], options: LiveOptions, run: RunConfig): ServerSource | undefined {
  const [program, ...args] = run.contract.server ?? [];
  if (operands.length > 0 || options.url !== undefined || program === undefined) return undefined;
  return { kind: 'stdio', command: program, args };
}

/** Runs `work` with Ctrl-C and SIGTERM turned into an abort, so the server is ended before the process exits. */
export async function interruptible<T>(work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  const handlers = (['SIGINT', 'SIGTERM'] as const).map((name) => {
    const handler = () => controller.abort(new Interrupted(name));
    process.once(name, handler);
    return [name, handler] as const;
  });
  try {
    return await work(controller.signal);
  } finally {
    for (const [name, handler] of handlers) process.off(name, handler);
  }
}

/** `onContract`: what to do with the contract while the server is being ended (snapshot.ts). */
export async function snapshotLive(
  source: ServerSource,
  options: LiveOptions,
  signal: AbortSignal,
  onContract?: (contract: McpContract) => Promise<void>,
): Promise<McpContract> {
  const { describeSource, snapshotServer, SnapshotError } = await snapshotModule();
  try {
    const timeoutMs = parseTimeout(options.timeout);
    const { contract } = await snapshotServer(source, {
      timeoutMs,
      probeRuntime: options.probe,
      signal,
      ...(onContract === undefined ? {} : { onContract }),
    });
    return contract;
  } catch (error) {
    if (error instanceof SnapshotError) throw new UsageError(`${describeSource(source)}: ${error.message}`);
    throw error;
  }
}

/**
 * Writes the contract with the shared writer: atomically, keeping an existing file's mode, through a symbolic link that
 * stays inside this folder or the file's own, in place for a device or FIFO (`--out /dev/null`). A refusal becomes a
 * one-line error. Sets `written.done` once the file holds the new contract.
 */
async function writeContract(
  file: string,
  contract: McpContract,
  written: { done: boolean },
  signal?: AbortSignal,
): Promise<void> {
  try {
    await writeContractFile(file, contract, { roots: [process.cwd()], ...(signal === undefined ? {} : { signal }) });
    written.done = true;
  } catch (error) {
    if (error instanceof Interrupted) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`cannot write ${file}: ${reason}`);
  }
}

export async function readContract(file: string): Promise<McpContract> {
  const { ContractFileError, readContractFile } = await contractFiles();
  try {
    return await readContractFile(file);
  } catch (error) {
    if (error instanceof ContractFileError) throw new UsageError(error.message);
    throw error;
  }
}

/**
 * Exit code for an interrupted run, after saying so; rethrows anything else. 130 and 143 say that nothing was
 * written: a run interrupted after it wrote its file ends with `afterWrite`, the code it would have had.
 */
export function exitForInterrupt(
  error: unknown,
  written?: { done: boolean; file: string },
  afterWrite = EXIT_OK,
): number {
  if (!(error instanceof Interrupted)) throw error;
  if (written?.done === true) {
    process.stderr.write(
      `agent-contract: interrupted by ${error.signalName} after ${written.file} was written; the server was stopped\n`,
    );
    return afterWrite;
  }
  process.stderr.write(`agent-contract: ${error.message}\n`);
  return error.signalName === 'SIGINT' ? 130 : 143;
}

function runtimeText(contract: McpContract): string {
  const runtime = contract.runtime;
  if (runtime === undefined) return 'SDK and zod versions unknown: not a Node process, or reached over HTTP';
  const parts = [...runtime.sdk, ...runtime.zod.map((version) => `zod ${version}`)];
  if (runtime.sdkZod.some((version) => !runtime.zod.includes(version)))
    parts.push(`SDK's zod ${runtime.sdkZod.join(', ')}`);
  return parts.length === 0 ? 'no MCP SDK or zod seen' : parts.join(', ');
}

export interface SnapshotCommandOptions extends LiveOptions {
  readonly out: string;
}

export async function runSnapshot(
  command: Command,
  operands: string[],
  options: SnapshotCommandOptions,
): Promise<number> {
  const run = contractRunConfig();
  options = { ...options, out: configuredOption(command, 'out', options.out, run.contract.file) };
  const source = configuredSource(operands, options, run) ?? liveSource(command, operands, options, 'snapshot');
  if (source === undefined) {
    throw new UsageError(
      'snapshot needs the command that starts your stdio server after --, e.g. agent-contract contract snapshot -- node dist/server.js (or --url)',
    );
  }
  const written = { done: false, file: options.out };
  try {
    const contract = await interruptible((signal) =>
      // Written while the server ends.
      snapshotLive(source, options, signal, async (built) => {
        if (options.out === '-') process.stdout.write(serializeContract(built));
        else await writeContract(options.out, built, written, signal);
      }),
    );
    if (options.out === '-') return EXIT_OK;
    const findings = contract.compatibility.length;
    process.stdout.write(
      `wrote ${options.out}: ${contract.tools.length} tools of ${cutText(contract.server.name, NAME_CHARS) || 'the server'} (${runtimeText(contract)}); ` +
        `${findings} client compatibility ${findings === 1 ? 'finding' : 'findings'}${findings > 0 ? `, see agent-contract contract compat ${options.out}` : ''}\n`,
    );
    if (contract.acceptance === undefined) process.stdout.write(`${(await snapshotModule()).ACCEPTANCE_UNKNOWN}\n`);
    return EXIT_OK;
  } catch (error) {
    return exitForInterrupt(error, written);
  }
}

export interface DiffCommandOptions extends LiveOptions {
  readonly base: string;
  readonly head?: string;
  readonly failOn: ChangeLevel | 'none';
  readonly json?: boolean;
  /** `--format summary`: Markdown for a pull request. */
  readonly format?: 'text' | 'json' | 'summary';
}

async function printDiff(
  base: McpContract,
  head: McpContract,
  labels: { base: string; head: string },
  options: { json?: boolean; format?: 'text' | 'json' | 'summary' },
): Promise<ContractDiff> {
  const [{ diffContracts }, { formatDiff }] = await Promise.all([diffModule(), formatModule()]);
  const diff = diffContracts(base, head);
  if (options.format === 'summary')
    process.stdout.write((await import('../contract/format-summary.ts')).formatDiffMarkdown(diff, labels));
  else if (options.json === true || options.format === 'json')
    process.stdout.write(
      `${JSON.stringify({ base: labels.base, head: labels.head, summary: diff.summary, changes: diff.changes, notes: diff.notes }, null, 2)}\n`,
    );
  else process.stdout.write(`${formatDiff(diff, labels, { color: color() })}\n`);
  return diff;
}

export async function runDiff(command: Command, operands: string[], options: DiffCommandOptions): Promise<number> {
  const run = contractRunConfig();
  options = {
    ...options,
    base: configuredOption(command, 'base', options.base, run.contract.file),
    failOn: configuredOption(command, 'failOn', options.failOn, run.contract.failOn),
  };
  const source = liveSource(command, operands, options, 'diff');
  if (source !== undefined && options.head !== undefined)
    throw new UsageError('diff: give either --head <file> or a server to snapshot (after -- or --url), not both');
  if (source === undefined && options.head === undefined) {
    throw new UsageError(
      'diff needs the new contract: --head <file>, or the server command after -- to snapshot it now, e.g. agent-contract contract diff -- node dist/server.js',
    );
  }
  const base = await readContract(options.base);
  try {
    const head =
      source === undefined
        ? await readContract(options.head as string)
        : await interruptible((signal) => snapshotLive(source, options, signal));
    const label = source === undefined ? (options.head as string) : (await snapshotModule()).describeSource(source);
    const diff = await printDiff(base, head, { base: options.base, head: label }, options);
    return (await diffModule()).diffFails(diff, options.failOn) ? EXIT_FINDINGS : EXIT_OK;
  } catch (error) {
    return exitForInterrupt(error);
  }
}

export interface CheckCommandOptions extends LiveOptions {
  readonly file: string;
  readonly failOn: ChangeLevel | 'none';
  readonly update?: boolean;
  readonly json?: boolean;
}

export async function runCheck(command: Command, operands: string[], options: CheckCommandOptions): Promise<number> {
  const run = contractRunConfig();
  options = {
    ...options,
    file: configuredOption(command, 'file', options.file, run.contract.file),
    failOn: configuredOption(command, 'failOn', options.failOn, run.contract.failOn),
  };
  const source = configuredSource(operands, options, run) ?? liveSource(command, operands, options, 'check');
  if (source === undefined) {
    throw new UsageError(
      'check needs the command that starts your stdio server after --, e.g. agent-contract contract check -- node dist/server.js (or --url)',
    );
  }
  const [{ describeSource }, { ContractFileError, readContractFile }] = await Promise.all([
    snapshotModule(),
    contractFiles(),
  ]);
  /** The committed contract; undefined when there is none yet and --update may create it. */
  const committed = await readContractFile(options.file).catch((error: unknown) => {
    const missing = error instanceof ContractFileError && /: no such file;/.test(error.message);
    if (missing && options.update === true) return undefined;
    if (missing)
      throw new UsageError(
        `${options.file}: no such file; create it with agent-contract contract snapshot --out ${options.file} -- ${describeSource(source)} and commit it (or pass --update)`,
      );
    if (error instanceof ContractFileError) throw new UsageError(error.message);
    throw error;
  });
  const written = { done: false, file: options.file };
  let verdict = EXIT_OK;
  /** The check's verdict on the new contract: printed while the server ends. */
  const judge = async (head: McpContract): Promise<number> => {
    if (committed === undefined) {
      await writeContract(options.file, head, written);
      process.stdout.write(
        `wrote ${options.file}: there was no contract to compare against; review it and commit it\n`,
      );
      return EXIT_OK;
    }
    const diff = await printDiff(committed, head, { base: options.file, head: describeSource(source) }, options);
    const [{ diffFails }, { formatDiffSummary }] = await Promise.all([diffModule(), formatModule()]);
    if (diffFails(diff, options.failOn)) {
      process.stderr.write(
        `${options.file} was not updated: ${formatDiffSummary(diff)}. If the change is intended, record it with agent-contract contract snapshot --out ${options.file} -- ${describeSource(source)}\n`,
      );
      return EXIT_FINDINGS;
    }
    if (serializeContract(committed) !== serializeContract(head)) {
      // With no change to the tools, what differs is the compatibility findings or the file's layout.
      const what =
        diff.changes.length > 0 ? formatDiffSummary(diff) : 'only its compatibility findings or layout differ';
      if (options.update === true) {
        await writeContract(options.file, head, written);
        process.stderr.write(`updated ${options.file} (${what}); commit it with your change\n`);
      } else {
        process.stderr.write(
          `${options.file} is out of date (${what}); run again with --update to record the new contract\n`,
        );
      }
    }
    return EXIT_OK;
  };
  try {
    await interruptible((signal) =>
      snapshotLive(source, options, signal, async (head) => {
        verdict = await judge(head);
      }),
    );
    return verdict;
  } catch (error) {
    return exitForInterrupt(error, written, verdict);
  }
}

export interface SourceCommandOptions extends LiveOptions {
  readonly json?: boolean;
}

/** `[FILE]` or a live server, for compat and chains. */
async function contractFrom(
  command: Command,
  operands: string[],
  options: SourceCommandOptions,
  what: string,
): Promise<{ contract: McpContract; label: string }> {
  if (options.url !== undefined || hadDoubleDash(command)) {
    const source = liveSource(command, operands, options, what);
    if (source === undefined)
      throw new UsageError(`${what}: -- must be followed by the command that starts your stdio server`);
    return {
      contract: await interruptible((signal) => snapshotLive(source, options, signal)),
      label: (await snapshotModule()).describeSource(source),
    };
  }
  if (operands.length > 1)
    throw new UsageError(`${what} takes one contract file; to snapshot a server, put its command after --`);
  const file = operands[0] ?? DEFAULT_CONTRACT_FILE;
  return { contract: await readContract(file), label: file };
}

export interface CompatCommandOptions extends SourceCommandOptions {
  readonly clients?: string;
  readonly failOn: CompatLevel | 'none';
}

/**
 * `3 findings are advisory and do not fail: schema-keyword (...); open-object, optional-property (...); --fail-on
 * advisory counts them too`, when `--fail-on fixable` left some out.
 */
function advisoryLine(advisory: readonly CompatibilityFinding[], failOn: CompatLevel | 'none'): string | undefined {
  if (advisory.length === 0 || failOn !== 'fixable') return undefined;
  const rules = [...new Set(advisory.map((finding) => finding.rule))].sort();
  const of = (fixedBy: CompatibilityFixedBy) => rules.filter((rule) => fixedByOf(rule) === fixedBy);
  const why = [
    of('rendered').length === 0
      ? ''
      : `${of('rendered').join(', ')} (the SDK or zod writes it; only a gateway can strip it)`,
    of('strict-mode').length === 0
      ? ''
      : `${of('strict-mode').join(', ')} (only OpenAI strict mode asks for it; pass --clients openai-strict if you serve it)`,
  ].filter((part) => part !== '');
  const count = advisory.length === 1 ? '1 finding is' : `${advisory.length} findings are`;
  return `${count} advisory and ${advisory.length === 1 ? 'does' : 'do'} not fail the check: ${why.join('; ')}; --fail-on advisory counts them too`;
}

export async function runCompat(command: Command, operands: string[], options: CompatCommandOptions): Promise<number> {
  const wanted = options.clients
    ?.split(',')
    .map((client) => client.trim())
    .filter((client) => client !== '');
  const unknown = wanted?.filter((client) => !(client in CLIENTS));
  if (unknown !== undefined && unknown.length > 0) {
    throw new UsageError(
      `--clients ${unknown.join(',')}: unknown client; choose from ${Object.keys(CLIENTS).join(', ')}`,
    );
  }
  try {
    const { contract } = await contractFrom(command, operands, options, 'compat');
    const clients = wanted as ClientId[] | undefined;
    const findings = contract.compatibility.filter(
      (finding) => clients === undefined || finding.clients.some((client) => clients.includes(client as ClientId)),
    );
    const levels = findings.map((finding) => compatLevel(finding, clients));
    if (options.json === true)
      process.stdout.write(
        `${JSON.stringify(
          findings.map((finding, index) => ({ ...finding, level: levels[index], fix: fixFor(finding.rule) })),
          null,
          2,
        )}\n`,
      );
    else {
      const advisory = advisoryLine(
        findings.filter((_, index) => levels[index] === 'advisory'),
        options.failOn,
      );
      const text = (await formatModule()).formatFindings(findings, { color: color() });
      process.stdout.write(`${text}\n${advisory === undefined ? '' : `${advisory}\n`}`);
    }
    const failing =
      options.failOn === 'none' ? [] : options.failOn === 'advisory' ? ['fixable', 'advisory'] : ['fixable'];
    return levels.some((level) => failing.includes(level)) ? EXIT_FINDINGS : EXIT_OK;
  } catch (error) {
    return exitForInterrupt(error);
  }
}

export async function runChains(command: Command, operands: string[], options: SourceCommandOptions): Promise<number> {
  try {
    const { contract, label } = await contractFrom(command, operands, options, 'chains');
    const { contractChainMatrix } = await import('../contract/chains.ts');
    const matrix = contractChainMatrix(contract);
    if (matrix.summary.acceptors === 0) {
      throw new UsageError(
        `${label}: no input schema of the ${matrix.tools} tools has an id field (named id, *Id, *_id); there is no chain to check`,
      );
    }
    if (matrix.summary.emitters === 0) {
      throw new UsageError(
        `${label}: no outputSchema of the ${matrix.tools} tools has an id field, so a contract alone shows no chain; run agent-contract chains -- <server command> to test the live results`,
      );
    }
    if (options.json === true) process.stdout.write(`${JSON.stringify(matrix, null, 2)}\n`);
    else process.stdout.write(`${(await formatModule()).formatChainMatrix(matrix, { color: color() })}\n`);
    return matrix.summary.broken > 0 ? EXIT_FINDINGS : EXIT_OK;
  } catch (error) {
    return exitForInterrupt(error);
  }
}
