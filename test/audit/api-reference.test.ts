import { cpSync, mkdtempSync, readFileSync, renameSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { apiReferencesIn } from '../../src/cli/api-documents.ts';
import { chainLines } from '../support/chain-lines.ts';
import { runCli } from '../support/run-cli.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/api-reference', import.meta.url));

describe("the API's OpenAPI document as the evidence of answers the code leaves untyped", () => {
  // `client.get<Array<Record<string, unknown>>>('/employees/:id/goals')`: the code says nothing of the goals' ids;
  // the project's openapi.yaml types that operation's answer, so its ids are the tool's, suspect.
  const { report } = audit(FIXTURE, { apiReferences: () => apiReferencesIn(FIXTURE) });

  it('pairs the ids the document types with the inputs that take them, as suspect', () => {
    expect(chainLines(report).sort()).toEqual([
      'get_department id -> get_department.department_id: broken',
      // `employeeGoalId`: the server takes goals and employees but no "employee goal"; a milestone points at its goal.
      'get_goal milestones[].employeeGoalId -> get_goal.goal_id: suspect',
      'get_goal sharedWithEmployeeIds[] -> get_goal.employee_id: suspect',
      'get_goal sharedWithEmployeeIds[] -> list_goals.employee_id: suspect',
      'get_goal sharedWithEmployeeIds[] -> request_time_off.employee_id: suspect',
      'list_departments [].id -> get_department.department_id: broken',
      'list_goals [].milestones[].employeeGoalId -> get_goal.goal_id: suspect',
      'list_goals [].sharedWithEmployeeIds[] -> get_goal.employee_id: suspect',
      'list_goals [].sharedWithEmployeeIds[] -> list_goals.employee_id: suspect',
      'list_goals [].sharedWithEmployeeIds[] -> request_time_off.employee_id: suspect',
      'list_time_off_types timeOffTypes[].id -> request_time_off.time_off_type_id: suspect',
    ]);
  });

  it('says which document and operation typed the answer, at the call', () => {
    const chain = report.chains.find((entry) => entry.to.field === 'time_off_type_id');
    expect(chain?.evidence).toEqual([
      expect.objectContaining({
        kind: 'api-reference',
        text: 'openapi.yaml types `timeOffTypes[].id` of GET /api/v1/meta/time_off/types number; the code calls /meta/time_off/types untyped',
        file: 'src/client.ts',
      }),
    ]);
  });

  it('says in each reason that the document, not the code, types the ids', () => {
    const chain = report.chains.find((entry) => entry.to.field === 'time_off_type_id');
    expect(chain?.reason).toBe(
      "emits a value of unknown type; the API's document treats these ids as number, accepts only string",
    );
  });

  it('says in the text report that the document, not the code, types the emitter', () => {
    const text = formatAuditText(report, { color: false });
    expect(text).toContain(
      "? list_time_off_types timeOffTypes[].id emits a value the code leaves untyped and the API's document types",
    );
  });

  it('leaves the tools it typed this way unknown: the code still does not type them', () => {
    expect(report.verdict.vouched).toBe(false);
    expect(report.coverage.knownEmitters).toBe(3);
  });

  it('reads no document unless given one', () => {
    const { report: without } = audit(FIXTURE);
    expect(chainLines(without).sort()).toEqual([
      'get_department id -> get_department.department_id: broken',
      'list_departments [].id -> get_department.department_id: broken',
    ]);
  });
});

