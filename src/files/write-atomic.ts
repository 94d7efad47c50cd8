import { constants, rmSync, type Stats } from 'node:fs';
import {
  access,
  chmod,
  chown,
  type FileHandle,
  lstat,
  open,
  readFile,
  realpath,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import path from 'node:path';

// The one writer of the codemods and the contract. A temporary file's name needs to be unique, not secret, so it is
// built from the process id and a counter, without node:crypto.

/** The file-system calls `writeFileAtomic` makes; tests replace one to make a step fail or to act between two steps. */
export interface AtomicWriteFileSystem {
  realpath(filePath: string): Promise<string>;
  stat(filePath: string): Promise<Stats>;
  lstat(filePath: string): Promise<Stats>;
  access(filePath: string, mode: number): Promise<void>;
  readFile(filePath: string): Promise<Buffer>;
  /** `flag` is `wx` for a temporary file, `constants.O_WRONLY` for a device or FIFO written in place. */
  writeFile(
    filePath: string,
    data: string | Uint8Array,
    options: { mode?: number; flag: string | number },
  ): Promise<void>;
  chmod(filePath: string, mode: number): Promise<void>;
  chown(filePath: string, uid: number, gid: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(filePath: string, options: { force: true }): Promise<void>;
}

export const nodeFileSystem: AtomicWriteFileSystem = {
  realpath,
  stat,
  lstat,
  access,
  readFile: (filePath) => readFile(filePath),
  writeFile,
  chmod,
  chown,
  rename,
  rm,
};

/**
 * Why a write was refused or failed; the file is left as it was in every case.
 * - `read-only`: no write bit for its owner, not writable for this user, or on a read-only file system;
 * - `outside`: its real path (symbolic links followed) is outside every root;
 * - `changed`: it no longer holds the `expected` bytes;
 * - `not-regular`: a folder, a block device, a socket, a link to nothing, or a device or FIFO where `expected` was given;
 * - `missing`: no such file, and `create` was not asked for;
 * - `unreadable`: it could not be looked at;
 * - `folder`: no temporary file could be made beside it;
 * - `replace`: the rename over it failed.
 */
export type AtomicWriteReason =
  'read-only' | 'outside' | 'changed' | 'not-regular' | 'missing' | 'unreadable' | 'folder' | 'replace';

export class AtomicWriteError extends Error {
  override readonly name = 'AtomicWriteError';
  readonly filePath: string;
  readonly reason: AtomicWriteReason;
  /** The system error code (`EACCES`, `ENOENT`, ...), when one caused the refusal. */
  readonly code: string | undefined;

  constructor(filePath: string, reason: AtomicWriteReason, message: string, cause?: unknown) {
    super(message, cause === undefined ? undefined : { cause });
    this.filePath = filePath;
    this.reason = reason;
    this.code = errorCode(cause);
  }
}

export interface WriteFileAtomicOptions {
  /**
   * The folders the write may land in. A regular file is written only when its real path, symbolic links followed,
   * lies inside one of them; a new file, when its folder's real path does.
   */
  readonly roots: readonly string[];
  /** The bytes the file held when the caller read it: when it holds others by the time it would be replaced, it is left alone. */
  readonly expected?: Uint8Array;
  /** Create the file when there is none (else that is a `missing` refusal). */
  readonly create?: boolean;
  readonly fileSystem?: AtomicWriteFileSystem;
  /**
   * Ends a wait for a FIFO's reader (`--out pipe` with nobody reading, as a shell's `>` waits): the write then throws
   * the signal's reason, and the process can exit (a blocking open would hold a thread it cannot end).
   */
  readonly signal?: AbortSignal;
}

function errorCode(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : undefined;
}

function octal(mode: number): string {
  return `0${(mode & 0o7777).toString(8).padStart(3, '0')}`;
}

function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return 'a folder';
  if (stats.isBlockDevice()) return 'a block device';
  if (stats.isSocket()) return 'a socket';
  if (stats.isCharacterDevice()) return 'a character device';
  if (stats.isFIFO()) return 'a FIFO';
  return 'not a regular file';
}

function isInside(filePath: string, root: string): boolean {
  const relative = path.relative(root, filePath);
  return relative === '' || (!relative.startsWith(`..${path.sep}`) && relative !== '..' && !path.isAbsolute(relative));
}

/**
 * The temporary file written beside `target` before it is renamed over it. `wx` refuses a name that exists, and the
 * process id and the time set writers apart.
 */
export function temporaryFileFor(target: string): string {
  const unique = `${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return path.join(path.dirname(target), `.${path.basename(target)}.${unique}.tmp`);
}

/** The temporary files being written now, removed when a signal ends the process before they are renamed. */
const temporaryFiles = new Set<string>();
const ENDING_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

/**
 * A signal that arrives while a temporary file exists: when nothing else in the process listens for it (a codemod
 * writing its files), the file is removed and the signal's default action, ending the process, taken up again. A
 * command that handles the signal itself (a contract snapshot) finishes or abandons its write, which removes the file.
 */
function removeTemporaryFilesOn(signal: NodeJS.Signals): void {
  if (process.listenerCount(signal) > 1) return;
  for (const file of temporaryFiles) rmSync(file, { force: true });
  temporaryFiles.clear();
  stopGuarding();
  process.kill(process.pid, signal);
}
const guards = new Map(ENDING_SIGNALS.map((signal) => [signal, () => removeTemporaryFilesOn(signal)]));

function stopGuarding(): void {
  for (const [signal, guard] of guards) process.off(signal, guard);
}

/** Keeps `temporary` to be removed on a signal until the returned function is called. */
function holdTemporary(temporary: string): () => void {
  if (temporaryFiles.size === 0) for (const [signal, guard] of guards) process.on(signal, guard);
  temporaryFiles.add(temporary);
  return () => {
    temporaryFiles.delete(temporary);
    if (temporaryFiles.size === 0) stopGuarding();
  };
}

async function realRoots(roots: readonly string[], fileSystem: AtomicWriteFileSystem): Promise<string[]> {
  const resolved = await Promise.all(
    roots.map((root) => fileSystem.realpath(path.resolve(root)).catch(() => path.resolve(root))),
  );
  return [...new Set(resolved)];
}

/**
 * Replaces a file's contents all at once: writes a temporary file beside it with its mode (and owner, when running as
 * root), checks that the file still holds what the caller read, then renames the temporary file over it. A reader sees
 * the old text or the new, never half; on any failure the temporary file is removed and the file is left as it was.
 *
 * - A symbolic link is written through (the link stays), when its target lies inside the roots.
 * - A file without its owner's write bit is refused, as root too: although a rename in a writable folder would go
 *   through, its read-only mode is a decision someone made.
 * - A character device or a FIFO (`/dev/null`, `/dev/stdout`, a pipe) is written in place, as a shell's `>` would,
 *   never replaced; other files that are not regular are refused.
 *
 * Throws `AtomicWriteError`, whose message is the reason and the next step.
 */
export async function writeFileAtomic(
  filePath: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions,
): Promise<void> {
  const fileSystem = options.fileSystem ?? nodeFileSystem;
  let stats: Stats | undefined;
  try {
    stats = await fileSystem.stat(filePath);
  } catch (error) {
    if (errorCode(error) !== 'ENOENT')
      throw new AtomicWriteError(
        filePath,
        'unreadable',
        `it cannot be looked at (${errorCode(error) ?? String(error)}); check its permissions`,
        error,
      );
  }
  if (stats === undefined) return createFile(filePath, data, options, fileSystem);
  if (!stats.isFile()) {
    if (stats.isFIFO() && options.expected === undefined && options.fileSystem === undefined)
      return writeFifo(filePath, data, options.signal);
    if ((stats.isCharacterDevice() || stats.isFIFO()) && options.expected === undefined)
      return writeInPlace(filePath, data, fileSystem);
    throw new AtomicWriteError(filePath, 'not-regular', `it is ${kindOf(stats)}, not a regular file; name a file`);
  }

  let target: string;
  try {
    target = await fileSystem.realpath(filePath);
  } catch (error) {
    throw new AtomicWriteError(
      filePath,
      'unreadable',
      `it cannot be looked at (${errorCode(error) ?? String(error)}); check its permissions`,
      error,
    );
  }
  await refuseOutside(
    filePath,
    target,
    options.roots,
    fileSystem,
    target === path.resolve(filePath) ? 'it is' : `it leads to ${target} through a symbolic link,`,
  );
  await refuseReadOnly(filePath, target, stats, fileSystem);

  const mode = stats.mode & 0o7777;
  const temporary = temporaryFileFor(target);
  const release = holdTemporary(temporary);
  try {
    await writeTemporary(filePath, temporary, data, mode, fileSystem);
    try {
      await fileSystem.chmod(temporary, mode); // writeFile's mode passes through the umask
      if (process.getuid?.() === 0 && (stats.uid !== 0 || stats.gid !== 0))
        await fileSystem.chown(temporary, stats.uid, stats.gid);
    } catch (error) {
      await fileSystem.rm(temporary, { force: true }).catch(() => undefined);
      throw new AtomicWriteError(
        filePath,
        'replace',
        `its mode or owner cannot be given to the new text (${errorCode(error) ?? String(error)}); check the folder's permissions`,
        error,
      );
    }
    if (options.expected !== undefined) {
      // As late as it can be: an editor's save or another run's write between the caller's read and here is not lost.
      const current = await fileSystem.readFile(target).catch(() => undefined);
      if (current === undefined || !current.equals(options.expected)) {
        await fileSystem.rm(temporary, { force: true }).catch(() => undefined);
        throw new AtomicWriteError(filePath, 'changed', 'it changed after it was read; read it again');
      }
    }
    await renameOver(filePath, temporary, target, 'replaced', fileSystem);
  } finally {
    release();
  }
}

