import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/registering-method', import.meta.url));

describe("a server class's own registerTool(name, description, schema, handler) around the SDK's tool()", () => {
  // `this.registerTool(tool.name, ...)` calls the class's method, not the SDK's: a registration function with its own
  // parameters, whose handler is wrapped in a local (`wrappedHandler`) before `this.server.tool(...)` gets it.
  const { report } = audit(FIXTURE);

  it('reads the method as the registration function it is, so every site is followed and the verdict vouches', () => {
    expect(report.findings.filter((finding) => finding.rule === 'unfollowed-registration')).toEqual([]);
    expect(report.coverage).toMatchObject({ registrationSites: 4, unfollowedSites: 0, tools: 3 });
    expect(report.verdict).toMatchObject({ vouched: true, text: '4 broken chains of 4.' });
  });

  it('takes the schema of tool(name, description, shape, handler) from the shape, not the description', () => {
    expect(chainLines(report)).toEqual([
      'list_projects [].id -> get_project.projectId: broken',
      'list_projects [].id -> archive_project.projectId: broken',
      'get_project id -> get_project.projectId: broken',
      'get_project id -> archive_project.projectId: broken',
    ]);
  });
});
