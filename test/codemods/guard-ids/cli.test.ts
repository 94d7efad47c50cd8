import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { dispositions } from '../../../codemods/dispositions.ts';
import { guardIds, guardIdsTransform } from '../../../codemods/guard-ids.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { type CodemodCommandOptions, runCodemodCommand } from '../../../src/cli/codemod.ts';
import { makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';

afterAll(removeTempTrees);

/** `agent-contract codemod guard-ids`, in-process: the JSON report, parsed. */
async function runGuardIds(
  cwd: string,
  paths: string[],
  options: CodemodCommandOptions = {},
): Promise<{ code: number; report: JsonReport }> {
  let stdout = '';
  const code = await runCodemodCommand(
    'guard-ids',
    paths,
    { json: true, ...options },
    {
      registry: { 'guard-ids': guardIds },
      cwd,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
    },
  );
  return { code, report: JSON.parse(stdout) as JsonReport };
}

interface JsonReport {
  readonly summary: { readonly changed: number; readonly needsReview: number };
  readonly files: readonly {
    path: string;
    status: string;
    needsReview: boolean;
    output?: string;
    notes: { kind: string; line: number; message: string }[];
  }[];
}

function fileOf(report: JsonReport, relative: string) {
  const found = report.files.find((file) => file.path === relative);
  if (found === undefined)
    throw new Error(`${relative} is not in the report: ${report.files.map((file) => file.path).join(', ')}`);
  return found;
}

const schemas = `import { z } from 'zod';

export const GetTicketSchema = z.object({ ticketId: z.string() });
export const TicketSchema = z.object({ ticketId: z.string() });
export const LabelSchema = z.object({ labelId: z.string() });
`;

const tools = (from: string): string => `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { GetTicketSchema, LabelSchema, TicketSchema } from '${from}';

export function register(server: McpServer): void {
  server.registerTool('get_ticket', { inputSchema: GetTicketSchema.shape, outputSchema: TicketSchema.shape }, async () => ({ content: [] }));
  server.registerTool('label', { inputSchema: LabelSchema.shape, outputSchema: LabelSchema.shape }, async () => ({ content: [] }));
}
`;

const guardedSchemas = `import { z } from 'zod';
import { guardId } from 'agent-contract';

export const GetTicketSchema = z.object({ ticketId: guardId(z.string()) });
export const TicketSchema = z.object({ ticketId: z.string() });
export const LabelSchema = z.object({ labelId: z.string() });
`;

const tsconfig = JSON.stringify({
  compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, noEmit: true },
  include: ['src'],
});

