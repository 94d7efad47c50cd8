/**
 * `npm run bench:editor`: what `agent-contract/ts-plugin` adds to a real tsserver, the way an editor drives it. Per
 * project, one tsserver process opens a tool file and asks for its semantic diagnostics (the first diagnostics after
 * open), then makes `--edits` single-line edits in that file (one character typed into a tool's description), each
 * followed by a semantic-diagnostics request for the file. Processes with and without the plugin alternate round by
 * round (the same folder; only tsconfig's `plugins` differs), each a fresh tsserver; its peak memory is the process's
 * maximum resident set size (bench/max-rss.mjs).
 *
 * Projects: a generated server of `--tools` tools in files of ten (bench/server-corpus.ts, under bench/.corpus/editor)
 * and examples/helpdesk (copied to a temporary folder). Targets, from issue 16: per edit, the plugin adds at most 20%
 * and at most 25 ms to tsserver's own semantic-diagnostics time (medians); the first diagnostics after open at most
 * 1.5x tsserver's own; peak memory at most 1.3x.
 *
 *   npm run build && npm run bench:editor -- [--tools 300] [--edits 20] [--rounds 3]
 *
 * This is a benchmark, not a test: it prints numbers and sets no exit code on them.
 */
import { readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { projectFolder, repositoryRoot, TsServer } from '../test/support/tsserver.ts';
import { generateServer } from './server-corpus.ts';
import { median } from './stats.ts';

const PLUGIN = 'agent-contract/ts-plugin';
const MAX_RSS = pathToFileURL(path.join(repositoryRoot, 'bench', 'max-rss.mjs')).href;
const TARGETS = { editRatio: 1.2, editMs: 25, firstRatio: 1.5, memoryRatio: 1.3 };

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index === -1 ? undefined : Number(process.argv[index + 1]);
  return value === undefined || !Number.isFinite(value) || value < 1 ? fallback : value;
}

interface Project {
  readonly label: string;
  readonly dir: string;
  /** The tool file that is opened and edited. */
  readonly file: string;
}

interface Session {
  readonly firstMs: number;
  readonly editMs: readonly number[];
  readonly peakMb: number;
  /** The plugin's diagnostics in the edited file after the last edit: none without the plugin, some with it. */
  readonly pluginDiagnostics: number;
}

/** Lists the plugin in the project's tsconfig, or takes it out. */
function setPlugin(dir: string, enabled: boolean): void {
  const file = path.join(dir, 'tsconfig.json');
  const config = JSON.parse(readFileSync(file, 'utf8')) as { compilerOptions: Record<string, unknown> };
  if (enabled) config.compilerOptions['plugins'] = [{ name: PLUGIN }];
  else delete config.compilerOptions['plugins'];
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
}

