import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, readlink, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/run-cli.ts';
import { type CommandRun, copyBuiltPackage, linkFixturePackages, runCommand, SERVER_TSCONFIG } from './packed.ts';

// A server project on TypeScript 7 (the Go port: no JavaScript compiler API), with the one install step the README
// names for it (`npm i -D @typescript/typescript6`) and without it. Its packages come from test/typescript-7, installed
// from that folder's own lockfile by `npm test`'s pretest (scripts/install-zod-matrix.mjs). Each case is a project in a
// temporary folder outside the repository, so nothing of the repository's own node_modules (TypeScript 6) is in reach:
// its node_modules links the fixture's packages and holds a copy of the built package, as `npm i` would put it there.

const fixture = join(repoRoot, 'test/typescript-7');
const STEP = 'npm i -D @typescript/typescript6';
/** The one line, with the npx form of the command that was run (`<command>` where the transform cannot know it). */
const typescript7Line = (command: string) =>
  "agent-contract: the project's typescript is 7.0.2, which has no JavaScript compiler API to read the project with " +
  `(TypeScript 7 is the Go port); install TypeScript 6 beside it (${STEP}) and run again, or run agent-contract ` +
  'beside it from npx, which installs nothing in the project ' +
  `(npx -p agent-contract -p @typescript/typescript6 agent-contract ${command})\n`;

const SERVER = `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

const server = new McpServer({ name: 'tickets', version: '1.0.0' });

server.registerTool('list_tickets', { inputSchema: {} }, async () => {
  const tickets: { ticketId: number; title: string }[] = [{ ticketId: 47, title: 'Broken login' }];
  return { content: [{ type: 'text', text: JSON.stringify({ tickets }) }], structuredContent: { tickets } };
});

server.registerTool('get_ticket', { inputSchema: { ticketId: z.string().min(1) } }, async ({ ticketId }) => ({
  content: [{ type: 'text', text: \`ticket \${ticketId}\` }],
}));
`;

const TSCONFIG = { ...SERVER_TSCONFIG, compilerOptions: { ...SERVER_TSCONFIG.compilerOptions, noEmit: true } };

/** The packages the README's step installs: the package itself and the typescript 6 copy it depends on. */
const STEP_PACKAGES = new Set(['@typescript/typescript6', '@typescript/old']);

let folder: string;

/** A project in `folder/<name>` whose node_modules links the fixture's packages, the step's ones only if `withStep`. */
async function project(name: string, withStep: boolean, tsconfig: object = TSCONFIG): Promise<string> {
  const root = join(folder, name);
  const modules = join(root, 'node_modules');
  await mkdir(join(root, 'src'), { recursive: true });
  await writeFile(join(root, 'package.json'), `${JSON.stringify({ name, private: true, type: 'module' }, null, 2)}\n`);
  await writeFile(join(root, 'tsconfig.json'), `${JSON.stringify(tsconfig, null, 2)}\n`);
  await writeFile(join(root, 'src/server.ts'), SERVER);
  await linkFixturePackages(fixture, modules, withStep ? new Set() : STEP_PACKAGES);
  await copyBuiltPackage(modules, ['dist/cli', 'dist/src', 'dist/codemods/jscodeshift', 'dist/ts-plugin', 'ts-plugin']);
  return root;
}

let withStep: string;
let withoutStep: string;

beforeAll(async () => {
  if (!existsSync(join(fixture, 'node_modules/.package-lock.json')))
    throw new Error('test/typescript-7 is not installed: run node scripts/install-zod-matrix.mjs (npm test does)');
  if (!existsSync(join(repoRoot, 'dist/cli/main.js'))) throw new Error('dist/cli is missing: run npm run build');
  folder = await mkdtemp(join(tmpdir(), 'agent-contract-typescript-7-'));
  withStep = await project('with-step', true);
  withoutStep = await project('without-step', false);
});

afterAll(async () => {
  if (folder !== undefined) await rm(folder, { recursive: true, force: true });
});

