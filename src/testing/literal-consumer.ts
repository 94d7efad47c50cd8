import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { chainMatrixSummary, type ChainMatrixSummary, type ChainVerdict } from '../model/chain-matrix.ts';
import {
  emittedIdValues,
  idFieldsOfJsonSchema,
  toolNamingOfSchemas,
  type EmittedIdValue,
  type JsonType,
  type SchemaIdField,
} from '../model/id-fields.ts';
import {
  CLIENT_PROFILE_NAMES,
  CLIENT_PROFILES,
  classifyProfiledChain,
  type ClientProfileName,
} from '../model/client-profiles.ts';
import { ARRAY_ITEM, formatPath, type PathSegment, type ToolNaming } from '../model/ids.ts';
import { zodRejectsFieldAt } from '../model/zod-issues.ts';
import { sampleArguments, type ConsumerSamples } from './samples.ts';

/** One id field a tool accepts, as its published input schema describes it. */
export interface Acceptor {
  readonly tool: string;
  readonly field: string;
  readonly entity: string;
  readonly types: readonly JsonType[];
  readonly many: boolean;
  readonly path: readonly PathSegment[];
}

/** One id a tool emitted in a real result, with the value an agent would carry on. */
export interface Emitter {
  readonly tool: string;
  readonly path: string;
  readonly entity: string;
  readonly value: string | number;
  /** `structuredContent`, or `text` for JSON inside text content. */
  readonly channel: 'structuredContent' | 'text';
}

/**
 * What the server did with the call, not a classification of types (that is `verdict`): `ok`: the receiving tool ran
 * and succeeded; `rejected`: input validation refused the value (verdict `broken`); `failed`: validation passed but the
 * tool answered with an error (a handler error: the verdict says what validation made of the id).
 */
export type ChainStatus = 'ok' | 'rejected' | 'failed';

export interface ChainResult {
  readonly entity: string;
  readonly from: Emitter;
  readonly to: Acceptor;
  readonly status: ChainStatus;
  /**
   * The classification the audit and `contract chains` give too (`ok`, `tolerated`, `broken`, `unknown`), from the
   * value's type, the acceptor's published types and what validation did: a guarded id that takes 47 and publishes
   * string is `tolerated`; `rejected` is always `broken`.
   */
  readonly verdict: ChainVerdict;
  /** Why, in the words every chain report prints: `emits integer, accepts only string`. */
  readonly reason: string;
  /** The server's own words, for `rejected` and `failed`. */
  readonly message?: string;
  /** In a profile's chains: the value the client sent, where it is not the emitted one (`"47"` for 47). */
  readonly sent?: string | number;
}

/** The chains as one client profile runs them (see `CLIENT_PROFILES`): same emitters and acceptors, other values sent. */
export interface ProfileChainReport {
  readonly profile: ClientProfileName;
  /** What the profile stands for: `a client that sends every scalar argument as a string`. */
  readonly summary: string;
  readonly verdicts: ChainMatrixSummary;
  readonly chains: readonly ChainResult[];
}

export interface HarvestCall {
  readonly tool: string;
  readonly arguments: Record<string, unknown>;
  readonly status: 'ok' | 'error';
  readonly message?: string;
}

export interface ChainReport {
  readonly summary: {
    readonly tools: number;
    readonly emitters: number;
    readonly acceptors: number;
    readonly chains: number;
    readonly ok: number;
    readonly rejected: number;
    readonly failed: number;
  };
  readonly tools: readonly string[];
  /** The chains by verdict, in the shape the audit and `contract chains` count them. */
  readonly verdicts: ChainMatrixSummary;
  readonly harvest: readonly HarvestCall[];
  readonly emitters: readonly Emitter[];
  readonly acceptors: readonly Acceptor[];
  readonly chains: readonly ChainResult[];
  /** One report per client profile asked for, in the order asked; absent when none was. */
  readonly profiles?: readonly ProfileChainReport[];
}

