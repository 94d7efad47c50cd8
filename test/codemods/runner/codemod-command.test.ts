import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CodemodCommandOptions, runCodemodCommand } from '../../../src/cli/codemod.ts';
import { UsageError } from '../../../src/cli/errors.ts';
import { makeTempTree, removeTempTrees } from './temp-tree.ts';
import { upperTodo } from './upper-todo-codemod.ts';

afterAll(removeTempTrees);

const registry = { 'upper-todo': upperTodo };

interface CapturedRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the command in-process with the test codemod, capturing what it prints; `tty` makes stderr a terminal. */
async function run(
  cwd: string,
  paths: string[],
  options: CodemodCommandOptions = {},
  tty = false,
): Promise<CapturedRun> {
  let stdout = '';
  let stderr = '';
  const code = await runCodemodCommand('upper-todo', paths, options, {
    registry,
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text), isTTY: tty, columns: 60 },
  });
  return { code, stdout, stderr };
}

const mixedTree = {
  'src/changed.ts': "export const a = 'todo';\n",
  'src/review.ts': "export const b = 'todo'; // review\n",
  'src/unchanged.ts': 'export const todoList: string[] = [];\n',
  'src/skipped.ts': 'export const done = true;\n',
  'src/broken.ts': "export const c = 'todo';\n<<<<<<< HEAD\n",
};

describe('agent-contract codemod: the text summary', () => {
  it('lists changed files, then every note and error as file:line:col  kind  message, then the counts; exit 2 for the error', async () => {
    const root = await makeTempTree(mixedTree);
    const result = await run(root, []);
    expect(result.stdout).toBe(
      [
        'changed  src/changed.ts',
        'changed  src/review.ts  (needs review)',
        '',
        "src/broken.ts:2:1  error  merge conflict marker '<<<'",
        "src/review.ts:1:18  needs-review  check that 'TODO' is meant here",
        '',
        '2 changed, 1 unchanged, 1 skipped (1 no todo), 1 needs review, 1 error (5 files scanned)',
        'Wrote 2 files; review the changes with git diff, starting with the needs-review notes above.',
        '1 file could not be processed and was left as it was; fix the errors above and run again.',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('');
    expect(await readFile(path.join(root, 'src/changed.ts'), 'utf8')).toBe("export const a = 'TODO';\n");
  });

  it('says plainly that nothing matched, never "done", and exits 0', async () => {
    const root = await makeTempTree({
      'a.ts': 'export const todoList = [];\n',
      'b.ts': 'export {};\n',
      'c.ts': 'export {};\n',
    });
    const result = await run(root, ['.']);
    expect(result).toEqual({
      code: 0,
      stdout: 'no file had anything to change: 3 files scanned, 2 could not contain a match (2 no todo)\n',
      stderr: '',
    });
  });

  it('says the same for a folder with no TypeScript file in it', async () => {
    const root = await makeTempTree({ 'README.md': 'todo\n' });
    expect(await run(root, [])).toEqual({
      code: 0,
      stdout: 'no file had anything to change: 0 files scanned, 0 could not contain a match\n',
      stderr: '',
    });
  });
});

describe('agent-contract codemod --check', () => {
  it('exits 1 when a file would change, and writes nothing', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'b.ts': 'export {};\n' });
    const result = await run(root, [], { check: true });
    expect(result.code).toBe(1);
    expect(result.stdout).toBe(
      [
        'changed  a.ts',
        '',
        '1 changed, 0 unchanged, 1 skipped (1 no todo), 0 needs review, 0 errors (2 files scanned)',
        '1 file would change; nothing was written. Run again without --check to apply the changes.',
        '',
      ].join('\n'),
    );
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'todo';\n");
  });

  it('exits 0 when nothing would change', async () => {
    const root = await makeTempTree({ 'a.ts': "'TODO';\n" });
    expect((await run(root, [], { check: true })).code).toBe(0);
  });

  it('exits 2 when a file does not parse, even with changes pending', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'b.ts': "'todo'\n<<<\n" });
    expect((await run(root, [], { check: true })).code).toBe(2);
  });
});

describe('agent-contract codemod --dry and --print', () => {
  it('--dry prints a unified diff per changed file, labelled relative to the working folder, and writes nothing', async () => {
    const root = await makeTempTree({
      'src/a.ts':
        "import { x } from './x.ts';\n\nconst one = 1;\nconst two = 2;\nconst three = 3;\nconst four = 4;\nexport const status = 'todo';\n",
      'src/b.ts': "export const b = 'todo'",
    });
    const result = await run(root, ['src'], { dry: true });
    expect(result.stdout).toBe(
      [
        '--- src/a.ts',
        '+++ src/a.ts',
        '@@ -4,4 +4,4 @@',
        ' const two = 2;',
        ' const three = 3;',
        ' const four = 4;',
        "-export const status = 'todo';",
        "+export const status = 'TODO';",
        '--- src/b.ts',
        '+++ src/b.ts',
        '@@ -1,1 +1,1 @@',
        "-export const b = 'todo'",
        '\\ No newline at end of file',
        "+export const b = 'TODO'",
        '\\ No newline at end of file',
        '',
        'changed  src/a.ts',
        'changed  src/b.ts',
        '',
        '2 changed, 0 unchanged, 0 skipped, 0 needs review, 0 errors (2 files scanned)',
        '2 files would change; nothing was written. Run again without --dry to write them.',
        '',
      ].join('\n'),
    );
    expect(result.code).toBe(0);
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toContain("'todo'");
  });

  it('--print prints exactly the new text of a single changed file on stdout, and the summary on stderr', async () => {
    const root = await makeTempTree({ 'a.ts': "const a = 'todo';\n", 'b.ts': 'export {};\n' });
    const result = await run(root, [], { print: true });
    expect(result.stdout).toBe("const a = 'TODO';\n");
    expect(result.stderr).toContain(
      '1 file would change; nothing was written. Run again without --print to write them.\n',
    );
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("const a = 'todo';\n");
  });

  it('--print heads each file with ==> path <== when more than one changes', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'b.ts': "'todo'" });
    expect((await run(root, [], { print: true })).stdout).toBe("==> a.ts <==\n'TODO';\n\n==> b.ts <==\n'TODO'\n");
  });
});

