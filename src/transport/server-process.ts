import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';

// This module starts a stdio server before the MCP SDK is loaded, so that the SDK client loads while the server starts:
// it imports nothing but Node's own modules.

/**
 * The variables a server gets when the caller passes no environment: the MCP SDK's own default (its
 * `getDefaultEnvironment`, in `client/stdio.js`), kept here because that module loads the SDK's zod schemas.
 * A test checks that the two agree.
 */
const DEFAULT_INHERITED_ENV_VARS =
  process.platform === 'win32'
    ? [
        'APPDATA',
        'HOMEDRIVE',
        'HOMEPATH',
        'LOCALAPPDATA',
        'PATH',
        'PROCESSOR_ARCHITECTURE',
        'SYSTEMDRIVE',
        'SYSTEMROOT',
        'TEMP',
        'USERNAME',
        'USERPROFILE',
        'PROGRAMFILES',
      ]
    : ['HOME', 'LOGNAME', 'PATH', 'SHELL', 'TERM', 'USER'];

/** This process's variables that a server inherits by default; values that are shell functions are left out, as the SDK does. */
export function defaultServerEnvironment(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of DEFAULT_INHERITED_ENV_VARS) {
    const value = process.env[key];
    if (value !== undefined && !value.startsWith('()')) env[key] = value;
  }
  return env;
}

export interface ServerProcessOptions {
  readonly command: string;
  readonly args?: readonly string[];
  readonly cwd?: string;
  /** Given: this process's whole environment with these on top. Left out: only `defaultServerEnvironment()`. */
  readonly env?: Readonly<Record<string, string>>;
}

/** How the process ended: it could not be started at all, or it exited (with a code, or by a signal: `code` null). */
export type ServerEnd =
  | { readonly kind: 'spawn-failed'; readonly error: NodeJS.ErrnoException }
  | { readonly kind: 'closed'; readonly code: number | null };

const STDERR_TAIL_LINES = 50;

/** The last lines a process wrote to stderr. A line split across two chunks stays one line; blank lines are left out. */
class StderrTail {
  readonly lines: string[] = [];
  #partial = '';

  push(text: string): void {
    const parts = (this.#partial + text).split('\n');
    this.#partial = parts.pop() ?? '';
    for (const line of parts) this.#add(line);
  }

  /** Takes in the unfinished last line once the stream has ended. */
  end(): void {
    if (this.#partial !== '') this.#add(this.#partial);
    this.#partial = '';
  }

  #add(line: string): void {
    if (line.trim().length === 0) return;
    this.lines.push(line.replace(/\r$/, ''));
    if (this.lines.length > STDERR_TAIL_LINES) this.lines.splice(0, this.lines.length - STDERR_TAIL_LINES);
  }
}

/**
 * `cross-spawn` on Windows, where it finds `npx.cmd` and the like, as the SDK's own stdio transport does; Node's spawn
 * elsewhere, where cross-spawn does nothing more. An optional peer of this package (the MCP SDK depends on it), required
 * at run time (also from the bundled CLI, which leaves the call alone) so that other platforms never load it.
 */
function spawnFunction(): typeof spawn {
  if (process.platform !== 'win32') return spawn;
  try {
    return createRequire(import.meta.url)('cross-spawn') as typeof spawn;
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code !== 'MODULE_NOT_FOUND' || !String(message).includes("'cross-spawn'")) throw error;
    throw new Error(
      'starting a server on Windows needs the cross-spawn package, which is not installed; install it next to agent-contract (npm i -D cross-spawn) and run again',
    );
  }
}

/**
 * Off Windows a server runs in a process group of its own, so that stopping it reaches what it started (`sh -c`,
 * `npm start` fork the server instead of becoming it, and a wrapper killed alone leaves the server running, holding
 * the pipes this process waits on). A process group of its own no longer gets the terminal's Ctrl-C, so this process
 * hands its SIGINT, SIGTERM and SIGHUP on to every server it runs, and SIGTERM when it exits.
 */