describe('guard-ids across files: a schema module judged by the files that use it', () => {
  it('one file at a time, with no project, guards an exported schema that another file uses as an outputSchema', () => {
    // What the pure transform does without the runner's facts: TicketSchema looks like a plain object.
    expect(guardIdsTransform(schemas, '/p/src/schemas.ts')).toContain(
      'export const TicketSchema = z.object({ ticketId: guardId(z.string()) });',
    );
  });

  it('on a folder, leaves the outputSchema alone, guards the input, and asks for a review of the schema used as both', async () => {
    const root = await makeTempTree({ 'src/schemas.ts': schemas, 'src/tools.ts': tools('./schemas.js') });
    const { report } = await runGuardIds(root, ['src'], { print: true });
    const file = fileOf(report, 'src/schemas.ts');
    expect(file.output).toBe(guardedSchemas);
    expect(file.needsReview).toBe(true);
    expect(file.notes.map((note) => `${note.line} ${note.kind}: ${note.message}`)).toEqual([
      '5 needs-review: LabelSchema is used as a tool input (tools.ts:6:47) and as an output (tools.ts:6:80), so its ids are left alone: a guarded id in an output schema lets the server emit numbers that clients reject. Declare the input as its own z.object({...}) under an ...Args name, register that, and run the codemod again.',
    ]);
    expect(fileOf(report, 'src/tools.ts').status).toBe('skipped');
  });

  it('named on its own, a schema module is judged by the files of the tsconfig around it', async () => {
    const root = await makeTempTree({
      'tsconfig.json': tsconfig,
      'src/schemas.ts': schemas,
      'src/tools/get-ticket.ts': tools('../schemas.js'),
    });
    const { report } = await runGuardIds(root, ['src/schemas.ts'], { print: true });
    expect(report.files.map((file) => file.path)).toEqual(['src/schemas.ts']);
    expect(fileOf(report, 'src/schemas.ts').output).toBe(guardedSchemas);
  });

  it('follows re-exports (export * from, export { A as B } from), namespace imports and tsconfig paths aliases', async () => {
    const root = await makeTempTree({
      'tsconfig.json': JSON.stringify({
        compilerOptions: { module: 'esnext', moduleResolution: 'bundler', baseUrl: '.', paths: { '@/*': ['src/*'] } },
        include: ['src'],
      }),
      'src/schemas/tickets.ts': schemas,
      'src/schemas/index.ts': "export * from './tickets';\nexport { TicketSchema as TicketOut } from './tickets';\n",
      'src/tools/a.ts': tools('@/schemas'),
      'src/tools/b.ts':
        "import * as s from '../schemas';\nimport { TicketOut } from '@/schemas';\nexport const x = { outputSchema: s.GetTicketSchema, y: TicketOut };\n",
    });
    const { report } = await runGuardIds(root, ['tsconfig.json'], { print: true });
    const output = fileOf(report, 'src/schemas/tickets.ts').output;
    // GetTicketSchema is an input in a.ts and an output in b.ts: both, so left alone too.
    expect(output).toBeUndefined();
    expect(fileOf(report, 'src/schemas/tickets.ts').notes.map((note) => note.message.split(' is used as')[0])).toEqual([
      'GetTicketSchema',
      'LabelSchema',
    ]);
  });

  it('counts a schema whose parsed value a function returns as an output', async () => {
    const root = await makeTempTree({
      'src/schemas.ts': schemas,
      'src/api.ts':
        "import { TicketSchema, GetTicketSchema } from './schemas.js';\nexport async function load(): Promise<unknown> {\n  const data: unknown = await fetch('x');\n  GetTicketSchema.parse(data);\n  return TicketSchema.parse(data);\n}\n",
    });
    const { report } = await runGuardIds(root, ['src'], { print: true });
    // GetTicketSchema is only parsed, never returned: no role, so it stays a plain object and is guarded.
    expect(fileOf(report, 'src/schemas.ts').output).toBe(
      guardedSchemas.replace('labelId: z.string()', 'labelId: guardId(z.string())'),
    );
  });

  it('counts a schema that parses an upstream response in another file as an output', async () => {
    const root = await makeTempTree({
      'src/schemas.ts': schemas,
      'src/api.ts':
        "import { TicketSchema, GetTicketSchema } from './schemas.js';\nexport async function load(res: Response, data: unknown): Promise<number> {\n  GetTicketSchema.parse(data);\n  const tickets = [TicketSchema.parse(await res.json())];\n  return tickets.length;\n}\n",
    });
    const { report } = await runGuardIds(root, ['src'], { print: true });
    // TicketSchema's value never leaves the function, but what it parses is a fetched body: an output all the same.
    expect(fileOf(report, 'src/schemas.ts').output).toBe(
      guardedSchemas.replace('labelId: z.string()', 'labelId: guardId(z.string())'),
    );
  });

  it('does not count a test that parses values in arrows as an emitter', async () => {
    const root = await makeTempTree({
      'src/schemas.ts': schemas,
      'src/tools.ts': tools('./schemas.js'),
      'test/schemas.test.ts':
        "import { GetTicketSchema } from '../src/schemas.js';\nexport const parse = (value: unknown) => GetTicketSchema.parse(value);\n",
    });
    const { report } = await runGuardIds(root, ['src', 'test'], { print: true });
    expect(fileOf(report, 'src/schemas.ts').output).toBe(guardedSchemas);
  });

  it('reads every other file of the run once, and parses only those that import a schema name', async () => {
    const root = await makeTempTree({
      'src/schemas.ts': schemas,
      'src/tools.ts': tools('./schemas.js'),
      'src/util.ts': "import { readFile } from 'node:fs';\nexport const r = readFile;\n",
    });
    const report = await runCodemod({
      codemod: guardIds,
      options: {},
      cwd: root,
      targets: ['src'],
      write: true,
      force: true,
    });
    expect(report.summary).toMatchObject({ files: 3, changed: 1, skipped: 2, needsReview: 1 });
    expect(await readFile(path.join(root, 'src/schemas.ts'), 'utf8')).toBe(guardedSchemas);
    // A second run over the result: nothing left to do.
    const again = await runCodemod({ codemod: guardIds, options: {}, cwd: root, targets: ['src'], write: true });
    expect(again.summary).toMatchObject({ changed: 0, needsReview: 1 });
  });
});

