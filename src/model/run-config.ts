import { isCheckId, type CheckId } from './checks.ts';
import { isRecord } from './json-value.ts';

/**
 * The keys of `agent-contract.config.json` that decide a run rather than how a server is read: the audit's `failOn`
 * and baseline file, the findings a team accepted (`ignore`, each with its reason) and the contract's file and server
 * command. agent-contract.config.schema.json describes the same keys for editors; a test holds the two together.
 */

export const AUDIT_FAIL_ON = ['broken', 'suspect', 'tolerated', 'never'] as const;
export type AuditFailOn = (typeof AUDIT_FAIL_ON)[number];
export const CONTRACT_FAIL_ON = ['breaking', 'warning', 'info', 'none'] as const;
export type ContractFailOn = (typeof CONTRACT_FAIL_ON)[number];

/** The audit baseline's file when neither `--baseline-write FILE` nor `audit.baseline` names one. */
export const DEFAULT_BASELINE_FILE = 'agent-contract.baseline.json';

/** A finding a team accepted: a check on one tool's field (`field` left out: every field of the tool), and why. */
export interface IgnoreEntry {
  readonly check: CheckId;
  readonly tool: string;
  readonly field?: string;
  readonly reason: string;
}

export interface RunConfig {
  readonly audit: {
    readonly failOn?: AuditFailOn;
    readonly baseline?: string;
    /** The API's OpenAPI documents (files relative to the config's folder, or URLs); `false` reads none. */
    readonly openapi?: readonly string[] | false;
  };
  readonly contract: {
    readonly failOn?: ContractFailOn;
    /** The contract file, relative to the config's folder. */
    readonly file?: string;
    /** The command that starts the server, as an argument list (`["node", "dist/server.js"]`). */
    readonly server?: readonly string[];
  };
  readonly ignore: readonly IgnoreEntry[];
}

export const EMPTY_RUN_CONFIG: RunConfig = { audit: {}, contract: {}, ignore: [] };

/** A message naming the key, for the one-line error: `"audit.failOn" must be one of broken, ... (got "x")`. */
class KeyError extends Error {}

function oneOf<T extends string>(value: unknown, key: string, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && (choices as readonly string[]).includes(value)) return value as T;
  throw new KeyError(`"${key}" must be one of ${choices.join(', ')} (got ${JSON.stringify(value)})`);
}

function text(value: unknown, key: string): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'string' && value.trim() !== '') return value;
  throw new KeyError(`"${key}" must be a non-empty string (got ${JSON.stringify(value)})`);
}

/** `audit.openapi`: one document, a list of them, or `false` for none. */
function documents(value: unknown): readonly string[] | false | undefined {
  if (value === undefined || value === false) return value;
  const list = typeof value === 'string' ? [value] : value;
  if (Array.isArray(list) && list.length > 0 && list.every((entry) => typeof entry === 'string' && entry.trim() !== ''))
    return list as string[];
  throw new KeyError(
    `"audit.openapi" must be a file or URL of the API's OpenAPI document, a list of them, or false (got ${JSON.stringify(value)})`,
  );
}

function ignoreEntry(entry: unknown, index: number): IgnoreEntry {
  const key = `ignore[${index}]`;
  if (!isRecord(entry))
    throw new KeyError(`"${key}" must be an object like { "check": "broken-chain", "tool": "...", "reason": "..." }`);
  for (const name of Object.keys(entry))
    if (!['check', 'tool', 'field', 'reason'].includes(name))
      throw new KeyError(`"${key}.${name}" is not a key of an ignore entry (check, tool, field, reason)`);
  const check = entry['check'];
  if (typeof check !== 'string' || !isCheckId(check))
    throw new KeyError(
      `"${key}.check" must be a check id of docs/checks.md, like "broken-chain" (got ${JSON.stringify(check)})`,
    );
  const tool = text(entry['tool'], `${key}.tool`);
  if (tool === undefined) throw new KeyError(`"${key}.tool" is required: the tool the accepted finding is in`);
  const reason = text(entry['reason'], `${key}.reason`);
  if (reason === undefined) throw new KeyError(`"${key}.reason" is required: say why the finding is accepted`);
  const field = text(entry['field'], `${key}.field`);
  return { check, tool, ...(field === undefined ? {} : { field }), reason };
}

/**
 * The run keys of a parsed configuration. Throws an Error whose message names the key (`"audit.failOn" must be ...`);
 * the reader puts the file's name in front. Keys it does not know under `audit` and `contract` are left to the
 * reader of those sections.
 */
export function runConfigOf(raw: Record<string, unknown>): RunConfig {
  const audit = raw['audit'] ?? {};
  const contract = raw['contract'] ?? {};
  if (!isRecord(audit)) throw new KeyError('"audit" must be an object');
  if (!isRecord(contract)) throw new KeyError('"contract" must be an object');
  for (const name of Object.keys(contract))
    if (!['failOn', 'file', 'server'].includes(name))
      throw new KeyError(`"contract.${name}" is not a key of "contract" (failOn, file, server)`);
  const server = contract['server'];
  if (
    server !== undefined &&
    (!Array.isArray(server) ||
      server.length === 0 ||
      !server.every((part): part is string => typeof part === 'string' && part !== ''))
  )
    throw new KeyError('"contract.server" must be the command as a list of strings, like ["node", "dist/server.js"]');
  const ignore = raw['ignore'] ?? [];
  if (!Array.isArray(ignore)) throw new KeyError('"ignore" must be an array of { check, tool, field, reason }');
  const auditFailOn = oneOf(audit['failOn'], 'audit.failOn', AUDIT_FAIL_ON);
  const baseline = text(audit['baseline'], 'audit.baseline');
  const openapi = documents(audit['openapi']);
  const contractFailOn = oneOf(contract['failOn'], 'contract.failOn', CONTRACT_FAIL_ON);
  const file = text(contract['file'], 'contract.file');
  return {
    audit: {
      ...(auditFailOn === undefined ? {} : { failOn: auditFailOn }),
      ...(baseline === undefined ? {} : { baseline }),
      ...(openapi === undefined ? {} : { openapi }),
    },
    contract: {
      ...(contractFailOn === undefined ? {} : { failOn: contractFailOn }),
      ...(file === undefined ? {} : { file }),
      ...(server === undefined ? {} : { server: server as string[] }),
    },
    ignore: ignore.map(ignoreEntry),
  };
}

/** The entry that accepts a finding of `check` on `tool`'s `field`, if one does. */
export function ignoreEntryFor(
  ignore: readonly IgnoreEntry[],
  check: string,
  tool: string | undefined,
  field: string | undefined,
): IgnoreEntry | undefined {
  return ignore.find(
    (entry) => entry.check === check && entry.tool === tool && (entry.field === undefined || entry.field === field),
  );
}
