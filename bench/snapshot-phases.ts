import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { median } from './stats.ts';

/**
 * Where the time of `agent-contract contract snapshot` goes, phase by phase, against the least any Node client does
 * (bench/raw-stdio-client.mjs), on the helpdesk example:
 *
 *   npm run build && npm run bench:snapshot-phases -- [--runs 12] [--cli other/dist/cli/main.js ...] [--server-node <node>]
 *
 * The clients run on the Node that runs the benchmark, the server on `--server-node` (default: the same one), so that a
 * CLI can be timed on another Node than the server's (the helpdesk's native sqlite module is built for one Node).
 *
 * Each round runs the bare client, then each CLI given (default: this checkout's bundle, dist/cli/main.js; the CLIs'
 * order is reversed every other round), with bench/timeline-preload.cjs, which records when the process's own
 * JavaScript starts, when it spawns the server, each chunk of the server's stdout and each write to its stdin, the
 * exits, and the process's CPU time. Medians of the rounds:
 *   boot       process start -> first line of JavaScript (Node's own start)
 *   to spawn   -> the server is spawned
 *   server     spawn -> the server's first answer (initialize)
 *   answer->1  -> the client's next message (notifications/initialized): the client reading the answer
 *   list       -> tools/list answered
 *   to end     -> the server's stdin closed
 *   end->exit  -> the server exited
 *   after      -> the client exited
 *   overhead   the client's wall time less the server's start (spawn -> initialize answered), run by run
 *   wall, cpu  the client's wall time, and its own CPU time (user + system, not the server's)
 * With two or more --cli, each CLI after the first is compared with the first, round by round: the medians of both,
 * their ratio and the median of the paired differences, for the overhead (the server's start, which varies most, left
 * out) and the CPU time.
 */

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const helpdesk = path.join(repoRoot, 'dist/examples/helpdesk/src/main.js');
const preload = path.join(repoRoot, 'bench/timeline-preload.cjs');

function readOptions() {
  try {
    return parseArgs({
      options: {
        runs: { type: 'string', default: '12' },
        cli: { type: 'string', multiple: true },
        'server-node': { type: 'string' },
      },
    }).values;
  } catch (error) {
    console.error(
      `bench:snapshot-phases: ${(error as Error).message}; the options are --runs <n>, --cli <main.js> (repeatable), --server-node <node>`,
    );
    process.exit(2);
  }
}
const options = readOptions();
const runs = Number(options.runs);
if (!Number.isInteger(runs) || runs < 1) {
  console.error(`bench:snapshot-phases: --runs ${options.runs}: expected a whole number of rounds, e.g. --runs 12`);
  process.exit(2);
}
const serverNode = options['server-node'] ?? process.execPath;
const clis = (options.cli ?? [path.join(repoRoot, 'dist/cli/main.js')]).map((cli) => path.resolve(cli));

for (const file of [helpdesk, ...clis]) {
  if (!existsSync(file)) {
    console.error(
      `bench:snapshot-phases: ${path.relative(repoRoot, file)} is missing; run npm run build first (or fix --cli)`,
    );
    process.exit(2);
  }
}

type Timeline = Record<string, number[]>;

function run(args: readonly string[]): { wall: number; cpu: number; events: [string, number][] } {
  const started = performance.now();
  const child = spawnSync(process.execPath, ['--require', preload, ...args], { cwd: repoRoot, encoding: 'utf8' });
  const wall = performance.now() - started;
  if (child.status !== 0) throw new Error(`node ${args.join(' ')} failed (${child.status}):\n${child.stderr}`);
  const line = /^timeline (.*)$/m.exec(child.stderr)?.[1];
  if (line === undefined) throw new Error(`node ${args.join(' ')} wrote no timeline:\n${child.stderr}`);
  const events = line.split(' ').map((part) => {
    const at = part.lastIndexOf(':');
    return [part.slice(0, at), Number(part.slice(at + 1))] as [string, number];
  });
  const cpu = Number(/^cpu ([\d.]+)$/m.exec(child.stderr)?.[1] ?? Number.NaN);
  return { wall, cpu, events };
}

const PHASES = [
  'boot',
  'to spawn',
  'server',
  'answer->1',
  'list',
  'to end',
  'end->exit',
  'after',
  'overhead',
  'wall',
  'cpu',
] as const;

