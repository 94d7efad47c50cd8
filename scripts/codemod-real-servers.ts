/**
 * Runs the guard-ids and dispositions codemods on copies of real MCP servers and prints what each did: files changed,
 * fields rewritten (guard-ids) or disposition tables written (dispositions), notes per kind, crashes, outputs that no
 * longer parse, and a second run that must change nothing. With `--install` it also installs each copy's
 * dependencies (`npm ci --ignore-scripts`) and type-checks it with its own TypeScript before and after, to count the
 * type errors the rewrite adds; `--link-modules` instead links each entry of the checkout's own `node_modules` into
 * the copy (for checkouts installed by hand, whose `npm ci` cannot work). With `--audit` it also runs
 * `agent-contract audit --format json` on the copy before and after each codemod and prints the chain counts;
 * `--diffs=<dir>` writes each codemod's rewrite as a `git diff` there (outside this repository), for hand checks.
 *
 *   npx tsx scripts/codemod-real-servers.ts [--codemod=guard-ids|dispositions|both] [--install | --link-modules]
 *     [--audit] [--diffs=<dir>] [--dist=<dir>] [--zod=<version>] [--list] [--keep] <checkout dir>[=<owner/name@commit>]...
 *
 * `--codemod` picks the codemods (guard-ids by default); with `both`, each runs on the pristine copy in turn (the
 * copy is restored between them), so each one's figures and type errors are its own. `--dist=<dir>` runs a frozen
 * build (a copy of this package's `dist/`, next to a `package.json`, with `node_modules` resolvable from it) instead
 * of the sources, so rebuilds of this tree do not change the tool mid-run; the copies then import `agent-contract`
 * from that build. `--zod=<version>` (with `--install`) installs that zod into each copy, without saving it, before
 * anything is checked; `--list` prints every note; `--keep` leaves the copy (rewritten by the last codemod) in place
 * and prints where it is.
 * A checkout is a git clone named `<owner>+<name>` (or with an `origin` remote) at any commit, whose commit is
 * printed, or any folder followed by `=<owner/name@commit>` to name it. Each is copied to a temporary directory
 * outside this repository (without node_modules, .git and build output) and removed afterwards, so nothing of it ever
 * lands here. `npm run build` first: the copies import `agent-contract` from a copy of this package's dist/ placed in
 * their node_modules.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';
import type { Codemod, CodemodNote, CodemodOutcome, CodemodProject } from '../codemods/codemod.ts';
import type { DispositionsOptions } from '../codemods/dispositions.ts';
import type { GuardIdsOptions } from '../codemods/guard-ids.ts';
import type { TypedFiles } from '../src/adapters/typescript/typed-files.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SKIPPED_DIRS = new Set(['node_modules', '.git', 'dist', 'build', 'coverage', 'out']);
const TS_FILE = /\.(?:ts|tsx|mts|cts)$/;

/** The codemods and helpers a run uses: this tree's sources, or a frozen build's (`--dist`). */
interface Tools {
  readonly codemods: {
    readonly 'guard-ids': Codemod<GuardIdsOptions>;
    readonly dispositions: Codemod<DispositionsOptions>;
  };
  readonly openProject: (files: readonly string[], texts: Map<string, string | undefined>) => Promise<CodemodProject>;
  readonly isParseError: (error: unknown) => boolean;
  readonly newTypedFiles: () => TypedFiles;
  /** The built package: `<root>/package.json` and `<root>/dist/src`, `<root>/dist/cli/main.js`. */
  readonly packageRoot: string;
}

type CodemodName = keyof Tools['codemods'];

