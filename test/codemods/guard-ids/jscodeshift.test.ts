import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The built jscodeshift adapter, run by the real jscodeshift CLI on copies of the fixtures. Needs `npm run build`
 * first (it runs dist/codemods/jscodeshift/guard-ids.js, the file users point jscodeshift at).
 */
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const transform = path.join(repoRoot, 'dist/codemods/jscodeshift/guard-ids.js');
const jscodeshiftBin = path.join(repoRoot, 'node_modules/jscodeshift/bin/jscodeshift.js');
const fixtures = path.join(repoRoot, 'test/codemods/guard-ids/fixtures');
// A folder of its own under .tmp for each run, so parallel runs never share one.
let workDir: string;

// jscodeshift colours its output (picocolors) when CI, FORCE_COLOR or a TTY says so; NO_COLOR wins over all of them.
const plainEnv = { ...process.env, NO_COLOR: '1' };

function jscodeshift(args: readonly string[], cwd = workDir): string {
  return execFileSync(process.execPath, [jscodeshiftBin, ...args], {
    cwd,
    encoding: 'utf8',
    env: plainEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `--silent --print` output: one ` REP ` line per note, then the new source and the newline console.log adds. */
function splitPrinted(stdout: string): { reports: string[]; source: string } {
  const lines = stdout.split('\n');
  const reports = lines.filter((line) => line.startsWith(' REP '));
  const source = lines.slice(reports.length).join('\n');
  return { reports, source: source.endsWith('\n') ? source.slice(0, -1) : source };
}

function copyFixture(name: string, into: string): string {
  mkdirSync(into, { recursive: true });
  const target = path.join(into, 'input.ts');
  copyFileSync(path.join(fixtures, name, 'input.ts'), target);
  return target;
}

beforeAll(() => {
  if (!existsSync(transform))
    throw new Error(`${path.relative(repoRoot, transform)} is missing; run npm run build first`);
  mkdirSync(path.join(repoRoot, '.tmp'), { recursive: true });
  workDir = mkdtempSync(path.join(repoRoot, '.tmp', 'guard-ids-jscodeshift-'));
});

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

describe('the jscodeshift adapter', () => {
  it('prints the fixture output and reports every note, with jscodeshift defaults (Babel on)', () => {
    const input = copyFixture('behaviour-changes', path.join(workDir, 'babel'));
    // From the repository root: Babel's cache is keyed by the working directory, and it caches its compile of typescript.js.
    const relative = path.relative(repoRoot, input);
    const { reports, source } = splitPrinted(
      jscodeshift(['--silent', '--run-in-band', '--dry', '--print', '-t', transform, relative], repoRoot),
    );
    expect(source).toBe(readFileSync(path.join(fixtures, 'behaviour-changes/output.ts'), 'utf8'));
    const notes = readFileSync(path.join(fixtures, 'behaviour-changes/notes.txt'), 'utf8').trimEnd().split('\n');
    expect(reports).toEqual(
      notes.map((note) => {
        const [, line, column, kind, message] = /^(\d+):(\d+) ([a-z-]+): (.*)$/.exec(note) ?? [];
        return ` REP ${relative} ${kind} at ${relative}:${line}:${column}: ${message}`;
      }),
    );
  }, 180_000);

  it('takes --import-from relative to where jscodeshift runs, with --no-babel', () => {
    const dir = path.join(workDir, 'import-from');
    copyFixture('import-from-helper', dir);
    copyFileSync(path.join(fixtures, 'import-from-helper/guard.ts'), path.join(dir, 'guard.ts'));
    const { source } = splitPrinted(
      jscodeshift(
        [
          '--no-babel',
          '--silent',
          '--run-in-band',
          '--dry',
          '--print',
          '--import-from=./guard.ts',
          '-t',
          transform,
          'input.ts',
        ],
        dir,
      ),
    );
    expect(source).toBe(readFileSync(path.join(fixtures, 'import-from-helper/output.ts'), 'utf8'));
  }, 60_000);

  it('takes --number-ids, guarding every number id of a tool input as the command does', () => {
    const dir = path.join(workDir, 'number-ids');
    copyFixture('number-ids-flag', dir);
    const { source } = splitPrinted(
      jscodeshift(['--silent', '--run-in-band', '--dry', '--print', '--number-ids', '-t', transform, 'input.ts'], dir),
    );
    expect(source).toBe(readFileSync(path.join(fixtures, 'number-ids-flag/output.ts'), 'utf8'));
  }, 60_000);

  it('counts a changed file as ok, a file with nothing to do as skipped, and a file that does not parse as an error', () => {
    const dir = path.join(workDir, 'summary');
    copyFixture('zod4-register-tool', dir);
    writeFileSync(
      path.join(dir, 'no-ids.ts'),
      "import { z } from 'zod';\nexport const Args = z.object({ subject: z.string() });\n",
    );
    writeFileSync(
      path.join(dir, 'broken.ts'),
      "import { z } from 'zod';\nexport const Args = z.object({ ticketId: z.string( });\n",
    );
    const stdout = jscodeshift([
      '--no-babel',
      '--run-in-band',
      '--dry',
      '--extensions=ts',
      '-t',
      transform,
      path.relative(workDir, dir),
    ]);
    expect(stdout).toContain('1 errors\n0 unmodified\n1 skipped\n1 ok\n');
    expect(stdout).toContain('CodemodParseError: summary/broken.ts:2:52: Argument expression expected.');
  }, 60_000);
});
