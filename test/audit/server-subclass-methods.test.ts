import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const fixture = fileURLToPath(new URL('fixtures/server-subclass-methods', import.meta.url));

describe('registration methods of an McpServer subclass whose overloads take the arguments of tool()', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture).report;
  });

  it('counts each call as a registration site and reads it like server.tool()', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.style} ${tool.file}:${tool.line}`)).toEqual([
      'stories-create sdk-tool src/stories.ts:18',
      'stories-get-by-id sdk-tool src/stories.ts:26',
      'stories-ping sdk-tool src/stories.ts:33',
    ]);
    expect(report.discovery.sites.map((site) => `${site.style} ${site.via} ${site.tools} ${site.line}`)).toEqual([
      'sdk-tool call 1 18',
      'sdk-tool call 1 26',
      'sdk-tool call 1 33',
    ]);
    expect(report.coverage.unfollowedSites).toBe(0);
  });

  it('reads the shape argument and the handler: a number story id into a string acceptor is broken', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'stories-get-by-id.storyPublicId string',
    ]);
    expect(chainLines(report)).toEqual([
      'stories-create id -> stories-get-by-id.storyPublicId: broken',
      'stories-get-by-id id -> stories-get-by-id.storyPublicId: broken',
    ]);
  });

  it('leaves a method of the subclass that takes no schema and no callback alone', () => {
    expect(report.tools.map((tool) => tool.name)).not.toContain('stories-create-access');
    expect(report.discovery.sites).toHaveLength(3);
  });
});
