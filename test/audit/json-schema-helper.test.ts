import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/json-schema-helper', import.meta.url));

describe('an input rendered by a helper of the project', () => {
  // `inputSchema: toJson(GetProjectSchema)`, where `toJson` returns `{ type: 'object', properties:
  // z.toJSONSchema(schema).properties }`: the input is the argument. The helper's own literal was read as a raw shape
  // (no acceptor, and `type` and `properties` reported as unread input fields), and a helper that returns the
  // rendering as it is left the input unresolved.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('follows each helper into the schema its call site hands it', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.input}`)).toEqual([
      'list_projects json-schema',
      'get_project zod',
      'archive_project zod',
    ]);
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual(['get_project.projectId string src/server.ts:14', 'archive_project.projectId string src/server.ts:15']);
    expect(chainLines(report)).toEqual([
      'list_projects projects[].id -> get_project.projectId: broken',
      'list_projects projects[].id -> archive_project.projectId: broken',
      'get_project project.id -> get_project.projectId: broken',
      'get_project project.id -> archive_project.projectId: broken',
    ]);
    expect(report.coverage).toMatchObject({ tools: 3, inputsRead: 3 });
  });

  it("reports the schema's own unread field, never the helper's JSON Schema keywords", () => {
    expect(report.findings.map((finding) => `${finding.rule} ${finding.tool} ${finding.file}:${finding.line}`)).toEqual(
      ['unread-input-field archive_project src/server.ts:15'],
    );
    expect(report.findings[0]?.message).toContain('publishes `reason`');
  });
});