const cliOf = (root: string) => join(root, 'node_modules/agent-contract/dist/cli/main.js');

/** The README's jscodeshift command (`--dry --print`, in band so its exit code is the transform's), by the repository's jscodeshift. */
function jscodeshift(root: string): Promise<CommandRun> {
  const bin = join(repoRoot, 'node_modules/jscodeshift/bin/jscodeshift.js');
  const transform = 'node_modules/agent-contract/dist/codemods/jscodeshift/guard-ids.js';
  return runCommand(
    process.execPath,
    [bin, '--no-babel', '--run-in-band', '--silent', '--dry', '--print', '-t', transform, 'src/server.ts'],
    root,
  );
}

describe('a TypeScript 7 project', () => {
  it('has TypeScript 7 as its typescript, without the compiler API the audit and the codemods use', () => {
    const ts = createRequire(join(withStep, 'package.json'))('typescript') as Record<string, unknown>;
    expect(ts['version']).toBe('7.0.2');
    expect(ts['createProgram']).toBeUndefined();
  });

  it("with @typescript/typescript6 beside it, npm's node_modules/.bin/tsc is TypeScript 6.0's (the README says so)", async () => {
    const tsc = await readlink(join(fixture, 'node_modules/.bin/tsc'));
    expect(tsc.split('\\').join('/')).toBe('../@typescript/old/bin/tsc');
    const old = JSON.parse(await readFile(join(fixture, 'node_modules/@typescript/old/package.json'), 'utf8')) as {
      version: string;
    };
    expect(old.version).toMatch(/^6\./);
  });

  it('with @typescript/typescript6 beside it: audit reads it with its tsconfig and finds the broken chain', async () => {
    const result = await runCli(['audit', '.'], { cli: cliOf(withStep), cwd: withStep });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain('agent-contract audit . (1 file; tsconfig.json)');
    expect(result.stdout).toContain('get_ticket.ticketId accepts string  src/server.ts:11');
    expect(result.stdout).toContain('<- 1 emitter: list_tickets tickets[].ticketId');
    expect(result.code).toBe(1);
  });

  it('with @typescript/typescript6 beside it: codemod guard-ids --dry shows the guard and writes nothing', async () => {
    const result = await runCli(['codemod', 'guard-ids', '--dry'], { cli: cliOf(withStep), cwd: withStep });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain("+import { guardId } from 'agent-contract';");
    expect(result.stdout).toContain('inputSchema: { ticketId: guardId(z.string().min(1)) }');
    expect(result.stdout).toContain('1 file would change; nothing was written.');
    expect(result.code).toBe(0);
    expect(await readFile(join(withStep, 'src/server.ts'), 'utf8')).toBe(SERVER);
  });

  it('with @typescript/typescript6 beside it: the jscodeshift transform reads the file with it and prints the guard', async () => {
    const result = await jscodeshift(withStep);
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain("import { guardId } from 'agent-contract';");
    expect(result.stdout).toContain('inputSchema: { ticketId: guardId(z.string().min(1)) }');
    expect(result.code).toBe(0);
  });

  it('without it: the jscodeshift transform says in the same line to install it, exit 2, and writes nothing', async () => {
    const result = await jscodeshift(withoutStep);
    expect(result.stderr).toBe(typescript7Line('<command>'));
    expect(result.stdout).toBe('');
    expect(result.code).toBe(2);
    expect(await readFile(join(withoutStep, 'src/server.ts'), 'utf8')).toBe(SERVER);
  });

  it.each([
    ['audit', ['audit', '.']],
    ['codemod guard-ids --dry', ['codemod', 'guard-ids', '--dry']],
    ['codemod guard-ids', ['codemod', 'guard-ids']],
  ])('without it: %s says in one line to install it, exit 2, and writes nothing', async (_name, args) => {
    const result = await runCli(args, { cli: cliOf(withoutStep), cwd: withoutStep });
    expect(result).toEqual({ code: 2, stdout: '', stderr: typescript7Line(args.join(' ')) });
    expect(await readFile(join(withoutStep, 'src/server.ts'), 'utf8')).toBe(SERVER);
  });

  // What the line's npx form builds: both packages in a folder of npx's own, the command run in the project, which
  // keeps TypeScript 7 alone (and its npx tsc 7).
  describe('without it, run as the npx form says: the package beside TypeScript 6 in a folder outside the project', () => {
    let runner: string;

    beforeAll(async () => {
      runner = join(folder, 'npx-runner');
      const modules = join(runner, 'node_modules');
      await mkdir(join(modules, '@typescript'), { recursive: true });
      for (const name of STEP_PACKAGES)
        await symlink(join(fixture, 'node_modules', name), join(modules, name), 'junction');
      await copyBuiltPackage(modules, ['dist/cli', 'dist/src', 'dist/codemods/jscodeshift']);
    });

    it('audit reads the project with its tsconfig and finds the broken chain', async () => {
      const result = await runCli(['audit', '.'], { cli: cliOf(runner), cwd: withoutStep });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('agent-contract audit . (1 file; tsconfig.json)');
      expect(result.stdout).toContain('get_ticket.ticketId accepts string  src/server.ts:11');
      expect(result.code).toBe(1);
    });

    it('codemod guard-ids --dry shows the guard and writes nothing', async () => {
      const result = await runCli(['codemod', 'guard-ids', '--dry'], { cli: cliOf(runner), cwd: withoutStep });
      expect(result.stderr).toBe('');
      expect(result.stdout).toContain('inputSchema: { ticketId: guardId(z.string().min(1)) }');
      expect(result.code).toBe(0);
      expect(await readFile(join(withoutStep, 'src/server.ts'), 'utf8')).toBe(SERVER);
    });
  });
});

