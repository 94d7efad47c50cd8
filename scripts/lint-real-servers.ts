/**
 * Lints checkouts of real MCP servers with this plugin's `strict` and `tests` configs (`strict` is `recommended`
 * plus prefer-guarded-id) through ESLint's Node API, with typescript-eslint's parser and no type information, and
 * prints per-rule counts and every crash. `--list` also prints each report, for hand checks.
 *
 *   npx tsx scripts/lint-real-servers.ts [--list] [--typed] [--tests-glob=<glob>] <checkout dir>...
 *
 * `--tests-glob` replaces the `tests` config's default globs, for suites named otherwise (`test/**`). `--typed` lints
 * the files of the checkout's `tsconfig.json` with type information (typescript-eslint's project service), as a
 * project using `recommended-type-checked` would, and the other files without.
 *
 * Nothing is written to the checkouts; each file is linted on its own, so one crash names its file and the run
 * goes on.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import ts from 'typescript';
import tseslint from 'typescript-eslint';
import plugin from '../eslint-plugin/index.ts';

const SOURCE = /\.(?:[cm]?ts|tsx|[cm]?js|jsx)$/;
const SKIP_DIRS = new Set(['node_modules', 'dist', 'build', '.git', 'coverage', 'out', 'lib']);

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIP_DIRS.has(entry.name) && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        files.push(join(dir, entry.name));
      }
    }
  };
  walk(root);
  return files.sort();
}

export interface RealCodeReport {
  readonly dir: string;
  readonly files: number;
  /** Files linted with type information (`--typed`: those of the checkout's tsconfig.json). */
  readonly typedFiles: number;
  readonly counts: Record<string, number>;
  readonly crashes: string[];
  readonly parseErrors: string[];
  readonly messages: string[];
}

const RULE_IDS = Object.keys(plugin.rules).map((id) => `agent-contract/${id}`);

/** The files of the checkout's tsconfig.json, absolute; empty when it has none. */
function programFiles(dir: string): Set<string> {
  const tsconfig = join(dir, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(
    tsconfig,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: () => undefined,
    },
  );
  return new Set(parsed?.fileNames ?? []);
}

function eslintFor(dir: string, testsGlob: string | undefined, typed: boolean): ESLint {
  return new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      {
        files: ['**/*.{ts,mts,cts,tsx,js,mjs,cjs,jsx}'],
        languageOptions: {
          parser: tseslint.parser as Linter.Parser,
          sourceType: 'module',
          ...(typed ? { parserOptions: { projectService: true, tsconfigRootDir: dir } } : {}),
        },
      },
      plugin.configs.strict as Linter.Config,
      { ...(plugin.configs.tests as Linter.Config), ...(testsGlob === undefined ? {} : { files: [testsGlob] }) },
    ],
  });
}

export async function lintCheckout(dir: string, testsGlob?: string, typed = false): Promise<RealCodeReport> {
  const untyped = eslintFor(dir, testsGlob, false);
  const withTypes = typed ? eslintFor(dir, testsGlob, true) : untyped;
  const inProgram = typed ? programFiles(dir) : new Set<string>();
  const counts: Record<string, number> = Object.fromEntries(RULE_IDS.map((id) => [id, 0]));
  const crashes: string[] = [];
  const parseErrors: string[] = [];
  const messages: string[] = [];
  const files = sourceFiles(dir);
  for (const file of files) {
    const path = relative(dir, file);
    try {
      const eslint = inProgram.has(file) ? withTypes : untyped;
      const [result] = await eslint.lintText(readFileSync(file, 'utf8'), { filePath: file });
      for (const message of result?.messages ?? []) {
        if (message.fatal === true) parseErrors.push(`${path}:${message.line}: ${message.message}`);
        else if (message.ruleId !== null && message.ruleId in counts) {
          counts[message.ruleId] = (counts[message.ruleId] ?? 0) + 1;
          messages.push(
            `${path}:${message.line}:${message.column} ${message.ruleId.replace('agent-contract/', '')} ${message.message}`,
          );
        }
      }
    } catch (error) {
      crashes.push(`${path}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  const typedFiles = files.filter((file) => inProgram.has(file)).length;
  return { dir, files: files.length, typedFiles, counts, crashes, parseErrors, messages };
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const args = process.argv.slice(2);
  const list = args.includes('--list');
  const typed = args.includes('--typed');
  const testsGlob = args.find((arg) => arg.startsWith('--tests-glob='))?.slice('--tests-glob='.length);
  const dirs = args.filter((arg) => !arg.startsWith('--'));
  if (dirs.length === 0) {
    console.error(
      'Usage: npx tsx scripts/lint-real-servers.ts [--list] [--typed] [--tests-glob=<glob>] <checkout dir>...',
    );
    process.exit(2);
  }
  let crashed = 0;
  for (const dir of dirs) {
    const started = performance.now();
    const report = await lintCheckout(dir, testsGlob, typed);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    console.log(
      `\n${dir}: ${report.files} files (${report.typedFiles} with types) in ${seconds} s, ${report.crashes.length} crashes, ${report.parseErrors.length} parse errors`,
    );
    for (const [rule, count] of Object.entries(report.counts)) console.log(`  ${rule.padEnd(42)} ${count}`);
    for (const crash of report.crashes) console.log(`  CRASH ${crash}`);
    for (const parseError of report.parseErrors) console.log(`  parse error (not a rule crash) ${parseError}`);
    if (list) for (const message of report.messages) console.log(`  ${message}`);
    crashed += report.crashes.length;
  }
  process.exit(crashed > 0 ? 1 : 0);
}
