import { execFileSync } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { chmod, lstat, mkdir, mkdtemp, readdir, readFile, rm, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AtomicWriteError,
  type AtomicWriteFileSystem,
  nodeFileSystem,
  temporaryFileFor,
  writeFileAtomic,
} from '../../src/files/write-atomic.ts';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'write-atomic-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const inRoot = (...parts: string[]) => path.join(root, ...parts);
const isRoot = process.getuid?.() === 0;

async function files(relative: Record<string, string>): Promise<void> {
  for (const [name, text] of Object.entries(relative)) {
    await mkdir(path.dirname(inRoot(name)), { recursive: true });
    await writeFile(inRoot(name), text);
  }
}

function failing(code: string): () => Promise<never> {
  return () => Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));
}

/**
 * A character device to write to: as root a null device made in the test's folder (so a writer that replaced it would
 * replace only that), else /dev/null, which a user cannot replace (its folder is not theirs) but may write.
 */
function characterDevice(): string {
  if (!isRoot) return '/dev/null';
  execFileSync('mknod', [inRoot('null'), 'c', '1', '3']);
  return inRoot('null');
}

describe('writeFileAtomic on regular files', () => {
  it('replaces the text, keeps the mode, and leaves no temporary file', async () => {
    await files({ 'tool.ts': 'old\n', 'private.ts': 'old\n' });
    await chmod(inRoot('tool.ts'), 0o755);
    await chmod(inRoot('private.ts'), 0o600);
    await writeFileAtomic(inRoot('tool.ts'), 'new\n', { roots: [root] });
    await writeFileAtomic(inRoot('private.ts'), 'new\n', { roots: [root] });
    expect(await readFile(inRoot('tool.ts'), 'utf8')).toBe('new\n');
    expect((await stat(inRoot('tool.ts'))).mode & 0o7777).toBe(0o755);
    expect((await stat(inRoot('private.ts'))).mode & 0o7777).toBe(0o600);
    expect((await readdir(root)).sort()).toEqual(['private.ts', 'tool.ts']);
  });

  it('writes through a symbolic link whose target is inside the roots, and the link stays a link', async () => {
    await files({ 'real/a.ts': 'old\n' });
    await symlink(inRoot('real/a.ts'), inRoot('link.ts'));
    await writeFileAtomic(inRoot('link.ts'), 'new\n', { roots: [root] });
    expect((await lstat(inRoot('link.ts'))).isSymbolicLink()).toBe(true);
    expect(await readFile(inRoot('real/a.ts'), 'utf8')).toBe('new\n');
  });

  it('refuses a symbolic link that leads outside the roots, naming where it leads', async () => {
    await files({ 'project/src/a.ts': 'ours\n', 'outside/victim.ts': 'theirs\n' });
    await symlink('../../outside/victim.ts', inRoot('project/src/link.ts'));
    const attempt = writeFileAtomic(inRoot('project/src/link.ts'), 'new\n', { roots: [inRoot('project')] });
    await expect(attempt).rejects.toMatchObject({
      reason: 'outside',
      message: `it leads to ${inRoot('outside/victim.ts')} through a symbolic link, outside ${inRoot('project')}; left as it was: name ${inRoot('outside/victim.ts')} itself to write it there`,
    });
    expect(await readFile(inRoot('outside/victim.ts'), 'utf8')).toBe('theirs\n');
    expect((await lstat(inRoot('project/src/link.ts'))).isSymbolicLink()).toBe(true);
  });

  it("refuses a file without its owner's write bit, as root too, and leaves it as it was", async () => {
    await files({ 'locked.ts': 'old\n' });
    await chmod(inRoot('locked.ts'), 0o444);
    const attempt = writeFileAtomic(inRoot('locked.ts'), 'new\n', { roots: [root] });
    await expect(attempt).rejects.toMatchObject({
      reason: 'read-only',
      message: 'it is read-only (mode 0444); make it writable (chmod u+w) if it should be rewritten',
    });
    expect(await readFile(inRoot('locked.ts'), 'utf8')).toBe('old\n');
    expect((await stat(inRoot('locked.ts'))).mode & 0o7777).toBe(0o444);
    expect(await readdir(root)).toEqual(['locked.ts']);
  });

  it('replaces a file only while it holds the expected bytes: a change made after the read is kept', async () => {
    await files({ 'a.ts': 'read\n' });
    const editor: AtomicWriteFileSystem = {
      ...nodeFileSystem,
      // The temporary file is written; the user saves the file before it is renamed over.
      async writeFile(filePath, data, options) {
        await nodeFileSystem.writeFile(filePath, data, options);
        await writeFile(inRoot('a.ts'), 'saved meanwhile\n');
      },
    };
    const attempt = writeFileAtomic(inRoot('a.ts'), 'new\n', {
      roots: [root],
      expected: Buffer.from('read\n'),
      fileSystem: editor,
    });
    await expect(attempt).rejects.toMatchObject({ reason: 'changed' });
    expect(await readFile(inRoot('a.ts'), 'utf8')).toBe('saved meanwhile\n');
    expect(await readdir(root)).toEqual(['a.ts']);
    await writeFileAtomic(inRoot('a.ts'), 'new\n', { roots: [root], expected: Buffer.from('saved meanwhile\n') });
    expect(await readFile(inRoot('a.ts'), 'utf8')).toBe('new\n');
  });

  it('refuses a missing file unless asked to create it, and creates it only inside the roots', async () => {
    await expect(writeFileAtomic(inRoot('new.json'), '{}\n', { roots: [root] })).rejects.toMatchObject({
      reason: 'missing',
      message: 'no such file',
    });
    await writeFileAtomic(inRoot('new.json'), '{}\n', { roots: [root], create: true });
    expect(await readFile(inRoot('new.json'), 'utf8')).toBe('{}\n');
    await mkdir(inRoot('elsewhere'));
    await expect(
      writeFileAtomic(inRoot('elsewhere/new.json'), '{}\n', { roots: [inRoot('project')], create: true }),
    ).rejects.toMatchObject({ reason: 'outside' });
    await expect(
      writeFileAtomic(inRoot('missing/new.json'), '{}\n', { roots: [root], create: true }),
    ).rejects.toMatchObject({
      reason: 'folder',
      message: `its folder ${inRoot('missing')} does not exist (ENOENT); create it first`,
    });
    expect((await readdir(root)).sort()).toEqual(['elsewhere', 'new.json']);
  });

  // A user's permissions do not stop root, so these failures are injected: the file system answers as it would for a user.
  const failures: [string, Partial<AtomicWriteFileSystem>, string, string][] = [
    [
      'a file this user may not write',
      { access: failing('EACCES') },
      'read-only',
      'it is not writable for this user (EACCES); make it writable (chmod u+w) if it should be rewritten',
    ],
    [
      'a file on a read-only file system',
      { access: failing('EROFS') },
      'read-only',
      'it is on a read-only file system',
    ],
    [
      'a read-only folder',
      { writeFile: failing('EACCES') },
      'folder',
      `no temporary file can be created in ${'<root>'} (EACCES); make the folder writable`,
    ],
    [
      'a rename that fails',
      { rename: failing('EPERM') },
      'replace',
      "it could not be replaced (EPERM); check the folder's permissions",
    ],
  ];
  it.each(failures)(
    'refuses %s with a clear reason, leaving the original whole and no temporary file',
    async (_name, override, reason, message) => {
      await files({ 'a.ts': 'old\n' });
      const attempt = writeFileAtomic(inRoot('a.ts'), 'new\n', {
        roots: [root],
        fileSystem: { ...nodeFileSystem, ...override },
      });
      await expect(attempt).rejects.toThrow(AtomicWriteError);
      await expect(attempt).rejects.toMatchObject({
        reason,
        message: message.replace('<root>', root),
        filePath: inRoot('a.ts'),
      });
      expect(await readFile(inRoot('a.ts'), 'utf8')).toBe('old\n');
      expect(await readdir(root)).toEqual(['a.ts']);
    },
  );

  it('removes the temporary file when writing it fails half-way', async () => {
    await files({ 'a.ts': 'old\n' });
    const halfWrite: AtomicWriteFileSystem['writeFile'] = async (filePath, data, options) => {
      await nodeFileSystem.writeFile(filePath, data.slice(0, 2), options);
      throw Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' });
    };
    await expect(
      writeFileAtomic(inRoot('a.ts'), 'new\n', {
        roots: [root],
        fileSystem: { ...nodeFileSystem, writeFile: halfWrite },
      }),
    ).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readFile(inRoot('a.ts'), 'utf8')).toBe('old\n');
    expect(await readdir(root)).toEqual(['a.ts']);
  });

  it('never overwrites nor removes a temporary file of the same name', async () => {
    await files({ 'a.json': 'old\n' });
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      // With the clock and the random numbers held, the writer picks this name again.
      const taken = temporaryFileFor(inRoot('a.json'));
      await writeFile(taken, 'another writer');
      await expect(writeFileAtomic(inRoot('a.json'), 'new\n', { roots: [root] })).rejects.toMatchObject({
        reason: 'folder',
        code: 'EEXIST',
      });
      expect(await readFile(taken, 'utf8')).toBe('another writer');
      expect(await readFile(inRoot('a.json'), 'utf8')).toBe('old\n');
    } finally {
      now.mockRestore();
      random.mockRestore();
    }
  });
});

