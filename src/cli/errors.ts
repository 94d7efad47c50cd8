/** Exit codes every subcommand shares; documented in docs/cli.md. */
export const EXIT_OK = 0;
/** The check ran and found what it looks for (broken chains, pending changes, breaking changes). */
export const EXIT_FINDINGS = 1;
/** The command could not do its job: bad arguments, a server that does not start, unreadable input. */
export const EXIT_ERROR = 2;

/** An error whose message is already the one line a user should read: what went wrong and what to do next. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/**
 * A package that is an optional peer of agent-contract (typescript) but not installed, as the one line that
 * says what to install; undefined for any other error.
 */
export function missingPeerError(error: unknown, name: string, needs: string): UsageError | undefined {
  if ((error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND' || !String((error as { message?: unknown }).message).includes(`'${name}'`)) return undefined;
  return new UsageError(`${needs} the ${name} package, which is not installed; install it next to agent-contract (npm i -D ${name}) and run again`);
}