/** Where an edit types: just inside the first tool description's opening quote, 1-based as tsserver counts. */
function typingPoint(file: string): { line: number; offset: number } {
  const lines = readFileSync(file, 'utf8').split('\n');
  const index = lines.findIndex((line) => /description: '/.test(line));
  if (index === -1) throw new Error(`bench:editor: no "description: '" line to edit in ${file}`);
  return { line: index + 1, offset: (lines[index] as string).indexOf("description: '") + "description: '".length + 1 };
}

async function session(project: Project, edits: number): Promise<Session> {
  const server = new TsServer({ nodeArguments: ['--import', MAX_RSS] });
  try {
    const started = performance.now();
    server.open(project.file);
    await server.semanticDiagnostics(project.file);
    const firstMs = performance.now() - started;
    const point = typingPoint(project.file);
    const editMs: number[] = [];
    for (let edit = 0; edit < edits; edit += 1) {
      const before = performance.now();
      server.notify('change', {
        file: project.file,
        line: point.line,
        offset: point.offset,
        endLine: point.line,
        endOffset: point.offset,
        insertString: 'x',
      });
      await server.semanticDiagnostics(project.file);
      editMs.push(performance.now() - before);
    }
    const last = await server.semanticDiagnostics(project.file);
    const pluginDiagnostics = last.filter((found) => found.source === 'agent-contract').length;
    await server.close();
    const kilobytes = Number(/max-rss-kb (\d+)/.exec(server.stderr)?.[1]);
    return { firstMs, editMs, peakMb: kilobytes / 1024, pluginDiagnostics };
  } catch (error) {
    await server.close();
    throw error;
  }
}

interface Result {
  readonly alone: Session[];
  readonly withPlugin: Session[];
}

async function benchProject(project: Project, edits: number, rounds: number): Promise<Result> {
  const result: Result = { alone: [], withPlugin: [] };
  for (let round = 0; round < rounds; round += 1) {
    for (const enabled of round % 2 === 0 ? [false, true] : [true, false]) {
      setPlugin(project.dir, enabled);
      (enabled ? result.withPlugin : result.alone).push(await session(project, edits));
    }
    process.stderr.write(`${project.label}: round ${round + 1} of ${rounds} done\n`);
  }
  const silent = result.withPlugin.find((run) => run.pluginDiagnostics === 0);
  const noisy = result.alone.find((run) => run.pluginDiagnostics > 0);
  if (silent !== undefined || noisy !== undefined)
    throw new Error(
      `bench:editor: on ${project.label} the plugin ${silent === undefined ? 'reported without being listed' : 'reported nothing: is it built (npm run build)?'}`,
    );
  return result;
}

const ms = (value: number): string => `${Math.round(value).toLocaleString('en-US')} ms`;
const verdict = (met: boolean): string => (met ? 'met' : 'NOT met');

function row(project: Project, result: Result): string {
  const editAlone = median(result.alone.flatMap((run) => run.editMs));
  const editWith = median(result.withPlugin.flatMap((run) => run.editMs));
  const added = editWith - editAlone;
  const editRatio = editWith / editAlone;
  const firstAlone = median(result.alone.map((run) => run.firstMs));
  const firstWith = median(result.withPlugin.map((run) => run.firstMs));
  const memoryAlone = median(result.alone.map((run) => run.peakMb));
  const memoryWith = median(result.withPlugin.map((run) => run.peakMb));
  const cells = [
    project.label,
    `${ms(editAlone)} / ${ms(editWith)}`,
    `${added >= 0 ? '+' : '-'}${ms(Math.abs(added))}, ${editRatio.toFixed(2)}x (at most 1.20x and +${TARGETS.editMs} ms: ${verdict(editRatio <= TARGETS.editRatio && added <= TARGETS.editMs)})`,
    `${ms(firstAlone)} / ${ms(firstWith)}`,
    `${(firstWith / firstAlone).toFixed(2)}x (at most ${TARGETS.firstRatio}x: ${verdict(firstWith / firstAlone <= TARGETS.firstRatio)})`,
    `${memoryAlone.toFixed(0)} MB / ${memoryWith.toFixed(0)} MB`,
    `${(memoryWith / memoryAlone).toFixed(2)}x (at most ${TARGETS.memoryRatio}x: ${verdict(memoryWith / memoryAlone <= TARGETS.memoryRatio)})`,
    String(result.withPlugin[0]?.pluginDiagnostics ?? 0),
  ];
  return `| ${cells.join(' | ')} |`;
}

if (!existsSync(path.join(repositoryRoot, 'dist', 'ts-plugin', 'index.cjs'))) {
  console.error(
    'bench:editor: dist/ts-plugin/index.cjs is missing; the benchmark loads the built plugin, run npm run build first',
  );
  process.exit(2);
}
const tools = option('tools', 300);
const edits = option('edits', 20);
const rounds = option('rounds', 3);

const generated = generateServer(path.join(repositoryRoot, 'bench', '.corpus', 'editor'), tools);
const middleFile = Math.floor(Math.ceil(tools / 10) / 2);
const helpdesk = projectFolder('test/ts-plugin/fixtures/helpdesk', 'examples/helpdesk/src');
const projects: Project[] = [
  {
    label: `generated server, ${tools} tools`,
    dir: generated,
    file: path.join(generated, 'src', `tools-${middleFile}.ts`),
  },
  { label: 'examples/helpdesk', dir: helpdesk, file: path.join(helpdesk, 'src', 'tools.ts') },
];

console.log(
  `tsserver with and without ${PLUGIN}: ${rounds} rounds, one tsserver per run, alternating; ${edits} edits per run; ` +
    `Node ${process.version}, ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}.\n`,
);
console.log(
  '| project | per edit, alone / with plugin (median) | plugin adds per edit | first diagnostics, alone / with | first diagnostics ratio | peak RSS, alone / with | memory ratio | plugin diagnostics in the file |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
try {
  for (const project of projects) console.log(row(project, await benchProject(project, edits, rounds)));
} finally {
  rmSync(helpdesk, { recursive: true, force: true });
}
