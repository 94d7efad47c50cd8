import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/typed-tool-objects', import.meta.url));

describe('tools written as objects of a declared type, registered by their members', () => {
  // `server.registerTool(tool.name, tool.config, tool.execute)` with `const tool: McpTool<S> = { ... }`.
  it('follows each registration into the object literal, not the declared type', () => {
    const { report } = audit(FIXTURE);
    expect(report.coverage.registrationSites).toBe(2);
    expect(report.coverage.unfollowedSites).toBe(0);
    expect(report.coverage.tools).toBe(2);
    expect(report.findings.filter((finding) => finding.rule === 'unfollowed-registration')).toEqual([]);
    expect(chainLines(report)).toEqual([
      'users_list [].id -> users_get.user_id: broken',
      'users_get id -> users_get.user_id: broken',
    ]);
  });
});
