import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/spread-tuples', import.meta.url));

describe('argument lists spread into a registration', () => {
  // `policyTools.forEach((tool) => server.registerTool(...tool))`, `for (const tool of quoteTools)` over consts, and
  // `server.registerTool(...renewPolicy)`: each list is one call's arguments, written where the tool is defined.
  const { report } = audit(FIXTURE);

  it('reads one tool per argument list, placed where the list is written', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.file.replace(/^.*\//, '')} ${tool.emits}`).sort()).toEqual([
      'get_policy policies.ts typed',
      'get_quote quotes.ts typed',
      'list_policies policies.ts typed',
      'list_quotes quotes.ts typed',
      'renew_policy quotes.ts typed',
    ]);
    expect(report.coverage).toMatchObject({ tools: 5, knownEmitters: 5, registrationSites: 4, unfollowedSites: 1 });
  });

  it('finds the broken chains between them', () => {
    expect(
      report.chains
        .filter((chain) => chain.status === 'broken')
        .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`)
        .sort(),
    ).toEqual([
      'get_policy policyId -> get_policy.policyId',
      'get_quote policyId -> get_policy.policyId',
      'list_policies [].policyId -> get_policy.policyId',
      'list_quotes [].policyId -> get_policy.policyId',
    ]);
  });

  it('says it cannot follow a spread of lists built at run time, and does not vouch', () => {
    expect(
      report.findings
        .filter((finding) => finding.rule === 'unfollowed-registration')
        .map((finding) => `${finding.file.replace(/^.*\//, '')}:${finding.line}`),
    ).toEqual(['server.ts:16']);
    expect(report.verdict.vouched).toBe(false);
  });
});
