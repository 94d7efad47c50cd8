import { readFile } from 'node:fs/promises';
import pc from 'picocolors';
import { printable, writeProgress } from './printable.ts';
import { connectStdio } from '../transport/connect.ts';
import { CLIENT_PROFILE_NAMES, isClientProfileName, type ClientProfileName } from '../model/client-profiles.ts';
import { runLiteralConsumer } from '../testing/literal-consumer.ts';
import { formatChainReport, oneLine } from '../testing/report.ts';
import type { ConsumerSamples } from '../testing/samples.ts';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.ts';

export interface ChainsOptions {
  readonly samples?: string;
  /** `--profile`, as often as given: profile names, or `all`. */
  readonly profile?: readonly string[];
  readonly timeout: string;
  readonly json?: boolean;
}

async function readSamples(file: string): Promise<ConsumerSamples> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw new UsageError(
      `--samples ${file}: ${code === 'ENOENT' ? 'no such file' : 'cannot be read'}; pass a JSON file of sample arguments, {"tools": {"<tool>": {...}}, "fields": {"<field>": value}}`,
    );
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new UsageError(
      `--samples ${file}: not valid JSON (${(error as Error).message}); fix the file or drop --samples`,
    );
  }
  const isRecord = (value: unknown) => typeof value === 'object' && value !== null && !Array.isArray(value);
  const samples = parsed as Record<string, unknown>;
  if (
    !isRecord(parsed) ||
    (samples['tools'] !== undefined && !isRecord(samples['tools'])) ||
    (samples['fields'] !== undefined && !isRecord(samples['fields']))
  ) {
    throw new UsageError(
      `--samples ${file}: expected an object { "tools": { "<tool>": { ...arguments } }, "fields": { "<field>": value } }`,
    );
  }
  return parsed as ConsumerSamples;
}

function parseTimeout(value: string): number {
  const timeout = Number(value);
  if (!Number.isInteger(timeout) || timeout <= 0)
    throw new UsageError(`--timeout ${value}: expected a whole number of milliseconds, e.g. --timeout 20000`);
  return timeout;
}

/** `--profile a --profile b`, or `--profile all`: the profiles to run, each once, in the order given. */
export function parseProfiles(names: readonly string[]): ClientProfileName[] {
  if (names.includes('all')) return [...CLIENT_PROFILE_NAMES];
  const unknown = names.find((name) => !isClientProfileName(name));
  if (unknown !== undefined)
    throw new UsageError(
      `--profile ${unknown}: no such client profile; choose from ${CLIENT_PROFILE_NAMES.join(', ')}, or all (docs/client-profiles.md)`,
    );
  return [...new Set(names as ClientProfileName[])];
}

/** `agent-contract chains -- <server command>`: the literal-consumer run against a live stdio server. */
export async function runChainsCommand(serverCommand: readonly string[], options: ChainsOptions): Promise<number> {
  const [command, ...args] = serverCommand;
  if (command === undefined) {
    throw new UsageError(
      'chains needs the command that starts your stdio server after --, e.g. agent-contract chains -- node dist/server.js',
    );
  }
  const timeoutMs = parseTimeout(options.timeout);
  const profiles = parseProfiles(options.profile ?? []);
  const samples = options.samples === undefined ? {} : await readSamples(options.samples);
  // The server gets this process's whole environment, as in the user's shell and as contract snapshot gives it (left
  // out, the SDK's default would pass only HOME, PATH and a few others).
  const connection = await connectStdio({ command, args, timeoutMs, env: {} });
  const progress = process.stderr.isTTY && options.json !== true;
  let calls = 0;
  try {
    if (connection.client.getServerCapabilities()?.tools === undefined) {
      throw new UsageError(
        `the server started by \`${serverCommand.join(' ')}\` offers no tools (no "tools" capability in its initialize answer), so there is no chain to test; check that the command starts your MCP server and that it registers its tools before connecting`,
      );
    }
    const report = await runLiteralConsumer({
      client: connection.client,
      samples,
      timeoutMs,
      profiles,
      onCall: (tool, phase) => {
        calls += 1;
        if (progress) writeProgress(`\r${pc.dim(printable(`${phase}: ${calls} calls, last ${tool}`))}\x1b[K`);
      },
    });
    if (progress) writeProgress('\r\x1b[K');
    if (report.summary.acceptors === 0) {
      throw new UsageError(
        `the server's ${report.summary.tools} tools accept no id fields (no input named id, *Id, *_id); there is no chain to test`,
      );
    }
    if (report.summary.emitters === 0) {
      // A call that failed says more than that no id came back: an output the client refuses, say.
      const [failedCall, ...otherFailures] = report.harvest.filter((call) => call.status === 'error');
      if (failedCall !== undefined) {
        const others = otherFailures.length > 0 ? ` and ${otherFailures.length} more calls failed` : '';
        throw new UsageError(
          `no tool result carried an id field: ${failedCall.tool} failed (${oneLine(failedCall.message ?? 'no message', 200)})${others}; fix the tool, or give it arguments with --samples`,
        );
      }
      throw new UsageError(
        `no tool result carried an id field with the sample arguments; give the tools that list or create things arguments with --samples`,
      );
    }
    if (options.json === true) process.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else process.stdout.write(`${formatChainReport(report, { color: process.stdout.isTTY && pc.isColorSupported })}\n`);
    const broken = [report.verdicts, ...(report.profiles ?? []).map((profile) => profile.verdicts)];
    return broken.some((verdicts) => verdicts.broken > 0) ? EXIT_FINDINGS : EXIT_OK;
  } finally {
    await connection.close();
  }
}
