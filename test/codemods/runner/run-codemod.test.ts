import { chmod, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Codemod } from '../../../codemods/codemod.ts';
import { CodemodRunError } from '../../../codemods/runner/errors.ts';
import { type FileReport, runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { type AtomicWriteFileSystem, nodeFileSystem } from '../../../src/files/write-atomic.ts';
import { commitAll, makeTempTree, removeTempTrees } from './temp-tree.ts';
import { upperTodo } from './upper-todo-codemod.ts';

afterAll(removeTempTrees);

/** One file per status, and one that changes and needs review. */
const mixedTree = {
  'src/changed.ts': "export const a = 'todo';\n",
  'src/review.ts': "export const b = 'todo'; // review\n",
  'src/unchanged.ts': 'export const todoList: string[] = [];\n',
  'src/skipped.ts': 'export const done = true;\n',
  'src/broken.ts': "export const c = 'todo';\n<<<<<<< HEAD\n",
};

function byName(files: readonly FileReport[]): Record<string, FileReport> {
  return Object.fromEntries(files.map((file) => [path.basename(file.path), file]));
}

describe('runCodemod statuses', () => {
  it('gives every file one status, flags needs-review apart, and counts them all', async () => {
    const root = await makeTempTree(mixedTree);
    const report = await runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: false });
    const files = byName(report.files);
    expect(report.files.map((file) => path.relative(root, file.path))).toEqual([
      'src/broken.ts',
      'src/changed.ts',
      'src/review.ts',
      'src/skipped.ts',
      'src/unchanged.ts',
    ]);
    expect(files['changed.ts']).toMatchObject({
      status: 'changed',
      needsReview: false,
      output: "export const a = 'TODO';\n",
      edits: [{ start: 17, end: 23, text: "'TODO'", line: 1, column: 18 }],
      notes: [],
    });
    expect(files['review.ts']).toMatchObject({
      status: 'changed',
      needsReview: true,
      notes: [{ kind: 'needs-review', line: 1, column: 18, message: "check that 'TODO' is meant here" }],
    });
    expect(files['unchanged.ts']).toMatchObject({ status: 'unchanged', needsReview: false, edits: [], notes: [] });
    expect(files['unchanged.ts']?.output).toBeUndefined();
    expect(files['skipped.ts']).toMatchObject({ status: 'skipped', reason: 'no todo', edits: [], notes: [] });
    expect(files['broken.ts']).toMatchObject({
      status: 'error',
      error: { message: "merge conflict marker '<<<'", line: 2, column: 1 },
    });
    expect(report.summary).toEqual({ files: 5, changed: 2, unchanged: 1, skipped: 1, needsReview: 1, errors: 1 });
    expect(report.written).toBe(false);
  });

  it('does not parse a file mightMatch turns away', async () => {
    const root = await makeTempTree(mixedTree);
    const analysed: string[] = [];
    const spy: Codemod<object> = {
      ...upperTodo,
      analyse: (source, filePath, options) => (
        analysed.push(path.basename(filePath)),
        upperTodo.analyse(source, filePath, options)
      ),
    };
    await runCodemod({ codemod: spy, options: {}, cwd: root, write: false });
    expect(analysed.sort()).toEqual(['broken.ts', 'changed.ts', 'review.ts', 'unchanged.ts']);
  });

  it('gives a skipped file the reason of a codemod that names none', async () => {
    const root = await makeTempTree({ 'a.ts': 'export const done = true;\n' });
    const { skipReason: _named, ...unnamed } = upperTodo;
    const report = await runCodemod({ codemod: unnamed, options: {}, cwd: root, write: false });
    expect(report.files).toMatchObject([{ status: 'skipped', reason: 'nothing it could change' }]);
  });

  it('hands the codemod its options and the absolute file path', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n" });
    const report = await runCodemod({
      codemod: upperTodo,
      options: { importFrom: '#guards' },
      cwd: root,
      targets: ['a.ts'],
      write: false,
    });
    expect(report.files[0]).toMatchObject({
      path: path.join(root, 'a.ts'),
      notes: [{ kind: 'info', line: 1, column: 1, message: 'import from #guards' }],
    });
  });

  it('turns a codemod crash on one file into an error entry and goes on with the others', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'b.ts': "'todo'; // crash\n" });
    const crashing: Codemod<object> = {
      ...upperTodo,
      analyse: (source, filePath, options) => {
        if (source.includes('crash')) throw new TypeError('Cannot read properties of undefined');
        return upperTodo.analyse(source, filePath, options);
      },
    };
    const report = await runCodemod({ codemod: crashing, options: {}, cwd: root, write: true });
    expect(byName(report.files)['b.ts']).toMatchObject({
      status: 'error',
      error: {
        message:
          'the upper-todo codemod failed on this file (Cannot read properties of undefined); this is a bug in the codemod, please report it with the file',
      },
    });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'TODO';\n");
  });

  it('reports progress once before the first file and after each one', async () => {
    const root = await makeTempTree({ 'a.ts': '', 'b.ts': '', 'c.ts': '' });
    const calls: [number, number][] = [];
    await runCodemod({
      codemod: upperTodo,
      options: {},
      cwd: root,
      write: false,
      onProgress: (done, total) => calls.push([done, total]),
    });
    expect(calls).toEqual([
      [0, 3],
      [1, 3],
      [2, 3],
      [3, 3],
    ]);
  });
});

