import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { command, installProject, pack, repositoryVersionOf, runCommand, SERVER_TSCONFIG } from './packed.ts';

// The package installed as a server project's tooling is installed: beside the optional peers its lint rules, codemods,
// audit and contract commands use (eslint and typescript-eslint, typescript, the MCP SDK). Every entry point is read
// the ways a user's project reads it: import and require, and TypeScript under each module resolution.

const ENTRIES = [
  'agent-contract',
  'agent-contract/eslint-plugin',
  'agent-contract/testing',
  'agent-contract/contract',
] as const;

let project: string;

beforeAll(async () => {
  const { tarball } = await pack();
  const at = async (name: string) => `${name}@${await repositoryVersionOf(name)}`;
  const peers = await Promise.all(
    ['zod', '@modelcontextprotocol/sdk', 'eslint', 'typescript-eslint', 'typescript'].map(at),
  );
  project = await installProject('agent-contract-tools', [tarball, ...peers]);
  await rm(dirname(tarball), { recursive: true, force: true });
}, 240_000);

afterAll(async () => {
  if (project !== undefined) await rm(project, { recursive: true, force: true });
});

describe('every entry point, from CommonJS', () => {
  it('require() gives what import gives: the namespace, and the plugin object for the ESLint plugin', async () => {
    await writeFile(
      join(project, 'entries.cjs'),
      [
        `const entries = ${JSON.stringify(ENTRIES)};`,
        '(async () => {',
        '  const found = {};',
        '  for (const entry of entries) {',
        '    const required = require(entry);',
        '    const imported = await import(entry);',
        "    const expected = entry.endsWith('/eslint-plugin') ? imported.default : imported;",
        '    const keys = Object.keys(expected);',
        '    found[entry] = {',
        '      same: expected === required || (keys.length > 0 && keys.every((key) => required[key] === expected[key])),',
        "      keys: keys.filter((key) => key !== '__esModule').length,",
        '    };',
        '  }',
        "  const plugin = require('agent-contract/eslint-plugin');",
        '  found.plugin = { configs: Object.keys(plugin.configs ?? {}).sort(), rules: Object.keys(plugin.rules ?? {}).length };',
        '  console.log(JSON.stringify(found));',
        '})();',
        '',
      ].join('\n'),
    );
    const found = JSON.parse(await command(process.execPath, ['entries.cjs'], project)) as Record<
      string,
      { same: boolean; keys: number }
    > & {
      plugin: { configs: string[]; rules: number };
    };
    for (const entry of ENTRIES) {
      expect(found[entry]?.same, entry).toBe(true);
      expect(found[entry]?.keys, entry).toBeGreaterThan(0);
    }
    expect(found.plugin.configs).toEqual(['all', 'recommended', 'recommended-type-checked', 'strict', 'tests']);
    expect(found.plugin.rules).toBeGreaterThan(0);
  });

  it('an eslint.config.cjs that requires the plugin lints with its configs', async () => {
    await writeFile(
      join(project, 'eslint.config.cjs'),
      [
        "const tseslint = require('typescript-eslint');",
        "const agentContract = require('agent-contract/eslint-plugin');",
        'module.exports = [{ files: ["**/*.ts"], languageOptions: { parser: tseslint.parser } }, agentContract.configs.recommended];',
        '',
      ].join('\n'),
    );
    await mkdir(join(project, 'lint'), { recursive: true });
    await writeFile(
      join(project, 'lint', 'tools.ts'),
      "import { z } from 'zod';\n\nexport const input = { ticketId: z.union([z.string(), z.number()]) };\n",
    );
    const eslint = join(project, 'node_modules', 'eslint', 'bin', 'eslint.js');
    const linted = await runCommand(process.execPath, [eslint, '--format', 'json', 'lint/tools.ts'], project);
    expect(linted.stderr).toBe('');
    const report = linted.stdout;
    const [file] = JSON.parse(report) as { messages: { ruleId: string | null; line: number }[] }[];
    expect(file?.messages.map((message) => [message.ruleId, message.line])).toEqual([
      ['agent-contract/no-id-union', 3],
    ]);
  });
});

