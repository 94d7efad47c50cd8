import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dispositions, dispositionsTransform } from '../../../codemods/dispositions.ts';
import { TypedFiles } from '../../../src/adapters/typescript/typed-files.ts';

const fixtures = fileURLToPath(new URL('./fixtures/', import.meta.url));
const typedFiles = new TypedFiles();
const options = { importFrom: '../../../../../src/index.ts', typedFiles };

function fixture(name: string): { inputPath: string; input: string; outputPath: string; output: string } {
  const inputPath = `${fixtures}${name}/input.ts`;
  const outputPath = `${fixtures}${name}/output.ts`;
  return { inputPath, input: readFileSync(inputPath, 'utf8'), outputPath, output: readFileSync(outputPath, 'utf8') };
}

const cases: [string, string[]][] = [
  [
    'register-tool-spread',
    [
      '14:20 needs-review list_tickets: `includeArchived` is published but the handler never reads it; written as warned in listTicketsDispositions: decide honored, warned or refused',
    ],
  ],
  [
    'server-tool-constant-name',
    [
      '12:5 needs-review WORK_TOOLS.capacity_write: `action` is published but the handler never reads it; written as warned in capacityWriteDispositions: decide honored, warned or refused',
    ],
  ],
  [
    'zod3-refined-const',
    [
      '6:11 needs-review export_report: `format` is published but the handler never reads it; written as warned in ReportDispositions: decide honored, warned or refused',
    ],
  ],
  // The table of an inline `z.object({...})` is wired through `offeredShape`, as a raw shape's is: left unused, it
  // fails `noUnusedLocals` (fruggr/zendesk-mcp-server@5339648, src/server.ts).
  ['inline-zod-object', []],
  // `addTool({ name, parameters, execute })` is read as a registration and as a tool object: one table, not two.
  [
    'fastmcp-add-tool',
    [
      '15:26 needs-review get_ticket: `verbose` is published but the handler never reads it; written as warned in getTicketDispositions: decide honored, warned or refused',
    ],
  ],
  [
    'shape-const',
    [
      '4:31 needs-review make_video: `webhook-url` is published but the handler never reads it; written as warned in makeVideoDispositions: decide honored, warned or refused',
    ],
  ],
];

describe('codemod dispositions', () => {
  it.each(cases)('%s: writes the table, wires it, and lists the fields nobody reads', (name, notes) => {
    const { inputPath, input, output } = fixture(name);
    const outcome = dispositions.analyse(input, inputPath, options);
    expect(outcome.output).toBe(output);
    expect(outcome.notes.map((note) => `${note.line}:${note.column} ${note.kind} ${note.message}`)).toEqual(notes);
  });

  it.each(cases.map(([name]) => name))('%s: a second run changes nothing', (name) => {
    const { outputPath, output } = fixture(name);
    const outcome = dispositions.analyse(output, outputPath, options);
    expect(outcome.output).toBeUndefined();
    expect(outcome.notes).toEqual([]);
  });

  it('leaves a tool without inputs alone: an empty shape has no field to decide', () => {
    const source = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      "const server = new McpServer({ name: 't', version: '1' });",
      "server.registerTool('list_tickets', { inputSchema: {} }, async () => ({ content: [] }));",
      "server.tool('ping', 'Ping.', {}, async () => ({ content: [] }));",
      "server.registerTool('get_ticket', { inputSchema: z.object({}) }, async () => ({ content: [] }));",
      'void z;',
      '',
    ].join('\n');
    expect(dispositionsTransform(source, `${fixtures}no-inputs.ts`, options)).toBeUndefined();
  });

  it('says nothing about a file without tool registrations', () => {
    expect(
      dispositionsTransform(
        "import { z } from 'zod';\nexport const a = z.object({ id: z.string() });\n",
        `${fixtures}none.ts`,
        options,
      ),
    ).toBeUndefined();
    expect(dispositions.mightMatch('export const x = 1;\n')).toBe(false);
  });

  it('reports, without writing, a handler that hands its input on whole', () => {
    const source = [
      "import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';",
      "import { z } from 'zod';",
      'declare const server: McpServer;',
      'declare function run(args: object): Promise<{ content: [] }>;',
      "server.registerTool('sync', { inputSchema: { since: z.string(), dryRun: z.boolean() } }, (args) => run(args));",
      '',
    ].join('\n');
    const outcome = dispositions.analyse(source, `${fixtures}whole.ts`, options);
    expect(outcome.output).toContain('  since: honored,\n  dryRun: honored,\n');
    expect(outcome.notes.map((note) => note.message)).toEqual([
      'sync: could not tell which fields the handler reads (the handler passes `args` on as a whole); every field is written honored in syncDispositions: review each decision',
    ]);
  });

  it('reads the parameter that receives the input, not the first one (`run(db, args)`), as the audit does', () => {
    const source = [
      "import { z } from 'zod';",
      'interface Db { get(id: string): unknown }',
      'declare function defineTool<S extends z.ZodRawShape>(tool: { name: string; inputShape: S; run(db: Db, args: z.output<z.ZodObject<S>>): unknown }): unknown;',
      'export const getTicket = defineTool({',
      "  name: 'get_ticket',",
      '  inputShape: { ticketId: z.string(), verbose: z.boolean().optional() },',
      '  run(db, args) {',
      '    return db.get(args.ticketId);',
      '  },',
      '});',
      '',
    ].join('\n');
    const outcome = dispositions.analyse(source, `${fixtures}run-db-args.ts`, options);
    expect(outcome.output).toContain('  ticketId: honored,\n');
    expect(outcome.output).toContain('  verbose: warned(');
    expect(outcome.notes.map((note) => note.message)).toEqual([
      'get_ticket: `verbose` is published but the handler never reads it; written as warned in getTicketDispositions: decide honored, warned or refused',
    ]);
  });

  it('throws a parse error naming the file, line and column', () => {
    expect(() =>
      dispositions.analyse(
        "import { z } from 'zod';\nserver.tool('x', { a: z.string( }, cb);\n",
        `${fixtures}broken.ts`,
        options,
      ),
    ).toThrow(/broken\.ts:2:\d+: /);
  });
});
