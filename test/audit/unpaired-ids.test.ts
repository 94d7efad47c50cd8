import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { runCli } from '../support/run-cli.ts';

// `seller_id` (a string) has no emitter by name, while the server emits user and order ids (numbers) that no input
// takes: names may hide one entity (a seller is a user), so the audit cannot vouch that nothing breaks.
const FIXTURE = fileURLToPath(new URL('fixtures/unpaired-ids', import.meta.url));

describe('ids accepted by a name nothing emits, beside ids emitted under names nothing takes', () => {
  const { report } = audit(FIXTURE);

  it('does not vouch for the accepted entity, and names the emitted ones', () => {
    expect(report.chains).toEqual([]);
    expect(report.coverage.unvouched).toEqual(['seller']);
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toContain(
      'could not vouch for seller: no tool emits its ids by that name, while ids of order, user are given out, taken by no input, of a type its inputs refuse',
    );
  });

  it('exits 2, as for any entity it cannot vouch for', async () => {
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(2);
    expect((await runCli(['audit', '--no-contract', '--allow-unknown', FIXTURE])).code).toBe(0);
  });

  it('vouches where the unpaired emitted ids are of the type the input takes', () => {
    const strings = audit(fileURLToPath(new URL('fixtures/unpaired-string-ids', import.meta.url))).report;
    expect(strings.coverage.unvouched).toEqual([]);
    expect(strings.verdict.vouched).toBe(true);
  });
});
