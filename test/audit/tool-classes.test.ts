import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url));

function chains(report: AuditReport): string[] {
  return report.chains.map(
    (chain) =>
      `${chain.from.tool} ${chain.from.path} (${chain.from.type}) ${chain.from.file}:${chain.from.line} -> ${chain.to.tool}.${chain.to.field} (${chain.to.type}): ${chain.status}`,
  );
}

describe('tool classes registered in a loop over instances', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('class-tools')).report;
  });

  it('finds each concrete class behind the loop variable, with the name its property initializer gives', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.style} ${tool.class} ${tool.file}:${tool.line}`)).toEqual([
      'create_board tool-class CreateBoardTool src/server.ts:14',
      'create_item tool-class CreateItemTool src/server.ts:25',
    ]);
    expect(report.discovery.sites).toEqual([
      { style: 'register-tool', file: 'src/server.ts', line: 38, via: 'classes', tools: 2 },
    ]);
    expect(report.discovery.dynamic).toEqual([]);
  });

  it('reads the input schema from the method each class overrides', () => {
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual(['create_item.boardId number src/server.ts:28']);
  });

  it('follows execute -> this.executeInternal() to the override: a string board id into a number acceptor is broken', () => {
    expect(chains(report)).toEqual([
      'create_board board_id (string) src/server.ts:21 -> create_item.boardId (number): broken',
    ]);
    expect(report.tools.map((tool) => tool.emits)).toEqual(['typed', 'typed']);
  });
});

describe('tool classes listed as constructors and instantiated by a factory typed with the abstract base', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('class-factory')).report;
  });

  it('enumerates the concrete subclasses of the base, through an abstract layer, reading getters and statics', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.class} ${tool.file}:${tool.line}`)).toEqual([
      'list_projects ListProjectsTool src/tools/projects.ts:4',
      'create_task CreateTaskTool src/tools/projects.ts:19',
      'archive_task ArchiveTaskTool src/tools/tasks.ts:4',
    ]);
    expect(report.discovery.sites).toEqual([
      { style: 'register-tool', file: 'src/server.ts', line: 9, via: 'classes', tools: 3 },
    ]);
  });

  it('reads the input from a getter, also one that returns another member', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'create_task.projectId string',
      'archive_task.taskId string',
    ]);
  });

  it('follows the base execute into each run, and a private helper of the subclass, to the typed ids', () => {
    expect(chains(report)).toEqual([
      'list_projects projects[].id (number) src/tools/projects.ts:13 -> create_task.projectId (string): broken',
      'create_task taskId (number) src/tools/projects.ts:34 -> archive_task.taskId (string): broken',
    ]);
  });
});

describe('tool classes that register themselves: the registration reads `this`', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('class-self-registration')).report;
  });

  it('reads every concrete subclass of the class the registration is written in, and emits where each class returns', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.class} ${tool.emits}`)).toEqual([
      'list_labels ListLabels typed',
      'delete_label DeleteLabel unknown',
    ]);
    expect(report.discovery.sites).toEqual([
      { style: 'register-tool', file: 'src/tool.ts', line: 12, via: 'classes', tools: 2 },
    ]);
    expect(chains(report)).toEqual([
      'list_labels labels[].id (number) src/labels.ts:18 -> delete_label.labelId (string): broken',
    ]);
  });

  it('counts a handler typed only as a tool result as one whose emitted types are unknown', () => {
    expect(report.unknownEmitters).toEqual([{ tool: 'delete_label', path: '', file: 'src/labels.ts', line: 26 }]);
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 1, unvouched: [] });
  });
});

describe('a toolkit that registers each instance it is handed, typed with the interface its base implements', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('class-toolkit')).report;
  });

  it('reads the implementers of the interface, the schema a local const took from the instance, and a `let` the handler assigns', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.class}`)).toEqual([
      'create_board CreateBoardTool',
      'create_item CreateItemTool',
    ]);
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'create_item.boardId number',
    ]);
    expect(chains(report)).toEqual([
      'create_board board_id (string) src/tools/create-board-tool.ts:20 -> create_item.boardId (number): broken',
    ]);
  });
});

describe('tool classes kept in a map and registered from its values, their schemas read through a method', () => {
  let report: AuditReport;
  beforeAll(() => {
    report = audit(fixture('class-map-registry')).report;
  });

  it('finds every class of the union the map holds; `tool.name` names no one tool', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.style} ${tool.class} ${tool.file}:${tool.line}`)).toEqual([
      'get_run tool-class GetRunTool src/tools/runs.ts:33',
      'cancel_run tool-class CancelRunTool src/tools/runs.ts:48',
      'list_runs tool-class ListRunsTool src/tools/runs.ts:14',
    ]);
    expect(report.discovery.sites).toEqual([
      { style: 'register-tool', file: 'src/server.ts', line: 19, via: 'classes', tools: 3 },
    ]);
  });

  it('reads `tool.getInputSchema().shape` as the shape of the schema each class returns', () => {
    expect(
      report.acceptors.map(
        (acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type} ${acceptor.file}:${acceptor.line}`,
      ),
    ).toEqual(['get_run.runId string src/tools/runs.ts:38', 'cancel_run.runId string src/tools/runs.ts:53']);
  });

  it("follows the base's handler through execute to each class's answer: the listed run ids are numbers", () => {
    expect(report.tools.map((tool) => tool.emits)).toEqual(['typed', 'typed', 'typed']);
    expect(chains(report).map((line) => line.replace(/ \(.*?\) src\S+/, ''))).toEqual([
      'list_runs [].id -> get_run.runId (string): broken',
      'list_runs [].id -> cancel_run.runId (string): broken',
      'list_runs runs[].id -> get_run.runId (string): broken',
      'list_runs runs[].id -> cancel_run.runId (string): broken',
    ]);
  });

  it('guard-ids guards both acceptors in the class files, and the audit reads them back as tolerated', async () => {
    const { root, run, guarded } = await guardIdsOnCopy(fixture('class-map-registry'), 'src/tools/runs.ts');
    expect(run.code).toBe(0);
    expect(guarded).toContain('return z.object({ runId: guardId(z.string().regex(/^\\d+$/)) });');
    expect(guarded).toContain('return z.object({ runId: guardId(z.string()) });');
    expect(audit(root).report.chains.map((chain) => chain.status)).toEqual([
      'tolerated',
      'tolerated',
      'tolerated',
      'tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
