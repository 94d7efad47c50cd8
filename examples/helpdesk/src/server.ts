import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { HelpdeskDb } from './db.ts';
import { helpdeskTools, type HelpdeskTool } from './tools.ts';

export interface HelpdeskServerOptions {
  readonly db: HelpdeskDb;
  /** The tools to register; the shipped list by default. Tests pass a variant (e.g. with guarded acceptors). */
  readonly tools?: readonly HelpdeskTool[];
}

/** The helpdesk MCP server: one `registerTool` per tool, raw Zod shapes as input and output schemas. */
export function createHelpdeskServer({ db, tools = helpdeskTools }: HelpdeskServerOptions): McpServer {
  const server = new McpServer({ name: 'helpdesk', version: '1.0.0' });
  for (const tool of tools) {
    server.registerTool(
      tool.name,
      {
        description: tool.description,
        inputSchema: tool.inputShape,
        ...(tool.outputShape === undefined ? {} : { outputSchema: tool.outputShape }),
      },
      (args: Record<string, unknown>) => tool.run(db, args),
    );
  }
  return server;
}