describe('audit --openapi on the command line', () => {
  const suspects = (stdout: string): string[] =>
    (JSON.parse(stdout) as { chains: { status: string; to: { tool: string; field: string } }[] }).chains
      .filter((chain) => chain.status === 'suspect')
      .map((chain) => `${chain.to.tool}.${chain.to.field}`)
      .sort();

  it('reads the documents the project carries by default, and none with --no-openapi', async () => {
    const own = await runCli(['audit', '--no-contract', '--format', 'json', FIXTURE]);
    expect(own.code).toBe(2);
    expect(suspects(own.stdout)).toContain('request_time_off.time_off_type_id');
    const none = await runCli(['audit', '--no-contract', '--no-openapi', '--format', 'json', FIXTURE]);
    expect(suspects(none.stdout)).toEqual([]);
  });

  it('reads the documents --openapi names instead', async () => {
    const named = await runCli(
      ['audit', '--no-contract', '--format', 'json', '--openapi', 'openapi.yaml', '--openapi', 'openapi.yaml', '.'],
      { cwd: FIXTURE },
    );
    expect(suspects(named.stdout)).toContain('request_time_off.time_off_type_id');
  });

  it('refuses a missing or foreign document with one line that names it', async () => {
    const work = mkdtempSync(path.join(tmpdir(), 'openapi-'));
    const missing = await runCli(['audit', '--openapi', path.join(work, 'none.yaml'), FIXTURE]);
    expect(missing.code).toBe(2);
    expect(missing.stdout).toBe('');
    expect(missing.stderr.trim().split('\n')).toHaveLength(1);
    expect(missing.stderr).toContain('none.yaml: no such file');
    const foreign = path.join(work, 'package.json');
    writeFileSync(foreign, '{"name": "x"}');
    const notApi = await runCli(['audit', '--openapi', foreign, FIXTURE]);
    expect(notApi.code).toBe(2);
    expect(notApi.stderr.trim().split('\n')).toHaveLength(1);
    expect(notApi.stderr).toContain('not an OpenAPI document');
  });

  it('fetches a document --openapi names by URL, and refuses one the server does not have', async () => {
    const yaml = readFileSync(path.join(FIXTURE, 'openapi.yaml'), 'utf8');
    const server = createServer((request, response) => {
      if (request.url === '/openapi') response.writeHead(200, { 'content-type': 'application/yaml' }).end(yaml);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const fetched = await runCli([
        'audit',
        '--no-contract',
        '--format',
        'json',
        '--openapi',
        `http://127.0.0.1:${port}/openapi`,
        FIXTURE,
      ]);
      expect(suspects(fetched.stdout)).toContain('request_time_off.time_off_type_id');
      const missing = await runCli(['audit', '--openapi', `http://127.0.0.1:${port}/none`, FIXTURE]);
      expect(missing.code).toBe(2);
      expect(missing.stdout).toBe('');
      expect(missing.stderr.trim().split('\n')).toHaveLength(1);
      expect(missing.stderr).toContain('answered 404');
    } finally {
      server.close();
    }
  });
});

describe('audit.openapi in agent-contract.config.json', () => {
  const REPO = fileURLToPath(new URL('../..', import.meta.url));
  const suspects = (stdout: string): string[] =>
    (JSON.parse(stdout) as { chains: { status: string; to: { tool: string; field: string } }[] }).chains
      .filter((chain) => chain.status === 'suspect')
      .map((chain) => `${chain.to.tool}.${chain.to.field}`);

  /** The fixture copied into a temporary folder, its document moved out of the project to vendor/bamboo.yaml. */
  function projectWith(config: unknown): string {
    const work = mkdtempSync(path.join(tmpdir(), 'openapi-config-'));
    const project = path.join(work, 'server');
    cpSync(FIXTURE, project, { recursive: true });
    symlinkSync(path.join(REPO, 'node_modules'), path.join(project, 'node_modules'));
    cpSync(path.join(project, 'openapi.yaml'), path.join(work, 'bamboo.yaml'));
    renameSync(path.join(project, 'openapi.yaml'), path.join(project, 'bamboo.txt'));
    writeFileSync(path.join(project, 'agent-contract.config.json'), JSON.stringify(config));
    return project;
  }

  it('reads the documents the configuration names, relative to its folder, with no flag', async () => {
    const unconfigured = await runCli(['audit', '--no-contract', '--format', 'json', projectWith({})]);
    expect(suspects(unconfigured.stdout)).toEqual([]);
    const project = projectWith({ audit: { openapi: ['../bamboo.yaml'] } });
    const configured = await runCli(['audit', '--no-contract', '--format', 'json', project]);
    expect(suspects(configured.stdout)).toContain('request_time_off.time_off_type_id');
    const overruled = await runCli(['audit', '--no-contract', '--no-openapi', '--format', 'json', project]);
    expect(suspects(overruled.stdout)).toEqual([]);
  });

  it('takes one document as a string, and false for none, not even those the project carries', async () => {
    const one = projectWith({ audit: { openapi: '../bamboo.yaml' } });
    const read = await runCli(['audit', '--no-contract', '--format', 'json', one]);
    expect(suspects(read.stdout)).toContain('request_time_off.time_off_type_id');
    const none = projectWith({ audit: { openapi: false } });
    cpSync(path.join(none, '..', 'bamboo.yaml'), path.join(none, 'openapi.yaml'));
    const carried = await runCli(['audit', '--no-contract', '--format', 'json', none]);
    expect(suspects(carried.stdout)).toEqual([]);
  });

  it('stops with one line naming the file and the key when a configured document is missing or the key is wrong', async () => {
    const missing = projectWith({ audit: { openapi: ['../none.yaml'] } });
    const run = await runCli(['audit', '--no-contract', missing]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('agent-contract.config.json: "audit.openapi" ../none.yaml: no such file');
    const wrong = projectWith({ audit: { openapi: 3 } });
    const bad = await runCli(['audit', '--no-contract', wrong]);
    expect(bad.code).toBe(2);
    expect(bad.stderr.trim().split('\n')).toHaveLength(1);
    expect(bad.stderr).toContain('"audit.openapi" must be');
  });
});
