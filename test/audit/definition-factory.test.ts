import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/definition-factory', import.meta.url));

describe('tools built by a definition factory of the project', () => {
  // `createTool(name, description, schema, handler)` returns `{ name, inputSchema: schema, handler: wrapped }`: each
  // call is a tool, read with the factory's parameters bound to the call's arguments, and the low-level call handler
  // that serializes `result.data` of `tool.handler(args)` reads each call's own handler through the wrapper.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('finds every call of the factory as a tool, with its input', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_projects typed',
      'get_project typed',
      'list_tasks typed',
      'get_task typed',
    ]);
    expect(report.coverage).toMatchObject({ tools: 4, knownEmitters: 4, inputsRead: 4 });
  });

  it('reads what each call handler returns through the wrapper and the code that serializes it', () => {
    const lines = chainLines(report);
    expect(lines).toContain('list_projects [].id -> get_project.project_id: broken');
    expect(lines).toContain('list_projects [].id -> list_tasks.project_id: broken');
    expect(lines).toContain('list_tasks [].project_id -> get_project.project_id: broken');
    expect(lines).toContain('list_tasks [].task_id -> get_task.task_id: ok');
    expect(lines).toContain('get_project id -> list_tasks.project_id: broken');
    expect(lines.filter((line) => line.endsWith(': ok')).every((line) => line.includes('task_id'))).toBe(true);
  });

  it('leaves no definition unexplained: the factory is no dynamic registration', () => {
    expect(report.verdict.text).not.toMatch(/could not/);
  });
});
