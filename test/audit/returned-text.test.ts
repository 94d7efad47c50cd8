import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// fastmcp's `execute` returns the text an agent reads: an id printed into it is read as one printed into a text item.
const FIXTURE = fileURLToPath(new URL('fixtures/returned-text', import.meta.url));

describe('text a handler returns itself', () => {
  const { report } = audit(FIXTURE);

  it('reads the ids printed into it, through a const, a map joined into lines and a concatenation', () => {
    expect(chainLines(report)).toEqual(['list_invoices invoice.id -> get_invoice.invoice_id: suspect']);
    expect(report.coverage.noIdEmitted).toBeUndefined();
  });

  it('reads no emitter from an input printed back', () => {
    expect(report.chains.some((chain) => chain.from.tool === 'get_customer')).toBe(false);
  });
});
