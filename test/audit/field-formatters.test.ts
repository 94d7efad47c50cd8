import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// Records printed as `key: value` lines by small formatters: `field('id', w.id)` prints the value it is handed,
// `lines(...parts)` joins its rest parameter (filtered), a list formatter is handed the record's formatter, a list item
// splits the record's text into lines, and `users.map(formatUser)` maps with a function passed by name. Printed
// ids are suspect: the code types them numbers, the inputs take strings. A formatter that maps itself over a list
// (`value.map(formatWorkTree)`) is read as a call, once per level.
const FIXTURE = fileURLToPath(new URL('fixtures/field-formatters', import.meta.url));

describe('ids printed by formatter helpers', () => {
  const { report } = audit(FIXTURE);

  it('reads the id each formatter prints as the id of the listed record', () => {
    expect(chainLines(report)).toEqual([
      'search_works id -> get_work.work_id: suspect',
      'browse_works id -> get_work.work_id: suspect',
      'list_users id -> get_user.user_id: suspect',
    ]);
    expect(report.coverage.noIdEmitted).toBeUndefined();
  });
});
