import { symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFiles } from '../../../codemods/runner/discover-files.ts';
import { CodemodRunError } from '../../../codemods/runner/errors.ts';
import { commitAll, makeTempTree, removeTempTrees } from './temp-tree.ts';

afterAll(removeTempTrees);

/** The discovered files, relative to `root`, with forward slashes. */
async function discovered(root: string, targets: readonly string[], cwd = root): Promise<string[]> {
  return (await discoverFiles(targets, cwd)).map((file) => path.relative(root, file).split(path.sep).join('/'));
}

describe('discoverFiles on folders', () => {
  it('takes the four TypeScript extensions, sorted, and nothing else', async () => {
    const root = await makeTempTree({
      'src/b.ts': '',
      'src/a.tsx': '',
      'src/c.mts': '',
      'src/d.cts': '',
      'src/types.d.ts': '',
      'src/e.js': '',
      'src/f.mjs': '',
      'README.md': '',
      'src/ts': '',
    });
    expect(await discovered(root, ['.'])).toEqual([
      'src/a.tsx',
      'src/b.ts',
      'src/c.mts',
      'src/d.cts',
      'src/types.d.ts',
    ]);
  });

  it('walks the working folder when no path is given', async () => {
    const root = await makeTempTree({ 'a.ts': '', 'lib/b.ts': '' });
    expect(await discovered(root, [])).toEqual(['a.ts', 'lib/b.ts']);
  });

  it('always skips node_modules, at any depth, with or without a .gitignore', async () => {
    const root = await makeTempTree({
      'a.ts': '',
      'node_modules/x/index.ts': '',
      'packages/p/node_modules/y/index.ts': '',
      'packages/p/src.ts': '',
    });
    expect(await discovered(root, ['.'])).toEqual(['a.ts', 'packages/p/src.ts']);
  });

  it('respects the .gitignore files of a folder that is not a git repository', async () => {
    const root = await makeTempTree({
      '.gitignore': 'dist/\n*.gen.ts\n',
      'src/a.ts': '',
      'src/a.gen.ts': '',
      'dist/a.ts': '',
    });
    expect(await discovered(root, ['.'])).toEqual(['src/a.ts']);
  });

  it('reads every .gitignore from the repository root down, the deeper one winning, as git does', async () => {
    const root = await makeTempTree({
      '.gitignore': 'build/\n*.gen.ts\n',
      'packages/app/.gitignore': 'local.ts\n!keep.gen.ts\n',
      'packages/app/src/main.ts': '',
      'packages/app/src/local.ts': '',
      'packages/app/src/schema.gen.ts': '',
      'packages/app/src/keep.gen.ts': '',
      'packages/app/build/out.ts': '',
      // git never reads a .gitignore inside an ignored folder, so it cannot bring files back
      'packages/app/build/.gitignore': '!*.ts\n',
      'packages/other/local.ts': '',
    });
    commitAll(root);
    // the target is below the repository root: the root .gitignore still applies
    expect(await discovered(root, ['packages/app'])).toEqual([
      'packages/app/src/keep.gen.ts',
      'packages/app/src/main.ts',
    ]);
    expect(await discovered(root, ['packages'])).toEqual([
      'packages/app/src/keep.gen.ts',
      'packages/app/src/main.ts',
      'packages/other/local.ts',
    ]);
  });

  it('reads .git/info/exclude, below the .gitignore files', async () => {
    const root = await makeTempTree({ 'a.ts': '', 'scratch.ts': '', 'kept.ts': '', '.gitignore': '!kept.ts\n' });
    commitAll(root);
    await writeFile(path.join(root, '.git/info/exclude'), 'scratch.ts\nkept.ts\n');
    expect(await discovered(root, ['.'])).toEqual(['a.ts', 'kept.ts']);
  });

  it('does not follow symbolic links inside folders', async () => {
    const root = await makeTempTree({ 'src/a.ts': '', 'elsewhere/b.ts': '' });
    await symlink(path.join(root, 'elsewhere'), path.join(root, 'src/linked'));
    await symlink(path.join(root, 'elsewhere/b.ts'), path.join(root, 'src/b.ts'));
    expect(await discovered(root, ['src'])).toEqual(['src/a.ts']);
  });
});

