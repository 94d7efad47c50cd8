import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// Example calls a help tool answers with are literals written in the code, a placeholder string at one step and a
// number at the next: they illustrate a call and are no record's id. A table of literals of one type is emitted.
const FIXTURE = fileURLToPath(new URL('fixtures/illustrated-calls', import.meta.url));

describe('example calls written as literals of two types', () => {
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('gives out no id from the examples', () => {
    expect(report.emitters.map((emitter) => `${emitter.tool} ${emitter.path}`)).not.toContain(
      'usage_examples workflow[].parameters.book_id',
    );
    expect(chains.filter((line) => line.startsWith('usage_examples '))).toEqual([]);
  });

  it('keeps the ids of a table of literals of one type, and the records the API sends', () => {
    expect(chains).toContain('list_statuses statuses[].id -> set_status.status_id: broken');
    expect(chains).toContain('list_books books[].id -> get_book.book_id: ok');
    expect(report.verdict.text).toBe('2 broken chains of 6 (4 ok).');
  });
});
