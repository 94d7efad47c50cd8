import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { coverageLine } from '../../src/audit/format-text.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/framework-tool-classes', import.meta.url));

describe("mcp-framework's tool classes", () => {
  // `class X extends MCPTool { name; schema; async execute(input) }` in the tools folder: the framework registers each
  // class it finds, validates the input with each field's `type`, and sends what `execute` returns as JSON text.
  const { report } = audit(FIXTURE);

  it('reads each class as a tool, with what execute returns as its emitted JSON (a string as its text)', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`).sort()).toEqual([
      'get_book none',
      'get_page typed',
      'list_pages typed',
    ]);
  });

  it('reads the field descriptors as the fields their `type`s validate, with their descriptions', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`).sort()).toEqual([
      'get_book.book_id number',
      'get_page.page_id string',
    ]);
  });

  it('finds the chains they break', () => {
    expect(chainLines(report).sort()).toEqual([
      'get_page book_id -> get_book.book_id: ok',
      'get_page id -> get_page.page_id: broken',
      'list_pages pages[].book_id -> get_book.book_id: ok',
      'list_pages pages[].id -> get_page.page_id: broken',
    ]);
  });

  it('says in the coverage line that no call registers them: they are tool classes', () => {
    expect(coverageLine(report)).toBe(
      '3 tools found with no registration call (tool classes; none it could not follow); emitted types known for 3 of 3 tools',
    );
  });
});
