import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';

const styles = fileURLToPath(new URL('fixtures/styles', import.meta.url));

let report: AuditReport;
beforeAll(() => {
  report = audit(styles).report;
});

function chain(from: string, to: string): string | undefined {
  return report.chains.find(
    (candidate) =>
      `${candidate.from.tool} ${candidate.from.path}` === from && `${candidate.to.tool}.${candidate.to.field}` === to,
  )?.status;
}

describe('discovery across registration styles', () => {
  it('finds every tool with its style and where it is registered', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.style} ${tool.file}:${tool.line}`)).toEqual([
      'close_issue add-tool src/fastmcp-server.ts:13',
      'archive_project tool-object src/low-level.ts:22',
      'rename_project tool-object src/low-level.ts:23',
      'list_projects sdk-tool src/sdk-server.ts:9',
      'get_project register-tool src/sdk-server.ts:11',
      'create_issue register-tool src/sdk-server.ts:13',
      'get_issue register-tool src/sdk-server.ts:19',
      'search_issues register-tool src/sdk-server.ts:25',
      'raw_query register-tool src/sdk-server.ts:29',
      'move_issue register-tool src/sdk-server.ts:31',
      'issue_link register-tool src/sdk-server.ts:37',
      'list_labels tool-object src/tool-objects.ts:5',
      'delete_label tool-class src/tool-objects.ts:14',
      'rename_label wrapper src/wrapper.ts:12',
    ]);
    expect(report.project.config).toBe('agent-contract.config.json');
  });

  it('links the low-level tools listed as objects to their `case` in the CallTool switch', () => {
    expect(report.tools.find((tool) => tool.name === 'archive_project')?.handler).toEqual({
      file: 'src/low-level.ts',
      line: 29,
    });
    expect(report.tools.find((tool) => tool.name === 'rename_project')?.handler).toEqual({
      file: 'src/low-level.ts',
      line: 33,
    });
  });

  it("reports the wrapper's own registerTool, whose name is a parameter, as a dynamic registration", () => {
    expect(report.discovery.dynamic).toEqual([{ style: 'register-tool', file: 'src/wrapper.ts', line: 9 }]);
  });
});

describe('acceptors, as Zod will parse them', () => {
  it('reads id fields through spreads, `.extend()` across files, `.shape`, renderers and helpers', () => {
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual([
      'close_issue.issueId string src/fastmcp-server.ts:15',
      'archive_project.project_id string src/schemas.ts:3',
      'rename_project.project_id string src/schemas.ts:3',
      'get_project.project_id string src/schemas.ts:7',
      'create_issue.project_id string src/schemas.ts:3',
      'get_issue.project_id guarded src/sdk-server.ts:21',
      'get_issue.issue_id coerced src/sdk-server.ts:21',
      'search_issues.project_id string-or-number src/sdk-server.ts:25',
      'delete_label.labelId string src/tool-objects.ts:16',
      'rename_label.labelId string src/wrapper.ts:12',
    ]);
    expect(report.acceptors.find((acceptor) => acceptor.tool === 'rename_label')?.detail).toBe('uuid');
    expect(report.acceptors.find((acceptor) => acceptor.field === 'issue_id')).toMatchObject({
      published: ['number'],
      detail: 'number',
    });
  });
});

describe("emitters, from the checker's types", () => {
  it('follows helpers, row interfaces and `as` casts to the JSON type of each id', () => {
    const emitted = (tool: string) =>
      report.emitters
        .filter((emitter) => emitter.tool === tool)
        .map((emitter) => `${emitter.path} ${emitter.types.join('|')} ${emitter.channel}`);
    expect(emitted('list_projects')).toEqual(['projects[].id number text']);
    expect(emitted('create_issue')).toEqual([
      'issue.id number structuredContent',
      'issue.project_id number structuredContent',
    ]);
    expect(emitted('archive_project')).toEqual(['id number text']);
    expect(emitted('close_issue')).toEqual(['issue.id number text', 'issue.project_id number text']);
    expect(emitted('list_labels')).toEqual(['labels[].id number structuredContent']);
    expect(emitted('rename_label')).toEqual(['label.id number text']);
    expect(emitted('issue_link')).toEqual(['issueId string structuredContent']);
  });

  it('lists a handler that returns `any` as emitting unknown types instead of guessing', () => {
    expect(report.tools.find((tool) => tool.name === 'raw_query')?.emits).toBe('unknown');
    expect(report.unknownEmitters).toEqual([{ tool: 'raw_query', path: '', file: 'src/sdk-server.ts', line: 29 }]);
    expect(report.summary.toolsEmittingUnknown).toBe(1);
  });
});

describe('the chain matrix', () => {
  it('is broken where a string-only acceptor meets a numeric id, tolerated where a guard takes it, ok where types agree', () => {
    expect(chain('list_projects projects[].id', 'get_project.project_id')).toBe('broken');
    expect(chain('list_projects projects[].id', 'get_issue.project_id')).toBe('tolerated');
    expect(chain('list_projects projects[].id', 'search_issues.project_id')).toBe('ok');
    expect(chain('create_issue issue.id', 'get_issue.issue_id')).toBe('ok');
    expect(chain('issue_link issueId', 'get_issue.issue_id')).toBe('tolerated');
    expect(chain('issue_link issueId', 'close_issue.issueId')).toBe('ok');
    expect(chain('list_labels labels[].id', 'delete_label.labelId')).toBe('broken');
    expect(chain('list_labels labels[].id', 'rename_label.labelId')).toBe('broken');
  });

  it('carries file:line on both ends', () => {
    const broken = report.chains.find(
      (candidate) => candidate.from.tool === 'list_labels' && candidate.to.tool === 'delete_label',
    );
    expect(broken).toEqual({
      entity: 'label',
      status: 'broken',
      reason: 'emits number, accepts only string',
      from: { tool: 'list_labels', path: 'labels[].id', type: 'number', file: 'src/tool-objects.ts', line: 9 },
      to: { tool: 'delete_label', field: 'labelId', type: 'string', file: 'src/tool-objects.ts', line: 16 },
    });
  });
});

describe('findings beside the matrix', () => {
  it('reports what the lint rules report, with file and line', () => {
    expect(report.findings.map((finding) => `${finding.file}:${finding.line} ${finding.rule}`)).toEqual([
      'src/schemas.ts:3 unread-input-field',
      'src/schemas.ts:12 no-guarded-id-in-output',
      'src/sdk-server.ts:21 no-unguarded-coerce',
      'src/sdk-server.ts:21 unread-input-field',
      'src/sdk-server.ts:25 no-id-union',
      'src/sdk-server.ts:33 no-effects-on-tool-schema',
      'src/sdk-server.ts:33 unread-input-field',
      'src/sdk-server.ts:33 unread-input-field',
      'src/wrapper.ts:12 unread-input-field',
      'test/tools.test.ts:4 no-defensive-id-cast',
      'test/tools.test.ts:4 no-defensive-id-cast',
    ]);
    expect(report.findings.find((finding) => finding.rule === 'no-unguarded-coerce')?.message).toBe(
      '`issue_id` of tool `get_issue` is `z.coerce.number()`: null becomes 0 and "" becomes 0, and the published schema does not show it. Use a preprocess that converts only what you mean to accept.',
    );
    expect(
      report.findings.find((finding) => finding.rule === 'unread-input-field' && finding.tool === 'rename_label')
        ?.message,
    ).toContain('publishes `name` but its handler never reads it');
    // A low-level tool's case clause, read as dispositions reads it: rename_project parses project_id and never reads it.
    expect(
      report.findings
        .filter((finding) => finding.rule === 'unread-input-field' && finding.tool?.endsWith('_project') === true)
        .map((finding) => `${finding.tool}: ${finding.message.split(' but ')[0]}`),
    ).toEqual(['rename_project: tool `rename_project` publishes `project_id`']);
    // The casts the fixture's test file makes on purpose, quoted as the findings must quote them.
    const casts = JSON.parse(readFileSync(join(styles, 'expected-defensive-casts.json'), 'utf8')) as string[];
    expect(
      report.findings
        .filter((finding) => finding.rule === 'no-defensive-id-cast')
        .map((finding) => finding.message.split(' types ')[0]),
    ).toEqual(casts);
  });
});

describe('files that do not type-check', () => {
  it('are audited anyway, and counted when type errors are asked for', () => {
    const broken = audit(fileURLToPath(new URL('fixtures/broken-types', import.meta.url)), { typeErrors: true }).report;
    expect(broken.project.filesWithErrors).toBe(1);
    expect(broken.project.errors).toEqual(["src/server.ts:16: Type 'string' is not assignable to type 'number'."]);
    expect(broken.summary).toMatchObject({ tools: 2, chains: 2, broken: 1, ok: 1 });
  });
});