async function refuseOutside(
  filePath: string,
  target: string,
  roots: readonly string[],
  fileSystem: AtomicWriteFileSystem,
  what: string,
): Promise<void> {
  const resolved = await realRoots(roots, fileSystem);
  if (resolved.some((root) => isInside(target, root))) return;
  const where = resolved.length === 1 ? resolved[0] : `any of ${resolved.join(', ')}`;
  throw new AtomicWriteError(
    filePath,
    'outside',
    `${what} outside ${where ?? 'the folders given'}; left as it was: name ${target} itself to write it there`,
  );
}

async function refuseReadOnly(
  filePath: string,
  target: string,
  stats: Stats,
  fileSystem: AtomicWriteFileSystem,
): Promise<void> {
  // The mode bits, not access(): root passes access(W_OK) on any file.
  if ((stats.mode & 0o200) === 0) {
    throw new AtomicWriteError(
      filePath,
      'read-only',
      `it is read-only (mode ${octal(stats.mode)}); make it writable (chmod u+w) if it should be rewritten`,
    );
  }
  try {
    await fileSystem.access(target, constants.W_OK);
  } catch (error) {
    const code = errorCode(error) ?? String(error);
    throw new AtomicWriteError(
      filePath,
      'read-only',
      code === 'EROFS'
        ? 'it is on a read-only file system'
        : `it is not writable for this user (${code}); make it writable (chmod u+w) if it should be rewritten`,
      error,
    );
  }
}

