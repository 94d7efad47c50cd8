/**
 * The lint benchmark: generates a seeded corpus (schemas, tool registrations, tests; 2,400 files by default) and
 * lints it with ESLint and typescript-eslint's parser three ways: no rules, this plugin's `recommended` + `tests`,
 * and eslint-plugin-zod's `recommended` (and, for reference, a rule of the bench's own that only reports; see below).
 * Every lint runs in a fresh process (bench/lint-run.ts), configurations
 * interleaved round by round. Timing rounds run without instrumentation; `--stats-rounds` more rounds per
 * configuration run with ESLint's `stats` for per-rule times (the same instrumentation cost for both plugins), and
 * each rule's figure is its minimum over them: on a shared machine a rule's time only ever grows by what else runs.
 * The stats rounds also lint with a `report-floor` rule that only reports what no-unguarded-coerce reports (same
 * selector, message template and one suggestion): ESLint's own cost of those reports, printed last, alone and beside
 * eslint-plugin-zod (whose reports warm ESLint's report path first).
 *
 *   npm run build && npm run bench:lint -- [--files 2400] [--rounds 5] [--stats-rounds 3]
 *
 * Targets: this plugin's whole overhead at most 3% of the no-rule run, and its slowest rule no slower than
 * eslint-plugin-zod's median rule. The corpus goes to bench/.corpus/lint (gitignored). The minimum of the rounds is
 * the figure least disturbed by other work on the machine; the median is printed beside it.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Configuration, RunResult } from './lint-run.ts';
import { writeLintCorpus } from './lint-corpus.ts';
import { median } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const CORPUS = join(ROOT, 'bench', '.corpus', 'lint');
const RUNNER = join(ROOT, 'bench', 'lint-run.ts');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return value === undefined || !Number.isFinite(value) ? fallback : value;
}

function run(configuration: Configuration, stats: boolean): RunResult {
  const output = execFileSync(TSX, [RUNNER, configuration, CORPUS, ...(stats ? ['--stats'] : [])], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as RunResult;
}

const min = (values: readonly number[]): number => Math.min(...values);
const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
const pct = (value: number): string => `${(value * 100).toFixed(1)}%`;

if (!existsSync(join(ROOT, 'dist', 'eslint-plugin', 'index.js'))) {
  console.error('dist/eslint-plugin/index.js is missing: the benchmark lints with the built plugin. Run: npm run build');
  process.exit(2);
}
const fileCount = option('files', 2400);
const rounds = option('rounds', 5);
const statsRounds = Math.max(1, option('stats-rounds', 3));
const files = writeLintCorpus(CORPUS, fileCount);
// The report floor is timed too: its overhead is what ESLint adds for one enabled rule (walking every node, code path
// analysis), which a lint without rules skips.
const configurations: Configuration[] = ['none', 'agent-contract', 'eslint-plugin-zod', 'report-floor'];
const labels: Record<Configuration, string> = {
  none: 'no rules',
  'agent-contract': 'agent-contract recommended + tests',
  'eslint-plugin-zod': 'eslint-plugin-zod recommended',
  'report-floor': 'a rule that only reports the coerce calls',
  'eslint-plugin-zod+report-floor': 'eslint-plugin-zod recommended and that rule',
};
console.log(`Corpus: ${files.length} files (bench/.corpus/lint); ${rounds} timing rounds and ${statsRounds} stats rounds, one process per lint; Node ${process.version}, ${cpus().length} cores, load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}.\n`);

const timings = new Map<Configuration, RunResult[]>(configurations.map((name) => [name, []]));
for (let round = 0; round < rounds; round += 1) {
  for (const name of configurations) timings.get(name)?.push(run(name, false));
}
/** Per rule (and wall, parse), the minimum over the stats rounds; reports are the same every round. */
function minimumOf(results: readonly RunResult[]): RunResult {
  const first = results[0] as RunResult;
  const rulesMs: Record<string, number> = {};
  for (const rule of Object.keys(first.rulesMs)) rulesMs[rule] = min(results.map((result) => result.rulesMs[rule] ?? 0));
  return { wallMs: min(results.map((r) => r.wallMs)), cpuMs: min(results.map((r) => r.cpuMs)), parseMs: min(results.map((r) => r.parseMs)), rulesMs, reports: first.reports };
}
// The report floor beside eslint-plugin-zod (bench/lint-run.ts) runs in the stats rounds only.
const statsConfigurations: Configuration[] = [...configurations, 'eslint-plugin-zod+report-floor'];
const statsResults = new Map<Configuration, RunResult[]>(statsConfigurations.map((name) => [name, []]));
for (let round = 0; round < statsRounds; round += 1) {
  for (const name of statsConfigurations) statsResults.get(name)?.push(run(name, true));
}
const statsRuns = new Map<Configuration, RunResult>(statsConfigurations.map((name) => [name, minimumOf(statsResults.get(name) ?? [])]));

