import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import type { PublishedSurface } from '../../src/model/published-surface.ts';
import { repoRoot, runCli } from '../support/run-cli.ts';

/**
 * The published contract as the ground truth of what a server accepts. The fixture is a low-level server whose tool
 * list a helper of its own builds from Zod schemas (`toJson(GetProjectSchema)`); `mcp-contract.json` beside it is its
 * real `tools/list`, written by `contract snapshot`. Whatever the source reading makes of the helper, the acceptors
 * come from what the server publishes; the source only places them.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/published-contract', import.meta.url));
const CONTRACT = path.join(FIXTURE, 'mcp-contract.json');
const tsx = path.join(repoRoot, 'node_modules/.bin/tsx');
const work = mkdtempSync(path.join(tmpdir(), 'agent-contract-published-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface ContractJson {
  tools: { name: string; inputSchema: unknown; outputSchema?: unknown }[];
  acceptance?: PublishedSurface['acceptance'];
}

function surfaceFrom(contract: ContractJson, source = 'mcp-contract.json'): PublishedSurface {
  return {
    source,
    tools: contract.tools,
    ...(contract.acceptance === undefined ? {} : { acceptance: contract.acceptance }),
  };
}

const published = JSON.parse(readFileSync(CONTRACT, 'utf8')) as ContractJson;

function chainLines(report: AuditReport): string[] {
  return report.chains
    .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`)
    .sort();
}

describe('audit against the published contract', () => {
  const { report } = audit(FIXTURE, { published: surfaceFrom(published) });

  it('reads every acceptor from what the server publishes', () => {
    expect(
      report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.published.join('|')}`),
    ).toEqual(['get_project.projectId string', 'rename_project.project_id integer']);
    expect(chainLines(report)).toEqual([
      'get_project project.id -> get_project.projectId: broken',
      'get_project project.id -> rename_project.project_id: tolerated',
      'list_projects projects[].id -> get_project.projectId: broken',
      'list_projects projects[].id -> rename_project.project_id: tolerated',
      'rename_project project.id -> get_project.projectId: broken',
      'rename_project project.id -> rename_project.project_id: tolerated',
    ]);
  });

  it('says how the contract was matched to the source', () => {
    expect(report.coverage.contract).toMatchObject({
      source: 'mcp-contract.json',
      tools: 3,
      placedTools: 3,
      unplacedTools: [],
      unpublishedTools: [],
      acceptance: 'unknown',
    });
    expect(report.coverage).toMatchObject({ tools: 3, inputsRead: 3 });
  });

  it('never reports a JSON Schema keyword as an unread input field', () => {
    const unread = report.findings.filter((finding) => finding.rule === 'unread-input-field');
    expect(
      unread.map((finding) => finding.message).filter((message) => /\b(type|properties|required)\b/.test(message)),
    ).toEqual([]);
  });

  it('takes what the server accepted at run time over what the source suggests', () => {
    const acceptance = [{ tool: 'get_project', field: 'projectId', number: true, string: true }];
    const { report: probed } = audit(FIXTURE, { published: surfaceFrom({ ...published, acceptance }) });
    expect(chainLines(probed).filter((line) => line.includes('get_project.projectId'))).toEqual([
      'get_project project.id -> get_project.projectId: tolerated',
      'list_projects projects[].id -> get_project.projectId: tolerated',
      'rename_project project.id -> get_project.projectId: tolerated',
    ]);
    expect(probed.coverage.contract?.acceptance).toBe('recorded');
  });

  it('lists a published tool the source does not show by name, and cannot vouch', () => {
    const extra = {
      name: 'archive_project',
      inputSchema: { type: 'object', properties: { projectId: { type: 'string' } }, required: ['projectId'] },
    };
    const { report: partial } = audit(FIXTURE, {
      published: surfaceFrom({ ...published, tools: [...published.tools, extra] }),
    });
    expect(partial.coverage.contract?.unplacedTools).toEqual(['archive_project']);
    const archived = partial.acceptors.find((acceptor) => acceptor.tool === 'archive_project');
    expect(archived).toMatchObject({ field: 'projectId', placed: 'none', file: 'mcp-contract.json', line: 0 });
    expect(chainLines(partial)).toContain('list_projects projects[].id -> archive_project.projectId: broken');
    expect(partial.verdict.vouched).toBe(false);
    expect(partial.verdict.text).toContain('could not place 1 published tool in source (archive_project)');
  });

  it('drops the acceptors of a tool the server does not publish', () => {
    const { report: fewer } = audit(FIXTURE, {
      published: surfaceFrom({ ...published, tools: published.tools.filter((tool) => tool.name !== 'get_project') }),
    });
    expect(fewer.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`)).toEqual([
      'rename_project.project_id',
    ]);
    expect(fewer.coverage.contract?.unpublishedTools).toEqual(['get_project']);
  });

  it('takes an emitter from a published output schema when the source does not show the tool', () => {
    const emitting = {
      name: 'export_projects',
      inputSchema: { type: 'object', properties: {} },
      outputSchema: {
        type: 'object',
        properties: { projectIds: { type: 'array', items: { type: 'integer' } } },
        required: ['projectIds'],
      },
    };
    const { report: withOutput } = audit(FIXTURE, {
      published: surfaceFrom({ ...published, tools: [...published.tools, emitting] }),
    });
    expect(chainLines(withOutput)).toContain('export_projects projectIds[] -> get_project.projectId: broken');
    // Listed with the other emitters, so the summary counts the ends the chains were built from.
    expect(withOutput.emitters.filter((emitter) => emitter.tool === 'export_projects')).toEqual([
      {
        tool: 'export_projects',
        path: 'projectIds[]',
        entity: 'project',
        types: ['integer'],
        channel: 'outputSchema',
        file: 'mcp-contract.json',
        line: 0,
      },
    ]);
    expect(withOutput.summary.emitters).toBe(withOutput.emitters.length);
    // Its emitted types are known from the contract, but the tool is not found in source: still listed.
    expect(withOutput.coverage.contract).toMatchObject({ unplacedTools: ['export_projects'], knownEmitters: 4 });
  });
});

describe('agent-contract audit with a contract', () => {
  it('uses the project’s mcp-contract.json by default, and says so', async () => {
    const run = await runCli(['audit'], { cwd: FIXTURE });
    expect(run.stdout).toContain(
      'Coverage: 3 published tools, 3 found in source (no registration call: tool lists and request handlers, none it could not follow); emitted types known for 3 of 3 tools',
    );
    expect(run.stdout).toContain('Contract: mcp-contract.json: 3 published tools, every one found in source;');
    expect(run.stdout).toContain('what they accept is read from it (run-time acceptance not recorded)');
    expect(run.stdout).toContain('get_project.projectId accepts string');
  });

  it('reads the inputs from source alone with --no-contract', async () => {
    const run = await runCli(['audit', '--no-contract', '--format', 'json', FIXTURE]);
    const report = JSON.parse(run.stdout) as AuditReport;
    expect(report.coverage.contract).toBeUndefined();
    // The source reading follows `toJson(GetProjectSchema)` and the `case`'s parse: the same broken chains.
    expect(chainLines(report).filter((line) => line.endsWith('broken'))).toEqual([
      'get_project project.id -> get_project.projectId: broken',
      'list_projects projects[].id -> get_project.projectId: broken',
      'rename_project project.id -> get_project.projectId: broken',
    ]);
    expect(run.code).toBe(1);
  });

  it('exits 1 on the broken chains when every published tool and field is placed', async () => {
    const run = await runCli(['audit'], { cwd: FIXTURE });
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('');
  });

  it('snapshots the server after -- with --server, and agrees with the committed contract', async () => {
    const live = await runCli(['audit', '--server', '--format', 'json', '--allow-unknown', '--', tsx, 'src/main.ts'], {
      cwd: FIXTURE,
    });
    expect(live.stderr).toBe('');
    const fromFile = await runCli(['audit', '--contract', 'mcp-contract.json', '--format', 'json', '--allow-unknown'], {
      cwd: FIXTURE,
    });
    const liveReport = JSON.parse(live.stdout) as AuditReport;
    const fileReport = JSON.parse(fromFile.stdout) as AuditReport;
    expect(liveReport.coverage.contract?.source).toBe(`${tsx} src/main.ts`);
    expect(chainLines(liveReport)).toEqual(chainLines(fileReport));
    expect(live.code).toBe(fromFile.code);
  });

  it('refuses --no-contract with a server to snapshot, in one line and before starting it', async () => {
    const run = await runCli(['audit', '--no-contract', '--server', '--', tsx, 'src/main.ts'], { cwd: FIXTURE });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('--no-contract reads the source alone');
  });

  it('refuses a missing contract file with one line and the command that writes it', async () => {
    const run = await runCli(['audit', '--contract', path.join(work, 'none.json'), FIXTURE]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('npx agent-contract contract snapshot --out');
  });

  it('refuses a file that is not a contract', async () => {
    const bad = path.join(work, 'bad.json');
    writeFileSync(bad, '{"tools": 3}');
    const run = await runCli(['audit', '--contract', bad, FIXTURE]);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('refuses --server without a command', async () => {
    const run = await runCli(['audit', '--server', FIXTURE]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('audit --server needs the command that starts your stdio server after --');
  });
});
