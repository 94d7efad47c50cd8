import { describe, expect, it } from 'vitest';
import { CodemodParseError } from '../../../codemods/codemod.ts';
import { guardIds, guardIdsTransform, mightMatchGuardIds } from '../../../codemods/guard-ids.ts';

const zodImport = "import { z } from 'zod';\n";

function notesOf(source: string, filePath = '/project/src/tools.ts'): string[] {
  return guardIds.analyse(source, filePath, {}).notes.map((note) => `${note.line}:${note.column} ${note.kind}`);
}

describe('mightMatch', () => {
  it('needs both a mention of zod and an id-like name', () => {
    expect(mightMatchGuardIds(`${zodImport}const s = { ticketId: z.string() };`)).toBe(true);
    expect(mightMatchGuardIds(`${zodImport}const s = { subject: z.string() };`)).toBe(false);
    expect(mightMatchGuardIds('const s = { ticketId: string() };')).toBe(false);
  });

  it('sees every spelling of an id the naming model accepts', () => {
    for (const name of [
      'id',
      'ID',
      '_id',
      'id_',
      'ticketId',
      'ticket_id',
      'ticket_id_',
      'ticketID',
      'TicketIds',
      'project_iid',
      'mergeRequestIid',
      'SKUId',
      'ticket-id',
    ]) {
      expect(mightMatchGuardIds(`// zod\n'${name}'`), name).toBe(true);
    }
  });

  it('is the first thing analyse asks: a file that cannot match is not parsed, so it cannot fail to parse', () => {
    expect(guardIds.analyse('this is { not typescript', '/p/a.ts', {})).toEqual({
      output: undefined,
      edits: [],
      notes: [],
    });
  });
});

