import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A generated, seeded corpus for the lint benchmark: zod schema modules, tool registrations in the styles real
 * servers use (`registerTool` with raw shapes or `z.object` consts, `server.tool`, tool objects, fastmcp
 * `addTool`) and test files that call tools, some with defensive casts. Every file is 40-90 lines; a sixth of the
 * source files never import zod, as in a real tree. The same seed gives the same bytes.
 */

function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ENTITIES = [
  'ticket',
  'customer',
  'agent',
  'reply',
  'project',
  'task',
  'label',
  'comment',
  'invoice',
  'order',
  'pipeline',
  'workspace',
];
const cap = (word: string): string => word.charAt(0).toUpperCase() + word.slice(1);

interface Style {
  q: string;
  s: string;
  zod: string;
}

function idField(entity: string, next: () => number, style: Style): string {
  const { q } = style;
  const choices = [
    `z.string().min(1).describe(${q}The ${entity} id, as returned by list_${entity}s${q})`,
    'z.string()',
    'z.string().optional()',
    'z.coerce.string()',
    'z.union([z.string(), z.number()])',
    'z.string().uuid()',
    'z.number().int().positive()',
    `z\n      .string()\n      .min(1) // never empty\n      .describe(${q}The ${entity} id${q})`,
  ];
  return choices[Math.floor(next() * choices.length)] as string;
}

function schemaFile(index: number, next: () => number, style: Style): string {
  const { q, s, zod } = style;
  const entity = ENTITIES[index % ENTITIES.length] as string;
  const other = ENTITIES[(index + 3) % ENTITIES.length] as string;
  const E = cap(entity);
  return `import { z } from ${q}${zod}${q}${s}

/** Schemas for the ${entity} area (module ${index}). */
export const ${E}Status = z.enum([${q}active${q}, ${q}pending${q}, ${q}closed${q}])${s}

export const ${E}Row = z.object({
  id: z.number().int(),
  ${other}Id: z.number().int().nullable(),
  title: z.string().min(1).max(200),
  status: ${E}Status,
  createdAt: z.string().datetime(),
  tags: z.array(z.string()).default([]),
})${s}

export const Get${E}Input = z.object({
  ${entity}Id: ${idField(entity, next, style)},
  includeHistory: z.boolean().optional(),
})${s}

export const List${E}sInput = z.object({
  status: ${E}Status.optional(),
  page: z.number().int().min(1).default(1),
  perPage: ${next() < 0.3 ? 'z.coerce.number().int().max(100)' : 'z.number().int().max(100).optional()'},
  ${other}Id: ${idField(other, next, style)},
})${s}

export const Update${E}Input = Get${E}Input.extend({
  title: z.string().min(1).optional(),
  status: ${E}Status.optional(),
}).refine((value) => value.title !== undefined || value.status !== undefined, {
  message: ${q}Nothing to update${q},
})${s}

export type ${E}RowType = z.infer<typeof ${E}Row>${s}

export function parse${E}(value: unknown): ${E}RowType {
  const result = ${E}Row.safeParse(value)${s}
  if (!result.success) throw new Error(\`Invalid ${entity}: \${result.error.message}\`)${s}
  return result.data${s}
}
`;
}

function registrationFile(index: number, next: () => number, style: Style): string {
  const { q, s, zod } = style;
  const entity = ENTITIES[index % ENTITIES.length] as string;
  const other = ENTITIES[(index + 5) % ENTITIES.length] as string;
  const E = cap(entity);
  const variant = index % 4;
  const header = `import type { McpServer } from ${q}@modelcontextprotocol/sdk/server/mcp.js${q}${s}
import { z } from ${q}${zod}${q}${s}
import { db } from ${q}./db.js${q}${s}

// Tools for the ${entity} area (file ${index}).
`;
  const shape = `{
    ${entity}Id: ${idField(entity, next, style)},
    ${other}Id: ${idField(other, next, style)},
    limit: z.number().int().min(1).max(100).optional(),
    query: z.string().optional(),
  }`;
  const handler = `async ({ ${entity}Id, limit }) => {
      const rows = await db.${entity}s.find({ id: ${entity}Id, limit })${s}
      if (rows.length === 0) {
        return { isError: true, content: [{ type: ${q}text${q}, text: \`No ${entity} \${${entity}Id}\` }] }${s}
      }
      const structured = { ${entity}Id: rows[0].id, title: rows[0].title, ${other}Ids: rows.map((row) => row.${other}Id) }${s}
      return { structuredContent: structured, content: [{ type: ${q}text${q}, text: JSON.stringify(structured) }] }${s}
    }`;
  let body: string;
  if (variant === 0) {
    body = `export function register${E}Tools(server: McpServer): void {
  server.registerTool(
    ${q}get_${entity}${q},
    {
      description: ${q}Read one ${entity} with its ${other}s.${q},
      inputSchema: ${shape},
      outputSchema: { ${entity}Id: z.number().int(), title: z.string(), ${other}Ids: z.array(z.number().int()) },
    },
    ${handler},
  )${s}
}
`;
  } else if (variant === 1) {
    body = `const Get${E}Args = ${shape}${s}

export function register${E}Tools(server: McpServer): void {
  server.tool(${q}get_${entity}${q}, ${q}Read one ${entity}.${q}, Get${E}Args, ${handler})${s}
}
`;
  } else if (variant === 2) {
    body = `const Input = z.object(${shape})${next() < 0.2 ? '.transform((value) => value)' : ''}${s}

export const get${E}Tool = {
  name: ${q}get_${entity}${q},
  description: ${q}Read one ${entity}.${q},
  inputSchema: Input,
  outputSchema: z.object({ ${entity}Id: z.number().int(), title: z.string() }),
  handler: ${handler},
}${s}
`;
  } else {
    body = `export function register${E}Tools(server: { addTool(tool: unknown): void }): void {
  server.addTool({
    name: ${q}get_${entity}${q},
    description: ${q}Read one ${entity}.${q},
    parameters: z.object(${shape}),
    execute: ${handler},
  })${s}
}
`;
  }
  return `${header}${body}
export function describe${E}(row: { id: number; title: string }): string {
  return \`${E} \${row.id}: \${row.title}\`${s}
}
`;
}