describe('discoverFiles on named files', () => {
  it('takes a named TypeScript file even when git ignores it, and de-duplicates', async () => {
    const root = await makeTempTree({ '.gitignore': 'generated.ts\n', 'generated.ts': '', 'a.ts': '' });
    expect(await discovered(root, ['generated.ts', 'a.ts', '.', 'a.ts'])).toEqual(['a.ts', 'generated.ts']);
  });

  it('leaves out a named file that is not TypeScript or sits in node_modules, so a hook may pass every staged file', async () => {
    const root = await makeTempTree({ 'README.md': '', 'a.js': '', 'node_modules/x/index.ts': '', 'b.ts': '' });
    expect(await discovered(root, ['README.md', 'a.js', 'node_modules/x/index.ts', 'b.ts'])).toEqual(['b.ts']);
  });

  it('resolves relative paths from cwd', async () => {
    const root = await makeTempTree({ 'pkg/src/a.ts': '', 'pkg/src/b.ts': '' });
    expect(await discovered(root, ['src/a.ts'], path.join(root, 'pkg'))).toEqual(['pkg/src/a.ts']);
  });

  it('throws a one-line error naming a path that does not exist', async () => {
    const root = await makeTempTree({ 'a.ts': '' });
    const attempt = discoverFiles(['a.ts', 'srcc'], root);
    await expect(attempt).rejects.toThrow(CodemodRunError);
    await expect(attempt).rejects.toThrow(
      `srcc: no such file or folder; check the path (relative paths start at ${root})`,
    );
  });
});

describe('discoverFiles on a tsconfig', () => {
  it('takes the files the tsconfig includes, less node_modules and git-ignored files', async () => {
    const root = await makeTempTree({
      'tsconfig.json': JSON.stringify({ include: ['src', 'test'], exclude: ['test/fixtures'] }),
      '.gitignore': 'src/generated/\n',
      'src/a.ts': '',
      'src/b.tsx': '',
      'src/generated/c.ts': '',
      'src/d.js': '',
      'test/a.test.ts': '',
      'test/fixtures/input.ts': '',
      'scripts/other.ts': '',
    });
    expect(await discovered(root, ['tsconfig.json'])).toEqual(['src/a.ts', 'src/b.tsx', 'test/a.test.ts']);
  });

  it('follows extends, and reads tsconfig.<name>.json names as tsconfigs too', async () => {
    const root = await makeTempTree({
      'tsconfig.base.json': JSON.stringify({ compilerOptions: { strict: true }, include: ['lib'] }),
      'config/tsconfig.build.json': JSON.stringify({
        extends: '../tsconfig.base.json',
        exclude: ['../lib/**/*.test.ts'],
      }),
      'lib/a.ts': '',
      'lib/a.test.ts': '',
      'src/b.ts': '',
    });
    expect(await discovered(root, ['config/tsconfig.build.json'])).toEqual(['lib/a.ts']);
  });

  it('treats a tsconfig that includes nothing as nothing to do', async () => {
    const root = await makeTempTree({ 'tsconfig.json': JSON.stringify({ include: ['src'] }) });
    expect(await discovered(root, ['tsconfig.json'])).toEqual([]);
  });

  it('throws a one-line error for a tsconfig that is not valid JSON', async () => {
    const root = await makeTempTree({ 'tsconfig.json': '{ "include": ["src"], ' });
    await expect(discoverFiles(['tsconfig.json'], root)).rejects.toThrow(
      "tsconfig.json: the tsconfig does not load ('}' expected.); fix it, or pass its folders instead",
    );
  });

  it('throws a one-line error for a tsconfig whose base cannot be found', async () => {
    const root = await makeTempTree({
      'tsconfig.json': JSON.stringify({ extends: './missing.json', include: ['src'] }),
    });
    await expect(discoverFiles(['tsconfig.json'], root)).rejects.toThrow(
      /^tsconfig\.json: the tsconfig does not load \(Cannot read file '.*missing\.json'\.\); fix it, or pass its folders instead$/,
    );
  });
});
