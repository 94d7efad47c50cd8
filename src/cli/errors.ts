import { cutText } from '../model/cut-text.ts';

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
  if (
    (error as { code?: unknown }).code !== 'ERR_MODULE_NOT_FOUND' ||
    !String((error as { message?: unknown }).message).includes(`'${name}'`)
  )
    return undefined;
  // `npm i -D typescript` installs TypeScript 7, which has no compiler API to read a project with: name the major.
  const install = name === 'typescript' ? 'typescript@6' : name;
  return new UsageError(
    `${needs} the ${name} package, which is not installed; install it next to agent-contract (npm i -D ${install}) and run again`,
  );
}

/**
 * The one line an error ends a command with. A fault of agent-contract itself (a RangeError such as "Maximum call stack
 * size exceeded", a TypeError or ReferenceError from its own code) says so, and how to report it: the user's project
 * is not to blame, and the next step is not theirs to guess.
 */
export function errorLine(error: unknown, debug: boolean): string {
  const message = error instanceof Error ? error.message : String(error);
  const internal =
    error instanceof RangeError || error instanceof ReferenceError || (error instanceof TypeError && !isNetwork(error));
  if (!internal) return `agent-contract: ${message}`;
  return `agent-contract: internal error: ${message}; this is a fault of agent-contract, not of your project: ${debug ? 'please report it with the stack below' : 'run the command again with --debug and report it with the stack it prints'}`;
}

/**
 * A line that names a command to run again as `agent-contract <command>` (the TypeScript 7 line's npx form), with the
 * command the user ran in its place, quoted for a POSIX shell where it must be, so that it can be copied as it is.
 */
export function withCommand(line: string, argv: readonly string[]): string {
  const command = argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`));
  return line.replace('agent-contract <command>', ['agent-contract', ...command].join(' '));
}

/** `fetch failed` and its kin: a TypeError Node's fetch throws for a network fault, not a fault of the code. */
function isNetwork(error: TypeError): boolean {
  return error.message.startsWith('fetch failed') || (error as { cause?: unknown }).cause !== undefined;
}

/** A line of a V8 stack trace: `    at fn (file:1:2)`. */
const STACK_FRAME = /^\s+at\s/;
/** Longer lines (a minified source line Node quotes above an error, a data: URL) are cut here. */
const LINE_CHARS = 240;

/**
 * The last lines a server wrote to stderr, as the CLI shows them: a run of stack frames becomes its first frame and a
 * count, so that the error line above a long stack (`Error [ERR_MODULE_NOT_FOUND]: Cannot find package ...`) stays
 * among the last `max` lines, and a very long line is cut.
 */
export function readableStderrTail(lines: readonly string[], max = 10): string[] {
  const shown: string[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] as string;
    shown.push(cutText(line, LINE_CHARS));
    if (!STACK_FRAME.test(line)) continue;
    let end = index + 1;
    while (end < lines.length && STACK_FRAME.test(lines[end] as string)) end += 1;
    const more = end - index - 1;
    if (more > 0) {
      // The last frame of a Node error ends with ` {` when the error has properties (`code: ...`) printed after it.
      const opensProperties = (lines[end - 1] as string).trimEnd().endsWith('{');
      shown.push(
        `${/^\s*/.exec(line)?.[0] ?? ''}... ${more} more stack frame${more === 1 ? '' : 's'}${opensProperties ? ' {' : ''}`,
      );
    }
    index = end - 1;
  }
  return shown.slice(-max);
}
