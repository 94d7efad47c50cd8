import { isIdName, isKeyEntity } from '../model/ids.ts';
import type { AuditChain, AuditReport } from './audit.ts';

/**
 * Broken chains grouped by the fix: one group per acceptor to change, with the emitters that feed it, and the fix
 * that acceptor needs. The text report, the Markdown summary and the PR comment print these groups.
 */

export type AcceptorFix =
  /** `codemod guard-ids <file>` guards it (guardId for a string acceptor, guardNumberId for a number one). */
  | { readonly kind: 'guard-ids'; readonly file: string; readonly guard: 'guardId' | 'guardNumberId' }
  /**
   * Not id-named, so guard-ids leaves it and it is wrapped by hand: a record's second key (`card_number`), or a field
   * its description alone calls an id (`with_genres`).
   */
  | { readonly kind: 'by-hand'; readonly guard: 'guardId' | 'guardNumberId' }
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

/**
 * guard-ids rewrites id-named fields: a record's second key (`card_number`), or a field its description alone calls an
 * id (`with_genres`, "Comma-separated genre ids"), is wrapped by hand.
 */
export function guardedByHand(to: AuditChain['to'], entity: string): boolean {
  const name = to.field.replace(/\[\]/g, '').split('.').at(-1) ?? to.field;
  return isKeyEntity(entity) || !isIdName(name);
}

function fixOf(to: AuditChain['to'], entity: string, detail: string | undefined, chains: readonly AuditChain[]) {
  const emitsStrings = chains.some((chain) => chain.from.type.split('|').includes('string'));
  const key = guardedByHand(to, entity) && detail === undefined;
  if (key && to.type === 'string') return { kind: 'by-hand', guard: 'guardId' } as const;
  if (key && to.type === 'number' && emitsStrings) return { kind: 'by-hand', guard: 'guardNumberId' } as const;
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
    const detail = report.acceptors.find(
      (acceptor) => acceptor.tool === first.to.tool && acceptor.field === first.to.field,
    )?.detail;
    return {
      to: first.to,
      detail,
      chains,
      fix: status === 'broken' ? fixOf(first.to, first.entity, detail, chains) : undefined,
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
    case 'by-hand':
      return fix.guard === 'guardId'
        ? 'wrap its schema in guardId(...) by hand (guard-ids rewrites id-named fields only): the published schema stays the same and a number sent for it arrives as its decimal string'
        : 'wrap its schema in guardNumberId(...) by hand (guard-ids rewrites id-named fields only): the published schema stays the same and a decimal string sent for it arrives as its number';
    case 'format':
      return `no number is a valid ${fix.format} string; emit ids in that format, or drop the format from the acceptor`;
    case 'numbers-only':
      return 'the acceptor takes numbers only and the emitter sends something else; emit numbers, or accept what it sends';
    case 'guard-ids':
      return `run guard-ids on ${fix.file}`;
  }
}
