import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/serializing-wrapper', import.meta.url));

describe('a handler made by a wrapper of the project that serializes the data it is given', () => {
  // `tool('get_order_history', () => orderHistory(client))`, where `tool(name, fn)` returns
  // `async (args) => ok(await fn(args))` and `ok(data: unknown)` puts `JSON.stringify(data)` in the text.
  it('emits what the wrapped function returns, written inline or passed by name', () => {
    const { report } = audit(FIXTURE);
    expect(report.coverage.knownEmitters).toBe(3);
    // The wrapper named like an SDK's `tool(name, handler)` is a handler, not a site of its own.
    expect(report.coverage.registrationSites).toBe(3);
    expect(chainLines(report)).toEqual([
      'get_order_history Orders[].Id -> get_order_details.orderId: broken',
      'get_order_history Orders[].Id -> get_order_lines.orderId: broken',
      'get_order_details Id -> get_order_details.orderId: broken',
      'get_order_details Id -> get_order_lines.orderId: broken',
    ]);
  });
});
