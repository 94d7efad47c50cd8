import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardIds } from '../../../codemods/guard-ids.ts';
import { openHelpdeskDb } from '../../../examples/helpdesk/src/db.ts';
import { createHelpdeskServer } from '../../../examples/helpdesk/src/server.ts';
import samples from '../../../examples/helpdesk/samples.json' with { type: 'json' };
import { connectInMemory, runLiteralConsumer, toolsListWire } from '../../../src/testing/index.ts';

/**
 * The codemod on the example it exists for: a copy of examples/helpdesk/src is rewritten, must type-check with the
 * repository's compiler options, must break no id chain for the literal consumer, and must publish the very same
 * tools/list bytes as the shipped example.
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const exampleDir = path.join(repoRoot, 'examples/helpdesk/src');
// Inside the repository (so `zod`, the SDK and better-sqlite3 resolve as for the example), in the ignored .tmp/.
// A folder of its own under .tmp for each run (made in beforeAll), so parallel runs never share one.
let copyDir: string;
const guardModule = path.join(repoRoot, 'src/index.ts');

interface Rewritten {
  readonly file: string;
  readonly edits: number;
  readonly notes: readonly string[];
}

let rewritten: Rewritten[] = [];

beforeAll(() => {
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  copyDir = path.join(mkdtempSync(path.join(repoRoot, '.tmp', 'guard-ids-helpdesk-')), 'src');
  mkdirSync(copyDir, { recursive: true });
  rewritten = readdirSync(exampleDir)
    .filter((file) => file.endsWith('.ts'))
    .map((file) => {
      const target = path.join(copyDir, file);
      copyFileSync(path.join(exampleDir, file), target);
      const outcome = guardIds.analyse(readFileSync(target, 'utf8'), target, { importFrom: guardModule });
      if (outcome.output !== undefined) writeFileSync(target, outcome.output);
      return { file, edits: outcome.edits.length, notes: outcome.notes.map((note) => `${note.kind}: ${note.message}`) };
    });
});

afterAll(() => {
  rmSync(path.dirname(copyDir), { recursive: true, force: true });
});

describe('guard-ids on examples/helpdesk', () => {
  it('wraps the eight acceptors in tools.ts, adds one import, and has nothing to say', () => {
    expect(rewritten).toEqual([
      { file: 'db.ts', edits: 0, notes: [] },
      { file: 'main.ts', edits: 0, notes: [] },
      { file: 'server.ts', edits: 0, notes: [] },
      { file: 'tools.ts', edits: 17, notes: [] },
    ]);
    expect(readFileSync(path.join(copyDir, 'tools.ts'), 'utf8')).toContain(
      "import { guardId } from '../../../src/index.ts';",
    );
  });

  it('type-checks with the repository compiler options', () => {
    const config = ts.readConfigFile(path.join(repoRoot, 'tsconfig.json'), (file) => ts.sys.readFile(file));
    const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, repoRoot);
    const program = ts.createProgram({
      rootNames: readdirSync(copyDir).map((file) => path.join(copyDir, file)),
      options: { ...options, noEmit: true },
    });
    const diagnostics = ts
      .getPreEmitDiagnostics(program)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(diagnostics).toEqual([]);
  });

  it('breaks no chain for the literal consumer and publishes the shipped tools/list bytes', async () => {
    const copy = (await import(
      pathToFileURL(path.join(copyDir, 'server.ts')).href
    )) as typeof import('../../../examples/helpdesk/src/server.ts');
    const { client, close } = await connectInMemory(copy.createHelpdeskServer({ db: openHelpdeskDb() }));
    try {
      const report = await runLiteralConsumer({ client, samples });
      expect(report.summary).toEqual({
        tools: 9,
        emitters: 21,
        acceptors: 8,
        chains: 46,
        ok: 44,
        rejected: 0,
        failed: 2,
      });
    } finally {
      await close();
    }
    const shipped = await toolsListWire(createHelpdeskServer({ db: openHelpdeskDb() }));
    expect(await toolsListWire(copy.createHelpdeskServer({ db: openHelpdeskDb() }))).toBe(shipped);
  });
});
