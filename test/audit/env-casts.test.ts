import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

// An untyped emitter, and a live test (in the fixture's test folder) that turns a pull request id it reads from its
// environment, through a const object of `process.env` values, into a number: parsing a string by nature, no evidence
// of what the API sends.
const FIXTURE = fileURLToPath(new URL('fixtures/env-casts', import.meta.url));

describe('casts of values a test reads from its environment', () => {
  const { report } = audit(FIXTURE);

  it('are no evidence: the untyped emitter stays unknown, and no chain is made suspect by them', () => {
    expect(report.chains).toEqual([]);
    expect(report.verdict).toMatchObject({
      vouched: false,
      text: 'could not vouch for pull-request: it has an acceptor and no emitter of known type.',
    });
  });

  it('nor a defensive cast the audit reports', () => {
    expect(report.findings.filter((finding) => finding.rule === 'no-defensive-id-cast')).toEqual([]);
  });
});
