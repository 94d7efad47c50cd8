import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// Each definition is declared `ToolDefinition<typeof itsInput>`, the registry `ToolDefinition[]` (the default type
// argument): the loop that serializes `await tool.handler(parsed)` builds every definition's result.
const FIXTURE = fileURLToPath(new URL('fixtures/generic-definitions', import.meta.url));

describe('definitions declared with the generic type the registration loop holds, with other type arguments', () => {
  const { report } = audit(FIXTURE);

  it("reads each definition's handler through the loop that serializes it", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual(['search_books typed', 'get_book typed']);
    expect(chainLines(report)).toEqual([
      'search_books books[].book_id -> get_book.book_id: broken',
      'get_book book_id -> get_book.book_id: broken',
    ]);
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2 });
  });
});
