import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { contractChainMatrix } from '../../src/contract/chains.ts';
import { contractFromToolsList, listToolsRaw } from '../../src/contract/snapshot.ts';
import { formatPath } from '../../src/model/ids.ts';
import { connectInMemory, runLiteralConsumer } from '../../src/testing/index.ts';

// A record's second key (an issue's `number`, taken back as `issue_number`) is paired by the audit
// (test/audit/second-keys.test.ts); `contract chains` and the kit read the same server the same way.
function issueServer(): McpServer {
  const server = new McpServer({ name: 'issues', version: '1.0.0' });
  const issues = [{ id: 'I_kw1', number: 7, title: 'Crash on start' }];
  server.registerTool(
    'list_issues',
    {
      inputSchema: { page_number: z.number().optional() },
      outputSchema: { issues: z.array(z.object({ id: z.string(), number: z.number(), title: z.string() })) },
    },
    async () => ({ content: [{ type: 'text', text: JSON.stringify({ issues }) }], structuredContent: { issues } }),
  );
  server.registerTool('close_issue', { inputSchema: { issue_number: z.string() } }, async ({ issue_number }) => ({
    content: [{ type: 'text', text: JSON.stringify({ closed: issue_number }) }],
  }));
  server.registerTool('get_issue', { inputSchema: { number: z.number() } }, async ({ number }) => ({
    content: [{ type: 'text', text: JSON.stringify(issues.find((issue) => issue.number === number) ?? null) }],
  }));
  return server;
}

describe("a record's second key in the contract and the kit", () => {
  it('`contract chains` pairs `issues[].number` with `issue_number` and `number`, never with an id', async () => {
    const connection = await connectInMemory(issueServer());
    try {
      // The tools as `contract snapshot` reads them: the JSON the server sent.
      const tools = await listToolsRaw(connection.client, 10_000);
      const contract = contractFromToolsList(tools, { serverName: 'issues' });
      const chains = contractChainMatrix(contract).chains.map(
        (chain) =>
          `${chain.from.tool} ${formatPath(chain.from.field.path)} -> ${chain.to.tool}.${formatPath(chain.to.field.path)}: ${chain.verdict}`,
      );
      expect(chains).toEqual([
        'list_issues issues[].number -> close_issue.issue_number: broken',
        'list_issues issues[].number -> get_issue.number: ok',
      ]);
    } finally {
      await connection.close();
    }
  });

  it('the kit carries the number into both inputs, and `z.string()` rejects it', async () => {
    const connection = await connectInMemory(issueServer());
    try {
      const report = await runLiteralConsumer({ client: connection.client });
      expect(
        report.chains.map((chain) => `${chain.from.tool} -> ${chain.to.tool}.${chain.to.field}: ${chain.verdict}`),
      ).toEqual(['list_issues -> close_issue.issue_number: broken', 'list_issues -> get_issue.number: ok']);
    } finally {
      await connection.close();
    }
  });
});