describe('runCodemod writing', () => {
  it('writes changed files only, and never a file that does not parse', async () => {
    const root = await makeTempTree(mixedTree);
    const report = await runCodemod({ codemod: upperTodo, options: {}, cwd: root, targets: ['src'], write: true });
    expect(report.written).toBe(true);
    const read = (name: string) => readFile(path.join(root, 'src', name), 'utf8');
    expect(await read('changed.ts')).toBe("export const a = 'TODO';\n");
    expect(await read('review.ts')).toBe("export const b = 'TODO'; // review\n");
    for (const name of ['unchanged.ts', 'skipped.ts', 'broken.ts'])
      expect(await read(name)).toBe(mixedTree[`src/${name}` as keyof typeof mixedTree]);
  });

  it('writes nothing when write is false', async () => {
    const root = await makeTempTree(mixedTree);
    await runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: false });
    expect(await readFile(path.join(root, 'src/changed.ts'), 'utf8')).toBe(mixedTree['src/changed.ts']);
  });

  it('turns a file that cannot be written into an error with the reason, and still writes the others', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'locked.ts': "'todo';\n" });
    const locked = path.join(root, 'locked.ts');
    const report = await runCodemod({
      codemod: upperTodo,
      options: {},
      cwd: root,
      write: true,
      fileSystem: {
        ...nodeFileSystem,
        access: (filePath, mode) =>
          filePath === locked
            ? Promise.reject(Object.assign(new Error('EACCES'), { code: 'EACCES' }))
            : nodeFileSystem.access(filePath, mode),
      },
    });
    expect(byName(report.files)['locked.ts']).toMatchObject({
      status: 'error',
      error: {
        message:
          'not written: it is not writable for this user (EACCES); make it writable (chmod u+w) if it should be rewritten',
      },
    });
    expect(report.summary).toMatchObject({ changed: 1, errors: 1 });
    expect(await readFile(locked, 'utf8')).toBe("'todo';\n");
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'TODO';\n");
  });
});

describe('runCodemod leaves alone what it must not write', () => {
  it('keeps an edit saved to a file while the run writes the others, and reports the file', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'b.ts': "'todo';\n" });
    let saved = false;
    // After the first file is written, the user saves b.ts: the run read it long before.
    const saveB: AtomicWriteFileSystem = {
      ...nodeFileSystem,
      async rename(from, to) {
        await nodeFileSystem.rename(from, to);
        if (!saved) await writeFile(path.join(root, 'b.ts'), "'todo'; // the user's edit\n");
        saved = true;
      },
    };
    const report = await runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: true, fileSystem: saveB });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'TODO';\n");
    expect(await readFile(path.join(root, 'b.ts'), 'utf8')).toBe("'todo'; // the user's edit\n");
    expect(byName(report.files)['b.ts']).toMatchObject({
      status: 'error',
      error: { message: 'changed while the codemod ran; run it again' },
    });
    expect(report.summary).toMatchObject({ changed: 1, errors: 1 });
  });

  it('keeps an edit saved after the file was read and before the write phase', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n" });
    const onProgress = (done: number, total: number) => {
      if (done === total && total > 0) void writeFile(path.join(root, 'a.ts'), "'todo'; // saved\n");
    };
    const report = await runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: true, onProgress });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'todo'; // saved\n");
    expect(report.files[0]).toMatchObject({
      status: 'error',
      error: { message: 'changed while the codemod ran; run it again' },
    });
  });

  it("two runs at once: the second to write finds the file changed and keeps the first one's edit", async () => {
    const root = await makeTempTree({ 'a.ts': "'todo'; 'done';\n" });
    const upperDone: Codemod<object> = {
      ...upperTodo,
      name: 'upper-done',
      mightMatch: (source) => source.includes('done'),
      analyse: (source) => ({
        output: source.replace("'done'", "'DONE'"),
        edits: [{ start: 8, end: 14, text: "'DONE'" }],
        notes: [],
      }),
    };
    let first: Promise<unknown> | undefined;
    // The upper-done run has read a.ts; the upper-todo run starts, reads and writes it before upper-done writes.
    const lateWriter: AtomicWriteFileSystem = {
      ...nodeFileSystem,
      async writeFile(filePath, data, options) {
        first ??= runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: true });
        await first;
        await nodeFileSystem.writeFile(filePath, data, options);
      },
    };
    const second = await runCodemod({
      codemod: upperDone,
      options: {},
      cwd: root,
      write: true,
      fileSystem: lateWriter,
    });
    expect(await first).toMatchObject({ summary: { changed: 1, errors: 0 } });
    expect(second.files[0]).toMatchObject({
      status: 'error',
      error: { message: 'changed while the codemod ran; run it again' },
    });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'TODO'; 'done';\n");
  });

  it('leaves a file that is not valid UTF-8 byte for byte, with an error naming the byte and where it is', async () => {
    const root = await makeTempTree({});
    // A Latin-1 comment on a line the codemod never edits.
    const latin1 = Buffer.concat([Buffer.from("'todo';\n// caf"), Buffer.from([0xe9]), Buffer.from('\n')]);
    await writeFile(path.join(root, 'a.ts'), latin1);
    for (const write of [false, true]) {
      const report = await runCodemod({ codemod: upperTodo, options: {}, cwd: root, write });
      expect(report.files[0]).toMatchObject({
        status: 'error',
        error: {
          message:
            'not valid UTF-8 (byte 0xe9); left as it was, as rewriting it would change bytes the codemod does not edit: convert the file to UTF-8 (e.g. iconv -f latin1 -t utf-8) and run again',
          line: 2,
          column: 7,
        },
      });
      expect(report.files[0]?.output).toBeUndefined();
    }
    expect((await readFile(path.join(root, 'a.ts'))).equals(latin1)).toBe(true);
  });

  it('does not write through a symbolic link that leads out of the project', async () => {
    const outside = await makeTempTree({ 'victim.ts': "'todo';\n" });
    const root = await makeTempTree({ 'tsconfig.json': '{ "include": ["src"] }', 'src/a.ts': "'todo';\n" });
    await symlink(path.join(outside, 'victim.ts'), path.join(root, 'src/link.ts'));
    const report = await runCodemod({
      codemod: upperTodo,
      options: {},
      cwd: root,
      targets: ['tsconfig.json'],
      write: true,
    });
    expect(byName(report.files)['link.ts']).toMatchObject({
      status: 'error',
      error: {
        message: `not written: it leads to ${path.join(outside, 'victim.ts')} through a symbolic link, outside ${root}; left as it was: name ${path.join(outside, 'victim.ts')} itself to write it there`,
      },
    });
    expect(await readFile(path.join(outside, 'victim.ts'), 'utf8')).toBe("'todo';\n");
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe("'TODO';\n");
  });

  it("refuses a file without its owner's write bit, whoever runs it (root passes access checks)", async () => {
    const root = await makeTempTree({ 'locked.ts': "'todo';\n" });
    await chmod(path.join(root, 'locked.ts'), 0o444);
    const report = await runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: true });
    expect(report.files[0]).toMatchObject({
      status: 'error',
      error: {
        message: 'not written: it is read-only (mode 0444); make it writable (chmod u+w) if it should be rewritten',
      },
    });
    expect(await readFile(path.join(root, 'locked.ts'), 'utf8')).toBe("'todo';\n");
    expect((await stat(path.join(root, 'locked.ts'))).mode & 0o7777).toBe(0o444);
  });
});