function phases({
  wall,
  cpu,
  events,
}: {
  wall: number;
  cpu: number;
  events: [string, number][];
}): Record<(typeof PHASES)[number], number> {
  const first = (name: string, after = -1) =>
    events.find(([event, at]) => event === name && at > after)?.[1] ?? Number.NaN;
  const preloadAt = first('preload');
  const spawned = first('spawn');
  const answered = first('out');
  const next = first('in', answered);
  const ended = first('end');
  const listed = events.filter(([event, at]) => event === 'out' && at < ended).at(-1)?.[1] ?? Number.NaN;
  const serverExit = first('server-exit');
  const exit = first('exit');
  return {
    boot: preloadAt,
    'to spawn': spawned - preloadAt,
    server: answered - spawned,
    'answer->1': next - answered,
    list: listed - next,
    'to end': ended - listed,
    'end->exit': serverExit - ended,
    after: exit - serverExit,
    overhead: wall - (answered - spawned),
    wall,
    cpu,
  };
}

console.log(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(' ')} on ${cpus().length} cores; clients on Node ${process.version}, ` +
    `the server on ${serverNode === process.execPath ? 'the same' : serverNode}; ${runs} rounds, medians in ms\n`,
);
const folder = await mkdtemp(path.join(tmpdir(), 'bench-phases-'));
try {
  const shown = (cli: string) => (path.relative(repoRoot, cli).startsWith('..') ? cli : path.relative(repoRoot, cli));
  const labels = ['bare JSON-RPC client (floor)', ...clis.map(shown)];
  const timelines: Timeline[] = labels.map(() => Object.fromEntries(PHASES.map((phase) => [phase, [] as number[]])));
  for (let round = 0; round < runs; round += 1) {
    const raw = run([
      path.join(repoRoot, 'bench/raw-stdio-client.mjs'),
      path.join(folder, 'raw.json'),
      serverNode,
      helpdesk,
    ]);
    const order = clis.map((_, index) => index);
    // Every other round the other way round, so that no CLI always runs right after the bare client.
    if (round % 2 === 1) order.reverse();
    const results = [raw, ...clis.map(() => raw)];
    for (const index of order) {
      results[index + 1] = run([
        clis[index] as string,
        'contract',
        'snapshot',
        '--out',
        path.join(folder, 'contract.json'),
        '--',
        serverNode,
        helpdesk,
      ]);
    }
    results.forEach((result, index) => {
      const values = phases(result);
      for (const phase of PHASES) (timelines[index] as Timeline)[phase]?.push(values[phase]);
    });
  }
  console.log(`  ${'phase'.padEnd(11)}${labels.map((label) => label.slice(-30).padStart(32)).join('')}`);
  for (const phase of PHASES) {
    console.log(
      `  ${phase.padEnd(11)}${timelines
        .map((timeline) =>
          median(timeline[phase] as number[])
            .toFixed(0)
            .padStart(32),
        )
        .join('')}`,
    );
  }
  const series = (index: number, phase: (typeof PHASES)[number]) => timelines[index]?.[phase] as number[];
  const floor = series(0, 'overhead');
  for (const [index, label] of labels.entries()) {
    if (index === 0) continue;
    const beyond = median(series(index, 'overhead').map((value, round) => value - (floor[round] as number)));
    console.log(
      `  ${label}: overhead ${median(series(index, 'overhead')).toFixed(0)} ms, ${beyond.toFixed(0)} ms beyond the floor's (run by run)`,
    );
  }
  for (let index = 2; index < labels.length; index += 1) {
    console.log(`\n  ${labels[index]} against ${labels[1]}, ${runs} paired rounds:`);
    for (const phase of ['overhead', 'cpu'] as const) {
      const first = series(1, phase);
      const other = series(index, phase);
      const difference = median(other.map((value, round) => value - (first[round] as number)));
      const sign = difference >= 0 ? '+' : '';
      console.log(
        `    ${phase.padEnd(9)}${median(first).toFixed(0).padStart(6)} ms -> ${median(other).toFixed(0).padStart(4)} ms, ratio ${(median(other) / median(first)).toFixed(2)}, ` +
          `paired difference ${sign}${difference.toFixed(0)} ms`,
      );
    }
  }
} finally {
  await rm(folder, { recursive: true, force: true });
}
