/**
 * `codemod guard-ids --helper local[=path]` on small real projects in a temp folder (their node_modules the
 * repository's): the helper module it writes, in the project's Zod flavour and style, the files it rewrites to import
 * it, the project's own tsc on the result, the audit and the lint rules reading the guarded fields, a second run that
 * changes nothing, and the refusals that write nothing.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { guardIds } from '../../../codemods/guard-ids.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import plugin from '../../../eslint-plugin/index.ts';
import { audit } from '../../../src/audit/audit.ts';
import { type CodemodCommandOptions, runCodemodCommand } from '../../../src/cli/codemod.ts';
import { nodeFileSystem } from '../../../src/files/write-atomic.ts';
import { repoRoot } from '../../support/run-cli.ts';
import { commitAll, makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';

afterAll(removeTempTrees);

const run = promisify(execFile);

interface Project {
  /** How the project imports Zod, its quotes and semicolons, and how relative imports end. */
  readonly zod: string;
  readonly quote: "'" | '"';
  readonly semicolon: boolean;
  readonly extension: '.js' | '';
  readonly moduleResolution: 'nodenext' | 'bundler';
}

/** A two-tool server: list_tickets emits numeric ids, get_ticket takes one as a plain string in another folder. */
function projectFiles(project: Project): Record<string, string> {
  const q = project.quote;
  const end = project.semicolon ? ';' : '';
  const zodImport = project.zod.includes('mini')
    ? `import * as z from ${q}${project.zod}${q}`
    : `import { z } from ${q}${project.zod}${q}`;
  const min = project.zod.includes('mini') ? 'z.string().check(z.minLength(1))' : 'z.string().min(1)';
  return {
    'package.json': JSON.stringify({ name: 'helper-fixture', private: true, type: 'module' }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        target: 'es2022',
        module: project.moduleResolution === 'nodenext' ? 'nodenext' : 'esnext',
        moduleResolution: project.moduleResolution,
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
      },
      include: ['src'],
    }),
    'src/server.ts': [
      `import { McpServer } from ${q}@modelcontextprotocol/sdk/server/mcp.js${q}${end}`,
      `${zodImport}${end}`,
      `import { registerTicketTools } from ${q}./tools/tickets${project.extension}${q}${end}`,
      '',
      'export function createServer(): McpServer {',
      `  const server = new McpServer({ name: ${q}helpdesk${q}, version: ${q}1.0.0${q} })${end}`,
      '  server.registerTool(',
      `    ${q}list_tickets${q},`,
      '    { outputSchema: { tickets: z.array(z.object({ id: z.number(), title: z.string() })) } },',
      `    async () => ({ content: [], structuredContent: { tickets: [{ id: 47, title: ${q}Printer${q} }] } }),`,
      `  )${end}`,
      `  registerTicketTools(server)${end}`,
      `  return server${end}`,
      '}',
      '',
    ].join('\n'),
    'src/tools/tickets.ts': [
      `import type { McpServer } from ${q}@modelcontextprotocol/sdk/server/mcp.js${q}${end}`,
      `${zodImport}${end}`,
      '',
      'export function registerTicketTools(server: McpServer): void {',
      '  server.registerTool(',
      `    ${q}get_ticket${q},`,
      `    { inputSchema: { ticketId: ${min} } },`,
      `    async ({ ticketId }) => ({ content: [{ type: ${q}text${q}, text: ticketId }] }),`,
      `  )${end}`,
      '}',
      '',
    ].join('\n'),
  };
}

async function makeProject(project: Project, extra: Record<string, string> = {}): Promise<string> {
  const root = await makeTempTree({ ...projectFiles(project), ...extra });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  commitAll(root);
  return root;
}

interface JsonReport {
  readonly written: boolean;
  readonly summary: { readonly files: number; readonly changed: number; readonly created?: number };
  readonly files: readonly { path: string; status: string; created?: true; diff?: string }[];
}

/** `agent-contract codemod guard-ids src --json ...`, in-process. */
async function guardIdsIn(root: string, options: CodemodCommandOptions): Promise<{ code: number; report: JsonReport }> {
  let stdout = '';
  const code = await runCodemodCommand(
    'guard-ids',
    ['src'],
    { json: true, ...options },
    {
      registry: { 'guard-ids': guardIds },
      cwd: root,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
    },
  );
  return { code, report: JSON.parse(stdout) as JsonReport };
}

const read = (root: string, file: string): string => readFileSync(path.join(root, file), 'utf8');

