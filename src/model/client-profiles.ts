import { classifyObservedChain, type ChainVerdict } from './chain-matrix.ts';
import type { JsonType } from './id-fields.ts';
import { isRoundedInteger } from './wide-ids.ts';

/**
 * Client profiles: what real MCP clients do to an argument between the agent and the server. The literal consumer
 * passes an id on exactly as a tool emitted it; each profile is one documented way real clients do not, with the
 * public issue threads that show it. Each is a pure function of the value the agent carries.
 */
export type ClientProfileName = 'stringify-scalars' | 'numberify-digit-strings' | 'big-ids-as-numbers';

/** One public issue thread that shows a client behaving as the profile does. */
export interface ClientEvidence {
  /** `owner/name` of the repository the thread is in. */
  readonly repo: string;
  readonly issue: number;
  /** What the thread shows, in one line. */
  readonly shows: string;
}

export interface ClientProfile {
  readonly name: ClientProfileName;
  /** `a client that sends every scalar argument as a string`: what the reports print. */
  readonly summary: string;
  /** The value the client sends for one scalar the agent carries; anything else passes unchanged. */
  readonly send: (value: string | number) => string | number;
  readonly evidence: readonly ClientEvidence[];
}

const DIGITS = /^\d+$/;

/** Above 2^53 - 1 a JSON number no longer names one integer: a double-based parser keeps the nearest it can. */
function isBeyondSafeIntegers(digits: string): boolean {
  return DIGITS.test(digits) && BigInt(digits) > BigInt(Number.MAX_SAFE_INTEGER);
}

export const CLIENT_PROFILES: Readonly<Record<ClientProfileName, ClientProfile>> = {
  'stringify-scalars': {
    name: 'stringify-scalars',
    summary: 'a client that sends every scalar argument as a string',
    // The JSON text of the number, in quotes: `47` goes out as `"47"`.
    send: (value) => (typeof value === 'number' ? JSON.stringify(value) : value),
    evidence: [
      {
        repo: 'github/github-mcp-server',
        issue: 2044,
        shows: 'Claude Desktop sends `pullNumber: "5812"` to a number parameter',
      },
      {
        repo: 'microsoft/azure-devops-mcp',
        issue: 1037,
        shows: 'Claude Code sends `pullRequestId: "12345"`, `id: "67890"` and `buildId: "11111"`',
      },
      {
        repo: 'anthropics/claude-code',
        issue: 24597,
        shows: 'number, object and array parameters arrive at the server as strings (`pull_number: "890"`)',
      },
      {
        repo: 'fullselfbrowsing/FSB',
        issue: 63,
        shows: '`switch_tab({tabId: 695936610})` refused with `Expected number, received string`',
      },
    ],
  },
  'numberify-digit-strings': {
    name: 'numberify-digit-strings',
    summary: 'a client that turns every string of digits into a number',
    // `"00713"` becomes 713, and a digit string beyond 2^53 the nearest double: what `Number()` gives.
    send: (value) => (typeof value === 'string' && DIGITS.test(value) ? Number(value) : value),
    evidence: [
      {
        repo: 'openclaw/mcporter',
        issue: 63,
        shows: 'the CLI turns `tabId=2003886907`, a string id from `list_tabs`, into a number',
      },
      {
        repo: 'AAswordman/Operit',
        issue: 1125,
        shows: 'string parameters made of digits are sent as JSON numbers, and a strict server refuses them',
      },
      {
        repo: 'NousResearch/hermes-agent',
        issue: 55369,
        shows: 'argument coercion turns `"007"` into `7`, dropping the leading zeros of padded ids',
      },
      {
        repo: 'PrefectHQ/fastmcp',
        issue: 330,
        shows: '`{"p": "12345"}` reaches a `str` parameter as the integer `12345`',
      },
    ],
  },
  'big-ids-as-numbers': {
    name: 'big-ids-as-numbers',
    summary: 'a client that carries ids beyond 2^53 as JSON numbers, losing their last digits',
    send: (value) => (typeof value === 'string' && isBeyondSafeIntegers(value) ? Number(value) : value),
    evidence: [
      {
        repo: 'oceanbase/powercontext',
        issue: 1098,
        shows:
          'Claude Code rounds the snowflake id `725653563933458432` to `725653563933458400`, so updates find nothing',
      },
      {
        repo: 'iswalle/getnote-mcp',
        issue: 15,
        shows: 'the model writes the 19-digit `note_id` as a bare JSON number and it loses precision',
      },
      {
        repo: 'benborla/mcp-server-mysql',
        issue: 131,
        shows: 'BIGINT snowflake ids come back as `2047948614742839300` for `2047948614742839297`',
      },
    ],
  },
};

export const CLIENT_PROFILE_NAMES = Object.keys(CLIENT_PROFILES) as readonly ClientProfileName[];

export function isClientProfileName(name: string): name is ClientProfileName {
  return Object.hasOwn(CLIENT_PROFILES, name);
}

/** The value's text as an id: a string as it is, a number as JSON writes it. */
function idText(value: string | number): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * Whether the server can still read the same id out of what the client sent: `47` sent as `"47"` is the same id in
 * another type; `"00713"` sent as 713, or a snowflake rounded to the nearest double, is another id.
 */
export function sentIntact(carried: string | number, sent: string | number): boolean {
  return idText(carried) === idText(sent);
}

/**
 * The verdict for a chain a profile ran: what the acceptor's validation made of the value the client sent, judged as
 * `classifyObservedChain` judges the literal consumer's, and `broken` whenever the client changed the id itself, even
 * where validation takes the changed id: the handler then looks up another record. An id emitted as a JSON number
 * beyond 2^53 is `broken` for every client, the literal one too: it arrived rounded.
 */
export function classifyProfiledChain(
  carried: string | number,
  sent: string | number,
  acceptedTypes: readonly JsonType[],
  validation: 'accepted' | 'rejected',
): { verdict: ChainVerdict; reason: string } {
  // The emitter's JSON number was past 2^53 already: whatever a client does with it, it may be another id.
  if (isRoundedInteger(carried))
    return {
      verdict: 'broken',
      reason: `emits ${JSON.stringify(carried)}, an integer beyond 2^53: as a JSON number it names no single id, so the one passed on may be another (precision, not type); emit the id as a string`,
    };
  const observed = classifyObservedChain(sent, acceptedTypes, validation);
  if (sent === carried) return observed;
  const prefix = `sent as ${JSON.stringify(sent)}`;
  if (validation === 'rejected' || sentIntact(carried, sent))
    return { verdict: observed.verdict, reason: `${prefix}: ${observed.reason}` };
  return {
    verdict: 'broken',
    reason: `${prefix}: validation takes it, but the client changed the id (${JSON.stringify(carried)} is not ${JSON.stringify(sent)})`,
  };
}
