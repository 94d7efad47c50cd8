import { type ChildProcess, execFile, spawn, type SpawnOptions } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The repository root: the CLI runs here unless a test says otherwise, so relative paths in arguments resolve as in the docs. */
export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The built CLI, as a user's shell runs it (package.json's `bin`: the bundle scripts/bundle-cli.ts writes): `npm test`
 * builds dist/ through `npm run build` (as `npm run demo` and `npm pack` do).
 */
export const builtCli = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export interface CliRun {
  /** The exit code; -1 when the CLI was ended by a signal. */
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface CliOptions {
  /** Another copy of the built CLI's main.js; defaults to `builtCli`. */
  readonly cli?: string;
  /** Defaults to the repository root. */
  readonly cwd?: string;
  /** Added to this process's environment, after NO_COLOR=1 (so a test may turn colour back on). */
  readonly env?: Readonly<Record<string, string>>;
}

/**
 * The child's environment. NO_COLOR=1 because CI systems set CI or FORCE_COLOR, and colour detection must not change
 * the output a test reads.
 */
function cliEnv(env: Readonly<Record<string, string>> = {}): NodeJS.ProcessEnv {
  return { ...process.env, NO_COLOR: '1', ...env };
}

/** Runs the built CLI to its end and returns its exit code and output. */
export function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [options.cli ?? builtCli, ...args],
      { cwd: options.cwd ?? repoRoot, env: cliEnv(options.env), maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr });
      },
    );
  });
}

/** Starts the built CLI and hands back the process, for tests that signal it or read it while it runs. */
export function spawnCli(
  args: readonly string[],
  options: CliOptions & Pick<SpawnOptions, 'stdio'> = {},
): ChildProcess {
  return spawn(process.execPath, [options.cli ?? builtCli, ...args], {
    cwd: options.cwd ?? repoRoot,
    env: cliEnv(options.env),
    stdio: options.stdio ?? ['ignore', 'pipe', 'pipe'],
  });
}