async function loadTools(dist: string | undefined): Promise<Tools> {
  const from = (sourcePath: string, builtPath: string): string =>
    dist === undefined ? `../${sourcePath}` : pathToFileURL(path.join(dist, builtPath)).href;
  const [guard, disp, project, codemod, typed] = await Promise.all([
    import(from('codemods/guard-ids.ts', 'codemods/guard-ids.js')) as Promise<
      typeof import('../codemods/guard-ids.ts')
    >,
    import(from('codemods/dispositions.ts', 'codemods/dispositions.js')) as Promise<
      typeof import('../codemods/dispositions.ts')
    >,
    import(from('codemods/runner/project.ts', 'codemods/runner/project.js')) as Promise<
      typeof import('../codemods/runner/project.ts')
    >,
    import(from('codemods/codemod.ts', 'codemods/codemod.js')) as Promise<typeof import('../codemods/codemod.ts')>,
    import(from('src/adapters/typescript/typed-files.ts', 'src/adapters/typescript/typed-files.js')) as Promise<
      typeof import('../src/adapters/typescript/typed-files.ts')
    >,
  ]);
  return {
    codemods: { 'guard-ids': guard.guardIds, dispositions: disp.dispositions },
    openProject: project.openProject,
    isParseError: (error) => error instanceof codemod.CodemodParseError,
    newTypedFiles: () => new typed.TypedFiles(),
    packageRoot: dist === undefined ? repoRoot : path.dirname(path.resolve(dist)),
  };
}

interface CodemodReport {
  readonly codemod: CodemodName;
  readonly skipped: number;
  readonly changed: number;
  /** guard-ids: fields guarded; dispositions: tables written, and fields written honored / warned. */
  readonly rewritten: string;
  readonly edits: number;
  readonly notes: Record<CodemodNote['kind'], number>;
  readonly crashes: string[];
  readonly inputParseErrors: string[];
  readonly outputsNotParsing: string[];
  readonly changedOnSecondRun: string[];
  readonly typeCheck: string;
  readonly audit: string | undefined;
  readonly listed: string[];
}

