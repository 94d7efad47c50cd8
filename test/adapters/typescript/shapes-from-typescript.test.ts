import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { TypeScriptSchemaReader } from '../../../src/adapters/typescript/from-typescript.ts';
import { schemaShapesOf } from '../../../src/adapters/typescript/shapes-from-typescript.ts';

function shapes(text: string, filePath = '/p/src/tools.ts'): string[] {
  const file = ts.createSourceFile(filePath, text, ts.ScriptTarget.Latest, true);
  return schemaShapesOf(new TypeScriptSchemaReader(file), filePath).map(
    (shape) =>
      `${shape.owner ?? '-'} ${shape.role}: ${shape.object.properties.map((property) => property.key ?? '...').join(',')}`,
  );
}

describe('schemaShapesOf', () => {
  it('tells inputs, outputs and plain objects apart, through same-file consts', () => {
    const text = `
import { z } from 'zod';
declare const server: { registerTool(...args: unknown[]): void; tool(...args: unknown[]): void };
const base = { projectId: z.string() };
const Filter = z.object({ ...base, ticketId: z.string() });
const Shared = z.object({ replyId: z.string() });
const Emitted = z.object({ ticketId: z.string() });
export const TicketSchema = z.object({ id: z.string() });
export const TicketResult = z.object({ id: z.string() });
export const GetTicketArgs = { ticketId: z.string() };
server.registerTool('find', { inputSchema: { filter: Filter, shared: Shared }, outputSchema: { ticket: Emitted, shared: Shared } }, async () => ({}));
server.tool('get', 'Read one', GetTicketArgs, async () => ({}));
`;
    expect(shapes(text).sort()).toEqual([
      '- input: filter,shared',
      'Emitted output: ticketId',
      'Filter input: ...,ticketId',
      'GetTicketArgs input: ticketId',
      'Shared output: replyId',
      'TicketResult output: id',
      'TicketSchema plain: id',
      'base input: projectId',
    ]);
  });

  it('reads tool objects (defineTool, fastmcp) and .extend() shapes', () => {
    const text = `
import { z } from 'zod';
declare function defineTool(tool: object): object;
declare const Base: z.ZodObject<z.ZodRawShape>;
export const tools = [defineTool({ name: 'get_ticket', inputShape: { ticketId: z.string() }, outputShape: { ticketId: z.number() }, run: () => null })];
export const Extended = Base.extend({ agentId: z.string() });
export const NotAShape = Base.extend({ label: 'x' });
`;
    // The raw outputShape literal is no shape: only raw inputs are (outputs are never rewritten).
    expect(shapes(text).sort()).toEqual(['Extended plain: agentId', 'tools input: ticketId']);
  });

  it('follows z.lazy(() => Const) like any other use', () => {
    const text = `
import { z } from 'zod';
const Node: z.ZodType<unknown> = z.lazy(() => z.object({ id: z.string(), children: z.array(Node) }));
const OutputSchema = { tree: z.array(z.lazy(() => Node)) };
export const tool = { name: 'get_tree', parameters: { rootId: z.string() }, outputSchema: OutputSchema, execute: () => null };
`;
    expect(shapes(text).sort()).toEqual(['- output: id,children', 'tool input: rootId']);
  });

  it('makes every object in a file named for outputs an output', () => {
    const text = `import { z } from 'zod';\nexport const TaskSchema = z.object({ id: z.string() });\n`;
    expect(shapes(text, '/p/src/utils/output-schemas.ts')).toEqual(['TaskSchema output: id']);
  });

  it('does not take a shadowed z or a non-zod object() call for a shape', () => {
    const text = `
import { z } from 'zod';
import { object } from './not-zod';
export function local(z: { object(shape: object): object }) { return z.object({ ticketId: 1 }); }
export const other = object({ ticketId: 1 });
`;
    expect(shapes(text)).toEqual([]);
  });
});
