import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { access, chmod, chown, realpath, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The file-system calls `writeFileAtomic` makes; tests replace one to make a write fail even when running as root. */
export interface AtomicWriteFileSystem {
  realpath(filePath: string): Promise<string>;
  stat(filePath: string): Promise<{ mode: number; uid: number; gid: number }>;
  access(filePath: string, mode: number): Promise<void>;
  writeFile(filePath: string, text: string, options: { encoding: 'utf8'; mode: number; flag: 'wx' }): Promise<void>;
  chmod(filePath: string, mode: number): Promise<void>;
  chown(filePath: string, uid: number, gid: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  rm(filePath: string, options: { force: true }): Promise<void>;
}

export const nodeFileSystem: AtomicWriteFileSystem = { realpath, stat, access, writeFile, chmod, chown, rename, rm };

/** Which step failed, so the message can say what to do: `file` the file is not writable, `folder` no temp file can be made next to it, `replace` the rename failed. */
export type AtomicWriteStep = 'file' | 'folder' | 'replace';

export class AtomicWriteError extends Error {
  override readonly name = 'AtomicWriteError';
  readonly filePath: string;
  readonly step: AtomicWriteStep;
  readonly code: string;

  constructor(filePath: string, step: AtomicWriteStep, cause: unknown) {
    const code = (cause as { code?: unknown }).code?.toString() ?? 'unknown error';
    const what = {
      file: code === 'EROFS' ? 'the file system is read-only' : `the file is not writable (${code}); make it writable (chmod u+w) or leave it out`,
      folder: `no temporary file can be created in its folder (${code}); make the folder writable or leave the file out`,
      replace: `the file could not be replaced (${code}); check the folder's permissions`,
    }[step];
    super(what, { cause });
    this.filePath = filePath;
    this.step = step;
    this.code = code;
  }
}

/**
 * Replaces a file's contents all at once: writes a temporary file in the same folder, gives it the original's mode (and
 * owner, when running as root), then renames it over the original. A reader sees the old text or the new, never half;
 * on any failure the temporary file is removed and the original is left as it was. A symbolic link is written through,
 * not replaced. A file the current user may not write is refused, although a rename in a writable folder would go
 * through: its read-only mode is a decision someone made.
 */
export async function writeFileAtomic(filePath: string, text: string, fileSystem: AtomicWriteFileSystem = nodeFileSystem): Promise<void> {
  let target: string;
  let original: { mode: number; uid: number; gid: number };
  try {
    target = await fileSystem.realpath(filePath);
    original = await fileSystem.stat(target);
    await fileSystem.access(target, constants.W_OK);
  } catch (error) {
    throw new AtomicWriteError(filePath, 'file', error);
  }
  const mode = original.mode & 0o7777;
  const temporary = path.join(path.dirname(target), `.${path.basename(target)}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await fileSystem.writeFile(temporary, text, { encoding: 'utf8', mode, flag: 'wx' });
  } catch (error) {
    await fileSystem.rm(temporary, { force: true }).catch(() => undefined);
    throw new AtomicWriteError(filePath, 'folder', error);
  }
  try {
    await fileSystem.chmod(temporary, mode); // writeFile's mode passes through the umask
    if (process.getuid?.() === 0 && (original.uid !== 0 || original.gid !== 0)) await fileSystem.chown(temporary, original.uid, original.gid);
    await fileSystem.rename(temporary, target);
  } catch (error) {
    await fileSystem.rm(temporary, { force: true }).catch(() => undefined);
    throw new AtomicWriteError(filePath, 'replace', error);
  }
}
