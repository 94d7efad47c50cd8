import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/run-cli.ts';

// Each command loads only what it needs: main.ts declares every command and imports a command's module once
// commander has parsed which one runs. These tests read what the built CLI imported, so a static import that drags the
// MCP SDK client, typescript or the codemod runner back into every start-up fails here.
//
// The CLI ships bundled (dist/cli, scripts/bundle-cli.ts): a loaded bundle file stands for the modules esbuild put into
// it, which dist/cli/meta.json lists, so the tests speak of the same modules and packages as the sources do.

const recorder = pathToFileURL(fileURLToPath(new URL('../support/record-imports.mjs', import.meta.url))).href;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cli-start-up-'));
  const contract = (ticketId: string) => ({
    format: 'agent-contract/mcp-contract',
    formatVersion: 1,
    server: { name: 'start-up' },
    tools: [
      {
        name: 'get_ticket',
        inputSchema: { type: 'object', properties: { ticketId: { type: ticketId } }, required: ['ticketId'] },
      },
    ],
    compatibility: [],
  });
  await writeFile(join(folder, 'base.json'), JSON.stringify(contract('string')));
  await writeFile(join(folder, 'head.json'), JSON.stringify(contract('integer')));
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

interface Imports {
  readonly code: number;
  /** This package's own modules, relative to the repository (`dist/src/cli/main.js`). */
  readonly own: string[];
  /** The packages imported from node_modules, by name. */
  readonly packages: string[];
}

let runs = 0;

const bundleDir = join(repoRoot, 'dist/cli');
let bundleMeta: { outputs: Record<string, { inputs: Record<string, unknown> }> } | undefined;

/** The files a loaded file stands for: the modules inside a bundle file of dist/cli, or the file itself. */
async function modulesOf(file: string): Promise<string[]> {
  const inBundle = relative(bundleDir, file).split('\\').join('/');
  if (inBundle.startsWith('..')) return [relative(repoRoot, file).split('\\').join('/')];
  bundleMeta ??= JSON.parse(await readFile(join(bundleDir, 'meta.json'), 'utf8')) as NonNullable<typeof bundleMeta>;
  const output = bundleMeta.outputs[inBundle];
  if (output === undefined) throw new Error(`dist/cli/${inBundle} is not in dist/cli/meta.json; run npm run build`);
  return Object.keys(output.inputs);
}

async function importsIn(urls: readonly string[]): Promise<Omit<Imports, 'code'>> {
  const own = new Set<string>();
  const packages = new Set<string>();
  for (const url of new Set(urls.filter((line) => line.startsWith('file:')))) {
    for (const file of await modulesOf(fileURLToPath(url))) {
      const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(file);
      if (inPackage !== null) packages.add(inPackage[1] as string);
      else own.add(file);
    }
  }
  return { own: [...own].sort(), packages: [...packages].sort() };
}

/** Runs the built CLI and reads what it imported, and where it started a child process: `spawn <command>` lines. */
async function recordedRun(args: readonly string[]): Promise<{ code: number; stderr: string; lines: string[] }> {
  runs += 1;
  const record = join(folder, `imports-${runs}.txt`);
  const { code, stderr } = await runCli(args, {
    env: { NODE_OPTIONS: `--import=${recorder}`, RECORD_IMPORTS: record },
  });
  return { code, stderr, lines: (await readFile(record, 'utf8')).split('\n').filter((line) => line !== '') };
}

async function importsOf(args: readonly string[]): Promise<Imports> {
  const { code, lines } = await recordedRun(args);
  return { code, ...(await importsIn(lines)) };
}

