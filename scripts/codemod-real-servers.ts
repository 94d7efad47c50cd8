/**
 * Runs the guard-ids codemod on copies of real MCP servers and prints what it did: files changed, fields rewritten,
 * notes per kind, crashes, outputs that no longer parse, and a second run that must change nothing. With `--install`
 * it also installs each copy's dependencies (`npm ci --ignore-scripts`) and type-checks it with its own TypeScript
 * before and after, to count the type errors the rewrite adds.
 *
 *   npx tsx scripts/codemod-real-servers.ts [--install] [--zod=<version>] [--list] [--keep] <checkout dir>...
 *
 * `--zod=<version>` (with `--install`) installs that zod into each copy, without saving it, before anything is checked;
 * `--list` prints every note; `--keep` leaves the rewritten copies in place and prints where they are.
 * A checkout is a git clone named `<owner>+<name>` (or with an `origin` remote) at any commit; the commit is printed.
 * Each is copied to a temporary directory outside this repository (without node_modules, .git and build output) and
 * removed afterwards, so nothing of it ever lands here. `npm run build` first: the copies import `agent-contract` from
 * a copy of this package's dist/ placed in their node_modules.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { CodemodParseError, type CodemodNote } from '../codemods/codemod.ts';
import { guardIds, type GuardIdsOptions } from '../codemods/guard-ids.ts';
import { openProject } from '../codemods/runner/project.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', 'out']);
const TS_FILE = /\.(?:ts|tsx|mts|cts)$/;

interface RepoReport {
  readonly repo: string;
  readonly files: number;
  readonly skipped: number;
  readonly changed: number;
  readonly fieldsRewritten: number;
  readonly edits: number;
  readonly notes: Record<CodemodNote['kind'], number>;
  readonly crashes: string[];
  readonly inputParseErrors: string[];
  readonly outputsNotParsing: string[];
  readonly changedOnSecondRun: string[];
  readonly typeCheck: string;
  readonly listed: string[];
}

function git(dir: string, ...args: string[]): string {
  return execFileSync('git', ['-C', dir, ...args], { encoding: 'utf8' }).trim();
}

/** `owner/name@commit`, from a `<owner>+<name>` directory name, else from the `origin` remote. */
function repoName(dir: string): string {
  let name = path.basename(dir);
  if (name.includes('+')) name = name.replace('+', '/');
  else {
    try {
      name = git(dir, 'remote', 'get-url', 'origin')
        .replace(/\.git$/, '')
        .split(/[/:]/)
        .slice(-2)
        .join('/');
    } catch {
      // no remote: keep the directory name
    }
  }
  return `${name}@${git(dir, 'rev-parse', 'HEAD')}`;
}

function copyCheckout(dir: string, into: string): void {
  cpSync(dir, into, {
    recursive: true,
    filter: (source) => !SKIPPED_DIRS.has(path.basename(source)) || source === dir,
  });
}

function typeScriptFiles(root: string): string[] {
  return git(root, 'ls-files')
    .split('\n')
    .filter(
      (file) =>
        TS_FILE.test(file) && !file.endsWith('.d.ts') && !file.split('/').some((part) => SKIPPED_DIRS.has(part)),
    )
    .sort();
}

function parsesCleanly(file: string, text: string): boolean {
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, kind);
  return ((sourceFile as unknown as { parseDiagnostics?: readonly unknown[] }).parseDiagnostics ?? []).length === 0;
}

