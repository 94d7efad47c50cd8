import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardIds } from '../../../codemods/guard-ids.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { audit, type AuditReport } from '../../../src/audit/audit.ts';
import { repoRoot } from '../../support/run-cli.ts';

/**
 * guard-ids finds its inputs with the audit's discovery: tool classes whose input is a property or a method's return,
 * shapes built by a factory, configs held in consts and registration methods of an `McpServer` subclass. Run on the
 * audit's own fixtures of those styles (and mcp-framework's tool classes, with field descriptors), every chain the audit reported broken into a string acceptor is tolerated
 * afterwards, and the audit reads the rewritten code back.
 */

const work = mkdtempSync(path.join(os.tmpdir(), 'agent-contract-typed-discovery-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * One tool factory per file, returned in a list by another file's function (nulab/backlog-mcp-server's layout):
 * that other file returns what the factories build, which makes no shape inside them an output.
 */
const TOOL_FACTORY_FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      strict: true,
      skipLibCheck: true,
      allowImportingTsExtensions: true,
      noEmit: true,
      // The guard the codemod imports, as an installed package's types: unresolved, it would make the guarded inputs
      // (and an emitted value built from them) \`any\`.
      paths: { 'agent-contract': [path.join(repoRoot, 'dist/src/index.d.ts')] },
    },
    include: ['src'],
  }),
  'src/tool.ts': `import type { z } from 'zod';

export type Translate = (key: string, fallback: string) => string;
export const buildToolSchema = <T extends z.ZodRawShape>(fn: (t: Translate) => T) => fn;
export interface ToolDefinition<Shape extends z.ZodRawShape> {
  name: string;
  description: string;
  schema: z.ZodObject<Shape>;
  handler: (input: z.infer<z.ZodObject<Shape>>) => Promise<{ content: { type: 'text'; text: string }[] }>;
}
`,
  'src/tools/addIssue.ts': `import { z } from 'zod';
import { buildToolSchema, type ToolDefinition, type Translate } from '../tool.ts';

const addIssueSchema = buildToolSchema((t) => ({ summary: z.string().describe(t('SUMMARY', 'The summary')) }));

export const addIssueTool = (t: Translate): ToolDefinition<ReturnType<typeof addIssueSchema>> => ({
  name: 'add_issue',
  description: 'Add an issue.',
  schema: z.object(addIssueSchema(t)),
  handler: async ({ summary }) => ({
    content: [{ type: 'text', text: JSON.stringify({ issue: { id: summary.length + 1, summary } }) }],
  }),
});
`,
  'src/tools/getIssue.ts': `import { z } from 'zod';
import { buildToolSchema, type ToolDefinition, type Translate } from '../tool.ts';

const getIssueSchema = buildToolSchema((t) => ({
  issueId: z.string().describe(t('ISSUE_ID', 'The id of the issue')),
  issueIdOrKey: z.union([z.number(), z.string()]).optional(),
}));

export const getIssueTool = (t: Translate): ToolDefinition<ReturnType<typeof getIssueSchema>> => ({
  name: 'get_issue',
  description: 'Get an issue.',
  schema: z.object(getIssueSchema(t)),
  handler: async ({ issueId, issueIdOrKey }) => ({
    content: [{ type: 'text', text: JSON.stringify({ key: issueIdOrKey ?? issueId }) }],
  }),
});
`,
  'src/tools/index.ts': `import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { Translate } from '../tool.ts';
import { addIssueTool } from './addIssue.ts';
import { getIssueTool } from './getIssue.ts';

export const allTools = (t: Translate) => [addIssueTool(t), getIssueTool(t)];

export function register(server: McpServer, t: Translate): void {
  for (const tool of allTools(t)) {
    server.registerTool(tool.name, { description: tool.description, inputSchema: tool.schema.shape }, tool.handler as never);
  }
}
`,
};

const FIXTURES = [
  'class-factory',
  'schema-factories',
  'server-subclass-methods',
  'config-by-reference',
  'framework-tool-classes',
  'tool factories in a list',
] as const;

function copyFixture(name: string): string {
  const dir = path.join(work, name.replace(/\W/g, '-'));
  if (name === 'tool factories in a list') {
    for (const [relative, text] of Object.entries(TOOL_FACTORY_FILES)) {
      mkdirSync(path.dirname(path.join(dir, relative)), { recursive: true });
      writeFileSync(path.join(dir, relative), text);
    }
  } else cpSync(path.join(repoRoot, 'test', 'audit', 'fixtures', name), dir, { recursive: true });
  // The fixtures import the SDK and zod: the repository's own installs.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function brokenIntoStrings(report: AuditReport): string[] {
  const stringAcceptors = new Set(
    report.acceptors
      .filter((acceptor) => acceptor.type === 'string')
      .map((acceptor) => `${acceptor.tool}.${acceptor.field}`),
  );
  return report.chains
    .filter((chain) => chain.status === 'broken' && stringAcceptors.has(`${chain.to.tool}.${chain.to.field}`))
    .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`);
}

describe.each(FIXTURES)('guard-ids on the %s fixture', (name) => {
  it('guards the string acceptors the audit found, and the audit then finds them tolerated', async () => {
    const dir = copyFixture(name);
    const before = audit(dir).report;
    const broken = brokenIntoStrings(before);
    expect(broken.length).toBeGreaterThan(0);

    const run = await runCodemod({ codemod: guardIds, options: {}, cwd: dir, write: true, force: true });
    expect(run.summary.errors).toBe(0);
    expect(run.summary.changed).toBeGreaterThan(0);

    const after = audit(dir).report;
    expect(brokenIntoStrings(after)).toEqual([]);
    const status = new Map(
      after.chains.map((chain) => [
        `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`,
        chain.status,
      ]),
    );
    for (const chain of broken) expect(status.get(chain), chain).toBe('tolerated');
    // The same tools are found and read after the rewrite.
    expect(after.tools.map((tool) => tool.name)).toEqual(before.tools.map((tool) => tool.name));
    expect(after.coverage).toEqual(before.coverage);
    // A second run has nothing left to do.
    const again = await runCodemod({ codemod: guardIds, options: {}, cwd: dir, write: false });
    expect(again.summary.changed).toBe(0);
    for (const file of run.files.filter((entry) => entry.status === 'changed'))
      expect(readFileSync(file.path, 'utf8')).toContain("from 'agent-contract'");
    if (name === 'framework-tool-classes') {
      // mcp-framework's field descriptor: the guard goes on the field's `type`, which the framework validates with.
      expect(readFileSync(path.join(dir, 'src/tools/GetPageTool.ts'), 'utf8')).toContain(
        "page_id: { type: guardId(z.string()), description: 'The page ID' }",
      );
    }
    if (name === 'tool factories in a list') {
      // The union in a shape whose factory another file returns is an input too.
      expect(readFileSync(path.join(dir, 'src/tools/getIssue.ts'), 'utf8')).toContain(
        'issueIdOrKey: guardId(z.string()).optional()',
      );
    }
  });
});
