import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { runCli } from '../support/run-cli.ts';

// Ids are printed into prose under a name no input takes, and the input that takes an id has no emitter: the names
// may hide one record, and the printed number is a type the input refuses, so nothing is vouched for.
const FIXTURE = fileURLToPath(new URL('fixtures/printed-unpaired', import.meta.url));

describe('printed ids no input takes, beside an input no tool emits for', () => {
  const { report } = audit(FIXTURE);

  it('does not vouch for the input, and names the printed ids beside it', () => {
    expect(report.chains).toEqual([]);
    expect(report.coverage.unvouched).toEqual(['order']);
    expect(report.coverage.unpairedBeside).toEqual(['trade']);
    expect(report.verdict.vouched).toBe(false);
  });

  it('exits 2', async () => {
    expect((await runCli(['audit', '--no-contract', FIXTURE])).code).toBe(2);
  });
});
