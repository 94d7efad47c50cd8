import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/content-field', import.meta.url));

describe('a handler that returns a domain value with a content field', () => {
  // nulab/backlog-mcp-server's wiki and comment tools return backlog-js's `Wiki` and `Issue.Comment`, whose `content` is
  // text: they were taken for tool results whose text may hold any JSON, and listed as emitting unknown types.
  const { report } = audit(FIXTURE);

  it('is no tool result: only the tool whose handler returns a CallToolResult emits unknown types', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual(['get_wiki typed', 'render_wiki unknown']);
    expect(report.unknownEmitters.map((emitter) => `${emitter.tool} ${emitter.file}:${emitter.line}`)).toEqual([
      'render_wiki src/server.ts:31',
    ]);
  });
});
