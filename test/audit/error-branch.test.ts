import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/error-branch', import.meta.url));

describe('a tool result with a JSON branch and an error branch', () => {
  // `catch (err) { return { isError: true, content: [{ type: 'text', text: JSON.stringify(err) }] } }`, directly or
  // through a helper: the error branch serializes a value typed `unknown`, which made the whole tool an unknown
  // emitter and left the ids of its JSON branch out of the coverage line. An error result emits no ids.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it("counts the JSON branch's types; without the error flag the unknown value still counts", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_project typed',
      'list_projects typed',
      'archive_project unknown',
    ]);
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 2 });
    expect(
      report.unknownEmitters.map((emitter) => `${emitter.tool} '${emitter.path}' ${emitter.file}:${emitter.line}`),
    ).toEqual(["archive_project 'failed' src/server.ts:47"]);
  });

  it('pairs the ids of the JSON branches', () => {
    expect(
      report.chains.map(
        (chain) =>
          `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status} ${chain.from.file}:${chain.from.line}`,
      ),
    ).toEqual([
      'get_project projectId -> get_project.projectId: broken src/server.ts:25',
      'get_project projectId -> archive_project.projectId: broken src/server.ts:25',
      'list_projects projects[].projectId -> get_project.projectId: broken src/server.ts:39',
      'list_projects projects[].projectId -> archive_project.projectId: broken src/server.ts:39',
      'archive_project projectId -> get_project.projectId: broken src/server.ts:44',
      'archive_project projectId -> archive_project.projectId: broken src/server.ts:44',
    ]);
  });
});