export interface LiteralConsumerOptions {
  /** A connected MCP client (see `connectInMemory` and `connectStdio`). */
  readonly client: Client;
  /** Arguments for the fields that are not the id under test. Anything missing is made up from the published schema. */
  readonly samples?: ConsumerSamples;
  /** Per-call timeout in milliseconds. */
  readonly timeoutMs?: number;
  /**
   * Client profiles to run every chain as too, besides the literal consumer (`'all'` for every one): each sends the
   * emitted id as that kind of client would. A chain whose value the profile leaves as it is is not called again.
   */
  readonly profiles?: readonly ClientProfileName[] | 'all';
  /** Called after every tool call, for progress output. */
  readonly onCall?: (tool: string, phase: 'harvest' | 'chain') => void;
}

interface CallOutcome {
  readonly status: 'ok' | 'rejected' | 'failed';
  readonly message?: string;
  readonly result?: CallToolResult;
}

const INVALID_PARAMS = -32602;

function textOf(result: CallToolResult): string {
  return result.content
    .map((part) => (part.type === 'text' ? part.text : `[${part.type}]`))
    .join('\n')
    .trim();
}

/** Input validation failures, as the SDKs word them when they turn them into an error result. */
function isValidationMessage(message: string): boolean {
  return /Input validation error|MCP error -32602|Invalid arguments for tool/i.test(message);
}

async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown>,
  timeoutMs: number,
): Promise<CallOutcome> {
  try {
    const result = (await client.callTool({ name, arguments: args }, undefined, {
      timeout: timeoutMs,
    })) as CallToolResult;
    if (result.isError === true) {
      const message = textOf(result);
      return { status: isValidationMessage(message) ? 'rejected' : 'failed', message, result };
    }
    return { status: 'ok', result };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const code = (error as { code?: unknown }).code;
    return { status: code === INVALID_PARAMS || isValidationMessage(message) ? 'rejected' : 'failed', message };
  }
}

function emittersOf(tool: string, result: CallToolResult, naming: ToolNaming): Emitter[] {
  const emitters = new Map<string, Emitter>();
  const add = (values: EmittedIdValue[], channel: Emitter['channel']) => {
    for (const value of values) {
      const path = formatPath(value.path);
      if (!emitters.has(path)) emitters.set(path, { tool, path, entity: value.entity, value: value.value, channel });
    }
  };
  if (result.structuredContent !== undefined)
    add(emittedIdValues(result.structuredContent, tool, naming), 'structuredContent');
  for (const part of result.content) {
    if (part.type !== 'text') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(part.text);
    } catch {
      continue;
    }
    add(emittedIdValues(parsed, tool, naming), 'text');
  }
  return [...emitters.values()];
}

function acceptorsOf(tool: Tool, naming: ToolNaming): Acceptor[] {
  return idFieldsOfJsonSchema(tool.inputSchema, tool.name, { naming, side: 'input', keys: true }).map(
    (field: SchemaIdField) => ({
      tool: tool.name,
      field: formatPath(field.path),
      entity: field.entity,
      types: field.types,
      many: field.many,
      path: field.path,
    }),
  );
}

/** Puts `value` at `path` inside `args`, creating the objects and one-element arrays on the way. */
function withValueAt(
  args: Record<string, unknown>,
  path: readonly PathSegment[],
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(args);
  let node: Record<string, unknown> | unknown[] = copy;
  for (let index = 0; index < path.length; index += 1) {
    const segment = path[index] as PathSegment;
    const last = index === path.length - 1;
    const next = path[index + 1];
    const fresh = (): unknown => (last ? value : next === ARRAY_ITEM ? [] : {});
    if (Array.isArray(node)) {
      if (segment !== ARRAY_ITEM) return copy;
      if (last) node.splice(0, node.length, value);
      else {
        if (node.length === 0 || typeof node[0] !== 'object' || node[0] === null) node.splice(0, node.length, fresh());
        node = node[0] as Record<string, unknown> | unknown[];
      }
    } else {
      if (last) node[segment] = value;
      else {
        const existing = node[segment];
        if (typeof existing !== 'object' || existing === null) node[segment] = fresh();
        node = node[segment] as Record<string, unknown> | unknown[];
      }
    }
  }
  return copy;
}

/**
 * Plays the most literal consumer there is: calls every tool once with sample arguments, records every id its result
 * emits, then feeds each recorded value verbatim (no cast, no template) into every input field of every tool that
 * names the same entity, and reports what the server said.
 */
