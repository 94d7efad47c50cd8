/**
 * A run that cannot start or go on: a path that does not exist, a tsconfig that does not load, a git tree with
 * uncommitted changes. The message is already the one line a user reads: what is wrong and what to do next.
 */
export class CodemodRunError extends Error {
  override readonly name = 'CodemodRunError';
}
