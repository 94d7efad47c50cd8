import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

describe('a tool class whose input method returns undefined', () => {
  const { report } = audit(fileURLToPath(new URL('fixtures/no-input-tools', import.meta.url)));

  it('takes no input: its input counts as read, not as a schema the audit could not follow', () => {
    expect(report.coverage.tools).toBe(2);
    expect(report.coverage.inputsRead).toBe(2);
  });

  it('still emits ids into the other tools', () => {
    expect(
      report.chains.map(
        (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool} ${chain.to.field}: ${chain.status}`,
      ),
    ).toEqual(['list_apps apps[].app_id -> get_app app_id: broken']);
  });
});
