import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
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

  // `deleteUserTool` is a tool object no registration reads and no code names: the server never lists it.
  it('counts no tool object that nothing registers, and says which', () => {
    const { report } = audit(FIXTURE);
    expect(report.tools.map((tool) => tool.name)).toEqual(['users_list', 'users_get']);
    expect(report.discovery.unregistered).toEqual([{ tool: 'users_delete', file: 'src/server.ts', line: 34 }]);
    expect(formatAuditText(report)).toContain(
      '1 tool object is never registered, not counted: users_delete (test/audit/fixtures/typed-tool-objects/src/server.ts:34)',
    );
  });
});