describe('what each command loads before it runs', () => {
  it('--version loads no command module and no package but commander', async () => {
    const imports = await importsOf(['--version']);
    expect(imports.code).toBe(0);
    expect(imports.own.filter((file) => file.startsWith('dist/src/cli/'))).toEqual([
      'dist/src/cli/bin.js',
      'dist/src/cli/errors.js',
      'dist/src/cli/main.js',
      'dist/src/cli/printable.js',
    ]);
    expect(imports.packages).toEqual(['commander']);
  });

  it("turns on Node's compile cache before it loads the program", async () => {
    const { code, lines } = await recordedRun(['--version']);
    expect(code).toBe(0);
    expect(lines.filter((line) => line === 'enableCompileCache')).toHaveLength(1);
    const enabledAt = lines.indexOf('enableCompileCache');
    expect(enabledAt).toBeGreaterThan(-1);
    const programAt = lines.findIndex((line) => /\/dist\/cli\/chunks\/main-[\w-]+\.js$/.test(line));
    expect(programAt).toBeGreaterThan(enabledAt);
  });

  it('contract diff of two files loads neither the MCP SDK, zod, typescript, the audit nor the codemod runner', async () => {
    const imports = await importsOf([
      'contract',
      'diff',
      '--base',
      join(folder, 'base.json'),
      '--head',
      join(folder, 'head.json'),
    ]);
    expect(imports.code).toBe(1);
    expect(imports.packages).toEqual(['commander', 'picocolors']);
    expect(
      imports.own.filter((file) => !file.startsWith('dist/src/contract/') && !file.startsWith('dist/src/model/')),
    ).toEqual([
      'dist/src/cli/bin.js',
      'dist/src/cli/contract.js',
      'dist/src/cli/errors.js',
      'dist/src/cli/main.js',
      'dist/src/cli/printable.js',
      // agent-contract.config.json's contract.file and failOn, read as JSON.
      'dist/src/cli/run-config.js',
      'dist/src/files/find-package.js',
      'dist/src/files/write-atomic.js',
      'dist/src/package-info.js',
    ]);
    expect(imports.own).not.toContain('dist/src/contract/snapshot.js');
  });

  it('contract snapshot loads the MCP SDK client, which the recorder sees', async () => {
    const imports = await importsOf(['contract', 'snapshot', '--out', '-', '--url', 'http://127.0.0.1:9/mcp']);
    expect(imports.code).toBe(2);
    expect(imports.packages).toContain('@modelcontextprotocol/sdk');
    expect(imports.packages).not.toContain('typescript');
    expect(imports.own).toContain('dist/src/contract/snapshot.js');
  });

  it('contract snapshot spawns the server first and loads the MCP SDK client while it starts', async () => {
    const server = ['node', 'test/fixtures/contract-servers/zod4.mjs', 'base'];
    const { code, stderr, lines } = await recordedRun(['contract', 'snapshot', '--out', '-', '--', ...server]);
    expect(code, stderr).toBe(0);
    const spawnAt = lines.indexOf('spawn node');
    expect(spawnAt).toBeGreaterThan(0);
    expect(lines.filter((line) => line.startsWith('spawn '))).toEqual(['spawn node']);
    const before = await importsIn(lines.slice(0, spawnAt));
    // Not zod, ajv or the SDK; nor the contract files' validator, the diff or the text formats, which a snapshot uses later or never.
    expect(before.packages).toEqual(['commander', 'picocolors']);
    expect(
      before.own.filter((file) => /\/contract\/(?:contract-file|contract-file-validator|diff|format)\.js$/.test(file)),
    ).toEqual([]);
    const after = await importsIn(lines.slice(spawnAt));
    expect(after.packages).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk', 'zod', 'ajv']));
    // Writing the contract needs no validator: that is for reading one.
    expect(after.own).not.toContain('dist/src/contract/contract-file-validator.js');
  });

  it.each(['chains', 'audit', 'contract snapshot'])('%s --help loads none of the command modules', async (command) => {
    const imports = await importsOf([...command.split(' '), '--help']);
    expect(imports.code).toBe(0);
    expect(imports.own.filter((file) => file.startsWith('dist/src/cli/'))).toEqual([
      'dist/src/cli/bin.js',
      'dist/src/cli/errors.js',
      'dist/src/cli/main.js',
      'dist/src/cli/printable.js',
    ]);
    expect(imports.packages).toEqual(['commander']);
  });

  it('codemod --help loads the codemods (and typescript) to list them', async () => {
    const imports = await importsOf(['codemod', '--help']);
    expect(imports.code).toBe(0);
    expect(imports.own).toContain('dist/src/cli/codemod.js');
    expect(imports.packages).toContain('typescript');
  });
});

describe('the shipped bundle, installed with nothing beside it', () => {
  // A copy of dist/cli and package.json with an empty node_modules: the bundle carries commander, picocolors and the
  // MCP SDK client; typescript (for audit and the codemods) stays the user's.
  let cli: string;
  let install: string;
  beforeAll(async () => {
    install = join(folder, 'bundle-alone');
    await cp(join(repoRoot, 'dist/cli'), join(install, 'dist/cli'), { recursive: true });
    await cp(join(repoRoot, 'package.json'), join(install, 'package.json'));
    await mkdir(join(install, 'node_modules'));
    cli = join(install, 'dist/cli/main.js');
  });

  it('--version reads the package.json next to it', async () => {
    const version = (JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as { version: string }).version;
    expect(await runCli(['--version'], { cli })).toEqual({ code: 0, stdout: `${version}\n`, stderr: '' });
  });

  it('contract diff of two files works', async () => {
    const result = await runCli(
      ['contract', 'diff', '--json', '--base', join(folder, 'base.json'), '--head', join(folder, 'head.json')],
      { cli },
    );
    expect(result.code, result.stderr).toBe(1);
    expect((JSON.parse(result.stdout) as { summary: unknown }).summary).toEqual({ breaking: 1, warning: 0, info: 0 });
  });

  it('contract snapshot connects to a server without an MCP SDK installed beside the CLI', async () => {
    const server = join(repoRoot, 'test/fixtures/contract-servers/zod4.mjs');
    const result = await runCli(['contract', 'snapshot', '--out', '-', '--', 'node', server, 'base'], {
      cli,
      cwd: install,
    });
    expect(result.code, result.stderr).toBe(0);
    const contract = JSON.parse(result.stdout) as { tools: { name: string }[] };
    expect(contract.tools.map((tool) => tool.name).length).toBeGreaterThan(0);
  });

  it('codemod says in one line that it needs typescript, exit 2', async () => {
    const result = await runCli(['codemod', 'guard-ids', '.'], { cli, cwd: install });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-contract: the codemods need the typescript package, which is not installed; ' +
        'install it next to agent-contract (npm i -D typescript@6) and run again\n',
    });
  });

  it('audit says in one line that it needs typescript, exit 2', async () => {
    const result = await runCli(['audit', '.'], { cli, cwd: install });
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-contract: reading a TypeScript project needs the typescript package, which is not installed; ' +
        'install it next to agent-contract (npm i -D typescript@6) and run again\n',
    });
  });
});
