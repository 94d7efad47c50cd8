import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// `validated.id` printed into text: the local is named for what the code did to the answer, not for a record, so the
// tool's name says whose id it is. The code types it `number | string`; a `z.string()` input refuses the number.
const FIXTURE = fileURLToPath(new URL('fixtures/printed-holders', import.meta.url));

describe('ids printed off a local named for what was done to the record', () => {
  const { report } = audit(FIXTURE);

  it("reads them as the ids of the tool's record, and the number they may be as suspect", () => {
    expect(chainLines(report)).toEqual([
      'get_pending_orders id -> cancel_order.orderId: suspect',
      'place_order id -> cancel_order.orderId: suspect',
    ]);
    expect(report.verdict.vouched).toBe(false);
  });
});
