import type { CheckId } from '../model/checks.ts';
import { ignoreEntryFor, type IgnoreEntry } from '../model/run-config.ts';
import type { AuditChain, AuditFinding, AuditReport } from './audit.ts';

/**
 * Accepted findings: the `ignore` entries of the configuration (each with its reason) and an audit baseline (what a
 * team recorded with `audit --baseline-write` when it adopted the audit). A finding is known by its check id, tool and
 * field (for a chain, the acceptor's tool and field and the emitter it comes from; for a finding on no tool, its
 * file), never by its line, so an edit above it does not make it new.
 */

/** A finding as the baseline records it. */
export interface BaselineEntry {
  readonly check: CheckId;
  readonly tool?: string;
  readonly field?: string;
  /** For a chain: the emitter, `list_tickets tickets[].id`. */
  readonly from?: string;
  /** For a finding on no tool (a defensive cast in a test): its file. */
  readonly file?: string;
}

export const BASELINE_VERSION = 1;

export interface Baseline {
  readonly version: typeof BASELINE_VERSION;
  readonly entries: readonly BaselineEntry[];
}

/** The checks a chain of each verdict is reported under; `ok` chains are no finding. */
const CHAIN_CHECK = {
  broken: 'broken-chain',
  suspect: 'suspect-chain',
  tolerated: 'tolerated-chain',
  unknown: 'unknown-chain',
} as const;

function chainEntry(chain: AuditChain): BaselineEntry | undefined {
  if (chain.status === 'ok') return undefined;
  return {
    check: CHAIN_CHECK[chain.status],
    tool: chain.to.tool,
    field: chain.to.field,
    from: `${chain.from.tool} ${chain.from.path}`.trimEnd(),
  };
}

function findingEntry(finding: AuditFinding & { readonly field?: string }): BaselineEntry {
  return {
    check: finding.rule,
    ...(finding.tool === undefined ? { file: finding.file } : { tool: finding.tool }),
    ...(finding.field === undefined ? {} : { field: finding.field }),
  };
}

const keyOf = (entry: BaselineEntry): string =>
  [entry.check, entry.tool ?? '', entry.field ?? '', entry.from ?? '', entry.file ?? ''].join('\u0000');

/** Today's findings as a baseline, in a stable order, so a rewrite of an unchanged project changes no byte. */
export function baselineOf(report: AuditReport): Baseline {
  const entries = [
    ...report.chains.flatMap((chain) => chainEntry(chain) ?? []),
    ...report.findings.map(findingEntry),
  ].sort((a, b) => keyOf(a).localeCompare(keyOf(b)));
  return { version: BASELINE_VERSION, entries };
}

export function formatBaseline(baseline: Baseline): string {
  return `${JSON.stringify(baseline, null, 2)}\n`;
}

/** A baseline read from JSON text; throws an Error naming what is wrong (the caller adds the file). */
export function parseBaseline(text: string): Baseline {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new Error(`not valid JSON (${(error as Error).message})`, { cause: error });
  }
  const record = raw as { version?: unknown; entries?: unknown } | null;
  if (typeof record !== 'object' || record === null || record.version !== BASELINE_VERSION)
    throw new Error(`expected { "version": ${BASELINE_VERSION}, "entries": [...] }`);
  if (
    !Array.isArray(record.entries) ||
    !record.entries.every(
      (entry: unknown) =>
        typeof entry === 'object' && entry !== null && typeof (entry as { check?: unknown }).check === 'string',
    )
  )
    throw new Error('"entries" must be an array of { check, tool, field } objects');
  return { version: BASELINE_VERSION, entries: record.entries as BaselineEntry[] };
}

export interface AcceptedFindings {
  /** The report with the accepted findings taken out: what is new. Its summary and verdict count only those. */
  readonly report: AuditReport;
  /** The ignore entries that matched, with how many findings each accepted. */
  readonly ignored: readonly { readonly entry: IgnoreEntry; readonly count: number }[];
  /** How many findings the baseline accepted. */
  readonly baselined: number;
  /** Baseline entries no finding matched any more: fixed, so the baseline can shrink. */
  readonly gone: readonly BaselineEntry[];
}

function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `2 new broken chains and 1 new suspect chain`, or '' for neither. */
function foundPhrase(broken: number, suspect: number): string {
  return [broken > 0 ? plural(broken, 'new broken chain') : '', suspect > 0 ? plural(suspect, 'new suspect chain') : '']
    .filter((part) => part !== '')
    .join(' and ');
}

const FOUND_LEAD =
  /^(?:\d+ broken chains?(?: and \d+ suspect chains?)?|\d+ suspect chains?) of \d+(?: \([^)]*\))?(?:; |\.$)/;

/** The verdict's text, counting only what was not accepted; what it could not vouch for stays. */
function verdictText(text: string, broken: number, suspect: number, accepted: number): string {
  const rest = text.replace(FOUND_LEAD, '');
  const found = foundPhrase(broken, suspect);
  if (rest === '')
    return found !== '' ? `${found} (${accepted} accepted).` : `no new broken or suspect chain (${accepted} accepted).`;
  return found === '' ? rest : `${found}; ${rest}`;
}

/**
 * Takes the accepted findings out of a report: those an `ignore` entry names, then those the baseline lists (each
 * entry accepts one finding). What is left is new; baseline entries left over are gone.
 */
export function acceptFindings(
  report: AuditReport,
  ignore: readonly IgnoreEntry[],
  baseline: Baseline | undefined,
): AcceptedFindings {
  if (ignore.length === 0 && baseline === undefined) return { report, ignored: [], baselined: 0, gone: [] };
  const ignoredCounts = new Map<IgnoreEntry, number>();
  const remaining = new Map<string, BaselineEntry[]>();
  for (const entry of baseline?.entries ?? [])
    remaining.set(keyOf(entry), [...(remaining.get(keyOf(entry)) ?? []), entry]);
  let baselined = 0;
  const isNew = (entry: BaselineEntry): boolean => {
    const ignored = ignoreEntryFor(ignore, entry.check, entry.tool, entry.field);
    if (ignored !== undefined) {
      ignoredCounts.set(ignored, (ignoredCounts.get(ignored) ?? 0) + 1);
      return false;
    }
    const recorded = remaining.get(keyOf(entry));
    if (recorded !== undefined && recorded.length > 0) {
      recorded.pop();
      baselined += 1;
      return false;
    }
    return true;
  };
  const chains = report.chains.filter((chain) => {
    const entry = chainEntry(chain);
    return entry === undefined || isNew(entry);
  });
  const findings = report.findings.filter((finding) => isNew(findingEntry(finding)));
  const count = (status: AuditChain['status']) => chains.filter((chain) => chain.status === status).length;
  const broken = count('broken');
  const suspect = count('suspect');
  const accepted = baselined + [...ignoredCounts.values()].reduce((sum, value) => sum + value, 0);
  return {
    report: {
      ...report,
      chains,
      findings,
      summary: {
        ...report.summary,
        chains: chains.length,
        broken,
        suspect,
        tolerated: count('tolerated'),
        unknown: count('unknown'),
        ok: count('ok'),
        findings: findings.length,
      },
      verdict: { ...report.verdict, text: verdictText(report.verdict.text, broken, suspect, accepted) },
    },
    ignored: [...ignoredCounts].map(([entry, found]) => ({ entry, count: found })),
    baselined,
    gone: [...remaining.values()].flat(),
  };
}
