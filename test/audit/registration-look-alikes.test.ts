import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { lineOf } from '../support/line-of.ts';

describe('registrations the audit cannot tie to a tool, beside tools it found', () => {
  const folder = fileURLToPath(new URL('fixtures/registration-look-alikes', import.meta.url));
  const { report } = audit(folder);
  const unfollowed = report.findings.filter((finding) => finding.rule === 'unfollowed-registration');

  it('does not take a registerTool whose first argument is no name for an MCP registration', () => {
    expect(unfollowed.map((finding) => finding.line)).toEqual([
      lineOf(`${folder}/src/server.ts`, 'server.registerTool(name, config, handler);'),
    ]);
    expect(report.coverage.registrationSites).toBe(1);
  });

  it('says that a loop of computed configs may register the tools found elsewhere, instead of calling them missing', () => {
    expect(report.summary.tools).toBe(1);
    expect(unfollowed[0]?.message).toBe(
      'the audit cannot follow this registerTool: its config `config` is computed at run time; if it registers tools among the 1 the audit found elsewhere (tool objects, definitions or classes), none is missing, otherwise write the config as an object literal or a const, or register it through a function of your own and declare that function in agent-contract.config.json',
    );
  });
});
