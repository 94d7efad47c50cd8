import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findDirtyRepositories } from '../../../codemods/runner/git-status.ts';
import { commitAll, git, makeTempTree, removeTempTrees } from './temp-tree.ts';

afterAll(removeTempTrees);

describe('findDirtyRepositories', () => {
  it('finds nothing in a freshly committed repository, nor for untracked files', async () => {
    const root = await makeTempTree({ 'src/a.ts': 'export {};\n' });
    commitAll(root);
    await writeFile(path.join(root, 'src/new.ts'), 'export {};\n');
    expect(await findDirtyRepositories([path.join(root, 'src')])).toEqual([]);
  });

  it('lists tracked files with unstaged, staged and renamed changes, for a folder or a file target', async () => {
    const root = await makeTempTree({
      'src/a.ts': 'export {};\n',
      'src/b.ts': 'export {};\n',
      'src/c.ts': 'export {};\n',
    });
    commitAll(root);
    await writeFile(path.join(root, 'src/a.ts'), 'export const a = 1;\n');
    await writeFile(path.join(root, 'src/b.ts'), 'export const b = 1;\n');
    git(root, 'add', 'src/b.ts');
    await rename(path.join(root, 'src/c.ts'), path.join(root, 'src/renamed.ts'));
    git(root, 'add', '-A', 'src');
    const [dirty, ...others] = await findDirtyRepositories([path.join(root, 'src'), path.join(root, 'src/a.ts')]);
    expect(others).toEqual([]);
    expect(dirty?.root).toBe(root);
    expect([...(dirty?.changedFiles ?? [])].sort()).toEqual(['src/a.ts', 'src/b.ts', 'src/renamed.ts']);
  });

  it('counts a folder outside any git repository as clean', async () => {
    const root = await makeTempTree({ 'a.ts': 'export {};\n' });
    expect(await findDirtyRepositories([root, path.join(root, 'a.ts')])).toEqual([]);
  });
});
