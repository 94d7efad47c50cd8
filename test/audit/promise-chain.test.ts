import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/promise-chain', import.meta.url));

describe('a handler whose result a promise chain builds from what a thunk resolves to', () => {
  // `wrap(() => listDeals())`, where `wrap(fn)` returns `fn().then((text) => ({ content: [{ type: 'text', text }] }))`.
  it('reads the text the thunk resolves to', () => {
    const { report } = audit(FIXTURE);
    expect(report.coverage.knownEmitters).toBe(2);
    expect(report.unknownEmitters).toEqual([]);
    expect(chainLines(report)).toEqual(['list_deals deal.id -> get_deal.deal_id: suspect']);
  });
});
