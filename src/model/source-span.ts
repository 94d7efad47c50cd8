/**
 * Where a fact stands in a file, as an adapter hands it over: the file, the offset of its first character and its
 * length, and the 1-based line that offset is on, so front ends place findings without an AST in hand.
 */
export interface SourceSpan {
  /** Absolute, as the adapter read it. */
  readonly file: string;
  readonly start: number;
  readonly length: number;
  readonly line: number;
}