describe('every entry point, from TypeScript', () => {
  const source = [
    "import { z } from 'zod';",
    "import { guardId } from 'agent-contract';",
    "import agentContract from 'agent-contract/eslint-plugin';",
    "import { runLiteralConsumer } from 'agent-contract/testing';",
    "import { diffContracts } from 'agent-contract/contract';",
    '',
    'export const ticketId: string = guardId(z.string().min(1)).parse(47);',
    'export const recommended: object = agentContract.configs.recommended;',
    'export const consumer: (options: Parameters<typeof runLiteralConsumer>[0]) => Promise<unknown> = runLiteralConsumer;',
    'export const diff: typeof diffContracts = diffContracts;',
    // Each line fails only while the name has its real type; a module without types would make every name `any`.
    '// @ts-expect-error guardId takes a schema',
    'guardId(47);',
    '// @ts-expect-error the plugin has no such config',
    'agentContract.configs.everything;',
    '// @ts-expect-error runLiteralConsumer takes options',
    'runLiteralConsumer();',
    '// @ts-expect-error diffContracts takes two contracts',
    'diffContracts();',
    '',
  ].join('\n');

  const settings = {
    node: { module: 'esnext', moduleResolution: 'node', ignoreDeprecations: '6.0' },
    node16: { module: 'node16', moduleResolution: 'node16' },
    nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
    bundler: { module: 'esnext', moduleResolution: 'bundler' },
  } as const;

  for (const [name, options] of Object.entries(settings)) {
    it(`type-checks an import of each entry with "moduleResolution": "${options.moduleResolution}"`, async () => {
      const folder = join(project, `types-${name}`);
      await mkdir(folder, { recursive: true });
      await writeFile(join(folder, 'entries.ts'), source);
      const compilerOptions = {
        ...options,
        target: 'es2022',
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        types: [],
        lib: ['es2023'],
      };
      await writeFile(
        join(folder, 'tsconfig.json'),
        `${JSON.stringify({ compilerOptions, files: ['entries.ts'] }, null, 2)}\n`,
      );
      const tsc = join(project, 'node_modules', 'typescript', 'bin', 'tsc');
      await expect(command(process.execPath, [tsc, '-p', join(folder, 'tsconfig.json')], folder)).resolves.toBe('');
    });
  }
});

