import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';
import {
  command,
  installProject,
  pack,
  repositoryVersionOf,
  runCommand,
  SERVER_TSCONFIG,
  type CommandRun,
} from './packed.ts';
import { markedSnippet, runSnippet } from './snippets.ts';

// The commit hooks of docs/contract.md, pasted into a new server project (a git repository whose server builds from
// src/ to dist/) that installed the packed package: the pre-commit framework's config, run by the real `pre-commit`
// tool from a local clone of this repository at a commit, then the husky and the lint-staged recipes. Each must stop
// a commit that breaks the contract, with the build in dist/ still the one before the change, and let the fixed one
// through with its contract.

const DOC = 'docs/contract.md';
const PROJECT = 'hooks';

/** The server; `added` are input fields besides `ticketId`, each with its schema. */
function server(added: readonly (readonly [string, string])[] = []): string {
  const fields = [['ticketId', 'z.string().min(1)'] as const, ...added].map(([name, schema]) => `${name}: ${schema}`);
  return [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
    "import { z } from 'zod';",
    '',
    "const server = new McpServer({ name: 'tickets', version: '1.0.0' });",
    'server.registerTool(',
    "  'close_ticket',",
    `  { inputSchema: { ${fields.join(', ')} } },`,
    "  async ({ ticketId }) => ({ content: [{ type: 'text', text: `closed ${ticketId}` }] }),",
    ');',
    'await server.connect(new StdioServerTransport());',
    '',
  ].join('\n');
}

/** A new required input field: a breaking change. */
const required = (name: string) => [[name, 'z.string()']] as const;
/** A new optional input field: a compatible one. */
const optional = (name: string) => [[name, 'z.string().optional()']] as const;

const GIT_ENV = {
  GIT_AUTHOR_NAME: 'A Developer',
  GIT_AUTHOR_EMAIL: 'developer@example.com',
  GIT_COMMITTER_NAME: 'A Developer',
  GIT_COMMITTER_EMAIL: 'developer@example.com',
};

let project: string;
let clone: string;
let tarball: string;
let env: Record<string, string>;

const git = (args: readonly string[]) => runCommand('git', args, project, env);
const head = async () => (await command('git', ['rev-parse', 'HEAD'], project)).trim();
const committedContract = async () => (await git(['show', 'HEAD:mcp-contract.json'])).stdout;
const output = (run: CommandRun) => `${run.stdout}${run.stderr}`;

/** Writes the server with `added` fields, stages it and commits; returns the commit's run and whether HEAD moved. */
async function commitServer(added: Parameters<typeof server>[0], message: string) {
  await writeFile(join(project, 'src/server.ts'), server(added));
  await command('git', ['add', 'src/server.ts'], project);
  const before = await head();
  const run = await git(['commit', '-m', message]);
  return { run, committed: (await head()) !== before };
}

