/**
 * One measured lint of the benchmark corpus, in a process of its own so no configuration inherits another's heap or
 * JIT state: `tsx bench/lint-run.ts <configuration> <corpus dir> [--stats]`. Prints one JSON line: wall and CPU
 * milliseconds of `lintFiles`, and with `--stats` the per-rule and parse times ESLint measured.
 */
import { ESLint, type Linter, type Rule } from 'eslint';
import zodPlugin from 'eslint-plugin-zod';
import tseslint from 'typescript-eslint';
// The built plugin, as users run it (`npm run build` first); the bench measures no transpiler helpers.
import plugin from '../dist/eslint-plugin/index.js';

export const CONFIGURATIONS = ['none', 'agent-contract', 'eslint-plugin-zod', 'report-floor', 'eslint-plugin-zod+report-floor'] as const;
export type Configuration = (typeof CONFIGURATIONS)[number];

const base: Linter.Config = { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } };

/**
 * A lower bound for any rule that reports what no-unguarded-coerce reports: it reports every `*.coerce.*()` call, as
 * that rule's selector finds them, with a message of the same template and a suggestion, and works out nothing.
 */
const reportFloor: ESLint.Plugin = {
  rules: {
    'coerce-reports': {
      meta: {
        type: 'problem',
        hasSuggestions: true,
        schema: [],
        messages: {
          coerce:
            '`{{call}}`{{field}} accepts anything: {{surprise}}, so a client mistake becomes a wrong value three layers down instead of a validation error, and the published schema does not show the coercion. {{next}}',
          replace: 'Replace it with {{replacement}}.',
        },
      },
      create(context) {
        return {
          'CallExpression[callee.object.property.name="coerce"]'(node: Rule.Node) {
            const data = { call: 'z.coerce.number()', field: ' on `perPage`', surprise: 'null becomes 0 and "" becomes 0', next: 'Accept only what you mean with a guarded preprocess.' };
            context.report({ node, messageId: 'coerce', data, suggest: [{ messageId: 'replace', data: { replacement: 'z.number()' }, fix: (fixer) => fixer.replaceText(node, 'z.number()') }] });
          },
        };
      },
    },
  },
};

function configFor(name: Configuration): Linter.Config[] {
  const floor: Linter.Config = { plugins: { floor: reportFloor }, rules: { 'floor/coerce-reports': 'error' } };
  if (name === 'report-floor') return [base, floor];
  // The floor beside eslint-plugin-zod, whose thousands of reports have ESLint's report path warm by then.
  if (name === 'eslint-plugin-zod+report-floor') return [...configFor('eslint-plugin-zod'), floor];
  if (name === 'agent-contract') return [base, plugin.configs.recommended as Linter.Config, plugin.configs.tests as Linter.Config];
  if (name === 'eslint-plugin-zod') return [base, (zodPlugin as unknown as { configs: { recommended: Linter.Config } }).configs.recommended];
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
  const eslint = new ESLint({ cwd: corpus, overrideConfigFile: true, overrideConfig: configFor(name), stats, cache: false });
  const cpuStart = process.cpuUsage();
  const started = performance.now();
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
