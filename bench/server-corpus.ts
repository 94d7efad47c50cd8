import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A generated MCP server for the benchmarks that need a whole typed project (bench:audit, bench:lint --type-checked):
 * each tool a `registerTool` with a raw Zod shape, a row interface with numeric ids and a `JSON.stringify` result,
 * like the helpdesk, so every id input is a broken chain. It resolves zod and the SDK from this repository's
 * node_modules.
 */

/** A hundred entities, so a generated server's matrix grows like a real one's (tens of tools per entity), not quadratically. */
const ENTITIES = Array.from(
  { length: 100 },
  (_, index) =>
    `${['ticket', 'customer', 'agent', 'reply', 'invoice', 'order', 'project', 'issue', 'label', 'team'][index % 10]}${Math.floor(index / 10)}`,
);
const TOOLS_PER_FILE = 10;

/** A server of `tools` tools in files of ten, with a tsconfig of its own, at `<corpus>/server-<tools>`. */
export function generateServer(corpus: string, tools: number): string {
  const dir = path.join(corpus, `server-${tools}`);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'src'), { recursive: true });
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify(
      {
        compilerOptions: {
          target: 'es2022',
          module: 'nodenext',
          moduleResolution: 'nodenext',
          strict: true,
          skipLibCheck: true,
          noEmit: true,
          types: ['node'],
        },
        include: ['src'],
      },
      null,
      2,
    ),
  );
  writeFileSync(
    path.join(dir, 'src', 'rows.ts'),
    `${ENTITIES.map((entity) => `export interface ${entity[0]?.toUpperCase()}${entity.slice(1)}Row {\n  id: number;\n  ownerId: number;\n  name: string;\n}\n`).join('\n')}`,
  );
  writeFileSync(
    path.join(dir, 'src', 'server.ts'),
    `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';\n\nexport const server = new McpServer({ name: 'bench', version: '1.0.0' });\n\nexport function json(value: unknown) {\n  return { content: [{ type: 'text' as const, text: JSON.stringify(value) }] };\n}\n`,
  );
  const files = Math.ceil(tools / TOOLS_PER_FILE);
  const imports: string[] = [];
  for (let file = 0; file < files; file += 1) {
    const lines = [
      `import { z } from 'zod';`,
      `import type * as rows from './rows.js';`,
      `import { json, server } from './server.js';`,
      '',
    ];
    for (let index = 0; index < TOOLS_PER_FILE && file * TOOLS_PER_FILE + index < tools; index += 1) {
      const n = file * TOOLS_PER_FILE + index;
      const entity = ENTITIES[n % ENTITIES.length] as string;
      const Row = `rows.${entity[0]?.toUpperCase()}${entity.slice(1)}Row`;
      const other = ENTITIES[(n + 1) % ENTITIES.length] as string;
      lines.push(
        `server.registerTool(`,
        `  'get_${entity}_${n}',`,
        `  { description: 'Read a ${entity}', inputSchema: { ${entity}Id: z.string().min(1), ${other}Id: z.string().optional(), verbose: z.boolean().optional() } },`,
        `  async ({ ${entity}Id, verbose }) => {`,
        `    const found: ${Row}[] = [{ id: Number(${entity}Id), ownerId: 1, name: verbose === true ? 'x' : 'y' }];`,
        `    return json({ ${entity}: found[0], related: found.map((row) => ({ id: row.id, ${other}Id: row.ownerId })) });`,
        `  },`,
        `);`,
        '',
      );
    }
    writeFileSync(path.join(dir, 'src', `tools-${file}.ts`), lines.join('\n'));
    imports.push(`import './tools-${file}.js';`);
  }
  writeFileSync(path.join(dir, 'src', 'main.ts'), `${imports.join('\n')}\n`);
  // The generated server resolves zod and the SDK from this repository's node_modules.
  return dir;
}