async function writeTemporary(
  filePath: string,
  temporary: string,
  data: string | Uint8Array,
  mode: number,
  fileSystem: AtomicWriteFileSystem,
): Promise<void> {
  try {
    await fileSystem.writeFile(temporary, data, { mode, flag: 'wx' });
  } catch (error) {
    // EEXIST: the name is taken, and that file is someone else's.
    if (errorCode(error) !== 'EEXIST') await fileSystem.rm(temporary, { force: true }).catch(() => undefined);
    const code = errorCode(error) ?? String(error);
    const folder = path.dirname(temporary);
    throw new AtomicWriteError(
      filePath,
      'folder',
      code === 'ENOENT'
        ? `its folder ${folder} does not exist (ENOENT); create it first`
        : `no temporary file can be created in ${folder} (${code}); make the folder writable`,
      error,
    );
  }
}

async function createFile(
  filePath: string,
  data: string | Uint8Array,
  options: WriteFileAtomicOptions,
  fileSystem: AtomicWriteFileSystem,
): Promise<void> {
  const link = await fileSystem.lstat(filePath).catch(() => undefined);
  if (link?.isSymbolicLink() === true)
    throw new AtomicWriteError(
      filePath,
      'not-regular',
      'it is a symbolic link to a file that does not exist; create that file or remove the link',
    );
  if (options.create !== true) throw new AtomicWriteError(filePath, 'missing', 'no such file');
  const folder = await fileSystem.realpath(path.dirname(path.resolve(filePath))).catch((error: unknown) => {
    throw new AtomicWriteError(
      filePath,
      'folder',
      `its folder ${path.dirname(filePath)} does not exist (${errorCode(error) ?? String(error)}); create it first`,
      error,
    );
  });
  const target = path.join(folder, path.basename(filePath));
  await refuseOutside(filePath, target, options.roots, fileSystem, 'its folder is');
  const temporary = temporaryFileFor(target);
  const release = holdTemporary(temporary);
  try {
    await writeTemporary(filePath, temporary, data, 0o666, fileSystem);
    await renameOver(filePath, temporary, target, 'created', fileSystem);
  } finally {
    release();
  }
}

