import { execFileSync } from 'node:child_process';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';
import {
  buildDeployAndListTools,
  installProject,
  pack,
  repositoryVersionOf,
  SERVER_TSCONFIG,
  type CommandRun,
} from './packed.ts';
import { OUTPUT_INFO, runSnippet, snippetsOf, type Snippet } from './snippets.ts';

// The documentation, executed: every code block of README.md and docs/ a user would paste is marked (test/package/
// snippets.ts says how) and runs here, in order, against the packed package in a new project per stack, or says why
// it does not. One tarball; the projects:
//
// - server: a server project on MCP SDK v1, zod 4 and TypeScript 6 (its own package.json and tsconfig, nothing else),
//   where the README's path runs: install, the ESLint config, lint, audit, the fix;
// - syntax: a folder of it with the same server and the syntax-only ESLint config;
// - runtime: an empty project, for the runtime install;
// - hooks: the commit hooks, run by hooks.test.ts (it needs git and the pre-commit tool).

const DOCUMENTS = [
  'README.md',
  ...execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', '--', 'docs/*.md'], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
    .split('\n')
    // docs/dev holds notes for the maintainers of this repository (not shipped), with placeholders for their machines.
    .filter((file) => file !== '' && !file.startsWith('docs/dev/'))
    .sort(),
];
const RUN_HERE = new Set(['server', 'syntax', 'runtime']);
const RUN_ELSEWHERE = new Set(['hooks']);

const all = DOCUMENTS.flatMap((doc) => snippetsOf(doc));
const where = (snippet: Snippet) => `${snippet.doc}:${snippet.line}`;
const ofProject = (project: string) => all.filter((snippet) => snippet.marker?.['project'] === project);

describe('the code blocks of README.md and docs/', () => {
  it('every block with an input info string is marked: run in a test project, or why not', () => {
    const unmarked = all
      .filter((snippet) => snippet.info !== '' && !OUTPUT_INFO.has(snippet.info))
      .filter((snippet) => snippet.marker === undefined && (snippet.notRun ?? '').trim() === '')
      .map(where);
    expect(unmarked).toEqual([]);
  });

  it('every marker names a known project, and either a file to write or a block to run', () => {
    const wrong = all
      .filter((snippet) => snippet.marker !== undefined)
      .filter(({ marker = {} }) => {
        const project = marker['project'] ?? '';
        const known = RUN_HERE.has(project) || RUN_ELSEWHERE.has(project);
        return !known || (marker['file'] === undefined) === (marker['run'] === undefined);
      })
      .map(where);
    expect(wrong).toEqual([]);
  });

  it('blocks that write the same file of a project say the same', () => {
    const bodies = new Map<string, Snippet>();
    const differing: string[] = [];
    for (const snippet of all.filter((each) => each.marker?.['file'] !== undefined)) {
      const key = `${snippet.marker?.['project']}:${snippet.marker?.['file']}`;
      const first = bodies.get(key);
      if (first === undefined) bodies.set(key, snippet);
      else if (first.body !== snippet.body) differing.push(`${where(snippet)} differs from ${where(first)}`);
    }
    expect(differing).toEqual([]);
  });

  it("the README's commands for a fresh clone are the ones .ci/run runs", async () => {
    const readme = snippetsOf('README.md').map((snippet) => snippet.body.trim());
    expect(readme).toContain('npm ci && npm run demo');
    expect(readme).toContain('npm test');
    const ci = await readFile(join(repoRoot, '.ci/run'), 'utf8');
    expect(ci).toMatch(/^npm ci\b.* && npm run demo$/m);
    expect(ci).toMatch(/^npm test$/m);
  });
});

describe('the blocks, run', () => {
  let tarball: string;
  const folders: Record<string, string> = {};

  beforeAll(async () => {
    tarball = (await pack()).tarball;
    const at = async (name: string) => `${name}@${await repositoryVersionOf(name)}`;
    const server = await installProject(
      'agent-contract-docs',
      [await at('@modelcontextprotocol/sdk'), await at('zod')],
      [await at('typescript')],
    );
    const tsconfig = {
      ...SERVER_TSCONFIG,
      compilerOptions: { ...SERVER_TSCONFIG.compilerOptions, rootDir: 'src', outDir: 'dist' },
    };
    await writeFile(join(server, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
    // A test outside the tsconfig's files: the `tests` config lints it by syntax, and typed linting must leave it be.
    await mkdir(join(server, 'test'));
    await writeFile(
      join(server, 'test/tickets.test.js'),
      "import { test } from 'node:test';\nimport assert from 'node:assert/strict';\n\ntest('ids', () => assert.equal(typeof 47, 'number'));\n",
    );
    folders['server'] = server;
    folders['syntax'] = join(server, 'syntax');
    await mkdir(folders['syntax']);
    folders['runtime'] = await installProject('agent-contract-docs-runtime', []);
  }, 300_000);

  afterAll(async () => {
    for (const folder of [folders['server'], folders['runtime'], tarball && dirname(tarball)])
      if (folder !== undefined) await rm(folder, { recursive: true, force: true });
  });

  /** Writes or runs the project's blocks in document order; the syntax folder gets the README's server too. */
  async function runProject(project: string): Promise<CommandRun[]> {
    const folder = folders[project] as string;
    const runs: CommandRun[] = [];
    for (const snippet of ofProject(project)) {
      const marker = snippet.marker ?? {};
      if (marker['file'] !== undefined) {
        await mkdir(dirname(join(folder, marker['file'])), { recursive: true });
        await writeFile(join(folder, marker['file']), snippet.body);
        continue;
      }
      const run = await runSnippet(snippet, folder, tarball);
      const output = `${run.stdout}${run.stderr}`;
      expect(run.code, `${where(snippet)}:\n${output}`).toBe(Number(marker['exit'] ?? '0'));
      if (marker['output'] !== undefined) expect(output, where(snippet)).toContain(marker['output']);
      runs.push(run);
    }
    return runs;
  }

  it('server: the README path finds the broken chain, lint and audit, and the fix clears both', async () => {
    const runs = await runProject('server');
    expect(runs.length).toBeGreaterThanOrEqual(4);
    const guarded = await readFile(join(folders['server'] as string, 'src/server.ts'), 'utf8');
    expect(guarded).toContain('ticketId: guardId(z.string())');
  }, 600_000);

  it('syntax: the strict config reports the same field by syntax alone', async () => {
    const server = all.find(
      (snippet) => snippet.marker?.['project'] === 'server' && snippet.marker['file'] === 'src/server.ts',
    );
    await mkdir(join(folders['syntax'] as string, 'src'), { recursive: true });
    await writeFile(join(folders['syntax'] as string, 'src/server.ts'), server?.body ?? '');
    await runProject('syntax');
  }, 300_000);

  it('runtime: the runtime install', async () => {
    await runProject('runtime');
    const manifest = JSON.parse(await readFile(join(folders['runtime'] as string, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual(['agent-contract', 'zod']);
  }, 300_000);

  // Last: the deploy takes the devDependencies (eslint among them) out of the server project the cases above share.
  it('server: after the fix, tsc builds it and the deploy (npm ci --omit=dev) starts it and lists its tools', async () => {
    const server = folders['server'] as string;
    const manifest = JSON.parse(await readFile(join(server, 'package.json'), 'utf8')) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    expect(Object.keys(manifest.devDependencies ?? {})).toContain('agent-contract');
    expect(Object.keys(manifest.dependencies ?? {})).not.toContain('agent-contract');
    const deployed = await buildDeployAndListTools(server, ['dist/server.js']);
    expect(deployed.stderr).toBe('');
    expect(deployed.stdout).toBe('create_ticket get_ticket\n');
    expect(deployed.code).toBe(0);
  }, 300_000);
});