function testFile(index: number, next: () => number, style: Style): string {
  const { q, s } = style;
  const entity = ENTITIES[index % ENTITIES.length] as string;
  const other = ENTITIES[(index + 7) % ENTITIES.length] as string;
  const cast = (value: string): string => {
    const r = next();
    if (r < 0.15) return `String(${value})`;
    if (r < 0.22) return `\`\${${value}}\``;
    if (r < 0.27) return `${value}.toString()`;
    return value;
  };
  return `import { describe, expect, it } from ${q}vitest${q}${s}
import { runTool, seed } from ${q}../helpers.js${q}${s}

describe(${q}${entity} tools (suite ${index})${q}, () => {
  it(${q}creates a ${entity} and reads it back${q}, async () => {
    const created = await runTool(${q}create_${entity}${q}, { title: ${q}Printer on fire${q} })${s}
    const read = await runTool(${q}get_${entity}${q}, { ${entity}Id: ${cast('created.id')} })${s}
    expect(read.structuredContent.title).toBe(${q}Printer on fire${q})${s}
  })${s}

  it(${q}links a ${other}${q}, async () => {
    const { ${entity}, ${other} } = await seed()${s}
    const linked = await runTool(${q}link_${other}${q}, { ${entity}Id: ${cast(`${entity}.id`)}, ${other}Id: ${cast(`${other}.${other}Id`)} })${s}
    expect(linked.isError).toBeFalsy()${s}
    expect(linked.structuredContent.${other}Ids).toContain(${other}.${other}Id)${s}
  })${s}

  it(${q}pages through ${entity}s${q}, async () => {
    const pages = []${s}
    for (let page = 1; page <= 3; page += 1) {
      const result = await runTool(${q}list_${entity}s${q}, { page, perPage: 10 })${s}
      pages.push(result.structuredContent.items.length)${s}
    }
    expect(pages).toEqual([10, 10, 10])${s}
    const label = \`${entity} \${pages.length}\`${s}
    expect(label).toContain(${q}${entity}${q})${s}
  })${s}
})${s}
`;
}

function plainFile(index: number, style: Style): string {
  const { q, s } = style;
  return `// Utilities without any schema (module ${index}).
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = []${s}
  for (let start = 0; start < items.length; start += size) chunks.push(items.slice(start, start + size))${s}
  return chunks${s}
}

export function formatDuration(ms: number): string {
  if (ms < 1000) return \`\${ms} ms\`${s}
  const seconds = ms / 1000${s}
  return seconds < 60 ? \`\${seconds.toFixed(1)} s\` : \`\${Math.floor(seconds / 60)} min\`${s}
}

export const DEFAULT_SEPARATOR = ${q}, ${q}${s}

export function joinNames(names: readonly string[], separator = DEFAULT_SEPARATOR): string {
  return names.filter((name) => name.trim().length > 0).join(separator)${s}
}

export class Counter {
  private readonly counts = new Map<string, number>()${s}
  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1)${s}
  }
  top(n: number): [string, number][] {
    return [...this.counts].sort((a, b) => b[1] - a[1]).slice(0, n)${s}
  }
}
`;
}

/** Writes `count` files under `dir` (emptied first) and returns their paths relative to it. */
export function writeLintCorpus(dir: string, count: number, seed = 47): string[] {
  rmSync(dir, { recursive: true, force: true });
  const next = random(seed);
  const files: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const style: Style = {
      q: next() < 0.7 ? "'" : '"',
      s: next() < 0.8 ? ';' : '',
      zod: next() < 0.85 ? 'zod' : next() < 0.5 ? 'zod/v4' : 'zod/v3',
    };
    const kind = index % 6;
    const folder = `area-${Math.floor(index / 60)}`;
    let name: string;
    let text: string;
    if (kind === 0 || kind === 3) [name, text] = [`schemas-${index}.ts`, schemaFile(index, next, style)];
    else if (kind === 1 || kind === 4) [name, text] = [`tools-${index}.ts`, registrationFile(index, next, style)];
    else if (kind === 2) [name, text] = [`tools-${index}.test.ts`, testFile(index, next, style)];
    else [name, text] = [`util-${index}.ts`, plainFile(index, style)];
    mkdirSync(join(dir, folder), { recursive: true });
    writeFileSync(join(dir, folder, name), text);
    files.push(join(folder, name));
  }
  return files;
}