interface RepoReport {
  readonly repo: string;
  readonly files: number;
  readonly install: string;
  readonly codemods: CodemodReport[];
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

/** The copy's node_modules as a folder of links to each entry of the checkout's own (which stays untouched). */
function linkModules(dir: string, copy: string): string {
  const modules = path.join(dir, 'node_modules');
  if (!existsSync(modules)) return 'the checkout has no node_modules';
  const target = path.join(copy, 'node_modules');
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(modules)) symlinkSync(path.join(modules, entry), path.join(target, entry));
  return '';
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
function installAgentContract(copy: string, packageRoot: string): void {
  const target = path.join(copy, 'node_modules/agent-contract');
  mkdirSync(target, { recursive: true });
  cpSync(path.join(packageRoot, 'package.json'), path.join(target, 'package.json'));
  cpSync(path.join(packageRoot, 'dist/src'), path.join(target, 'dist/src'), { recursive: true });
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

/** Tools, acceptors and chains by verdict, from `agent-contract audit --format json <copy>`. */
function auditCounts(copy: string, packageRoot: string): string {
  const run = spawnSync(
    process.execPath,
    [path.join(packageRoot, 'dist/cli/main.js'), 'audit', '--format', 'json', copy],
    {
      cwd: copy,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    },
  );
  try {
    const { summary } = JSON.parse(run.stdout) as { summary: Record<string, number> };
    const figures = ['tools', 'acceptors', 'chains', 'broken', 'suspect', 'tolerated', 'ok'];
    return `${figures.map((figure) => `${summary[figure] ?? 0} ${figure}`).join(', ')} (exit ${run.status})`;
  } catch {
    return `no JSON (exit ${run.status}): ${run.stderr.split('\n').slice(0, 2).join(' ')}`;
  }
}

const count = (text: string, pattern: RegExp): number => text.match(pattern)?.length ?? 0;

/** What one file's rewrite wrote: guard-ids counts the fields wrapped, dispositions the tables and their entries. */
function tally(codemod: CodemodName, source: string, outcome: CodemodOutcome): number[] {
  if (codemod === 'guard-ids')
    return [outcome.edits.filter((edit) => edit.start === edit.end && edit.text.endsWith('(')).length];
  const output = outcome.output ?? source;
  return [
    count(output, /satisfies Record<keyof typeof /g) - count(source, /satisfies Record<keyof typeof /g),
    count(output, /: honored,/g) - count(source, /: honored,/g),
    count(output, /: warned\(/g) - count(source, /: warned\(/g),
  ];
}

/** The options of each file, as `agent-contract codemod <name>` computes them (guard-ids: the project's cross-file facts). */
async function projectOptions(
  tools: Tools,
  codemod: CodemodName,
  files: readonly string[],
): Promise<(filePath: string) => GuardIdsOptions & DispositionsOptions> {
  if (codemod === 'dispositions') {
    const typedFiles = tools.newTypedFiles();
    return () => ({ typedFiles });
  }
  const project = await tools.openProject(files, new Map());
  return tools.codemods['guard-ids'].withProject?.(project, {}) ?? (() => ({}));
}

async function runCodemod(
  tools: Tools,
  codemod: CodemodName,
  copy: string,
  files: readonly string[],
  before: string[] | string,
  options: { list: boolean; audit: boolean; diffs: string | undefined; name: string },
  auditBefore: string | undefined,
): Promise<CodemodReport> {
  const transform: Codemod<GuardIdsOptions & DispositionsOptions> = tools.codemods[codemod];
  const notes: Record<CodemodNote['kind'], number> = { 'behaviour-change': 0, 'needs-review': 0, info: 0 };
  const report = {
    skipped: 0,
    changed: 0,
    edits: 0,
    crashes: [] as string[],
    inputParseErrors: [] as string[],
    outputsNotParsing: [] as string[],
    changedOnSecondRun: [] as string[],
    listed: [] as string[],
  };
  const totals = [0, 0, 0];
  const optionsFor = await projectOptions(
    tools,
    codemod,
    files.map((file) => path.join(copy, file)),
  );
  const written: string[] = [];
  for (const file of files) {
    const absolute = path.join(copy, file);
    const source = readFileSync(absolute, 'utf8');
    if (!transform.mightMatch(source)) {
      report.skipped += 1;
      continue;
    }
    try {
      const outcome = transform.analyse(source, absolute, optionsFor(absolute));
      for (const note of outcome.notes) {
        notes[note.kind] += 1;
        if (options.list) report.listed.push(`${file}:${note.line}:${note.column} ${note.kind}: ${note.message}`);
      }
      if (outcome.output === undefined) continue;
      report.changed += 1;
      report.edits += outcome.edits.length;
      tally(codemod, source, outcome).forEach((value, index) => (totals[index] = (totals[index] ?? 0) + value));
      if (!parsesCleanly(file, outcome.output)) report.outputsNotParsing.push(file);
      writeFileSync(absolute, outcome.output);
      written.push(file);
    } catch (error) {
      if (tools.isParseError(error)) report.inputParseErrors.push(`${file}: ${(error as Error).message}`);
      else report.crashes.push(`${file}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    }
  }
  // The second run sees the rewritten project, as running the command again would.
  const againFor = await projectOptions(
    tools,
    codemod,
    files.map((file) => path.join(copy, file)),
  );
  for (const file of written) {
    const absolute = path.join(copy, file);
    try {
      if (transform.analyse(readFileSync(absolute, 'utf8'), absolute, againFor(absolute)).output !== undefined)
        report.changedOnSecondRun.push(file);
    } catch (error) {
      report.crashes.push(`second run, ${file}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (options.diffs !== undefined) {
    mkdirSync(options.diffs, { recursive: true });
    const diff = execFileSync('git', ['diff', '--', '.'], {
      cwd: copy,
      encoding: 'utf8',
      maxBuffer: 256 * 1024 * 1024,
    });
    writeFileSync(path.join(options.diffs, `${options.name.replace(/[/@]/g, '_')}.${codemod}.diff`), diff);
  }
  let typeCheck = typeof before === 'string' ? before : '';
  if (typeof before !== 'string') {
    const after = typeErrors(copy);
    if (typeof after === 'string') typeCheck = after;
    else {
      const added = difference(after, before);
      typeCheck = `${before.length} errors before, ${after.length} after, ${added.length} new${added.length > 0 ? `:\n    ${added.join('\n    ')}` : ''}`;
    }
  }
  const auditAfter = options.audit ? auditCounts(copy, tools.packageRoot) : undefined;
  const rewritten =
    codemod === 'guard-ids'
      ? `fields guarded: ${totals[0]}`
      : `disposition tables written: ${totals[0]} (${totals[1]} fields honored, ${totals[2]} warned)`;
  return {
    codemod,
    rewritten,
    notes,
    typeCheck,
    audit: auditBefore === undefined ? undefined : `before: ${auditBefore}; after: ${auditAfter}`,
    ...report,
  };
}

interface RunOptions {
  readonly install: boolean;
  readonly linkModules: boolean;
  readonly list: boolean;
  readonly keep: boolean;
  readonly audit: boolean;
  readonly diffs: string | undefined;
  readonly zodVersion: string | undefined;
  readonly codemods: readonly CodemodName[];
}

function installCopy(dir: string, copy: string, options: RunOptions): string {
  if (options.linkModules) return linkModules(dir, copy);
  const ci = spawnSync('npm', ['ci', '--ignore-scripts', '--no-audit', '--no-fund'], {
    cwd: copy,
    encoding: 'utf8',
    timeout: 15 * 60_000,
  });
  const output = `${ci.stderr}\n${ci.stdout}`.split('\n');
  const reason =
    output.find((line) => /404 Not Found|ETARGET|ENOTFOUND|ERESOLVE|EUSAGE/.test(line)) ??
    output
      .filter((line) => line.trim() !== '')
      .slice(-3)
      .join(' ');
  if (ci.status !== 0) return `npm ci --ignore-scripts failed: ${reason.trim()}`;
  if (options.zodVersion !== undefined) {
    const zod = spawnSync(
      'npm',
      ['install', '--no-save', '--ignore-scripts', '--no-audit', '--no-fund', `zod@${options.zodVersion}`],
      { cwd: copy, encoding: 'utf8', timeout: 10 * 60_000 },
    );
    if (zod.status !== 0)
      throw new Error(`npm install zod@${options.zodVersion} failed in the copy of ${dir}: ${zod.stderr}`);
  }
  return '';
}

async function runOn(tools: Tools, dir: string, label: string | undefined, options: RunOptions): Promise<RepoReport> {
  const repo = label ?? repoName(dir);
  const copy = mkdtempSync(path.join(tmpdir(), 'agent-contract-real-'));
  try {
    copyCheckout(dir, copy);
    execFileSync('git', ['init', '-q'], { cwd: copy });
    execFileSync('git', ['add', '-A'], { cwd: copy });
    execFileSync('git', ['-c', 'user.name=x', '-c', 'user.email=x@x', 'commit', '-q', '-m', 'copy', '--no-verify'], {
      cwd: copy,
    });
    let before: string[] | string = 'not run (pass --install or --link-modules)';
    let install = 'none';
    if (options.install || options.linkModules) {
      const failure = installCopy(dir, copy, options);
      install = failure === '' ? (options.linkModules ? "the checkout's node_modules, linked" : 'npm ci') : failure;
      if (failure === '') {
        installAgentContract(copy, tools.packageRoot);
        before = typeErrors(copy);
      } else before = failure;
    }
    const files = typeScriptFiles(copy);
    const auditBefore = options.audit ? auditCounts(copy, tools.packageRoot) : undefined;
    const codemods: CodemodReport[] = [];
    for (const [index, codemod] of options.codemods.entries()) {
      if (index > 0) execFileSync('git', ['checkout', '-q', '--', '.'], { cwd: copy }); // the pristine copy again
      codemods.push(await runCodemod(tools, codemod, copy, files, before, { ...options, name: repo }, auditBefore));
    }
    return { repo, files: files.length, install, codemods };
  } finally {
    if (options.keep) process.stdout.write(`kept the rewritten copy of ${dir} in ${copy}\n`);
    else rmSync(copy, { recursive: true, force: true });
  }
}

const USAGE =
  'usage: npx tsx scripts/codemod-real-servers.ts [--codemod=guard-ids|dispositions|both] [--install | --link-modules] [--audit] [--diffs=<dir>] [--dist=<dir>] [--zod=<version>] [--list] [--keep] <checkout dir>[=<owner/name@commit>]...\n';

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const value = (name: string): string | undefined =>
    args.find((arg) => arg.startsWith(`--${name}=`))?.slice(`--${name}=`.length);
  const which = value('codemod') ?? 'guard-ids';
  const codemods: CodemodName[] =
    which === 'both' ? ['guard-ids', 'dispositions'] : which === 'guard-ids' || which === 'dispositions' ? [which] : [];
  const options: RunOptions = {
    install: args.includes('--install'),
    linkModules: args.includes('--link-modules'),
    list: args.includes('--list'),
    keep: args.includes('--keep'),
    audit: args.includes('--audit'),
    diffs: value('diffs'),
    zodVersion: value('zod'),
    codemods,
  };
  const dist = value('dist');
  const dirs = args.filter((arg) => !arg.startsWith('--'));
  if (dirs.length === 0 || codemods.length === 0 || (options.install && options.linkModules)) {
    process.stderr.write(USAGE);
    process.exitCode = 2;
    return;
  }
  const tools = await loadTools(dist);
  if (
    (options.install || options.linkModules || options.audit) &&
    !existsSync(path.join(tools.packageRoot, 'dist/src/index.js'))
  ) {
    process.stderr.write(
      `${path.join(tools.packageRoot, 'dist/src/index.js')} is missing; run npm run build first (the copies import agent-contract from it)\n`,
    );
    process.exitCode = 2;
    return;
  }
  for (const arg of dirs) {
    const [dir = arg, label] = arg.split('=');
    const report = await runOn(tools, path.resolve(dir), label, options);
    const lines = [
      `## ${report.repo}${options.zodVersion === undefined ? '' : ` (zod ${options.zodVersion} installed)`}`,
      `TypeScript files: ${report.files}; dependencies: ${report.install}`,
    ];
    for (const run of report.codemods) {
      lines.push(
        `### ${run.codemod}`,
        `files: ${run.skipped} skipped unparsed (cannot match), ${run.changed} changed`,
        `${run.rewritten} (${run.edits} text edits, imports included)`,
        `notes: ${run.notes['behaviour-change']} behaviour-change, ${run.notes['needs-review']} needs-review, ${run.notes.info} info`,
        `crashes: ${run.crashes.length}; inputs that do not parse: ${run.inputParseErrors.length}; outputs that do not parse: ${run.outputsNotParsing.length}; changed again on a second run: ${run.changedOnSecondRun.length}`,
        `tsc --noEmit: ${run.typeCheck}`,
        ...(run.audit === undefined ? [] : [`audit: ${run.audit}`]),
        ...run.crashes.map((crash) => `  crash ${crash}`),
        ...run.inputParseErrors.map((error) => `  does not parse: ${error}`),
        ...run.outputsNotParsing.map((file) => `  output does not parse: ${file}`),
        ...run.changedOnSecondRun.map((file) => `  not idempotent: ${file}`),
        ...run.listed.map((line) => `  ${line}`),
      );
      if (run.crashes.length > 0 || run.outputsNotParsing.length > 0 || run.changedOnSecondRun.length > 0)
        process.exitCode = 1;
    }
    process.stdout.write(`${lines.join('\n')}\n\n`);
  }
}

await main();
