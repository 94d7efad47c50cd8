import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { codemods } from '../../../codemods/index.ts';
import { commitAll, makeTempTree, removeTempTrees } from './temp-tree.ts';
import { builtCli as cli, runCli, type CliRun } from '../../support/run-cli.ts';

afterAll(removeTempTrees);

/**
 * The CLI's unbundled build (dist/src/cli, which the shipped bundle is made from) with the test-only `upper-todo`
 * codemod registered in the registry it imports: the shipped registry may be empty.
 */
const cliWithUpperTodo = fileURLToPath(new URL('fixtures/cli-with-upper-todo.mjs', import.meta.url));

function run(entry: string, args: readonly string[], cwd: string): Promise<CliRun> {
  return runCli(args, { cli: entry, cwd });
}

describe('agent-contract codemod, the built CLI, on bad input: one line naming the cause and the next step, exit 2, no stack trace', () => {
  it('rejects an unknown codemod name, listing the codemods this build ships', async () => {
    const root = await makeTempTree({ 'a.ts': '' });
    const names = Object.keys(codemods).sort();
    const expected =
      names.length === 0
        ? "agent-contract: unknown codemod 'no-such-codemod'; this version has no codemods yet\n"
        : `agent-contract: unknown codemod 'no-such-codemod'; the available codemods are: ${names.join(', ')}\n`;
    expect(await run(cli, ['codemod', 'no-such-codemod', '.'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: expected,
    });
    expect(await run(cliWithUpperTodo, ['codemod', 'upper-tod'], root)).toMatchObject({
      code: 2,
      stderr: expect.stringMatching(
        /^agent-contract: unknown codemod 'upper-tod'; the available codemods are: (.+, )?upper-todo(, .+)?\n$/,
      ),
    });
  });

  const cases: [string, Record<string, string>, string[], string][] = [
    [
      'a path that does not exist',
      { 'src/a.ts': '' },
      ['src', 'lib'],
      'agent-contract: lib: no such file or folder; check the path (relative paths start at <root>)',
    ],
    [
      'a tsconfig that is not valid JSON',
      { 'tsconfig.json': '{ "include": [' },
      ['tsconfig.json'],
      "agent-contract: tsconfig.json: the tsconfig does not load (']' expected.); fix it, or pass its folders instead",
    ],
    [
      'a tsconfig with an option TypeScript rejects',
      { 'tsconfig.json': '{ "compilerOptions": { "module": "amd-ish" }, "include": ["src"] }', 'src/a.ts': '' },
      ['tsconfig.json'],
      "agent-contract: tsconfig.json: the tsconfig does not load (Argument for '--module' option must be: ",
    ],
    [
      '--dry with --print',
      { 'a.ts': '' },
      ['--dry', '--print'],
      "agent-contract: option '--dry' cannot be used with option '--print'; run agent-contract codemod --help",
    ],
  ];
  it.each(cases)('%s', async (_name, files, args, message) => {
    const root = await makeTempTree(files);
    const result = await run(cliWithUpperTodo, ['--debug', 'codemod', 'upper-todo', ...args], root);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.split('\n')).toHaveLength(2);
    expect(result.stderr.startsWith(message.replace('<root>', root))).toBe(true);
  });

  it('refuses a dirty git tree, naming --force, and writes nothing', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n", 'b.ts': 'export {};\n' });
    commitAll(root);
    await writeFile(path.join(root, 'b.ts'), 'export const b = 1;\n');
    expect(await run(cliWithUpperTodo, ['codemod', 'upper-todo'], root)).toEqual({
      code: 2,
      stdout: '',
      stderr: `agent-contract: the git repository ${root} has uncommitted changes to 1 tracked file (b.ts); commit or stash them first so the codemod's edits can be reviewed on their own, or pass --force\n`,
    });
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'todo';\n");
    expect((await run(cliWithUpperTodo, ['codemod', 'upper-todo', '--force'], root)).code).toBe(0);
    expect(await readFile(path.join(root, 'a.ts'), 'utf8')).toBe("'TODO';\n");
  });
});

describe('agent-contract codemod, the built CLI, on real runs', () => {
  it('--check exits 1 with changes pending and writes nothing', async () => {
    const root = await makeTempTree({ 'src/a.ts': "export const a = 'todo';\n", 'src/b.ts': 'export {};\n' });
    const result = await run(cliWithUpperTodo, ['codemod', 'upper-todo', '--check', 'src'], root);
    expect(result).toEqual({
      code: 1,
      stdout: [
        'changed  src/a.ts',
        '',
        '1 changed, 0 unchanged, 1 skipped (1 no todo), 0 needs review, 0 errors (2 files scanned)',
        '1 file would change; nothing was written. Run again without --check to apply the changes.',
        '',
      ].join('\n'),
      stderr: '',
    });
    expect(await readFile(path.join(root, 'src/a.ts'), 'utf8')).toBe("export const a = 'todo';\n");
  });

  it('says plainly when nothing matched, and exits 0', async () => {
    const root = await makeTempTree({ 'a.ts': 'export {};\n', 'b.ts': "export const b = 'TODO';\n" });
    expect(await run(cliWithUpperTodo, ['codemod', 'upper-todo'], root)).toEqual({
      code: 0,
      stdout: 'no file had anything to change: 2 files scanned, 2 could not contain a match (2 no todo)\n',
      stderr: '',
    });
  });

  it('passes --import-from through to the codemod as { importFrom }', async () => {
    const root = await makeTempTree({ 'a.ts': "'todo';\n" });
    const result = await run(
      cliWithUpperTodo,
      ['codemod', 'upper-todo', '--json', '--dry', '--import-from', '#guards', 'a.ts'],
      root,
    );
    expect(result.code).toBe(0);
    expect(JSON.parse(result.stdout)).toMatchObject({
      files: [{ path: 'a.ts', notes: [{ kind: 'info', message: 'import from #guards' }] }],
    });
  });

  it('lists the registered codemods at the end of codemod --help', async () => {
    const root = await makeTempTree({});
    const result = await run(cliWithUpperTodo, ['codemod', '--help'], root);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^Usage: agent-contract codemod \[options\] <name> \[paths\.\.\.\]\n/);
    expect(result.stdout).toMatch(
      /\nCodemods:\n(.*\n)*  upper-todo +upper-cases the string literal 'todo' \(test fixture\)\n/,
    );
    expect(result.stdout).toContain(
      '\nExit codes:\n  0  the run finished: files written, or nothing to change\n  1  --check: a file would change\n  2  a file was left as it was',
    );
    expect(result.stdout).toContain('changed\n     while the codemod ran: run it again)');
  });
});