describe('writeFileAtomic on files that are not regular', () => {
  it('writes a character device in place and never replaces the device node', async () => {
    const device = characterDevice();
    const before = await stat(device);
    await writeFileAtomic(device, 'discarded\n', { roots: [root], create: true });
    const after = await lstat(device);
    expect(after.isCharacterDevice()).toBe(true);
    expect([after.ino, after.rdev]).toEqual([before.ino, before.rdev]);
  });

  it('writes a FIFO in place: the reader gets the text and the FIFO stays', async () => {
    const fifo = inRoot('pipe');
    execFileSync('mkfifo', [fifo]);
    const chunks: Buffer[] = [];
    const reader = createReadStream(fifo);
    reader.on('data', (chunk) => chunks.push(chunk as Buffer));
    const closed = new Promise<void>((resolve) => reader.once('close', () => resolve()));
    await writeFileAtomic(fifo, '{"format":"x"}\n', { roots: [root], create: true });
    await closed;
    expect(Buffer.concat(chunks).toString('utf8')).toBe('{"format":"x"}\n');
    expect((await lstat(fifo)).isFIFO()).toBe(true);
    expect(await readdir(root)).toEqual(['pipe']);
  });

  it('refuses a device or FIFO when the caller expects to find what it read, and a folder always', async () => {
    execFileSync('mkfifo', [inRoot('pipe')]);
    await expect(
      writeFileAtomic(inRoot('pipe'), 'x', { roots: [root], expected: Buffer.from('') }),
    ).rejects.toMatchObject({
      reason: 'not-regular',
      message: 'it is a FIFO, not a regular file; name a file',
    });
    await mkdir(inRoot('folder'));
    await expect(writeFileAtomic(inRoot('folder'), 'x', { roots: [root], create: true })).rejects.toMatchObject({
      reason: 'not-regular',
      message: 'it is a folder, not a regular file; name a file',
    });
  });

  it('refuses a symbolic link to a file that does not exist instead of replacing the link', async () => {
    await symlink(inRoot('nowhere.json'), inRoot('link.json'));
    await expect(writeFileAtomic(inRoot('link.json'), 'x', { roots: [root], create: true })).rejects.toMatchObject({
      reason: 'not-regular',
    });
    expect((await lstat(inRoot('link.json'))).isSymbolicLink()).toBe(true);
    expect(await readdir(root)).toEqual(['link.json']);
  });
});
