import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/filled-opaque', import.meta.url));

describe('a part a record type declares opaque, filled by the code with a typed value', () => {
  // `raw?: unknown` written `{ ..., raw }` with the API's record, or `group.raw = api` after the literal.
  it('is read as the type of what the code puts in it', () => {
    const { report } = audit(FIXTURE);
    expect(chainLines(report)).toEqual([
      'list_messages [].id -> delete_message.messageId: ok',
      'list_messages [].threadId -> get_thread.threadId: ok',
      'list_messages [].raw.id -> delete_message.messageId: broken',
      'list_messages [].raw.thread_id -> get_thread.threadId: broken',
      'get_group id -> get_group_messages.groupId: ok',
      'get_group raw.id -> get_group_messages.groupId: broken',
      'get_note id -> delete_note.noteId: ok',
    ]);
  });

  it('leaves a part filled only with values of no type unknown', () => {
    const { report } = audit(FIXTURE);
    expect(report.coverage.knownEmitters).toBe(6);
    expect(report.unknownEmitters.map((part) => `${part.tool} ${part.path}`)).toEqual(['get_note extra']);
  });
});