describe('runCodemod on a git tree', () => {
  async function dirtyRepository(): Promise<string> {
    const root = await makeTempTree({ 'src/a.ts': "'todo';\n", 'src/b.ts': 'export {};\n', 'notes.md': 'draft\n' });
    commitAll(root);
    await writeFile(path.join(root, 'notes.md'), 'draft, edited\n');
    return root;
  }

  it('refuses to write on a dirty tree, naming --force, before writing anything', async () => {
    const root = await dirtyRepository();
    const attempt = runCodemod({ codemod: upperTodo, options: {}, cwd: root, targets: ['src'], write: true });
    await expect(attempt).rejects.toThrow(CodemodRunError);
    await expect(attempt).rejects.toThrow(
      `the git repository ${root} has uncommitted changes to 1 tracked file (notes.md); commit or stash them first so the codemod's edits can be reviewed on their own, or pass --force`,
    );
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe("'todo';\n");
  });

  it('writes on a dirty tree with force', async () => {
    const root = await dirtyRepository();
    await runCodemod({ codemod: upperTodo, options: {}, cwd: root, targets: ['src'], write: true, force: true });
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe("'TODO';\n");
  });

  it('does not mind a dirty tree when it writes nothing, or has nothing to write', async () => {
    const root = await dirtyRepository();
    await expect(runCodemod({ codemod: upperTodo, options: {}, cwd: root, write: false })).resolves.toMatchObject({
      summary: { changed: 1 },
    });
    await expect(
      runCodemod({ codemod: upperTodo, options: {}, cwd: root, targets: ['src/b.ts'], write: true }),
    ).resolves.toMatchObject({ summary: { changed: 0 } });
  });

  it('writes on a clean tree, and counts a folder outside git as clean', async () => {
    const repository = await makeTempTree({ 'a.ts': "'todo';\n" });
    commitAll(repository);
    await runCodemod({ codemod: upperTodo, options: {}, cwd: repository, write: true });
    expect(await readFile(path.join(repository, 'a.ts'), 'utf8')).toBe("'TODO';\n");
    const plain = await makeTempTree({ 'a.ts': "'todo';\n" });
    await runCodemod({ codemod: upperTodo, options: {}, cwd: plain, write: true });
    expect(await readFile(path.join(plain, 'a.ts'), 'utf8')).toBe("'TODO';\n");
  });
});
