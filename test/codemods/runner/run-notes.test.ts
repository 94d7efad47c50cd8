/**
 * Run-level notes: a codemod that falls back to syntax alone because a tsconfig's program cannot be built says so,
 * once, in the text summary and in the JSON report, with the tsconfig's path; a project whose program builds gets none.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Codemod } from '../../../codemods/codemod.ts';
import { guardIds } from '../../../codemods/guard-ids.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { type CodemodCommandOptions, runCodemodCommand } from '../../../src/cli/codemod.ts';
import { makeTempTree, removeTempTrees } from './temp-tree.ts';

afterAll(removeTempTrees);

const server = "import { z } from 'zod';\nserver.tool('get_ticket', { ticketId: z.string() }, cb);\n";
const note =
  "the program could not be built (']' expected.); its files were read by syntax alone, so tools that only the checker finds (tool classes, shape factories, configs held in consts, registration methods of a server subclass) are not seen; fix the tsconfig and run again";

async function guardIdsOutput(cwd: string, options: CodemodCommandOptions): Promise<string> {
  let stdout = '';
  const code = await runCodemodCommand('guard-ids', ['src'], options, {
    registry: { 'guard-ids': guardIds },
    cwd,
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: () => true },
  });
  expect(code).toBe(0);
  return stdout;
}

describe('a tsconfig whose program cannot be built', () => {
  it('is named once in the text summary, after the files, and the file is still rewritten by syntax', async () => {
    const root = await makeTempTree({
      'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"',
      'src/server.ts': server,
      'src/other.ts': server,
    });
    const summary = await guardIdsOutput(root, { dry: true });
    expect(summary.split('\n\n').slice(-3)).toEqual([
      'changed  src/other.ts\nchanged  src/server.ts',
      `tsconfig.json  note  ${note}`,
      '2 changed, 0 unchanged, 0 skipped, 0 needs review, 0 errors (2 files scanned)\n2 files would change; nothing was written. Run again without --dry to write them.\n',
    ]);
  });

  it('is listed in the JSON report as notes, with the path relative to the working folder', async () => {
    const root = await makeTempTree({
      'tsconfig.json': '{ "compilerOptions": { "strict": true }, "include": ["src"',
      'src/server.ts': server,
    });
    const report = JSON.parse(await guardIdsOutput(root, { json: true, dry: true })) as { notes?: unknown };
    expect(report.notes).toEqual([{ file: 'tsconfig.json', message: note }]);
  });

  it('a project whose program builds has no run-level note', async () => {
    const root = await makeTempTree({
      'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['src'] }),
      'src/server.ts': server,
    });
    const report = JSON.parse(await guardIdsOutput(root, { json: true, dry: true })) as { notes?: unknown };
    expect(report.notes).toBeUndefined();
    expect(await guardIdsOutput(root, { dry: true })).not.toContain('note');
  });
});

describe('CodemodProject.note', () => {
  it('keeps the same note once, in the order recorded, with and without a file', async () => {
    const root = await makeTempTree({ 'a.ts': 'const a = 1;\n' });
    const noting: Codemod<object> = {
      name: 'noting',
      description: 'records run-level notes',
      mightMatch: () => false,
      analyse: () => ({ output: undefined, edits: [], notes: [] }),
      withProject(project, options) {
        project.note('second', `${root}/a.ts`);
        project.note('first');
        project.note('second', `${root}/a.ts`);
        return () => options;
      },
    };
    const report = await runCodemod({ codemod: noting, options: {}, cwd: root, write: false });
    expect(report.notes).toEqual([{ message: 'second', filePath: `${root}/a.ts` }, { message: 'first' }]);
  });
});
