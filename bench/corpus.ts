import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A generated corpus of MCP tool files, about 33 lines each, the same on every run (seeded): tools registered with
 * raw shapes and `z.object` consts, id and non-id fields, output schemas, comments, both quote styles; a fifth of the
 * files never mention zod, as in a real source tree.
 */

/** mulberry32: small, seeded, good enough to vary a corpus. */
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

const ENTITIES = ['ticket', 'customer', 'agent', 'reply', 'project', 'task', 'label', 'comment', 'invoice', 'order'];

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

function toolFile(index: number, next: () => number): string {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const entity = pick(ENTITIES);
  const other = pick(ENTITIES.filter((candidate) => candidate !== entity));
  const Entity = capitalise(entity);
  const q = next() < 0.7 ? "'" : '"';
  const s = next() < 0.8 ? ';' : '';
  const zodModule = next() < 0.8 ? 'zod' : 'zod/v3';
  const idChain = pick([
    `z.string().min(1).describe(${q}The ${entity} id, as returned by list_${entity}s${q})`,
    'z.string()',
    'z.string().optional()',
    `z\n          .string()\n          .min(1) // never empty\n          .describe(${q}The ${entity} id${q})`,
  ]);
  const otherId = pick(['z.string().uuid()', 'z.number().int()', 'z.string().nullable()', 'z.string()']);
  return `import type { McpServer } from ${q}@modelcontextprotocol/sdk/server/mcp.js${q}${s}
import { z } from ${q}${zodModule}${q}${s}

// Tools for the ${entity} area (file ${index}).
export function register${Entity}Tools(server: McpServer): void {
  server.registerTool(
    ${q}get_${entity}${q},
    {
      description: ${q}Read one ${entity} with its ${other}s.${q},
      inputSchema: {
        ${entity}Id: ${idChain},
        ${other}Id: ${otherId},
        limit: z.number().int().min(1).max(100).optional(),
        query: z.string().optional(),
      },
      outputSchema: { ${entity}Id: z.number().int(), title: z.string(), ${other}Ids: z.array(z.number().int()) },
    },
    async ({ ${entity}Id, limit }) => {
      const found = await load${Entity}(${entity}Id, limit ?? 20)${s}
      return { content: [{ type: ${q}text${q}, text: JSON.stringify(found) }], structuredContent: found }${s}
    },
  )${s}
}

/** Filters the list_${entity}s tool accepts. */
export const ${Entity}Filter = z.object({
  ownerId: z.string(),
  status: z.enum([${q}open${q}, ${q}closed${q}]).optional(),
  createdAfter: z.string().datetime().optional(),
})${s}

declare function load${Entity}(id: string, limit: number): Promise<{ ${entity}Id: number; title: string; ${other}Ids: number[] }>${s}
`;
}

function plainFile(index: number): string {
  return `/** Formatting helpers (file ${index}): no schemas here. */
export function formatTitle(title: string, width: number): string {
  const trimmed = title.trim();
  if (trimmed.length <= width) return trimmed;
  return \`\${trimmed.slice(0, Math.max(0, width - 1))}…\`;
}

export function formatCount(count: number, noun: string): string {
  return count === 1 ? \`1 \${noun}\` : \`\${count} \${noun}s\`;
}

export const separators = [', ', '; ', ' | '] as const;
`;
}

/** Writes `count` files into `dir` (emptied first) and returns their paths in order. */
export function writeCorpus(dir: string, count: number): string[] {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const next = random(20_26);
  const paths: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const file = path.join(dir, `tools-${String(index).padStart(5, '0')}.ts`);
    writeFileSync(file, index % 5 === 4 ? plainFile(index) : toolFile(index, next));
    paths.push(file);
  }
  return paths;
}
