import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/printed-conversions', import.meta.url));

describe('ids printed through a conversion into text', () => {
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  // A payment's id and a merchant's id converted to text in place print the id they convert: a number's digits, a
  // bigint's digits.
  it('reads an id converted in place as the id it prints', () => {
    expect(chains).toContain('list_payments id -> refund_payment.paymentId: suspect');
    expect(chains).toContain('list_payments merchantId -> merchant_lookup.merchantId: suspect');
  });

  // merchant_lookup prints its merchant id through `big`, a helper of the project that converts its bigint parameter.
  it('follows a helper that turns an id into its text', () => {
    expect(chains).toContain('merchant_lookup merchantId -> owner_of.merchantId: suspect');
  });

  // merchant_lookup also sends the id as a string in `structuredContent`, with no output schema: a client may hand
  // the model only the text, so the printed digits still count.
  it('reads the text of a tool whose structured content has no output schema', () => {
    expect(chains).toContain('merchant_lookup merchant.merchantId -> owner_of.merchantId: ok');
    expect(chains).toContain('merchant_lookup merchantId -> merchant_lookup.merchantId: suspect');
  });

  it('reads the structured content of a tool that publishes an output schema, not its text', () => {
    expect(chains.filter((line) => line.startsWith('merchant_card '))).toEqual([
      'merchant_card merchantId -> merchant_lookup.merchantId: ok',
      'merchant_card merchantId -> merchant_card.merchantId: ok',
      'merchant_card merchantId -> owner_of.merchantId: ok',
    ]);
  });

  it('reads no number into a string converted to its text', () => {
    expect(report.chains.every((chain) => chain.from.path !== 'owner')).toBe(true);
    expect(report.verdict.text).toBe(
      '7 suspect chains of 13 (6 ok); could not vouch for the 7 suspect chains: what their emitters send is not established by a type.',
    );
  });
});
