import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot, runCli } from '../support/run-cli.ts';

// Each command loads only what it needs: main.ts declares every command and imports a command's module once
// commander has parsed which one runs. These tests read what the built CLI imported, so a static import that drags the
// MCP SDK client, typescript or the codemod runner back into every start-up fails here.

const recorder = pathToFileURL(fileURLToPath(new URL('../support/record-imports.mjs', import.meta.url))).href;
let folder: string;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'cli-start-up-'));
  const contract = (ticketId: string) => ({
    format: 'agent-contract/mcp-contract',
    formatVersion: 1,
    server: { name: 'start-up' },
    tools: [{ name: 'get_ticket', inputSchema: { type: 'object', properties: { ticketId: { type: ticketId } }, required: ['ticketId'] } }],
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

function importsIn(urls: readonly string[]): Omit<Imports, 'code'> {
  const own = new Set<string>();
  const packages = new Set<string>();
  for (const url of new Set(urls.filter((line) => line.startsWith('file:')))) {
    const file = relative(repoRoot, fileURLToPath(url)).split('\\').join('/');
    const inPackage = /(?:^|\/)node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*\/node_modules\/)/.exec(file);
    if (inPackage !== null) packages.add(inPackage[1] as string);
    else own.add(file);
  }
  return { own: [...own].sort(), packages: [...packages].sort() };
}

/** Runs the built CLI and reads what it imported, and where it started a child process: `spawn <command>` lines. */
async function recordedRun(args: readonly string[]): Promise<{ code: number; stderr: string; lines: string[] }> {
  runs += 1;
  const record = join(folder, `imports-${runs}.txt`);
  const { code, stderr } = await runCli(args, { env: { NODE_OPTIONS: `--import=${recorder}`, RECORD_IMPORTS: record } });
  return { code, stderr, lines: (await readFile(record, 'utf8')).split('\n').filter((line) => line !== '') };
}

async function importsOf(args: readonly string[]): Promise<Imports> {
  const { code, lines } = await recordedRun(args);
  return { code, ...importsIn(lines) };
}

describe('what each command loads before it runs', () => {
  it('--version loads no command module and no package but commander', async () => {
    const imports = await importsOf(['--version']);
    expect(imports.code).toBe(0);
    expect(imports.own.filter((file) => file.startsWith('dist/src/cli/'))).toEqual(['dist/src/cli/errors.js', 'dist/src/cli/main.js']);
    expect(imports.packages).toEqual(['commander']);
  });

  it('contract diff of two files loads neither the MCP SDK, zod, typescript, the audit nor the codemod runner', async () => {
    const imports = await importsOf(['contract', 'diff', '--base', join(folder, 'base.json'), '--head', join(folder, 'head.json')]);
    expect(imports.code).toBe(1);
    expect(imports.packages).toEqual(['commander', 'picocolors']);
    expect(imports.own.filter((file) => !file.startsWith('dist/src/contract/') && !file.startsWith('dist/src/model/'))).toEqual([
      'dist/src/cli/contract.js',
      'dist/src/cli/errors.js',
      'dist/src/cli/main.js',
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
    const before = importsIn(lines.slice(0, spawnAt));
    // Not zod, ajv or the SDK; nor the contract files' validator, the diff or the text formats, which a snapshot uses later or never.
    expect(before.packages).toEqual(['commander', 'picocolors']);
    expect(before.own.filter((file) => /\/contract\/(?:contract-file|contract-file-validator|diff|format)\.js$/.test(file))).toEqual([]);
    const after = importsIn(lines.slice(spawnAt));
    expect(after.packages).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk', 'zod', 'ajv']));
    // Writing the contract needs no validator: that is for reading one.
    expect(after.own).not.toContain('dist/src/contract/contract-file-validator.js');
  });

  it.each(['chains', 'audit', 'contract snapshot'])('%s --help loads none of the command modules', async (command) => {
    const imports = await importsOf([...command.split(' '), '--help']);
    expect(imports.code).toBe(0);
    expect(imports.own.filter((file) => file.startsWith('dist/src/cli/'))).toEqual(['dist/src/cli/errors.js', 'dist/src/cli/main.js']);
    expect(imports.packages).toEqual(['commander']);
  });

  it('codemod --help loads the codemods (and typescript) to list them', async () => {
    const imports = await importsOf(['codemod', '--help']);
    expect(imports.code).toBe(0);
    expect(imports.own).toContain('dist/src/cli/codemod.js');
    expect(imports.packages).toContain('typescript');
  });
});

describe('without the optional MCP SDK installed', () => {
  // A copy of the built CLI beside a node_modules with its two runtime dependencies and nothing else.
  let cli: string;
  beforeAll(async () => {
    const install = join(folder, 'without-sdk');
    await cp(join(repoRoot, 'dist/src'), join(install, 'dist/src'), { recursive: true });
    await cp(join(repoRoot, 'package.json'), join(install, 'package.json'));
    await mkdir(join(install, 'node_modules'));
    for (const name of ['commander', 'picocolors']) await symlink(join(repoRoot, 'node_modules', name), join(install, 'node_modules', name), 'dir');
    cli = join(install, 'dist/src/cli/main.js');
  });

  it('contract diff of two files works', async () => {
    const result = await runCli(['contract', 'diff', '--json', '--base', join(folder, 'base.json'), '--head', join(folder, 'head.json')], { cli });
    expect(result.code, result.stderr).toBe(1);
    expect((JSON.parse(result.stdout) as { summary: unknown }).summary).toEqual({ breaking: 1, warning: 0, info: 0 });
  });

  it.each([
    ['contract', 'snapshot', '--', 'node', 'server.js'],
    ['chains', '--', 'node', 'server.js'],
  ])('%s %s says in one line which package to install, exit 2', async (...args: string[]) => {
    expect(await runCli(args, { cli })).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'agent-contract: connecting to an MCP server needs the @modelcontextprotocol/sdk package, which is not installed; ' +
        'install it next to agent-contract (npm i -D @modelcontextprotocol/sdk) and run again\n',
    });
  });
});
