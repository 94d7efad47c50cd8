import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/embedded-resources', import.meta.url));

describe('ids in the JSON text of an embedded resource', () => {
  // `{ type: 'resource', resource: { uri, text: JSON.stringify(bookmark) } }`: the agent reads the resource's text as
  // it reads a text item's, and takes the ids out of it.
  const { report } = audit(FIXTURE);

  it('reads them as emitted, one item a record (mapped, or pushed in), through a helper whose parameter is typed `any` by the record each call hands it', () => {
    expect(chainLines(report).sort()).toEqual([
      'get_bookmark id -> get_bookmark.id: broken',
      'get_bookmark id -> tag_bookmark.bookmark_id: ok',
      'list_bookmarks id -> get_bookmark.id: broken',
      'list_bookmarks id -> tag_bookmark.bookmark_id: ok',
      'search_bookmarks id -> get_bookmark.id: broken',
      'search_bookmarks id -> tag_bookmark.bookmark_id: ok',
    ]);
  });

  it('counts the tools as typed', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_bookmarks typed',
      'get_bookmark typed',
      'search_bookmarks typed',
      'audit_bookmarks unknown',
      'tag_bookmark typed',
    ]);
  });

  it('names an unknown part once, however many places build it', () => {
    expect(report.unknownEmitters.map((part) => `${part.tool} ${part.path}`)).toEqual(['audit_bookmarks title']);
  });
});
