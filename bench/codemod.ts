import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { guardIds } from '../codemods/guard-ids.ts';
import { openProject } from '../codemods/runner/project.ts';
import { writeCorpus } from './corpus.ts';

/**
 * `npm run bench:codemod [-- --files 2000 --runs 3]`: the guard-ids codemod, the same rewrite as a plain jscodeshift
 * transform (`bench/jscodeshift-guard-ids.ts`, `--run-in-band`), and a parse-only pass (`ts.createSourceFile` over
 * every file), each on the same generated corpus in a fresh process, in `--runs` rounds; prints the medians, peak memory
 * and the two ratios the codemod is held to: at least 8x jscodeshift's files per second, at most 1.5x parse-only time.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const corpusDir = path.join(repoRoot, 'bench/.corpus/guard-ids');
const thisFile = fileURLToPath(import.meta.url);

type Engine = 'parse-only' | 'guard-ids' | 'jscodeshift';

interface Run {
  readonly engine: Engine;
  readonly files: number;
  readonly changed: number;
  /** Time spent on the files: the loop for the in-process engines, jscodeshift's own "Time elapsed". */
  readonly ms: number;
  /** Wall time of the whole process, Node start-up and module loading included. */
  readonly wallMs: number;
  readonly maxRssKb: number;
}

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index === -1 ? fallback : (process.argv[index + 1] ?? fallback);
}

/**
 * Child mode: one in-process engine over the corpus; prints one JSON line. guard-ids does what the command does:
 * the cross-file pass over the project (every file read once, exports and imports found in the text, importers
 * parsed), then `mightMatch` and `analyse` per file with the options that pass gives it.
 */
async function runEngine(engine: 'parse-only' | 'guard-ids', dir: string): Promise<void> {
  const files = readdirSync(dir)
    .sort()
    .map((file) => path.join(dir, file));
  let changed = 0;
  const start = performance.now();
  if (engine === 'parse-only') {
    for (const file of files) ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
  } else {
    const project = await openProject(files, new Map());
    const optionsFor = guardIds.withProject?.(project, {}) ?? (() => ({}));
    for (const file of files) {
      const source = project.read(file) ?? '';
      if (guardIds.mightMatch(source) && guardIds.analyse(source, file, optionsFor(file)).output !== undefined)
        changed += 1;
    }
  }
  const ms = performance.now() - start;
  process.stdout.write(
    `${JSON.stringify({ engine, files: files.length, changed, ms, maxRssKb: process.resourceUsage().maxRSS })}\n`,
  );
}

function spawnInProcessEngine(engine: 'parse-only' | 'guard-ids'): Run {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--import', 'tsx', thisFile, '--engine', engine, '--corpus', corpusDir], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const wallMs = performance.now() - started;
  if (child.status !== 0) throw new Error(`the ${engine} run failed:\n${child.stderr}`);
  const result = JSON.parse(child.stdout.trim().split('\n').at(-1) ?? '{}') as Omit<Run, 'wallMs'>;
  return { ...result, wallMs };
}

function spawnJscodeshift(): Run {
  const bin = path.join(repoRoot, 'node_modules/jscodeshift/bin/jscodeshift.js');
  const args = [
    '--import',
    path.join(repoRoot, 'bench/max-rss.mjs'),
    bin,
    '--run-in-band',
    '--dry',
    '--parser=ts',
    '--extensions=ts',
    '-t',
    'bench/jscodeshift-guard-ids.ts',
    path.relative(repoRoot, corpusDir),
  ];
  const started = performance.now();
  const child = spawnSync(process.execPath, args, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  const wallMs = performance.now() - started;
  const elapsed = /Time elapsed: ([\d.]+)\s*seconds/.exec(child.stdout);
  const ok = /(\d+) ok/.exec(child.stdout);
  const errors = /(\d+) errors/.exec(child.stdout);
  const rss = /max-rss-kb (\d+)/.exec(child.stderr);
  if (child.status !== 0 || elapsed === null || ok === null || errors?.[1] !== '0')
    throw new Error(`the jscodeshift run failed:\n${child.stdout}\n${child.stderr}`);
  return {
    engine: 'jscodeshift',
    files: readdirSync(corpusDir).length,
    changed: Number(ok[1]),
    ms: Number(elapsed[1]) * 1000,
    wallMs,
    maxRssKb: Number(rss?.[1] ?? 0),
  };
}

function median(runs: readonly Run[]): Run {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return sorted[Math.floor(sorted.length / 2)] as Run;
}

async function main(): Promise<void> {
  const engine = option('engine', '');
  if (engine === 'parse-only' || engine === 'guard-ids') {
    await runEngine(engine, option('corpus', corpusDir));
    return;
  }
  const fileCount = Number(option('files', '2000'));
  const runs = Number(option('runs', '3'));
  writeCorpus(corpusDir, fileCount);
  // Wall times follow the machine's load closely; say what it was.
  process.stdout.write(
    `load average ${loadavg()
      .map((load) => load.toFixed(2))
      .join(', ')}; node ${process.version}\n`,
  );
  process.stdout.write(
    `corpus: ${fileCount} generated files in ${path.relative(repoRoot, corpusDir)}; ${runs} runs per engine, each in a fresh process\n`,
  );
  // Round-robin, so a change in machine load over the run weighs on every engine alike.
  const engines = ['parse-only', 'guard-ids', 'jscodeshift'] as const;
  const byEngine = new Map<Engine, Run[]>(engines.map((name) => [name, []]));
  for (let round = 0; round < runs; round += 1) {
    for (const name of engines)
      byEngine.get(name)?.push(name === 'jscodeshift' ? spawnJscodeshift() : spawnInProcessEngine(name));
  }
  const results = engines.map((name) => median(byEngine.get(name) ?? []));
  const rows = results.map((run) => [
    run.engine,
    String(run.files),
    run.engine === 'parse-only' ? '-' : String(run.changed),
    run.ms.toFixed(0),
    (run.files / (run.ms / 1000)).toFixed(0),
    run.wallMs.toFixed(0),
    (run.maxRssKb / 1024).toFixed(0),
  ]);
  const header = ['engine', 'files', 'changed', 'median ms', 'files/s', 'process wall ms', 'peak RSS MiB'];
  const widths = header.map((title, column) =>
    Math.max(title.length, ...rows.map((row) => (row[column] ?? '').length)),
  );
  for (const row of [header, ...rows])
    process.stdout.write(`${row.map((cell, column) => cell.padEnd(widths[column] ?? 0)).join('  ')}\n`);
  const [parseOnly, codemod, jscodeshift] = results as [Run, Run, Run];
  const speedup = jscodeshift.ms / codemod.ms;
  const overParse = codemod.ms / parseOnly.ms;
  process.stdout.write(
    `guard-ids vs jscodeshift: ${speedup.toFixed(1)}x the files per second (target >= 8x): ${speedup >= 8 ? 'met' : 'NOT met'}\n`,
  );
  process.stdout.write(
    `guard-ids vs parse-only: ${overParse.toFixed(2)}x the time (target <= 1.5x): ${overParse <= 1.5 ? 'met' : 'NOT met'}\n`,
  );
  process.stdout.write(
    `wall-clock, start-up included: ${(jscodeshift.wallMs / codemod.wallMs).toFixed(1)}x faster than jscodeshift\n`,
  );
  if (codemod.changed !== jscodeshift.changed)
    process.stdout.write(
      `note: the two rewrites changed different numbers of files (${codemod.changed} vs ${jscodeshift.changed})\n`,
    );
}

await main();
