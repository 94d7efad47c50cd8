/**
 * `npm run bench:audit`: times `tsc --noEmit` and `agent-contract audit` side by side on the same projects, with
 * their peak memory, and prints how the audit's time splits between building the program, discovery and matching.
 *
 * Projects: generated servers of 30, 300 and 1,000 tools (each tool a `registerTool` with a raw Zod shape, a row
 * interface with numeric ids and a `JSON.stringify` result, like the helpdesk), written under bench/.corpus/, and any
 * real project passed with `--project <dir>` (repeatable). Each command runs in its own process; with `--runs <n>`
 * (default 1) tsc and the audit alternate run by run, and the fastest run of each is kept. Nothing under the projects
 * is written.
 *
 * tsc runs with `--ignoreDeprecations 6.0`: TypeScript 6 stops before checking on a deprecated option (TS5101, for
 * `baseUrl` or `"moduleResolution": "node"`), which would time a tsc that checked nothing. The audit reads such
 * projects whole. And with `--incremental false`: a project whose tsconfig says `"incremental": true` would have tsc
 * write its build info into the project on the first run and check only what changed on the next ones.
 *
 * This is a benchmark, not a test: it prints numbers and sets no exit code on them.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateServer } from './server-corpus.ts';

const repo = fileURLToPath(new URL('..', import.meta.url));
const corpus = path.join(repo, 'bench', '.corpus', 'audit');
const tsc = path.join(repo, 'node_modules', 'typescript', 'bin', 'tsc');
/** The bundled CLI, as `npx agent-contract` runs it. */
const cli = path.join(repo, 'dist', 'cli', 'main.js');

function argument(name: string): string[] {
  const values: string[] = [];
  process.argv.forEach((value, index) => {
    if (value === name && process.argv[index + 1] !== undefined) values.push(process.argv[index + 1] as string);
  });
  return values;
}

interface Measure {
  readonly seconds: number;
  readonly peakMb: number;
  readonly stdout: string;
}

/** Wall time and peak resident memory of one process, via GNU time. */
function measure(command: string, args: readonly string[], cwd: string): Measure {
  const result = spawnSync('/usr/bin/time', ['-f', '%e %M', command, ...args], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  const last = result.stderr.trim().split('\n').at(-1) ?? '';
  const [seconds, kilobytes] = last.split(' ').map(Number);
  return { seconds: seconds ?? Number.NaN, peakMb: (kilobytes ?? Number.NaN) / 1024, stdout: result.stdout };
}

/** Runs the commands in turn, `runs` times, and keeps the fastest run of each. */
function fastestAlternating(runs: number, commands: readonly (() => Measure)[]): Measure[] {
  const best: (Measure | undefined)[] = commands.map(() => undefined);
  for (let index = 0; index < runs; index += 1) {
    commands.forEach((run, position) => {
      const current = run();
      const kept = best[position];
      if (kept === undefined || current.seconds < kept.seconds) best[position] = current;
    });
  }
  return best as Measure[];
}

interface Row {
  readonly project: string;
  readonly tools: number;
  readonly tsc: Measure;
  readonly audit: Measure;
  readonly split: { programMs: number; discoveryMs: number; matchingMs: number; diagnosticsMs: number } | undefined;
}

function auditSplit(project: string): Row['split'] {
  // The split comes from the library (the CLI prints no timings): one more in-process run.
  const script = `import { audit } from ${JSON.stringify(path.join(repo, 'dist', 'src', 'audit', 'audit.js'))}; const { timings } = audit(${JSON.stringify(project)}); console.log(JSON.stringify(timings));`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as Row['split'];
}

function benchProject(project: string, runs: number): Row {
  const [tscRun, auditRun] = fastestAlternating(runs, [
    () =>
      measure(
        process.execPath,
        [tsc, '-p', project, '--noEmit', '--ignoreDeprecations', '6.0', '--incremental', 'false'],
        repo,
      ),
    () => measure(process.execPath, [cli, 'audit', '--format', 'json', '--fail-on', 'never', project], repo),
  ]) as [Measure, Measure];
  let tools = Number.NaN;
  try {
    tools = (JSON.parse(auditRun.stdout) as { summary: { tools: number } }).summary.tools;
  } catch {
    // The audit failed; its row shows NaN tools.
  }
  return {
    project: path.relative(repo, project) || project,
    tools,
    tsc: tscRun,
    audit: auditRun,
    split: auditSplit(project),
  };
}

const runs = Number(argument('--runs')[0] ?? '1');
// `--sizes 0` (or `--sizes ''`) generates none: only the `--project` folders are measured.
const sizes = (argument('--sizes')[0] ?? '30,300,1000')
  .split(',')
  .map(Number)
  .filter((size) => size > 0);
const projects = [
  ...sizes.map((tools) => generateServer(corpus, tools)),
  ...argument('--project').map((project) => path.resolve(project)),
];
const rows = projects.map((project) => {
  process.stderr.write(`bench: ${path.relative(repo, project) || project}\n`);
  return benchProject(project, runs);
});

const seconds = (value: number): string => `${value.toFixed(1)} s`;
console.log(
  '| project | tools | tsc --noEmit | audit | time ratio | tsc peak | audit peak | memory ratio | program | discovery | matching | type errors |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |');
for (const row of rows) {
  const split = row.split;
  console.log(
    `| ${row.project} | ${row.tools} | ${seconds(row.tsc.seconds)} | ${seconds(row.audit.seconds)} | ${(row.audit.seconds / row.tsc.seconds).toFixed(2)}x | ${row.tsc.peakMb.toFixed(0)} MB | ${row.audit.peakMb.toFixed(0)} MB | ${(row.audit.peakMb / row.tsc.peakMb).toFixed(2)}x | ${
      split === undefined
        ? '-'
        : `${(split.programMs / 1000).toFixed(1)} s | ${(split.discoveryMs / 1000).toFixed(2)} s | ${(split.matchingMs / 1000).toFixed(1)} s | ${(split.diagnosticsMs / 1000).toFixed(1)} s`
    } |`,
  );
}