export async function runLiteralConsumer(options: LiteralConsumerOptions): Promise<ChainReport> {
  const { client, samples = {}, timeoutMs = 20_000, onCall } = options;
  const tools: Tool[] = [];
  let cursor: string | undefined;
  do {
    const page = await client.listTools(cursor === undefined ? undefined : { cursor });
    tools.push(...page.tools);
    cursor = page.nextCursor;
  } while (cursor !== undefined);

  const naming = toolNamingOfSchemas(tools);
  const harvest: HarvestCall[] = [];
  const emitters: Emitter[] = [];
  for (const tool of tools) {
    const args = sampleArguments(tool, samples);
    const outcome = await callTool(client, tool.name, args, timeoutMs);
    onCall?.(tool.name, 'harvest');
    harvest.push({
      tool: tool.name,
      arguments: args,
      status: outcome.status === 'ok' ? 'ok' : 'error',
      ...(outcome.message === undefined ? {} : { message: outcome.message }),
    });
    if (outcome.result !== undefined && outcome.status === 'ok')
      emitters.push(...emittersOf(tool.name, outcome.result, naming));
  }

  const acceptors = tools.flatMap((tool) => acceptorsOf(tool, naming));
  const pairs = emitters.flatMap((from) =>
    acceptors.flatMap((to) => {
      const tool = tools.find((candidate) => candidate.name === to.tool);
      return to.entity === from.entity && tool !== undefined ? [{ from, to, tool }] : [];
    }),
  );
  /** Calls `to` with `value` at the id field; a handler's own ZodError at the field counts as validation rejecting it. */
  const callChain = async (to: Acceptor, tool: Tool, value: string | number): Promise<CallOutcome> => {
    const args = withValueAt(
      sampleArguments(tool, samples),
      to.path,
      to.many && to.path.at(-1) !== ARRAY_ITEM ? [value] : value,
    );
    const called = await callTool(client, to.tool, args, timeoutMs);
    onCall?.(to.tool, 'chain');
    // A handler that validates the arguments itself (a low-level Server's `Args.parse(request.params.arguments)`)
    // fails with the ZodError: that is validation rejecting the id when an issue lies at the field.
    return called.status === 'failed' && called.message !== undefined && zodRejectsFieldAt(called.message, to.path)
      ? { ...called, status: 'rejected' }
      : called;
  };
  const resultOf = (from: Emitter, to: Acceptor, outcome: CallOutcome, sent: string | number): ChainResult => ({
    entity: from.entity,
    from,
    to,
    status: outcome.status,
    ...classifyProfiledChain(from.value, sent, to.types, outcome.status === 'rejected' ? 'rejected' : 'accepted'),
    ...(outcome.message === undefined ? {} : { message: outcome.message }),
    ...(sent === from.value ? {} : { sent }),
  });

  const outcomes: CallOutcome[] = [];
  for (const { to, tool, from } of pairs) outcomes.push(await callChain(to, tool, from.value));
  const chains = pairs.map(({ from, to }, index) => resultOf(from, to, outcomes[index] as CallOutcome, from.value));

  const profileReports: ProfileChainReport[] = [];
  for (const name of options.profiles === 'all' ? CLIENT_PROFILE_NAMES : (options.profiles ?? [])) {
    const profile = CLIENT_PROFILES[name];
    const profiled: ChainResult[] = [];
    for (const [index, { from, to, tool }] of pairs.entries()) {
      const sent = profile.send(from.value);
      // The same value is the same call: the literal consumer's outcome stands.
      const outcome = sent === from.value ? (outcomes[index] as CallOutcome) : await callChain(to, tool, sent);
      profiled.push(resultOf(from, to, outcome, sent));
    }
    profileReports.push({
      profile: name,
      summary: profile.summary,
      verdicts: chainMatrixSummary(emitters.length, acceptors.length, profiled),
      chains: profiled,
    });
  }

  const count = (status: ChainStatus) => chains.filter((chain) => chain.status === status).length;
  return {
    summary: {
      tools: tools.length,
      emitters: emitters.length,
      acceptors: acceptors.length,
      chains: chains.length,
      ok: count('ok'),
      rejected: count('rejected'),
      failed: count('failed'),
    },
    tools: tools.map((tool) => tool.name),
    verdicts: chainMatrixSummary(emitters.length, acceptors.length, chains),
    harvest,
    emitters,
    acceptors,
    chains,
    ...(profileReports.length > 0 ? { profiles: profileReports } : {}),
  };
}
