import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { runCli } from '../support/run-cli.ts';

/**
 * A check that could not look never passes: every entity here has an emitter of known type, but one tool returns what
 * an untyped client hands back. What it emits may break an acceptor, so the audit names it and cannot vouch.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/one-untyped-tool', import.meta.url));

describe('one tool whose emitted types are unknown', () => {
  const { report } = audit(FIXTURE);

  it('is named in the verdict, which cannot vouch', () => {
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 2, unvouched: [] });
    expect(report.verdict).toEqual({
      vouched: false,
      text: 'could not vouch for what 1 of 3 tools emit (export_tickets): its emitted types are unknown.',
    });
  });

  it('exits 2, and by --fail-on alone with --allow-unknown', async () => {
    const strict = await runCli(['audit', FIXTURE]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toContain('could not vouch for what 1 of 3 tools emit (export_tickets)');
    const allowed = await runCli(['audit', '--allow-unknown', FIXTURE]);
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toBe('');
  });
});
