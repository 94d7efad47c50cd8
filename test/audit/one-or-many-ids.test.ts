import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/one-or-many-ids', import.meta.url));

describe('an input that takes one id or a list of them', () => {
  // `z.union([z.string(), z.array(z.string())])` and `z.number().or(z.number().array())`: each member is judged as
  // the single id it takes, and the field is a list.
  const { report } = audit(FIXTURE);

  it('reads each as an acceptor of the one id, many', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'get_items_calendar.item_id string',
      'get_items_stock.item_ids number',
    ]);
  });

  it('pairs the numeric item ids with both', () => {
    expect(chainLines(report)).toEqual([
      'list_items [].item_id -> get_items_calendar.item_id: broken',
      'list_items [].item_id -> get_items_stock.item_ids: ok',
    ]);
  });
});