describe('parsing', () => {
  it('throws CodemodParseError with the path, line, column and the parser message', () => {
    const source = `${zodImport}const shape = {\n  ticketId: z.string(,\n};\n`;
    let error: unknown;
    try {
      guardIds.analyse(source, '/project/src/broken.ts', {});
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(CodemodParseError);
    const parseError = error as CodemodParseError;
    expect([parseError.filePath, parseError.line, parseError.column]).toEqual(['/project/src/broken.ts', 3, 22]);
    expect(parseError.message).toBe('/project/src/broken.ts:3:22: Argument expression expected.');
  });

  it('picks the script kind from the extension: JSX parses in .tsx, an angle-bracket cast in .ts', () => {
    const jsx = `${zodImport}export const Args = z.object({ ticketId: z.string() });\nexport const view = <div title="x" />;\n`;
    expect(guardIdsTransform(jsx, '/p/view.tsx')).toContain('ticketId: guardId(z.string())');
    expect(() => guardIdsTransform(jsx, '/p/view.ts')).toThrow(CodemodParseError);
    const cast = `${zodImport}export const Args = z.object({ ticketId: <z.ZodString>z.string() });\n`;
    expect(guardIdsTransform(cast, '/p/args.mts')).toContain('ticketId: <z.ZodString>guardId(z.string())');
    expect(guardIdsTransform(cast, '/p/args.cts')).toContain('ticketId: <z.ZodString>guardId(z.string())');
    expect(() => guardIdsTransform(cast, '/p/args.tsx')).toThrow(CodemodParseError);
  });
});

describe('nothing to do', () => {
  it('returns undefined, never the same text, when a file has ids but nothing to rewrite', () => {
    const source = `${zodImport}export const Args = z.object({ ticketId: z.string().uuid(), count: z.number() });\n`;
    expect(guardIds.analyse(source, '/p/a.ts', {})).toEqual({ output: undefined, edits: [], notes: [] });
  });

  it('leaves plain objects in test files alone, but not the inputs of a server a test registers', () => {
    const plain = `${zodImport}const check = z.object({ taskId: z.string() }).safeParse({ taskId: 123 });\n`;
    expect(guardIdsTransform(plain, '/p/src/tool-execution-error.test.ts')).toBeUndefined();
    expect(guardIdsTransform(plain, '/p/src/tools/__tests__/errors.ts')).toBeUndefined();
    expect(guardIdsTransform(plain, '/p/src/tool-execution-error.ts')).toContain('taskId: guardId(z.string())');
    const server = `${zodImport}declare const server: { registerTool(...args: unknown[]): void };\nserver.registerTool('get_task', { inputSchema: { taskId: z.string() } }, async () => ({}));\n`;
    expect(guardIdsTransform(server, '/p/test/server.spec.ts')).toContain('taskId: guardId(z.string())');
  });

  it('leaves every schema in a file named for outputs alone', () => {
    const source = `${zodImport}export const TaskSchema = z.object({ id: z.string(), projectId: z.string() });\n`;
    expect(guardIdsTransform(source, '/p/src/utils/output-schemas.ts')).toBeUndefined();
    expect(guardIdsTransform(source, '/p/src/utils/task-schemas.ts')).toContain('id: guardId(z.string())');
  });
});

describe('the guard import', () => {
  it('reuses an aliased guardId import and adds nothing', () => {
    const source = `import { guardId as guarded } from 'agent-contract';\n${zodImport}export const Args = z.object({ ticketId: z.string() });\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toBe(
      `import { guardId as guarded } from 'agent-contract';\n${zodImport}export const Args = z.object({ ticketId: guarded(z.string()) });\n`,
    );
  });

  it('extends a multi-line import with a trailing comma in its own layout', () => {
    const source = `import {\n  idSchema,\n  type GuardedId,\n} from 'agent-contract';\n${zodImport}export const Args = z.object({ ticketId: z.string() });\nexport type T = GuardedId<z.ZodString>;\nexport const x = idSchema;\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toBe(
      `import {\n  idSchema,\n  type GuardedId,\n  guardId,\n} from 'agent-contract';\n${zodImport}export const Args = z.object({ ticketId: guardId(z.string()) });\nexport type T = GuardedId<z.ZodString>;\nexport const x = idSchema;\n`,
    );
  });

  it('adds a new declaration next to a type-only import instead of extending it', () => {
    const source = `import type { GuardedId } from 'agent-contract';\n${zodImport}export const Args = z.object({ ticketId: z.string() });\nexport type T = GuardedId<z.ZodString>;\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toBe(
      `import type { GuardedId } from 'agent-contract';\n${zodImport}import { guardId } from 'agent-contract';\nexport const Args = z.object({ ticketId: guardId(z.string()) });\nexport type T = GuardedId<z.ZodString>;\n`,
    );
  });

  it('keeps CRLF line endings and a block comment trailing the last import', () => {
    const source = `${zodImport.trimEnd()} /* schemas */\r\nexport const Args = z.object({ ticketId: z.string() });\r\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toBe(
      `${zodImport.trimEnd()} /* schemas */\r\nimport { guardId } from 'agent-contract';\r\nexport const Args = z.object({ ticketId: guardId(z.string()) });\r\n`,
    );
  });

  it('turns an absolute importFrom into a path relative to each file', () => {
    const source = `${zodImport}export const Args = z.object({ ticketId: z.string() });\n`;
    const output = guardIdsTransform(source, '/project/src/tools/tickets.ts', {
      importFrom: '/project/src/lib/guard-id.ts',
    });
    expect(output).toContain("import { guardId } from '../lib/guard-id.ts';");
    expect(
      guardIdsTransform(output ?? '', '/project/src/tools/tickets.ts', { importFrom: '/project/src/lib/guard-id.ts' }),
    ).toBeUndefined();
  });

  it('changes nothing when guardId already names something else, and says why', () => {
    const imported = `import { guardId } from './legacy.ts';\n${zodImport}export const Args = z.object({ ticketId: z.string() });\n`;
    expect(guardIdsTransform(imported, '/p/a.ts')).toBeUndefined();
    expect(guardIds.analyse(imported, '/p/a.ts', {}).notes.map((note) => note.kind)).toEqual(['needs-review']);
    const shadowed = `${zodImport}export function build(guardId: unknown) {\n  return z.object({ ticketId: z.string(), guardId });\n}\n`;
    expect(guardIdsTransform(shadowed, '/p/a.ts')).toBeUndefined();
    expect(notesOf(shadowed)).toEqual(['3:31 needs-review']);
  });
});

describe('tool inputs the model recognises', () => {
  it('rewrites coerce in a fastmcp addTool parameters object', () => {
    const source = `${zodImport}declare const fastmcp: { addTool(tool: object): void };\nfastmcp.addTool({ name: 'get_note', parameters: z.object({ noteId: z.coerce.string() }), execute: async () => '' });\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toContain('parameters: z.object({ noteId: guardId(z.string()) })');
  });

  it('follows a tool object to the consts it names: parameters are inputs, outputSchema is left alone', () => {
    const source = [
      zodImport.trimEnd(),
      'const TaskSchema = z.object({ parentId: z.coerce.string() });',
      'const ArgsSchema = { tasks: z.array(TaskSchema), projectId: z.string() };',
      'const OutputSchema = { taskId: z.string() };',
      "export const addTasks = { name: 'add_tasks', parameters: ArgsSchema, outputSchema: OutputSchema, async execute() { return {}; } };",
      '',
    ].join('\n');
    const output = guardIdsTransform(source, '/p/add-tasks.ts') ?? '';
    expect(output).toContain('const TaskSchema = z.object({ parentId: guardId(z.string()) });');
    expect(output).toContain('projectId: guardId(z.string())');
    expect(output).toContain('const OutputSchema = { taskId: z.string() };');
  });

  it('leaves a chain that retypes the string alone, with a note', () => {
    const source = `${zodImport}export const Args = z.object({ ticketId: z.string().transform((value) => Number(value)) });\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toBeUndefined();
    expect(guardIds.analyse(source, '/p/a.ts', {}).notes).toEqual([
      {
        kind: 'needs-review',
        line: 2,
        column: 42,
        message:
          'ticketId: z.string().transform((value) => Number(value)) is not rewritten: .transform() changes the parsed string into something else, so guardId(...) around it would not type-check, and guardId(<the string part>).transform(...) drops the field from "required" on zod 4. Move the .transform() into the handler and wrap the string schema, or wrap it by hand and diff the published schema.',
      },
    ]);
  });

  it('guards the elements of a list of ids, and only of plain string ids', () => {
    const source = `${zodImport}export const Args = z.object({ ticketIds: z.string().array(), tags: z.string().array(), userIds: z.string().email().array() });\n`;
    expect(guardIdsTransform(source, '/p/a.ts')).toBe(
      `${zodImport}import { guardId } from 'agent-contract';\nexport const Args = z.object({ ticketIds: guardId(z.string()).array(), tags: z.string().array(), userIds: z.string().email().array() });\n`,
    );
  });
});

describe('a coerce inside another schema call', () => {
  it('is left alone with a note: only z.coerce.string itself can become z.string', () => {
    const field =
      'z\n    .preprocess((val) => (val === null ? undefined : val), z.coerce.string().optional())\n    .describe("Milestone ID")';
    const source = `${zodImport}export const UpdateArgs = z.object({\n  milestone_id: ${field},\n  project_id: z.coerce.string(),\n});\n`;
    const { output, notes } = guardIds.analyse(source, '/p/a.ts', {});
    expect(output).toBe(
      `${zodImport}import { guardId } from 'agent-contract';\nexport const UpdateArgs = z.object({\n  milestone_id: ${field},\n  project_id: guardId(z.string()),\n});\n`,
    );
    expect(notes.map((note) => `${note.line}:${note.column} ${note.kind}`)).toEqual([
      '3:17 needs-review',
      '6:15 behaviour-change',
    ]);
    expect(notes[0]?.message).toMatch(
      /^milestone_id: z \.preprocess\(.* is not rewritten: its z\.coerce\.string\(\) sits inside another schema call/,
    );
  });
});