const OWN_PROCESS_GROUP = process.platform !== 'win32';
const FORWARDED_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
const runningServers = new Set<ServerProcess>();

/**
 * How long a server's group has, after this process got a signal, to end before SIGKILL: the first Ctrl-C or SIGTERM
 * ends the command within a second, also when the server (or a process it started) ignores the signal.
 */
const SIGNAL_GRACE_MS = 400;
/** Servers this process passed a signal on to: what is left of their groups when it exits is killed. */
const signalledServers = new Set<ServerProcess>();
const killSignalledGroups = () => {
  for (const server of signalledServers) server.killGroup('SIGKILL');
};

function forwardSignal(signal: NodeJS.Signals): void {
  for (const server of runningServers) {
    server.kill(signal);
    setTimeout(() => server.killGroup('SIGKILL'), SIGNAL_GRACE_MS).unref();
    if (signalledServers.size === 0) process.once('exit', killSignalledGroups);
    signalledServers.add(server);
  }
  // Only this listener (it runs first, before a `once` listener removes itself): listening set the signal's default
  // action, ending this process, aside; take it up again.
  if (process.listenerCount(signal) === 1) {
    stopForwarding();
    process.kill(process.pid, signal);
  }
}

const forwarders = new Map(FORWARDED_SIGNALS.map((signal) => [signal, () => forwardSignal(signal)]));
const endServersOnExit = () => {
  for (const server of runningServers) server.kill('SIGTERM');
};

function startForwarding(server: ServerProcess): void {
  if (runningServers.size === 0) {
    for (const [signal, forwarder] of forwarders) process.prependListener(signal, forwarder);
    process.on('exit', endServersOnExit);
  }
  runningServers.add(server);
}

function stopForwarding(server?: ServerProcess): void {
  if (server === undefined) runningServers.clear();
  else if (!runningServers.delete(server)) return;
  if (runningServers.size > 0) return;
  for (const [signal, forwarder] of forwarders) process.off(signal, forwarder);
  process.off('exit', endServersOnExit);
}

/** What a client transport needs of a started server. */
export interface StdioServer {
  /** Where messages to the server go. */
  readonly stdin: Writable | null;
  /** Hands `reader` what the server wrote to stdout so far, then each chunk as it comes. */
  readStdout(reader: (chunk: Buffer) => void): void;
  readonly running: boolean;
  /** Settles when the server has ended. */
  readonly ended: Promise<unknown>;
  stop(graceMs: number): Promise<void>;
}

/**
 * A server started as a child process with piped stdio: it keeps the tail of its stderr and how it ended from the
 * moment it is spawned, before anything reads its stdout.
 */
export class ServerProcess implements StdioServer {
  readonly child: ChildProcess;
  readonly #stderr: StderrTail;
  #end: ServerEnd | undefined;
  readonly #ended: Promise<ServerEnd>;
  /** What the server wrote to stdout before a reader was attached, in order. */
  readonly #unread: Buffer[] = [];
  #reader: ((chunk: Buffer) => void) | undefined;
  #wroteStdout = false;

