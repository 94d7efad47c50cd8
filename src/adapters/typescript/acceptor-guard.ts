import {
  fieldGuardRewriteOf,
  GUARD_FUNCTION,
  GUARD_MODULE,
  guardEditsOf,
  guardImportEditOf,
  importedGuardName,
  type TextEdit,
} from './guard-edit.ts';
import type { ChainSide } from './project-chains.ts';

/**
 * The guard for one acceptor end of a chain: its schema wrapped in `guardId(...)` and the import added when the file
 * lacks it, the edits the guard-ids codemod makes for that field. The editor plugin's quick fix and the lint rule's
 * suggestion both apply these.
 */
export interface AcceptorGuard {
  /** The file the edits are in (the acceptor's). */
  readonly fileName: string;
  /** In file order; none overlaps another. */
  readonly edits: readonly TextEdit[];
}

/** Undefined when the acceptor is no plain string schema the guard fits, or the rewrite is blocked. */
export function acceptorGuardOf(acceptor: ChainSide, specifier: string = GUARD_MODULE): AcceptorGuard | undefined {
  const field = acceptor.acceptor;
  if (field?.value === undefined || field.type !== 'string' || field.detail !== undefined) return undefined;
  const rewrite = fieldGuardRewriteOf(field.node, field.value);
  const target = rewrite.target.getSourceFile();
  const imported = importedGuardName(target, specifier);
  const edits = guardEditsOf(rewrite, imported ?? GUARD_FUNCTION);
  if (typeof edits === 'string') return undefined;
  const all = imported === undefined ? [guardImportEditOf(target, specifier), ...edits] : edits;
  return {
    fileName: target.fileName,
    edits: all.filter((edit) => edit.end > edit.start || edit.text !== '').sort((a, b) => a.start - b.start),
  };
}
