import type { TextEdit } from './guard-edit.ts';

/**
 * What a rewrite of one file found to say (the codemods' notes): `behaviour-change`, the edit changes what some input
 * parses to; `needs-review`, it could not decide or left a spot alone on purpose; `info`, worth knowing.
 */
export interface EditNote {
  readonly kind: 'behaviour-change' | 'needs-review' | 'info';
  /** 1-based line and column in the original source. */
  readonly line: number;
  readonly column: number;
  readonly message: string;
  /** True when the edit also changes the JSON Schema the server publishes. */
  readonly publishedSchemaChange?: true;
}

/** The text edits one file needs (never overlapping; none when there is nothing to change) and the notes about it. */
export interface FileEdits {
  readonly edits: readonly TextEdit[];
  readonly notes: readonly EditNote[];
}
