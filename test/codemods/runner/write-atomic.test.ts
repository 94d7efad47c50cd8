import { chmod, lstat, readdir, readFile, stat, symlink } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { AtomicWriteError, type AtomicWriteFileSystem, nodeFileSystem, writeFileAtomic } from '../../../codemods/runner/write-atomic.ts';
import { makeTempTree, removeTempTrees } from './temp-tree.ts';

afterAll(removeTempTrees);

function failing(code: string): () => Promise<never> {
  return () => Promise.reject(Object.assign(new Error(`${code}: simulated`), { code }));
}

describe('writeFileAtomic', () => {
  it('replaces the text, keeps the mode, and leaves no temporary file', async () => {
    const root = await makeTempTree({ 'tool.ts': 'old\n', 'private.ts': 'old\n' });
    await chmod(path.join(root, 'tool.ts'), 0o755);
    await chmod(path.join(root, 'private.ts'), 0o600);
    await writeFileAtomic(path.join(root, 'tool.ts'), 'new\n');
    await writeFileAtomic(path.join(root, 'private.ts'), 'new\n');
    expect(await readFile(path.join(root, 'tool.ts'), 'utf8')).toBe('new\n');
    expect((await stat(path.join(root, 'tool.ts'))).mode & 0o7777).toBe(0o755);
    expect((await stat(path.join(root, 'private.ts'))).mode & 0o7777).toBe(0o600);
    expect((await readdir(root)).sort()).toEqual(['private.ts', 'tool.ts']);
  });

  it('writes through a symbolic link instead of replacing the link', async () => {
    const root = await makeTempTree({ 'real/a.ts': 'old\n' });
    await symlink(path.join(root, 'real/a.ts'), path.join(root, 'link.ts'));
    await writeFileAtomic(path.join(root, 'link.ts'), 'new\n');
    expect((await lstat(path.join(root, 'link.ts'))).isSymbolicLink()).toBe(true);
    expect(await readFile(path.join(root, 'real/a.ts'), 'utf8')).toBe('new\n');
  });

  // Permission bits do not stop root, so these failures are injected: the file system answers as it would for a user.
  const failures: [string, Partial<AtomicWriteFileSystem>, string, string][] = [
    ['a read-only file', { access: failing('EACCES') }, 'file', 'the file is not writable (EACCES); make it writable (chmod u+w) or leave it out'],
    ['a file on a read-only file system', { access: failing('EROFS') }, 'file', 'the file system is read-only'],
    [
      'a read-only folder',
      { writeFile: failing('EACCES') },
      'folder',
      'no temporary file can be created in its folder (EACCES); make the folder writable or leave the file out',
    ],
    ['a rename that fails', { rename: failing('EPERM') }, 'replace', "the file could not be replaced (EPERM); check the folder's permissions"],
  ];
  it.each(failures)('refuses %s with a clear reason, leaving the original whole and no temporary file', async (_name, override, step, message) => {
    const root = await makeTempTree({ 'a.ts': 'old\n' });
    const attempt = writeFileAtomic(path.join(root, 'a.ts'), 'new\n', { ...nodeFileSystem, ...override });
    await expect(attempt).rejects.toThrow(AtomicWriteError);
    await expect(attempt).rejects.toMatchObject({ step, message, filePath: path.join(root, 'a.ts') });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe('old\n');
    expect(await readdir(root)).toEqual(['a.ts']);
  });

  it('removes the temporary file when writing it fails half-way', async () => {
    const root = await makeTempTree({ 'a.ts': 'old\n' });
    const halfWrite: AtomicWriteFileSystem['writeFile'] = async (filePath, text, options) => {
      await nodeFileSystem.writeFile(filePath, text.slice(0, 2), options);
      throw Object.assign(new Error('ENOSPC: simulated'), { code: 'ENOSPC' });
    };
    await expect(writeFileAtomic(path.join(root, 'a.ts'), 'new\n', { ...nodeFileSystem, writeFile: halfWrite })).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe('old\n');
    expect(await readdir(root)).toEqual(['a.ts']);
  });
});
