import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/tool-object-references', import.meta.url));

describe('tool objects whose parts are references', () => {
  // `{ name: 'get_case', parameters, handler }` names consts in scope; `{ ...caseTool, name: 'close_case' }` spreads a
  // shared part; `parameters` may be imported through a re-export. The shorthand form left every input unresolved
  // (and the advice to write inputs as Zod objects or consts was wrong: they were consts).
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it('reads each definition, its input and its handler through shorthand properties, spreads and imports', () => {
    expect(
      report.tools.map((tool) => `${tool.name} ${tool.input} ${tool.file}:${tool.line} ${tool.handler?.line}`),
    ).toEqual([
      'assign_case zod src/tools/assign-case.ts:10 7',
      'close_case zod src/tools/close-case.ts:8 11',
      'reopen_case zod src/tools/close-case.ts:14 17',
      'get_case zod src/tools/get-case.ts:12 8',
      'list_cases zod src/tools/list-cases.ts:11 7',
    ]);
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual([
      'assign_case.caseId string src/schemas/assign.ts:3',
      'assign_case.agentId string src/schemas/assign.ts:3',
      'close_case.caseId string src/tools/close-case.ts:6',
      'reopen_case.caseId string src/tools/close-case.ts:6',
      'get_case.caseId string src/tools/get-case.ts:6',
    ]);
  });

  it('pairs the numeric case ids the tools emit with the string inputs that take them', () => {
    expect(chainLines(report)).toEqual([
      'get_case case.id -> assign_case.caseId: broken',
      'get_case case.id -> close_case.caseId: broken',
      'get_case case.id -> reopen_case.caseId: broken',
      'get_case case.id -> get_case.caseId: broken',
      'list_cases cases[].id -> assign_case.caseId: broken',
      'list_cases cases[].id -> close_case.caseId: broken',
      'list_cases cases[].id -> reopen_case.caseId: broken',
      'list_cases cases[].id -> get_case.caseId: broken',
    ]);
  });

  it('counts every input as read, and the loop that registers them as following five definitions', () => {
    expect(report.coverage).toMatchObject({ registrationSites: 1, unfollowedSites: 0, tools: 5, inputsRead: 5 });
    expect(report.discovery.sites.map((site) => `${site.file}:${site.line} ${site.via} ${site.tools}`)).toEqual([
      'src/server.ts:13 definitions 5',
    ]);
    expect(report.verdict.blind).toBeUndefined();
  });
});
