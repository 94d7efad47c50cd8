/**
 * The fix TypeScript's own error on an incomplete disposition table gets: the missing entry, with the decision the
 * dispositions codemod writes for it (`dispositionEntryFixesAt`), so the fix and the codemod agree field for field.
 */

export const DISPOSITION_FIX_NAME = 'agentContractDispositionEntry';

/**
 * TypeScript's codes for a table that lacks a key: 1360 at the `satisfies` of `{...} as const satisfies Record<keyof
 * typeof shape, Disposition>`, 2345 at the literal of `dispositionsFor(shape)({...})`.
 */
export const TABLE_ERROR_CODES: readonly number[] = [1360, 2345];
