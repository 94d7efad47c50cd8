import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// `sinceId` ("Return products after this ID") is a cursor: it takes an id of the record the tool lists.
const FIXTURE = fileURLToPath(new URL('fixtures/cursor-ids', import.meta.url));

describe('a cursor named by an id', () => {
  const { report } = audit(FIXTURE);

  it("pairs it with the listed record's ids", () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.entity}`)).toEqual([
      'list_products.sinceId product',
    ]);
    expect(chainLines(report)).toEqual(['list_products products[].id -> list_products.sinceId: broken']);
    expect(report.coverage.unvouched).toEqual([]);
  });
});
