/**
 * The lint benchmark: generates a seeded corpus (schemas, tool registrations, tests; 2,400 files by default) and
 * lints it with ESLint and typescript-eslint's parser, no type information, in these configurations:
 *
 * - typescript-eslint's `recommended` alone, and the same with this plugin's `recommended` + `tests` (the README's
 *   setup). The plugin's cost is the extra CPU time of the second over the first, as the median of the round-by-round
 *   ratios. Target: at most 3%.
 * - for reference (left out with `--target-only`): no rules, this plugin alone, and eslint-plugin-zod's `recommended`.
 *
 * Every lint runs in a fresh process (bench/lint-run.ts), configurations interleaved round by round (the pair that
 * decides the target in alternating order). `--stats-rounds` more rounds lint the README's setup with ESLint's
 * `stats` for this plugin's per-rule times (the minimum over them: on a shared machine a time only grows).
 *
 *   npm run build && npm run bench:lint -- [--files 2400] [--rounds 7] [--stats-rounds 1] [--target-only]
 *
 * The corpus goes to bench/.corpus/lint (gitignored).
 *
 * `--type-checked` measures the type-aware rule instead: typescript-eslint's `recommended-type-checked` with the
 * project service, alone, with `agent-contract/no-broken-id-chain`, and with this plugin's whole `recommended-type-checked`
 * and `tests` configs (whose syntax rules then read the program too), on a generated 300-tool server
 * (bench/server-corpus.ts) and on examples/helpdesk, in alternating order round by round, each lint in a fresh process.
 * The rule's cost is the median of the round-by-round CPU ratios. Target: at most 10% (for the rule; the whole setup's
 * ratio is printed beside it).
 *
 *   npm run build && npm run bench:lint -- --type-checked [--rounds 5]
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import type { Configuration, RunResult } from './lint-run.ts';
import { writeLintCorpus } from './lint-corpus.ts';
import { generateServer } from './server-corpus.ts';
import { median } from './stats.ts';

const ROOT = join(import.meta.dirname, '..');
const CORPUS = join(ROOT, 'bench', '.corpus', 'lint');
const RUNNER = join(ROOT, 'bench', 'lint-run.ts');
const TSX = join(ROOT, 'node_modules', '.bin', 'tsx');
const TARGET = 0.03;

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return value === undefined || !Number.isFinite(value) ? fallback : value;
}

function run(configuration: Configuration, stats: boolean, corpus = CORPUS): RunResult {
  const output = execFileSync(TSX, [RUNNER, configuration, corpus, ...(stats ? ['--stats'] : [])], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as RunResult;
}

const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
const pct = (value: number): string => `${value >= 0 ? '+' : ''}${(value * 100).toFixed(1)}%`;

if (!existsSync(join(ROOT, 'dist', 'eslint-plugin', 'index.js'))) {
  console.error(
    'bench:lint: dist/eslint-plugin/index.js is missing; the benchmark lints with the built plugin, run npm run build first',
  );
  process.exit(2);
}
if (process.argv.includes('--type-checked')) {
  benchTypeChecked();
  process.exit(0);
}

/** The type-aware rule over typescript-eslint's own typed lint, per project. */
function benchTypeChecked(): void {
  const TYPED_TARGET = 0.1;
  const ALONE: Configuration = 'typescript-eslint-type-checked';
  const WITH_RULE: Configuration = 'typescript-eslint-type-checked+no-broken-id-chain';
  const WITH_ALL: Configuration = 'typescript-eslint-type-checked+agent-contract-type-checked';
  const typedRounds = Math.max(1, option('rounds', 5));
  const folder = join(ROOT, 'bench', '.corpus', 'lint-typed');
  const helpdesk = join(folder, 'helpdesk');
  rmSync(helpdesk, { recursive: true, force: true });
  cpSync(join(ROOT, 'test', 'ts-plugin', 'fixtures', 'helpdesk', 'tsconfig.json'), join(helpdesk, 'tsconfig.json'));
  cpSync(join(ROOT, 'examples', 'helpdesk', 'src'), join(helpdesk, 'src'), { recursive: true });
  const projects = [
    { label: 'generated server, 300 tools', dir: generateServer(folder, 300) },
    { label: 'examples/helpdesk', dir: helpdesk },
  ];
  console.log(
    `Typed lint, ${typedRounds} rounds, one process per lint; Node ${process.version}, ${cpus().length} cores, ` +
      `load average ${loadavg()
        .map((value) => value.toFixed(1))
        .join(' ')}.\n`,
  );
  console.log(
    '| project | recommended-type-checked CPU (median) | + no-broken-id-chain CPU (median) | ratio (median, middle half) | reports | target | + agent-contract recommended-type-checked + tests CPU (median) | ratio (median) |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const project of projects) {
    const alone: RunResult[] = [];
    const withRule: RunResult[] = [];
    const withAll: RunResult[] = [];
    const resultsOf = (name: Configuration): RunResult[] =>
      name === ALONE ? alone : name === WITH_RULE ? withRule : withAll;
    for (let round = 0; round < typedRounds; round += 1) {
      const order = round % 2 === 0 ? [ALONE, WITH_RULE, WITH_ALL] : [WITH_ALL, WITH_RULE, ALONE];
      for (const name of order) resultsOf(name).push(run(name, false, project.dir));
      process.stderr.write(`${project.label}: round ${round + 1} of ${typedRounds} done\n`);
    }
    const ratios = withRule
      .map((result, round) => result.cpuMs / (alone[round] as RunResult).cpuMs)
      .sort((a, b) => a - b);
    const ratio = median(ratios);
    const middle = `${(ratios[Math.floor((ratios.length - 1) / 4)] as number).toFixed(3)} to ${(ratios[Math.ceil(((ratios.length - 1) * 3) / 4)] as number).toFixed(3)}`;
    const reports = withRule[0]?.reports['agent-contract/no-broken-id-chain'] ?? 0;
    const allRatio = median(withAll.map((result, round) => result.cpuMs / (alone[round] as RunResult).cpuMs));
    console.log(
      `| ${project.label} | ${ms(median(alone.map((result) => result.cpuMs)))} | ${ms(median(withRule.map((result) => result.cpuMs)))} | ` +
        `${ratio.toFixed(3)} (${pct(ratio - 1)}; ${middle}) | ${reports} | at most +${(TYPED_TARGET * 100).toFixed(0)}%: ${ratio - 1 <= TYPED_TARGET ? 'met' : 'NOT met'} | ` +
        `${ms(median(withAll.map((result) => result.cpuMs)))} | ${allRatio.toFixed(3)} (${pct(allRatio - 1)}) |`,
    );
  }
}