describe('a walk-through of the tools, on a server on MCP SDK v1 and zod 4', () => {
  // Each step as the docs give it, in a folder of the installed project (no package.json of its own, so npx finds
  // the project's bins and Node its "type": "module"): lint with the recommended config, audit, codemod guard-ids,
  // audit again, build, contract snapshot, and the kit in a node:test test.
  const SERVER = [
    "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
    "import { z } from 'zod';",
    '',
    'export function createServer(): McpServer {',
    "  const server = new McpServer({ name: 'tickets', version: '1.0.0' });",
    "  server.registerTool('create_ticket', { inputSchema: { subject: z.string().min(1) } }, async ({ subject }) => {",
    '    const ticket: { ticketId: number; subject: string } = { ticketId: 47, subject };',
    "    return { content: [{ type: 'text', text: JSON.stringify(ticket) }], structuredContent: ticket };",
    '  });',
    "  server.registerTool('get_ticket', { inputSchema: { ticketId: z.string().min(1) } }, async ({ ticketId }) => ({",
    "    content: [{ type: 'text', text: `ticket ${ticketId}` }],",
    '  }));',
    '  return server;',
    '}',
    '',
  ].join('\n');
  const MAIN = [
    "import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';",
    "import { createServer } from './server.js';",
    '',
    'await createServer().connect(new StdioServerTransport());',
    '',
  ].join('\n');
  const ESLINT_CONFIG = [
    "import tseslint from 'typescript-eslint';",
    "import agentContract from 'agent-contract/eslint-plugin';",
    '',
    'export default [',
    "  { ignores: ['dist/'] },",
    '  ...tseslint.configs.recommended,',
    '  agentContract.configs.recommended,',
    '  agentContract.configs.tests,',
    '];',
    '',
  ].join('\n');
  const KIT_TEST = [
    "import { test } from 'node:test';",
    "import assert from 'node:assert/strict';",
    "import { connectInMemory, runLiteralConsumer } from 'agent-contract/testing';",
    "import { createServer } from '../dist/server.js';",
    '',
    "test('every id chain holds for a literal consumer', async () => {",
    '  const { client, close } = await connectInMemory(createServer());',
    "  const report = await runLiteralConsumer({ client, samples: { tools: { create_ticket: { subject: 'Printer on fire' } } } });",
    '  await close();',
    '  assert.equal(report.verdicts.broken, 0);',
    '  assert.equal(report.verdicts.tolerated, 1);',
    '});',
    '',
  ].join('\n');
  const TSCONFIG = {
    ...SERVER_TSCONFIG,
    compilerOptions: { ...SERVER_TSCONFIG.compilerOptions, rootDir: 'src', outDir: 'dist' },
  };
  // The bins `npx eslint`, `npx agent-contract` and `npx tsc` run, started with node directly (npx adds a second each).
  const bin = (name: string) =>
    ({
      eslint: join(project, 'node_modules/eslint/bin/eslint.js'),
      'agent-contract': join(project, 'node_modules/agent-contract/dist/cli/main.js'),
      tsc: join(project, 'node_modules/typescript/bin/tsc'),
    })[name] as string;
  const npx = (args: readonly [string, ...string[]]) => [bin(args[0]), ...args.slice(1)];
  let walk: string;

  beforeAll(async () => {
    walk = join(project, 'walk');
    await mkdir(join(walk, 'src'), { recursive: true });
    await mkdir(join(walk, 'test'), { recursive: true });
    await writeFile(join(walk, 'src/server.ts'), SERVER);
    await writeFile(join(walk, 'src/main.ts'), MAIN);
    await writeFile(join(walk, 'tsconfig.json'), `${JSON.stringify(TSCONFIG, null, 2)}\n`);
    await writeFile(join(walk, 'eslint.config.js'), ESLINT_CONFIG);
    await writeFile(join(walk, 'test/chains.test.js'), KIT_TEST);
  });

  it('lints, audits, guards the ids, snapshots the contract and runs the kit', async () => {
    const lint = await runCommand(process.execPath, npx(['eslint', '.']), walk);
    expect(lint, 'npx eslint .').toMatchObject({ code: 0, stdout: '', stderr: '' });
    const config = JSON.parse(
      await command(process.execPath, npx(['eslint', '--print-config', 'src/server.ts']), walk),
    ) as {
      rules: Record<string, unknown>;
    };
    expect(Object.keys(config.rules)).toContain('agent-contract/no-id-union');

    const before = await runCommand(process.execPath, npx(['agent-contract', 'audit']), walk);
    expect(before.stdout).toContain('Verdict: 1 broken chain of 1.');
    expect(before.code, before.stderr).toBe(1);

    const codemod = await runCommand(process.execPath, npx(['agent-contract', 'codemod', 'guard-ids', 'src']), walk);
    expect(codemod.code, codemod.stderr).toBe(0);
    expect(codemod.stdout).toContain('Wrote 1 file');
    const guarded = await readFile(join(walk, 'src/server.ts'), 'utf8');
    expect(guarded).toContain("import { guardId } from 'agent-contract';");
    expect(guarded).toContain('inputSchema: { ticketId: guardId(z.string().min(1)) }');

    const after = await runCommand(process.execPath, npx(['agent-contract', 'audit']), walk);
    expect(after.stdout).toContain('Verdict: no broken chain among 1 chain (1 tolerated).');
    expect(after.code, after.stderr).toBe(0);

    await command(process.execPath, npx(['tsc', '-p', '.']), walk);
    const snapshot = await runCommand(
      process.execPath,
      npx(['agent-contract', 'contract', 'snapshot', '--', 'node', 'dist/main.js']),
      walk,
    );
    expect(snapshot.code, snapshot.stderr).toBe(0);
    const contract = JSON.parse(await readFile(join(walk, 'mcp-contract.json'), 'utf8')) as {
      tools: { name: string; inputSchema: { properties: Record<string, unknown> } }[];
    };
    expect(contract.tools.map((tool) => tool.name)).toEqual(['create_ticket', 'get_ticket']);
    expect(contract.tools[1]?.inputSchema.properties['ticketId']).toEqual({ type: 'string', minLength: 1 });

    const kit = await runCommand(process.execPath, ['--test', 'test/'], walk);
    expect(kit.code, kit.stdout).toBe(0);
    expect(kit.stdout).toContain('# pass 1');
  }, 120_000);
});