beforeAll(async () => {
  // The test fails, never skips, where the tool is missing: .ci/run installs it.
  const version = await runCommand('pre-commit', ['--version'], repoRoot).catch(() => undefined);
  if (version?.code !== 0)
    throw new Error('pre-commit is not installed; install it (apt-get install pre-commit, or pipx install pre-commit)');

  const packed = await pack();
  tarball = packed.tarball;
  const at = async (name: string) => `${name}@${await repositoryVersionOf(name)}`;
  project = await installProject(
    'agent-contract-hooks',
    [await at('@modelcontextprotocol/sdk'), await at('zod')],
    [tarball, await at('typescript')],
  );
  const work = await mkdtemp(join(tmpdir(), 'agent-contract-hooks-home-'));
  env = { ...GIT_ENV, PRE_COMMIT_HOME: join(work, 'pre-commit') };

  // The server project: its build, its first contract, committed.
  const manifest = JSON.parse(await readFile(join(project, 'package.json'), 'utf8')) as Record<string, unknown>;
  manifest['scripts'] = { build: 'tsc -p .' };
  await writeFile(join(project, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await writeFile(join(project, '.gitignore'), 'node_modules/\ndist/\n');
  const compilerOptions = { ...SERVER_TSCONFIG.compilerOptions, rootDir: 'src', outDir: 'dist' };
  await writeFile(join(project, 'tsconfig.json'), `${JSON.stringify({ compilerOptions, include: ['src'] })}\n`);
  await mkdir(join(project, 'src'));
  await writeFile(join(project, 'src/server.ts'), server());
  await command('git', ['init', '--quiet', '--initial-branch=main'], project);
  await command('npm', ['run', 'build'], project);
  await command(
    process.execPath,
    ['node_modules/.bin/agent-contract', 'contract', 'snapshot', '--', 'node', 'dist/server.js'],
    project,
  );
  await command('git', ['add', '-A'], project);
  expect((await git(['commit', '--quiet', '-m', 'the server and its contract'])).code).toBe(0);

  // This repository at a commit, holding the hook manifest as it is on disk.
  clone = join(work, 'agent-contract');
  // A full clone (a local one hard-links the objects): pre-commit autoupdate cannot fetch the HEAD of a shallow one.
  await command('git', ['clone', '--quiet', repoRoot, clone], work);
  await cp(join(repoRoot, '.pre-commit-hooks.yaml'), join(clone, '.pre-commit-hooks.yaml'));
  await runCommand('git', ['commit', '--quiet', '-am', 'the hook manifest on disk'], clone, GIT_ENV);
}, 300_000);

afterAll(async () => {
  for (const folder of [project, clone === undefined ? undefined : dirname(clone), tarball && dirname(tarball)])
    if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

describe('the pre-commit framework config, from a local clone at a commit', () => {
  beforeAll(async () => {
    const { body } = markedSnippet(DOC, PROJECT, 'file', '.pre-commit-config.yaml');
    const rev = (await command('git', ['rev-parse', 'HEAD'], clone)).trim();
    // Where the hooks come from: the clone instead of GitHub. The `rev` is the doc's, a tag the clone does not have,
    // until the doc's autoupdate command (its --repo the clone too) pins the clone's newest commit.
    const config = body.replace(/repo: https:\/\/github\.com\/agent-contract\/agent-contract$/m, `repo: ${clone}`);
    expect(config).toContain(`repo: ${clone}`);
    expect(config).toMatch(/rev: v\d+\.\d+\.\d+$/m);
    await writeFile(join(project, '.pre-commit-config.yaml'), config);
    const autoupdate = /`(pre-commit autoupdate --bleeding-edge --repo \S+)`/.exec(
      await readFile(join(repoRoot, DOC), 'utf8'),
    );
    expect(autoupdate?.[1]).toBe(
      'pre-commit autoupdate --bleeding-edge --repo https://github.com/agent-contract/agent-contract',
    );
    const [, ...args] = (autoupdate?.[1] ?? '')
      .replace('https://github.com/agent-contract/agent-contract', clone)
      .split(' ');
    const updated = await runCommand('pre-commit', args, project, env);
    expect(updated.code, output(updated)).toBe(0);
    expect(await readFile(join(project, '.pre-commit-config.yaml'), 'utf8')).toContain(`rev: ${rev}`);
    await command('git', ['add', '.pre-commit-config.yaml'], project);
    const installed = await runCommand('pre-commit', ['install'], project, env);
    expect(installed.code, output(installed)).toBe(0);
  }, 120_000);

  it('blocks a breaking change, though dist/ still holds the build before it', async () => {
    const contract = await readFile(join(project, 'mcp-contract.json'), 'utf8');
    const { run, committed } = await commitServer(required('reason'), 'a required reason');
    expect(committed, output(run)).toBe(false);
    expect(run.code).toBe(1);
    expect(output(run)).toContain('input-required-field-added');
    expect(output(run)).toContain('mcp-contract.json was not updated');
    expect(await readFile(join(project, 'mcp-contract.json'), 'utf8')).toBe(contract);
  }, 300_000);

  it('records a compatible change: stops once to stage the updated contract, then commits it', async () => {
    const first = await commitServer(optional('reason'), 'an optional reason');
    expect(first.committed, output(first.run)).toBe(false);
    expect(output(first.run)).toContain('files were modified by this hook');
    await command('git', ['add', 'mcp-contract.json'], project);
    const second = await git(['commit', '-m', 'an optional reason']);
    expect(second.code, output(second)).toBe(0);
    expect(await committedContract()).toContain('"reason"');
  }, 300_000);
});

describe('the husky and lint-staged recipes', () => {
  beforeAll(async () => {
    // pre-commit's hook out of the way: husky sets core.hooksPath, lint-staged runs from husky's hook.
    await rm(join(project, '.git/hooks/pre-commit'), { force: true });
  });

  it('husky: blocks a breaking change, commits a compatible one with its contract', async () => {
    const install = await runSnippet(markedSnippet(DOC, PROJECT, 'id', 'husky-install'), project, tarball, env);
    expect(install.code, output(install)).toBe(0);
    await writeFile(join(project, '.husky/pre-commit'), markedSnippet(DOC, PROJECT, 'file', '.husky/pre-commit').body);

    const breaking = await commitServer([...optional('reason'), ...required('assignee')], 'a required assignee');
    expect(breaking.committed, output(breaking.run)).toBe(false);
    expect(output(breaking.run)).toContain('input-required-field-added');

    const compatible = await commitServer([...optional('reason'), ...optional('assignee')], 'an optional assignee');
    expect(compatible.committed, output(compatible.run)).toBe(true);
    expect(await committedContract()).toContain('"assignee"');
  }, 300_000);

  it('lint-staged: blocks a breaking change, commits a compatible one with its contract', async () => {
    const install = await runSnippet(markedSnippet(DOC, PROJECT, 'id', 'lint-staged-install'), project, tarball, env);
    expect(install.code, output(install)).toBe(0);
    await writeFile(
      join(project, 'lint-staged.config.js'),
      markedSnippet(DOC, PROJECT, 'file', 'lint-staged.config.js').body,
    );
    const before = [...optional('reason'), ...optional('assignee')] as const;
    const breaking = await commitServer([...before, ...required('priority')], 'a required priority');
    expect(breaking.committed, output(breaking.run)).toBe(false);
    expect(output(breaking.run)).toContain('input-required-field-added');

    const compatible = await commitServer([...before, ...optional('priority')], 'an optional priority');
    expect(compatible.committed, output(compatible.run)).toBe(true);
    expect(await committedContract()).toContain('"priority"');
  }, 300_000);
});
