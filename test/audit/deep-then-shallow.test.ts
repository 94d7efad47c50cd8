import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/deep-then-shallow', import.meta.url));

describe('a record type read deep inside one answer before it is read at the top of another', () => {
  const { report } = audit(FIXTURE);

  it("keeps the record's ids wherever it is read: a read cut off by depth is not kept for the others", () => {
    expect(chainLines(report)).toEqual([
      'get_report level1.level2.level3.level4.level5.level6.location.locationCode -> get_location.locationCode: broken',
      'list_locations [].locationCode -> get_location.locationCode: broken',
      'get_location locationCode -> get_location.locationCode: broken',
    ]);
  });
});
