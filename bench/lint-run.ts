/**
 * One measured lint of the benchmark corpus, in a process of its own so no configuration inherits another's heap or
 * JIT state: `tsx bench/lint-run.ts <configuration> <corpus dir> [--stats]`. Prints one JSON line: wall and CPU
 * milliseconds from loading the configuration's plugins to the end of `lintFiles` (so a plugin's own load is counted),
 * and with `--stats` the per-rule and parse times ESLint measured.
 */
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

export const CONFIGURATIONS = [
  'none',
  'typescript-eslint',
  'typescript-eslint+agent-contract',
  'agent-contract',
  'eslint-plugin-zod',
  'typescript-eslint-type-checked',
  'typescript-eslint-type-checked+no-broken-id-chain',
  'typescript-eslint-type-checked+agent-contract-type-checked',
] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];

const base: Linter.Config = { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } };

/** This plugin's `recommended` and `tests` configs, from the build users run (`npm run build` first): no transpiler helpers. */
async function agentContract(): Promise<Linter.Config[]> {
  const { default: plugin } = await import('../dist/eslint-plugin/index.js');
  return [plugin.configs.recommended as Linter.Config, plugin.configs.tests as Linter.Config];
}

/** typescript-eslint's typed setup: the project service on the corpus's own tsconfig, and `recommended-type-checked`. */
function typeChecked(corpus: string): Linter.Config[] {
  return [
    {
      files: ['**/*.ts'],
      languageOptions: {
        parser: tseslint.parser as Linter.Parser,
        parserOptions: { projectService: true, tsconfigRootDir: corpus },
      },
    },
    ...(tseslint.configs.recommendedTypeChecked as Linter.Config[]),
  ];
}

async function configFor(name: Configuration, corpus: string): Promise<Linter.Config[]> {
  if (name === 'typescript-eslint-type-checked') return typeChecked(corpus);
  if (name === 'typescript-eslint-type-checked+no-broken-id-chain') {
    const { default: plugin } = await import('../dist/eslint-plugin/index.js');
    return [
      ...typeChecked(corpus),
      { plugins: { 'agent-contract': plugin as never }, rules: { 'agent-contract/no-broken-id-chain': 'error' } },
    ];
  }
  // The README's typed setup: every rule of `recommended-type-checked` and `tests`, the syntax rules reading the program.
  if (name === 'typescript-eslint-type-checked+agent-contract-type-checked') {
    const { default: plugin } = await import('../dist/eslint-plugin/index.js');
    return [
      ...typeChecked(corpus),
      plugin.configs['recommended-type-checked'] as Linter.Config,
      plugin.configs.tests as Linter.Config,
    ];
  }
  // The README's setup: typescript-eslint's recommended, then this plugin's configs.
  if (name === 'typescript-eslint') return [base, ...(tseslint.configs.recommended as Linter.Config[])];
  if (name === 'typescript-eslint+agent-contract')
    return [base, ...(tseslint.configs.recommended as Linter.Config[]), ...(await agentContract())];
  if (name === 'agent-contract') return [base, ...(await agentContract())];
  if (name === 'eslint-plugin-zod') {
    const { default: zodPlugin } = await import('eslint-plugin-zod');
    return [base, (zodPlugin as unknown as { configs: { recommended: Linter.Config } }).configs.recommended];
  }
  return [base];
}

export interface RunResult {
  wallMs: number;
  cpuMs: number;
  parseMs: number;
  rulesMs: Record<string, number>;
  reports: Record<string, number>;
}

export async function lintCorpus(name: Configuration, corpus: string, stats: boolean): Promise<RunResult> {
  const cpuStart = process.cpuUsage();
  const started = performance.now();
  const eslint = new ESLint({
    cwd: corpus,
    overrideConfigFile: true,
    overrideConfig: await configFor(name, corpus),
    stats,
    cache: false,
  });
  const results = await eslint.lintFiles(['**/*.ts']);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuStart);
  const rulesMs: Record<string, number> = {};
  const reports: Record<string, number> = {};
  let parseMs = 0;
  for (const result of results) {
    for (const pass of result.stats?.times.passes ?? []) {
      parseMs += pass.parse?.total ?? 0;
      for (const [rule, time] of Object.entries(pass.rules ?? {})) rulesMs[rule] = (rulesMs[rule] ?? 0) + time.total;
    }
    for (const message of result.messages) {
      if (message.fatal === true) throw new Error(`${result.filePath}: ${message.message}`);
      reports[message.ruleId ?? 'none'] = (reports[message.ruleId ?? 'none'] ?? 0) + 1;
    }
  }
  return { wallMs, cpuMs: (cpu.user + cpu.system) / 1000, parseMs, rulesMs, reports };
}

if (import.meta.filename === process.argv[1]) {
  const [name, corpus] = process.argv.slice(2);
  if (!CONFIGURATIONS.includes(name as Configuration) || corpus === undefined) {
    console.error(`Usage: tsx bench/lint-run.ts <${CONFIGURATIONS.join('|')}> <corpus dir> [--stats]`);
    process.exit(2);
  }
  console.log(JSON.stringify(await lintCorpus(name as Configuration, corpus, process.argv.includes('--stats'))));
}
