import type { GuardName } from '../../model/guard-rewrite.ts';
import {
  fieldGuardRewriteOf,
  GUARD_MODULE,
  guardEditsOf,
  guardImportEditOf,
  importedGuardName,
  type TextEdit,
} from './guard-edit.ts';
import type { ChainSide } from './project-chains.ts';

/**
 * The guard for one acceptor end of a chain: its schema wrapped in `guardId(...)` (`guardNumberId(...)` for a number
 * schema) and the import added when the file
 * lacks it, the edits the guard-ids codemod makes for that field. The editor plugin's quick fix and the lint rule's
 * suggestion both apply these.
 */
export interface AcceptorGuard {
  /** Which guard the edits write. */
  readonly guard: GuardName;
  /** The file the edits are in (the acceptor's). */
  readonly fileName: string;
  /** In file order; none overlaps another. */
  readonly edits: readonly TextEdit[];
}

/**
 * Undefined when the acceptor is no plain string or number schema a guard fits, or the rewrite is blocked. A string
 * schema gets `guardId`, a number schema `guardNumberId`.
 */
export function acceptorGuardOf(acceptor: ChainSide, specifier: string = GUARD_MODULE): AcceptorGuard | undefined {
  const field = acceptor.acceptor;
  if (field?.value === undefined || field.detail !== undefined) return undefined;
  if (field.type !== 'string' && field.type !== 'number') return undefined;
  const rewrite = fieldGuardRewriteOf(field.node, field.value);
  if (rewrite.kind === 'blocked') return undefined;
  const target = rewrite.target.getSourceFile();
  const imported = importedGuardName(target, specifier, rewrite.guard);
  const edits = guardEditsOf(rewrite, imported ?? rewrite.guard);
  if (typeof edits === 'string') return undefined;
  const all = imported === undefined ? [guardImportEditOf(target, specifier, rewrite.guard), ...edits] : edits;
  return {
    guard: rewrite.guard,
    fileName: target.fileName,
    edits: all.filter((edit) => edit.end > edit.start || edit.text !== '').sort((a, b) => a.start - b.start),
  };
}