/** Type errors as `tsc` prints them (`file(line,col): error TSxxxx: message`), one per line. */
function typeErrors(copy: string): string[] | string {
  const tsc = path.join(copy, 'node_modules/typescript/bin/tsc');
  if (!existsSync(tsc)) return 'no TypeScript in its node_modules';
  const run = spawnSync(process.execPath, [tsc, '--noEmit', '--pretty', 'false', '-p', 'tsconfig.json'], {
    cwd: copy,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return run.stdout
    .split('\n')
    .filter((line) => /error TS\d+/.test(line))
    .sort();
}

/** An error without its position, so that lines moved by an added import still compare equal. */
function withoutPosition(line: string): string {
  return line.replace(/\(\d+,\d+\)/, '');
}

/** This package as the copy will import it: package.json and the built dist/src, resolving zod from the copy. */
function installAgentContract(copy: string): void {
  const target = path.join(copy, 'node_modules/agent-contract');
  mkdirSync(target, { recursive: true });
  cpSync(path.join(repoRoot, 'package.json'), path.join(target, 'package.json'));
  cpSync(path.join(repoRoot, 'dist/src'), path.join(target, 'dist/src'), { recursive: true });
}

/** The errors of `after` that `before` does not have, compared without positions. */
function difference(after: readonly string[], before: readonly string[]): string[] {
  const remaining = new Map<string, number>();
  for (const line of before.map(withoutPosition)) remaining.set(line, (remaining.get(line) ?? 0) + 1);
  return after.filter((full) => {
    const line = withoutPosition(full);
    const count = remaining.get(line) ?? 0;
    if (count === 0) return true;
    remaining.set(line, count - 1);
    return false;
  });
}

/** The options of each file, from the project's cross-file facts, as `agent-contract codemod guard-ids` computes them. */
async function projectOptions(files: readonly string[]): Promise<(filePath: string) => GuardIdsOptions> {
  const project = await openProject(files, new Map());
  return guardIds.withProject?.(project, {}) ?? (() => ({}));
}

async function runOn(
  dir: string,
  install: boolean,
  list: boolean,
  keep: boolean,
  zodVersion: string | undefined,
): Promise<RepoReport> {
  const repo = repoName(dir);
  const copy = mkdtempSync(path.join(tmpdir(), 'agent-contract-real-'));
  try {
    copyCheckout(dir, copy);
    execFileSync('git', ['init', '-q'], { cwd: copy });
    execFileSync('git', ['add', '-A'], { cwd: copy });
    let before: string[] | string = 'not run (pass --install)';
    if (install) {
      const ci = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: copy,
        encoding: 'utf8',
        timeout: 15 * 60_000,
      });
      const output = `${ci.stderr}\n${ci.stdout}`.split('\n');
      const reason =
        output.find((line) => /404 Not Found|ETARGET|ENOTFOUND|ERESOLVE/.test(line)) ??
        output
          .filter((line) => line.trim() !== '')
          .slice(-3)
          .join(' ');
      if (ci.status === 0 && zodVersion !== undefined) {
        const zod = spawnSync(
          'npm',
          ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `zod@${zodVersion}`],
          { cwd: copy, encoding: 'utf8', timeout: 10 * 60_000 },
        );
        if (zod.status !== 0)
          throw new Error(`npm install zod@${zodVersion} failed in the copy of ${dir}: ${zod.stderr}`);
      }
      before = ci.status === 0 ? typeErrors(copy) : `npm ci --ignore-scripts failed: ${reason.trim()}`;
    }
    const files = typeScriptFiles(copy);
    const notes: Record<CodemodNote['kind'], number> = { 'behaviour-change': 0, 'needs-review': 0, info: 0 };
    const report = {
      skipped: 0,
      changed: 0,
      fieldsRewritten: 0,
      edits: 0,
      crashes: [] as string[],
      inputParseErrors: [] as string[],
      outputsNotParsing: [] as string[],
      changedOnSecondRun: [] as string[],
      listed: [] as string[],
    };
    const optionsFor = await projectOptions(files.map((file) => path.join(copy, file)));
    const written: string[] = [];
    for (const file of files) {
      const absolute = path.join(copy, file);
      const source = readFileSync(absolute, 'utf8');
      if (!guardIds.mightMatch(source)) {
        report.skipped += 1;
        continue;
      }
      try {
        const outcome = guardIds.analyse(source, absolute, optionsFor(absolute));
        for (const note of outcome.notes) {
          notes[note.kind] += 1;
          if (list) report.listed.push(`${file}:${note.line}:${note.column} ${note.kind}: ${note.message}`);
        }
        if (outcome.output === undefined) continue;
        report.changed += 1;
        report.edits += outcome.edits.length;
        report.fieldsRewritten += outcome.edits.filter(
          (edit) => edit.start === edit.end && edit.text.endsWith('('),
        ).length;
        if (!parsesCleanly(file, outcome.output)) report.outputsNotParsing.push(file);
        writeFileSync(absolute, outcome.output);
        written.push(file);
      } catch (error) {
        if (error instanceof CodemodParseError) report.inputParseErrors.push(`${file}: ${error.message}`);
        else report.crashes.push(`${file}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      }
    }
    // The second run sees the rewritten project, as running the command again would.
    const againFor = await projectOptions(files.map((file) => path.join(copy, file)));
    for (const file of written) {
      const absolute = path.join(copy, file);
      if (guardIds.analyse(readFileSync(absolute, 'utf8'), absolute, againFor(absolute)).output !== undefined)
        report.changedOnSecondRun.push(file);
    }
    let typeCheck = typeof before === 'string' ? before : '';
    if (typeof before !== 'string') {
      installAgentContract(copy);
      const after = typeErrors(copy);
      if (typeof after === 'string') typeCheck = after;
      else {
        const added = difference(after, before);
        typeCheck = `${before.length} errors before, ${after.length} after, ${added.length} new${added.length > 0 ? `:\n    ${added.join('\n    ')}` : ''}`;
      }
    }
    return { repo, files: files.length, notes, typeCheck, ...report };
  } finally {
    if (keep) process.stdout.write(`kept the rewritten copy of ${dir} in ${copy}\n`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const install = args.includes('--install');
  const list = args.includes('--list');
  const keep = args.includes('--keep');
  const zodVersion = args.find((arg) => arg.startsWith('--zod='))?.slice('--zod='.length);
  const dirs = args.filter((arg) => !arg.startsWith('--'));
  if (dirs.length === 0) {
    process.stderr.write(
      'usage: npx tsx scripts/codemod-real-servers.ts [--install] [--zod=<version>] [--list] [--keep] <checkout dir>...\n',
    );
    process.exitCode = 2;
    return;
  }
  if (install && !existsSync(path.join(repoRoot, 'dist/src/index.js'))) {
    process.stderr.write(
      'dist/src/index.js is missing; run npm run build first (the copies import agent-contract from it)\n',
    );
    process.exitCode = 2;
    return;
  }
  for (const dir of dirs) {
    const report = await runOn(path.resolve(dir), install, list, keep, zodVersion);
    const lines = [
      `## ${report.repo}${zodVersion === undefined ? '' : ` (zod ${zodVersion} installed)`}`,
      `files: ${report.files} TypeScript, ${report.skipped} skipped unparsed (no zod or no id-like name), ${report.changed} changed`,
      `fields rewritten: ${report.fieldsRewritten} (${report.edits} text edits, imports included)`,
      `notes: ${report.notes['behaviour-change']} behaviour-change, ${report.notes['needs-review']} needs-review, ${report.notes.info} info`,
      `crashes: ${report.crashes.length}; inputs that do not parse: ${report.inputParseErrors.length}; outputs that do not parse: ${report.outputsNotParsing.length}; changed again on a second run: ${report.changedOnSecondRun.length}`,
      `tsc --noEmit: ${report.typeCheck}`,
      ...report.crashes.map((crash) => `  crash ${crash}`),
      ...report.inputParseErrors.map((error) => `  does not parse: ${error}`),
      ...report.outputsNotParsing.map((file) => `  output does not parse: ${file}`),
      ...report.changedOnSecondRun.map((file) => `  not idempotent: ${file}`),
      ...report.listed.map((line) => `  ${line}`),
    ];
    process.stdout.write(`${lines.join('\n')}\n\n`);
    if (report.crashes.length > 0 || report.outputsNotParsing.length > 0 || report.changedOnSecondRun.length > 0)
      process.exitCode = 1;
  }
}

await main();
