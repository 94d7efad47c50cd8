/**
 * A file does not parse: where (1-based line and column) and the parser's message. A plain error of the model, so
 * that code which only reports it (the codemod runner) loads no parser, and a missing optional `typescript` is still
 * reported by the command that needs it.
 */
export class SourceParseError extends Error {
  override readonly name = 'SourceParseError';

  constructor(
    readonly filePath: string,
    readonly reason: string,
    readonly line: number,
    readonly column: number,
  ) {
    super(`${filePath}:${line}:${column}: ${reason}`);
  }
}
