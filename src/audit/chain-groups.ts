import type { AuditAcceptor, AuditChain, AuditReport } from './audit.ts';

/**
 * Broken chains grouped by the fix: one group per acceptor to change, with the emitters that feed it, and the fix
 * that acceptor needs. The text report, the Markdown summary and the PR comment print these groups.
 */

export type AcceptorFix =
  /**
   * `codemod guard-ids <file>` guards it (guardId for a string acceptor, guardNumberId for a number one): by its own
   * name or description, or, for a record's second key (`card_number`) or a field only the server's other fields make
   * an id (`with_cast` described "person ids"), by the chains it reads from the project as the audit does.
   */
  | { readonly kind: 'guard-ids'; readonly file: string; readonly guard: 'guardId' | 'guardNumberId' }
  /** A string format no number meets (`uuid`). */
  | { readonly kind: 'format'; readonly format: string }
  /** A number acceptor fed something else. */
  | { readonly kind: 'numbers-only' };

export interface AcceptorGroup {
  readonly to: AuditChain['to'];
  /** The acceptor's detail (a string format), when it has one. */
  readonly detail: string | undefined;
  readonly chains: readonly AuditChain[];
  readonly fix: AcceptorFix | undefined;
}

function acceptorOf(to: AuditChain['to'], acceptors: readonly AuditAcceptor[]): AuditAcceptor | undefined {
  return acceptors.find((acceptor) => acceptor.tool === to.tool && acceptor.field === to.field);
}

function fixOf(to: AuditChain['to'], detail: string | undefined, chains: readonly AuditChain[]) {
  const emitsStrings = chains.some((chain) => chain.from.type.split('|').includes('string'));
  if (to.type === 'string' && detail === undefined)
    return { kind: 'guard-ids', file: to.file, guard: 'guardId' } as const;
  if (to.type === 'string' && detail !== undefined) return { kind: 'format', format: detail } as const;
  if (to.type === 'number' && emitsStrings && detail === undefined)
    return { kind: 'guard-ids', file: to.file, guard: 'guardNumberId' } as const;
  if (to.type === 'number') return { kind: 'numbers-only' } as const;
  return undefined;
}

/** The chains of `status`, one group per acceptor, in the order the report lists them. */
export function chainsByAcceptor(report: AuditReport, status: AuditChain['status'] = 'broken'): AcceptorGroup[] {
  const groups = new Map<string, AuditChain[]>();
  for (const chain of report.chains) {
    if (chain.status !== status) continue;
    const key = `${chain.to.tool}\u0000${chain.to.field}`;
    groups.set(key, [...(groups.get(key) ?? []), chain]);
  }
  return [...groups.values()].map((chains) => {
    const first = chains[0] as AuditChain;
    const detail = acceptorOf(first.to, report.acceptors)?.detail;
    return {
      to: first.to,
      detail,
      chains,
      fix: status === 'broken' ? fixOf(first.to, detail, chains) : undefined,
    };
  });
}

/** The files `codemod guard-ids` fixes, each with its acceptors, in the order the groups name them. */
export function guardIdsFiles(groups: readonly AcceptorGroup[]): Map<string, AcceptorGroup[]> {
  const files = new Map<string, AcceptorGroup[]>();
  for (const group of groups)
    if (group.fix?.kind === 'guard-ids') files.set(group.fix.file, [...(files.get(group.fix.file) ?? []), group]);
  return files;
}

/** The one sentence a fix that is not a command says. */
export function fixSentence(fix: AcceptorFix): string {
  switch (fix.kind) {
    case 'format':
      return `no number is a valid ${fix.format} string; emit ids in that format, or drop the format from the acceptor`;
    case 'numbers-only':
      return 'the acceptor takes numbers only and the emitter sends something else; emit numbers, or accept what it sends';
    case 'guard-ids':
      return `run guard-ids on ${fix.file}`;
  }
}
