import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { runCli } from '../support/run-cli.ts';

// Every tool's answer is typed, inputs take a user's id, and no tool gives an id out in any form the reading knows
// (as JSON or printed into text): nothing was checked, so the audit cannot say nothing breaks.
const FIXTURE = fileURLToPath(new URL('fixtures/no-id-emitted', import.meta.url));

describe('ids accepted while no tool gives one out in any form', () => {
  const { report } = audit(FIXTURE);

  it('does not vouch for the accepted entities, and says why', () => {
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2, inputsRead: 2 });
    expect(report.emitters).toEqual([]);
    expect(report.coverage.unvouched).toEqual(['creator']);
    expect(report.coverage.noIdEmitted).toBe(true);
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toContain(
      'could not vouch for creator: no tool gives out an id, as JSON or printed into text',
    );
  });

  it('exits 2, and 0 with --allow-unknown (every id the user supplies)', async () => {
    expect((await runCli(['audit', '--no-contract', FIXTURE])).code).toBe(2);
    expect((await runCli(['audit', '--no-contract', '--allow-unknown', FIXTURE])).code).toBe(0);
  });

  it('vouches where an id is printed into prose of the type the input takes', () => {
    const prose = audit(fileURLToPath(new URL('fixtures/prose-output', import.meta.url))).report;
    expect(prose.coverage.noIdEmitted).toBeUndefined();
    expect(prose.verdict.vouched).toBe(true);
  });
});