/** The project's own tsc (node_modules/typescript/bin/tsc) on its tsconfig: its output, empty when it type-checks. */
async function tscOf(root: string): Promise<string> {
  try {
    await run(process.execPath, [path.join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', root]);
    return '';
  } catch (error) {
    return (error as { stdout?: string }).stdout ?? String(error);
  }
}

function lint(root: string, file: string): string[] {
  const linter = new Linter({ configType: 'flat', cwd: root });
  const config: Linter.Config[] = [
    {
      files: ['**/*.ts'],
      languageOptions: { parser: tsParser as Linter.Parser },
      plugins: { 'agent-contract': plugin as never },
      rules: { 'agent-contract/prefer-guarded-id': 'error', 'agent-contract/no-guarded-id-in-output': 'error' },
    },
  ];
  return linter
    .verify(read(root, file), config, path.join(root, file))
    .map((message) => `${message.line} ${message.ruleId}`);
}

const NUMBER_GUARD_DOC = `/**
 * The mirror for a number id schema: an id sent as a string ("5812") reaches the inner schema as the number it
 * always got, and the published JSON Schema stays the inner schema's: agent-contract's guardNumberId.
 */`;

const HELPER_DOC = `/**
 * Wraps a string id schema so that a positive integer id (47) is accepted as its decimal string ("47"), while the
 * published JSON Schema stays byte-identical to the inner schema's: agent-contract's guardId, without a runtime
 * dependency on agent-contract. Keep .describe(), .min() and .regex() on the inner schema: a description on the
 * wrapper reorders the rendered keys.
 */`;

describe('guard-ids --helper local, zod 4 (`zod`), ESM with .js imports', () => {
  const project: Project = { zod: 'zod', quote: "'", semicolon: true, extension: '.js', moduleResolution: 'nodenext' };

  it('writes the helper in the common source folder, imports it by the project convention, and the project type-checks', async () => {
    const root = await makeProject(project);
    const { code, report } = await guardIdsIn(root, { helper: 'local' });
    expect(code).toBe(0);
    expect(report.summary).toMatchObject({ files: 2, changed: 1, created: 1 });
    expect(
      report.files.map((file) => `${file.status}${file.created === true ? ' (created)' : ''} ${file.path}`),
    ).toEqual([
      'changed (created) src/agent-contract-guard.ts',
      'unchanged src/server.ts',
      'changed src/tools/tickets.ts',
    ]);
    expect(read(root, 'src/agent-contract-guard.ts'))
      .toBe(`// Written by \`agent-contract codemod guard-ids --helper local\`.
import { z } from 'zod';

/** A positive safe integer becomes its decimal string; every other value reaches the inner schema as it is. */
function numericIdToString(value: unknown): unknown {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? String(value) : value;
}

/** A safe integer written as JSON writes it ("5812", "-7") becomes that number; every other value stays as it is. */
function decimalIdToNumber(value: unknown): unknown {
  if (typeof value !== 'string' || !/^(?:0|-?[1-9]\\d*)$/.test(value)) return value;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : value;
}

${HELPER_DOC}
export function guardId<Inner extends z.ZodType<string | null | undefined, unknown>>(
  inner: Inner,
): z.ZodPipe<z.ZodTransform<unknown, unknown>, Inner> {
  return z.pipe<z.ZodTransform<unknown, unknown>, Inner>(z.transform(numericIdToString), inner);
}

${NUMBER_GUARD_DOC}
export function guardNumberId<Inner extends z.ZodType<number | null | undefined, unknown>>(
  inner: Inner,
): z.ZodPipe<z.ZodTransform<unknown, unknown>, Inner> {
  return z.pipe<z.ZodTransform<unknown, unknown>, Inner>(z.transform(decimalIdToNumber), inner);
}
`);
    expect(read(root, 'src/tools/tickets.ts'))
      .toBe(`import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import { guardId } from '../agent-contract-guard.js';

export function registerTicketTools(server: McpServer): void {
  server.registerTool(
    'get_ticket',
    { inputSchema: { ticketId: guardId(z.string().min(1)) } },
    async ({ ticketId }) => ({ content: [{ type: 'text', text: ticketId }] }),
  );
}
`);
    expect(await tscOf(root)).toBe('');

    // The audit and the lint rules read the local helper as the guard.
    const chains = audit(root).report.chains.map(
      (chain) => `${chain.from.tool} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
    );
    expect(chains).toEqual(['list_tickets -> get_ticket.ticketId: tolerated']);
    expect(lint(root, 'src/tools/tickets.ts')).toEqual([]);
    expect(lint(root, 'src/agent-contract-guard.ts')).toEqual([]);

    // A second run, with the flag or without, changes nothing and leaves the helper as it is.
    commitAll(root);
    const helper = read(root, 'src/agent-contract-guard.ts');
    for (const options of [{ helper: 'local' }, {}]) {
      const again = await guardIdsIn(root, options);
      expect(again.code).toBe(0);
      expect(again.report.summary).toMatchObject({ changed: 0 });
      expect(again.report.summary.created).toBeUndefined();
    }
    expect(read(root, 'src/agent-contract-guard.ts')).toBe(helper);
  });

  it('before the run, the audit finds the chain broken and the lint rule reports the field', async () => {
    const root = await makeProject(project);
    expect(audit(root).report.chains.map((chain) => chain.status)).toEqual(['broken']);
    expect(lint(root, 'src/tools/tickets.ts')).toEqual(['7 agent-contract/prefer-guarded-id']);
  });

  it('--dry writes nothing and shows the helper as a new file', async () => {
    const root = await makeProject(project);
    const { code, report } = await guardIdsIn(root, { helper: 'local', dry: true });
    expect(code).toBe(0);
    expect(report.written).toBe(false);
    expect(existsSync(path.join(root, 'src/agent-contract-guard.ts'))).toBe(false);
    expect(read(root, 'src/tools/tickets.ts')).toBe(projectFiles(project)['src/tools/tickets.ts']);
    expect(report.files[0]?.diff).toMatch(
      /^--- src\/agent-contract-guard\.ts\n\+\+\+ src\/agent-contract-guard\.ts\n@@ -0,0 \+1,36 @@\n\+\/\/ Written by/,
    );
  });

  it('--helper local=<folder> puts the helper there; a project with nothing to change gets no helper', async () => {
    const root = await makeProject(project, { 'src/lib/.keep': '' });
    const { code } = await guardIdsIn(root, { helper: 'local=src/lib/' });
    expect(code).toBe(0);
    expect(read(root, 'src/tools/tickets.ts')).toContain("import { guardId } from '../lib/agent-contract-guard.js';");
    expect(existsSync(path.join(root, 'src/lib/agent-contract-guard.ts'))).toBe(true);
    expect(await tscOf(root)).toBe('');

    const untouched = await makeTempTree({ 'src/a.ts': "import { z } from 'zod';\nexport const A = z.string();\n" });
    const none = await guardIdsIn(untouched, { helper: 'local', force: true });
    expect(none.report.summary).toMatchObject({ changed: 0 });
    expect(existsSync(path.join(untouched, 'src/agent-contract-guard.ts'))).toBe(false);
  });
});

describe('guard-ids --helper local, zod 3 (`zod/v3`), bundler resolution, double quotes, no semicolons', () => {
  const project: Project = { zod: 'zod/v3', quote: '"', semicolon: false, extension: '', moduleResolution: 'bundler' };

  it('writes the zod 3 preprocess in the project style; the project type-checks and the audit reads the field as tolerated', async () => {
    const root = await makeProject(project);
    expect((await guardIdsIn(root, { helper: 'local' })).code).toBe(0);
    expect(read(root, 'src/agent-contract-guard.ts'))
      .toBe(`// Written by \`agent-contract codemod guard-ids --helper local\`.
import { z } from "zod/v3"

/** A positive safe integer becomes its decimal string; every other value reaches the inner schema as it is. */
function numericIdToString(value: unknown): unknown {
  return typeof value === "number" && Number.isSafeInteger(value) && value > 0 ? String(value) : value
}

/** A safe integer written as JSON writes it ("5812", "-7") becomes that number; every other value stays as it is. */
function decimalIdToNumber(value: unknown): unknown {
  if (typeof value !== "string" || !/^(?:0|-?[1-9]\\d*)$/.test(value)) return value
  const id = Number(value)
  return Number.isSafeInteger(id) ? id : value
}

${HELPER_DOC}
export function guardId<Inner extends z.ZodType<string | null | undefined, z.ZodTypeDef, unknown>>(
  inner: Inner,
): z.ZodEffects<Inner, z.output<Inner>, unknown> {
  return z.preprocess(numericIdToString, inner)
}

${NUMBER_GUARD_DOC}
export function guardNumberId<Inner extends z.ZodType<number | null | undefined, z.ZodTypeDef, unknown>>(
  inner: Inner,
): z.ZodEffects<Inner, z.output<Inner>, unknown> {
  return z.preprocess(decimalIdToNumber, inner)
}
`);
    expect(read(root, 'src/tools/tickets.ts')).toContain('import { guardId } from "../agent-contract-guard"\n');
    expect(read(root, 'src/tools/tickets.ts')).toContain('{ inputSchema: { ticketId: guardId(z.string().min(1)) } },');
    expect(await tscOf(root)).toBe('');
    expect(audit(root).report.chains.map((chain) => chain.status)).toEqual(['tolerated']);
    expect(lint(root, 'src/tools/tickets.ts')).toEqual([]);
  });
});

describe('guard-ids --helper local, zod mini', () => {
  it('writes the pipe of zod mini; the project type-checks', async () => {
    const root = await makeProject({
      zod: 'zod/mini',
      quote: "'",
      semicolon: true,
      extension: '.js',
      moduleResolution: 'nodenext',
    });
    expect((await guardIdsIn(root, { helper: 'local' })).code).toBe(0);
    const helper = read(root, 'src/agent-contract-guard.ts');
    expect(helper).toContain("import { z } from 'zod/mini';\n");
    expect(helper).toContain(
      '): z.ZodMiniPipe<z.ZodMiniTransform<unknown, unknown>, Inner> {\n  return z.pipe<z.ZodMiniTransform<unknown, unknown>, Inner>(z.transform(numericIdToString), inner);\n}\n',
    );
    expect(read(root, 'src/tools/tickets.ts')).toContain('ticketId: guardId(z.string().check(z.minLength(1)))');
    expect(await tscOf(root)).toBe('');
  });
});

describe('guard-ids --helper local refuses, in one line, and writes nothing', () => {
  const project: Project = { zod: 'zod', quote: "'", semicolon: true, extension: '.js', moduleResolution: 'nodenext' };

  it('when the helper path holds a file it did not write', async () => {
    const own = "export { guardId } from 'agent-contract';\n";
    const root = await makeProject(project, { 'src/agent-contract-guard.ts': own });
    await expect(guardIdsIn(root, { helper: 'local' })).rejects.toThrow(
      /^src\/agent-contract-guard\.ts: exists and is not a helper guard-ids --helper local wrote, so it is left alone; move it away, or name another folder with --helper local=<folder>$/,
    );
    expect(read(root, 'src/agent-contract-guard.ts')).toBe(own);
    expect(read(root, 'src/tools/tickets.ts')).toBe(projectFiles(project)['src/tools/tickets.ts']);
  });

  it('when the path names another file name, a folder that does not exist, or the flag is misspelt', async () => {
    const root = await makeProject(project);
    await expect(guardIdsIn(root, { helper: 'local=src/guard.ts' })).rejects.toThrow(
      /^src\/guard\.ts: the helper must be named agent-contract-guard\.ts \(or \.mts, \.cts\), the name the audit, the lint rules and guard-ids recognise as the guard; name a folder or such a file$/,
    );
    await expect(guardIdsIn(root, { helper: 'local=src/lib/' })).rejects.toThrow(
      /^src\/lib\/agent-contract-guard\.ts: its folder does not exist; create it first or name another folder$/,
    );
    await expect(guardIdsIn(root, { helper: 'global' })).rejects.toThrow(
      "--helper takes local or local=<path>, not 'global', e.g. --helper local=src/agent-contract-guard.ts",
    );
    await expect(guardIdsIn(root, { helper: 'local', importFrom: '#guard' })).rejects.toThrow(
      '--helper local and --import-from both say where guardId comes from; pass one of them',
    );
    expect(read(root, 'src/tools/tickets.ts')).toBe(projectFiles(project)['src/tools/tickets.ts']);
  });

  it('when the helper cannot be created, no file that would import it is written', async () => {
    const root = await makeProject(project);
    const report = await runCodemod({
      codemod: guardIds,
      options: { helper: {} },
      targets: ['src'],
      cwd: root,
      write: true,
      fileSystem: {
        ...nodeFileSystem,
        writeFile: async (file, data, options) => {
          if (path.basename(file).includes('agent-contract-guard'))
            throw Object.assign(new Error('no space left on device'), { code: 'ENOSPC' });
          return nodeFileSystem.writeFile(file, data, options);
        },
      },
    });
    expect(
      report.files.map((file) => `${file.status} ${path.relative(root, file.path)}: ${file.error?.message ?? ''}`),
    ).toEqual([
      expect.stringMatching(/^error src\/agent-contract-guard\.ts: not created: /),
      'unchanged src/server.ts: ',
      'error src/tools/tickets.ts: not written: it would import src/agent-contract-guard.ts, which could not be created (see its error)',
    ]);
    expect(existsSync(path.join(root, 'src/agent-contract-guard.ts'))).toBe(false);
    expect(read(root, 'src/tools/tickets.ts')).toBe(projectFiles(project)['src/tools/tickets.ts']);
  });

  it('when the project imports two Zod flavours one helper cannot type', async () => {
    const root = await makeProject(project, {
      'src/legacy.ts': "import { z } from 'zod/v3';\nexport const Legacy = z.object({ note: z.string() });\n",
    });
    await expect(guardIdsIn(root, { helper: 'local' })).rejects.toThrow(
      "the project imports Zod as 'zod/v3' and as 'zod', and one local helper cannot type both; run guard-ids on each part with its own --helper local=<folder>, or import guardId from agent-contract",
    );
  });
});