const fileCount = option('files', 2400);
const rounds = Math.max(1, option('rounds', 7));
const statsRounds = Math.max(0, option('stats-rounds', 1));
const files = writeLintCorpus(CORPUS, fileCount);
const RECOMMENDED: Configuration = 'typescript-eslint';
const WITH_OURS: Configuration = 'typescript-eslint+agent-contract';
const REFERENCES: Configuration[] = process.argv.includes('--target-only')
  ? []
  : ['none', 'agent-contract', 'eslint-plugin-zod'];
const labels: Record<Configuration, string> = {
  'typescript-eslint': 'typescript-eslint recommended',
  'typescript-eslint+agent-contract': 'typescript-eslint recommended + agent-contract recommended + tests',
  none: 'no rules',
  'agent-contract': 'agent-contract recommended + tests alone',
  'eslint-plugin-zod': 'eslint-plugin-zod recommended alone',
  'typescript-eslint-type-checked': 'typescript-eslint recommended-type-checked',
  'typescript-eslint-type-checked+no-broken-id-chain':
    'typescript-eslint recommended-type-checked + agent-contract/no-broken-id-chain',
  'typescript-eslint-type-checked+agent-contract-type-checked':
    'typescript-eslint recommended-type-checked + agent-contract recommended-type-checked + tests',
};
console.log(
  `Corpus: ${files.length} files (bench/.corpus/lint); ${rounds} rounds, one process per lint; Node ${process.version}, ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}.\n`,
);

const timings = new Map<Configuration, RunResult[]>([RECOMMENDED, WITH_OURS, ...REFERENCES].map((name) => [name, []]));
for (let round = 0; round < rounds; round += 1) {
  const pair = round % 2 === 0 ? [RECOMMENDED, WITH_OURS] : [WITH_OURS, RECOMMENDED];
  for (const name of [...pair, ...REFERENCES]) timings.get(name)?.push(run(name, false));
  process.stderr.write(`round ${round + 1} of ${rounds} done\n`);
}
const cpuOf = (name: Configuration): number[] => (timings.get(name) ?? []).map((result) => result.cpuMs);
const wallOf = (name: Configuration): number[] => (timings.get(name) ?? []).map((result) => result.wallMs);

console.log('| configuration | CPU (median) | CPU (min) | wall (median) |');
console.log('| --- | --- | --- | --- |');
for (const name of timings.keys()) {
  console.log(
    `| ${labels[name]} | ${ms(median(cpuOf(name)))} | ${ms(Math.min(...cpuOf(name)))} | ${ms(median(wallOf(name)))} |`,
  );
}

const alone = cpuOf(RECOMMENDED);
const withOurs = cpuOf(WITH_OURS);
const ratios = withOurs.map((cpu, round) => cpu / (alone[round] as number)).sort((a, b) => a - b);
const ratio = median(ratios);
/** The middle half of the round-by-round ratios: how far one round's figure can be trusted on this machine today. */
const quartiles = `${(ratios[Math.floor((ratios.length - 1) / 4)] as number).toFixed(3)} to ${(ratios[Math.ceil(((ratios.length - 1) * 3) / 4)] as number).toFixed(3)}`;
const wallRatio = median(wallOf(WITH_OURS).map((wall, round) => wall / (wallOf(RECOMMENDED)[round] as number)));
console.log(
  `\nThis plugin's cost: CPU ${ms(median(withOurs))} with it against ${ms(median(alone))} for typescript-eslint recommended alone; ` +
    `ratio ${ratio.toFixed(3)} (median of ${rounds} round-by-round ratios, middle half ${quartiles}), ${pct(ratio - 1)} (target: at most +${(TARGET * 100).toFixed(0)}%): ` +
    `${ratio - 1 <= TARGET ? 'met' : 'NOT met'}. Wall: ratio ${wallRatio.toFixed(3)}.`,
);

if (statsRounds > 0) {
  const statsRuns = Array.from({ length: statsRounds }, () => run(WITH_OURS, true));
  const ours = Object.keys(statsRuns[0]?.rulesMs ?? {})
    .filter((rule) => rule.startsWith('agent-contract/'))
    .map((rule) => [rule, Math.min(...statsRuns.map((result) => result.rulesMs[rule] ?? 0))] as const)
    .sort((a, b) => b[1] - a[1]);
  const allRules = Math.min(
    ...statsRuns.map((result) => Object.values(result.rulesMs).reduce((sum, time) => sum + time, 0)),
  );
  console.log(
    `\nThis plugin's rules in ESLint's stats, README setup (minimum of ${statsRounds} instrumented runs; all rules together ${ms(allRules)}):`,
  );
  console.log('| rule | time | reports |');
  console.log('| --- | --- | --- |');
  for (const [rule, time] of ours) console.log(`| ${rule} | ${ms(time)} | ${statsRuns[0]?.reports[rule] ?? 0} |`);
}