describe('guard-ids --import-from', () => {
  const tool = "import { z } from 'zod';\nexport const GetTicketArgs = z.object({ ticketId: z.string() });\n";

  it('takes ./ and ../ paths from where the command runs, and writes each file its own relative import', async () => {
    const root = await makeTempTree({
      'src/lib/guard.ts': "export { guardId } from 'agent-contract';\n",
      'src/tools/a.ts': tool,
      'src/b.ts': tool,
    });
    const { report } = await runGuardIds(root, ['src'], { print: true, importFrom: './src/lib/guard.ts' });
    expect(fileOf(report, 'src/tools/a.ts').output).toContain("import { guardId } from '../lib/guard.ts';\n");
    expect(fileOf(report, 'src/b.ts').output).toContain("import { guardId } from './lib/guard.ts';\n");
    const fromSrc = await runGuardIds(path.join(root, 'src'), ['tools'], {
      print: true,
      importFrom: '../src/lib/guard.ts',
    });
    expect(fileOf(fromSrc.report, 'tools/a.ts').output).toContain("import { guardId } from '../lib/guard.ts';\n");
  });

  it('writes a bare or aliased specifier as given', async () => {
    const root = await makeTempTree({ 'src/tools/a.ts': tool });
    const { report } = await runGuardIds(root, ['src'], { print: true, importFrom: '#lib/guard' });
    expect(fileOf(report, 'src/tools/a.ts').output).toContain("import { guardId } from '#lib/guard';\n");
  });
});

describe('guard-ids --number-ids', () => {
  const server = `import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';

export function register(server: McpServer): void {
  server.registerTool('create_item', { inputSchema: { boardId: z.number().int(), title: z.string() } }, async () => ({
    content: [],
  }));
}
`;

  it('guards a number id no emitter is seen to feed a string only with the flag, and names the flag without it', async () => {
    const root = await makeTempTree({ 'src/server.ts': server });
    const without = await runGuardIds(root, ['src'], { print: true });
    expect(fileOf(without.report, 'src/server.ts').output).toBeUndefined();
    expect(fileOf(without.report, 'src/server.ts').notes.map((note) => note.message)).toEqual([
      'boardId accepts numbers only (z.number().int()); no tool is seen to emit it as a string, so it is left alone. A client that sends it as a string ("5812") is refused: --number-ids wraps it in guardNumberId(...), with the same published schema and the same number for the handler.',
    ]);
    const flagged = await runGuardIds(root, ['src'], { print: true, numberIds: true });
    const output = fileOf(flagged.report, 'src/server.ts').output;
    expect(output).toContain("import { guardNumberId } from 'agent-contract';\n");
    expect(output).toContain('{ inputSchema: { boardId: guardNumberId(z.number().int()), title: z.string() } }');
  });

  it('is an option of guard-ids only', async () => {
    const root = await makeTempTree({ 'src/server.ts': server });
    await expect(
      runCodemodCommand('dispositions', ['src'], { numberIds: true }, { registry: { dispositions }, cwd: root }),
    ).rejects.toThrow('--number-ids is an option of guard-ids only, not of dispositions');
  });
});