const baseline = timings.get('none') ?? [];
const baseCpu = min(baseline.map((r) => r.cpuMs));
const baseWall = min(baseline.map((r) => r.wallMs));
console.log('| configuration | CPU (min) | CPU (median) | wall (min) | CPU overhead vs no rules | wall overhead vs no rules |');
console.log('| --- | --- | --- | --- | --- | --- |');
for (const name of configurations) {
  const list = timings.get(name) ?? [];
  const cpu = min(list.map((r) => r.cpuMs));
  const wall = min(list.map((r) => r.wallMs));
  console.log(`| ${labels[name]} | ${ms(cpu)} | ${ms(median(list.map((r) => r.cpuMs)))} | ${ms(wall)} | ${pct((cpu - baseCpu) / baseCpu)} | ${pct((wall - baseWall) / baseWall)} |`);
}

const rulesOf = (name: Configuration): [string, number][] =>
  Object.entries(statsRuns.get(name)?.rulesMs ?? {}).sort((a, b) => b[1] - a[1]);
const ours = rulesOf('agent-contract');
const zod = rulesOf('eslint-plugin-zod');
const noRuleStats = statsRuns.get('none');
console.log(`\nPer-rule times from ESLint stats (minimum of ${statsRounds} instrumented runs each; no-rule run: ${ms(noRuleStats?.wallMs ?? 0)} wall, parse ${ms(noRuleStats?.parseMs ?? 0)}):`);
console.log('| rule | time | reports |');
console.log('| --- | --- | --- |');
for (const [name, list] of [['agent-contract', ours], ['eslint-plugin-zod', zod]] as const) {
  for (const [rule, time] of list) console.log(`| ${rule} | ${ms(time)} | ${statsRuns.get(name)?.reports[rule] ?? 0} |`);
}

const oursTotal = ours.reduce((sum, [, time]) => sum + time, 0);
const slowest = ours[0] ?? ['none', 0];
const zodMedian = median(zod.map(([, time]) => time));
console.log(`\nThis plugin: CPU overhead ${pct((min((timings.get('agent-contract') ?? []).map((r) => r.cpuMs)) - baseCpu) / baseCpu)} of the no-rule run; its rules' stats time ${ms(oursTotal)} = ${pct(oursTotal / (noRuleStats?.wallMs ?? 1))} of the no-rule run (target: at most 3%).`);
console.log(`Slowest rule: ${slowest[0]} ${ms(slowest[1])}; eslint-plugin-zod's median rule: ${ms(zodMedian)} (target: slowest <= median).`);
const floor = statsRuns.get('report-floor');
console.log(
  `Report floor: a rule that only reports the ${floor?.reports['floor/coerce-reports'] ?? 0} coerce calls no-unguarded-coerce reports ` +
    `(${statsRuns.get('agent-contract')?.reports['agent-contract/no-unguarded-coerce'] ?? 0}), with a message of the same template and one suggestion: ` +
    `${ms(floor?.rulesMs['floor/coerce-reports'] ?? 0)} alone (ESLint's report path cold, as for this plugin's rules); ` +
    `${ms(statsRuns.get('eslint-plugin-zod+report-floor')?.rulesMs['floor/coerce-reports'] ?? 0)} beside eslint-plugin-zod, whose median rule there took ` +
    `${ms(median(Object.entries(statsRuns.get('eslint-plugin-zod+report-floor')?.rulesMs ?? {}).filter(([rule]) => rule.startsWith('zod/')).map(([, time]) => time)))}.`,
);