describe('a TypeScript 7 project that follows the advice (the install step, the editor plugin listed)', () => {
  const PLUGIN_TSCONFIG = {
    ...TSCONFIG,
    compilerOptions: { ...TSCONFIG.compilerOptions, plugins: [{ name: 'agent-contract/ts-plugin' }] },
  };
  let root: string;

  beforeAll(async () => {
    root = await project('advice-followed', true, PLUGIN_TSCONFIG);
  });

  it('doctor passes every check and names the tsc that builds the project with TypeScript 7', async () => {
    const result = await runCli(['doctor', '.'], { cli: cliOf(root), cwd: root });
    expect(result.stderr).toBe('');
    expect(result.stdout).toContain(
      '✓ project TypeScript: typescript 7.0.2, the Go port, builds the project (node node_modules/typescript/bin/tsc;',
    );
    expect(result.stdout).toContain('All checks pass');
    expect(result.code).toBe(0);
  });

  it('node node_modules/typescript/bin/tsc is TypeScript 7 (npx tsc runs the 6.0 the step brings: see above)', async () => {
    const seven = await runCommand(process.execPath, ['node_modules/typescript/bin/tsc', '--version'], root);
    expect(seven.stdout).toBe('Version 7.0.2\n');
  });

  it('after codemod guard-ids --helper local, TypeScript 7 type-checks the project and the audit finds it tolerated', async () => {
    const guarded = await runCli(['codemod', 'guard-ids', '--helper', 'local'], { cli: cliOf(root), cwd: root });
    expect(guarded.stderr).toBe('');
    expect(guarded.code).toBe(0);
    expect(await readFile(join(root, 'src/server.ts'), 'utf8')).toContain(
      "import { guardId } from './agent-contract-guard.js';",
    );
    const tsc = await runCommand(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], root);
    expect(tsc.stdout + tsc.stderr).toBe('');
    expect(tsc.code).toBe(0);
    const audit = await runCli(['audit', '.'], { cli: cliOf(root), cwd: root });
    expect(audit.stdout).toContain('tolerated');
    expect(audit.code).toBe(0);
  });
});