  constructor(options: ServerProcessOptions) {
    this.#stderr = new StderrTail();
    this.child = spawnFunction()(options.command, [...(options.args ?? [])], {
      env: options.env === undefined ? defaultServerEnvironment() : { ...process.env, ...options.env },
      stdio: ['pipe', 'pipe', 'pipe'],
      shell: false,
      detached: OWN_PROCESS_GROUP,
      windowsHide: process.platform === 'win32',
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    let spawned = false;
    let spawnError: NodeJS.ErrnoException | undefined;
    this.child.once('spawn', () => {
      spawned = true;
      if (OWN_PROCESS_GROUP) startForwarding(this);
    });
    this.#ended = new Promise((resolve) => {
      this.child.on('error', (error: NodeJS.ErrnoException) => {
        if (!spawned) spawnError ??= error;
      });
      // 'close' comes after stdout and stderr have ended, so the tail is complete when it is read.
      this.child.once('close', (code: number | null) => {
        stopForwarding(this);
        this.#stderr.end();
        this.#end = spawnError === undefined ? { kind: 'closed', code } : { kind: 'spawn-failed', error: spawnError };
        resolve(this.#end);
      });
    });
    this.child.stderr?.on('data', (chunk: Buffer) => this.#stderr.push(chunk.toString('utf8')));
    // Read from the start, so that a server which writes to stdout and exits still closes, and what it wrote is kept.
    this.child.stdout?.on('data', (chunk: Buffer) => {
      this.#wroteStdout = true;
      if (this.#reader === undefined) this.#unread.push(chunk);
      else this.#reader(chunk);
    });
    // A server that exits while a message is written makes stdin fail with EPIPE, and a pipe can fail as it goes: what
    // is reported then is how the server ended.
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.on('error', () => undefined);
  }

  get stdin(): Writable | null {
    return this.child.stdin;
  }

  readStdout(reader: (chunk: Buffer) => void): void {
    if (this.#reader !== undefined) throw new Error("the server's stdout has a reader already");
    this.#reader = reader;
    for (const chunk of this.#unread.splice(0)) reader(chunk);
  }

  /** Whether the server has written anything to stdout yet. */
  get wroteStdout(): boolean {
    return this.#wroteStdout;
  }

  /** The last lines the server wrote to stderr (at most 50). */
  get stderrTail(): readonly string[] {
    return [...this.#stderr.lines];
  }

  /** How the process ended, once it has. */
  get end(): ServerEnd | undefined {
    return this.#end;
  }

  /** Settles when the process has ended and its output has been read to the end. */
  get ended(): Promise<ServerEnd> {
    return this.#ended;
  }

  get running(): boolean {
    return this.#end === undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  /**
   * Sends `signal` to the server and to every process it started in its group (Windows: to the server alone); a group
   * that is gone already is no error.
   */
  kill(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined || this.#end !== undefined) return;
    try {
      if (OWN_PROCESS_GROUP) process.kill(-pid, signal);
      else this.child.kill(signal);
    } catch {
      // ESRCH: every process of the group has exited; the pipes close by themselves.
    }
  }

  /**
   * Sends `signal` to the server's process group also after the server itself has ended: a process it started that
   * ignored the signal, and let go of the pipes, is still in the group. Off Windows only.
   */
  killGroup(signal: NodeJS.Signals): void {
    const pid = this.child.pid;
    if (pid === undefined || !OWN_PROCESS_GROUP) return this.kill(signal);
    try {
      process.kill(-pid, signal);
    } catch {
      // ESRCH: the group is gone.
    }
  }

  /**
   * Ends the server the way a client should: closes its stdin, gives it `graceMs` to exit, then sends SIGTERM to its
   * process group, and SIGKILL 2 s later. The server has ended when nothing holds its stdout and stderr any more,
   * which a wrapper's child does after the wrapper has exited. Resolves once it has; if a process that left the group
   * still holds the pipes a second after SIGKILL, they are let go of, so this process can exit.
   */
  async stop(graceMs: number): Promise<void> {
    if (this.#end !== undefined || this.child.pid === undefined) return;
    const gone = this.#ended.then(() => true);
    const within = (ms: number) =>
      Promise.race([gone, new Promise<false>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    this.child.stdin?.end();
    if (graceMs > 0 && (await within(graceMs))) return;
    this.kill('SIGTERM');
    if (await within(2_000)) return;
    this.kill('SIGKILL');
    if (await within(1_000)) return;
    for (const stream of [this.child.stdin, this.child.stdout, this.child.stderr]) stream?.destroy();
    await within(1_000);
  }
}