/** Moves the written temporary file to its place, removing it when that fails. */
async function renameOver(
  filePath: string,
  temporary: string,
  target: string,
  done: 'replaced' | 'created',
  fileSystem: AtomicWriteFileSystem,
): Promise<void> {
  try {
    await fileSystem.rename(temporary, target);
  } catch (error) {
    await fileSystem.rm(temporary, { force: true }).catch(() => undefined);
    throw new AtomicWriteError(
      filePath,
      'replace',
      `it could not be ${done} (${errorCode(error) ?? String(error)}); check the folder's permissions`,
      error,
    );
  }
}

/** A device or a FIFO: opened for writing without creating or truncating anything, as `>` would. */
const FIFO_POLL_MS = 50;

const pause = (ms: number, signal: AbortSignal | undefined): Promise<void> =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });

/**
 * A FIFO written in place without ever blocking a thread: opened non-blocking (no reader yet: `ENXIO`, tried again
 * every 50 ms, as a shell's `>` waits for one), then written chunk by chunk, waiting while the pipe is full (`EAGAIN`).
 * The signal ends either wait.
 */
async function writeFifo(filePath: string, data: string | Uint8Array, signal: AbortSignal | undefined): Promise<void> {
  const bytes = typeof data === 'string' ? Buffer.from(data) : data;
  let handle: FileHandle | undefined;
  try {
    while (handle === undefined) {
      try {
        handle = await open(filePath, constants.O_WRONLY | constants.O_NONBLOCK);
      } catch (error) {
        if (errorCode(error) !== 'ENXIO') throw error;
        await pause(FIFO_POLL_MS, signal);
      }
    }
    let offset = 0;
    while (offset < bytes.length) {
      try {
        const { bytesWritten } = await handle.write(bytes, offset, bytes.length - offset);
        offset += bytesWritten;
      } catch (error) {
        if (errorCode(error) !== 'EAGAIN') throw error;
        await pause(FIFO_POLL_MS / 5, signal);
      }
    }
  } catch (error) {
    if (signal?.aborted && error === signal.reason) throw error;
    const code = errorCode(error) ?? String(error);
    throw new AtomicWriteError(
      filePath,
      code === 'EACCES' || code === 'EPERM' ? 'read-only' : 'replace',
      `it cannot be written in place (${code}); check its permissions`,
      error,
    );
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

async function writeInPlace(
  filePath: string,
  data: string | Uint8Array,
  fileSystem: AtomicWriteFileSystem,
): Promise<void> {
  try {
    await fileSystem.writeFile(filePath, data, { flag: constants.O_WRONLY });
  } catch (error) {
    const code = errorCode(error) ?? String(error);
    throw new AtomicWriteError(
      filePath,
      code === 'EACCES' || code === 'EPERM' ? 'read-only' : 'replace',
      `it cannot be written in place (${code}); check its permissions`,
      error,
    );
  }
}