describe('agent-contract codemod --json', () => {
  it('prints per-file status, edits, notes, errors and the summary, and nothing else', async () => {
    const root = await makeTempTree({
      'a.ts': "'todo'; // review\n",
      'b.ts': 'export {};\n',
      'c.ts': "'todo'\n<<<\n",
      'd.ts': 'const todos = 0;\n',
    });
    const result = await run(root, [], { json: true, check: true, importFrom: 'agent-contract' });
    expect(result.code).toBe(2);
    expect(result.stderr).toBe('');
    const info = { kind: 'info', line: 1, column: 1, message: 'import from agent-contract' };
    expect(JSON.parse(result.stdout)).toEqual({
      codemod: 'upper-todo',
      written: false,
      summary: { files: 4, changed: 1, unchanged: 1, skipped: 1, needsReview: 1, errors: 1 },
      files: [
        {
          path: 'a.ts',
          status: 'changed',
          needsReview: true,
          edits: [{ start: 0, end: 6, text: "'TODO'", line: 1, column: 1 }],
          notes: [{ kind: 'needs-review', line: 1, column: 1, message: "check that 'TODO' is meant here" }, info],
        },
        { path: 'b.ts', status: 'skipped', reason: 'no todo', needsReview: false, edits: [], notes: [] },
        {
          path: 'c.ts',
          status: 'error',
          needsReview: false,
          edits: [],
          notes: [],
          error: { message: "merge conflict marker '<<<'", line: 2, column: 1 },
        },
        { path: 'd.ts', status: 'unchanged', needsReview: false, edits: [], notes: [info] },
      ],
    });
  });

  it('adds the diff with --dry and the new text with --print', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n" });
    const dry = JSON.parse((await run(root, [], { json: true, dry: true })).stdout) as {
      files: { diff?: string; output?: string }[];
    };
    expect(dry.files[0]?.diff).toBe("--- a.ts\n+++ a.ts\n@@ -1,1 +1,1 @@\n-'todo';\n+'TODO';\n");
    const printed = JSON.parse((await run(root, [], { json: true, print: true })).stdout) as {
      files: { diff?: string; output?: string }[];
    };
    expect(printed.files[0]).toMatchObject({ output: "'TODO';\n" });
    expect(printed.files[0]?.diff).toBeUndefined();
  });
});

describe('agent-contract codemod errors', () => {
  it('rejects an unknown codemod, listing the available ones', async () => {
    await expect(runCodemodCommand('uper-todo', [], {}, { registry })).rejects.toThrow(
      new UsageError("unknown codemod 'uper-todo'; the available codemods are: upper-todo"),
    );
    await expect(runCodemodCommand('guard-ids', [], {}, { registry: {} })).rejects.toThrow(
      "unknown codemod 'guard-ids'; this version has no codemods yet",
    );
  });

  it('turns a missing path or a dirty tree into a one-line usage error', async () => {
    const root = await makeTempTree({ 'a.ts': '' });
    await expect(run(root, ['a.ts', 'missing'])).rejects.toThrow(
      new UsageError(`missing: no such file or folder; check the path (relative paths start at ${root})`),
    );
  });

  it('rejects an empty --import-from', async () => {
    const root = await makeTempTree({ 'a.ts': '' });
    await expect(run(root, [], { importFrom: ' ' })).rejects.toThrow(
      '--import-from needs a module name, e.g. --import-from agent-contract',
    );
  });
});

describe('agent-contract codemod progress bar', () => {
  async function manyFiles(count: number): Promise<string> {
    return makeTempTree(
      Object.fromEntries(
        Array.from({ length: count }, (_, index) => [`f${String(index).padStart(3, '0')}.ts`, 'export {};\n']),
      ),
    );
  }

  it('draws on a terminal stderr for more than 200 files, and clears its line at the end', async () => {
    const result = await run(await manyFiles(201), [], {}, true);
    expect(result.stderr).toMatch(/^\rupper-todo: \[-+\] 0\/201 files/);
    expect(result.stderr).toMatch(/\rupper-todo: \[#+\] 201\/201 files\r\x1b\[K$/);
    expect(result.stdout).toBe(
      'no file had anything to change: 201 files scanned, 201 could not contain a match (201 no todo)\n',
    );
  });

  it('stays off for 200 files, for --json, and when stderr is not a terminal', async () => {
    const root = await manyFiles(200);
    expect((await run(root, [], {}, true)).stderr).toBe('');
    const many = await manyFiles(201);
    expect((await run(many, [], { json: true }, true)).stderr).toBe('');
    expect((await run(many, [], {}, false)).stderr).toBe('');
  });
});
