import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadAuditConfig } from '../../src/adapters/typescript/agent-contract-config.ts';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { acceptFindings, baselineOf, parseBaseline } from '../../src/audit/baseline.ts';
import { formatAuditSummary } from '../../src/audit/format-summary.ts';
import { CHECK_IDS } from '../../src/model/checks.ts';
import { runConfigOf } from '../../src/model/run-config.ts';

/**
 * Accepted findings on test/audit/fixtures/accepted-findings: list_tickets emits numeric ticket ids that get_ticket
 * and close_ticket reject (two broken chains); make_video publishes `voice`, decided warned, and `mood`, honored,
 * neither read by its handler.
 */

const fixture = fileURLToPath(new URL('fixtures/accepted-findings', import.meta.url));
const repo = fileURLToPath(new URL('../..', import.meta.url));
let report: AuditReport;
beforeAll(() => {
  report = audit(fixture).report;
});

const chains = (of: AuditReport) =>
  of.chains.map(
    (chain) => `${chain.status} ${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`,
  );

describe('a disposition decides a field', () => {
  it('does not report a field decided warned as unread, and still reports the honored one nobody reads', () => {
    expect(report.findings.map((finding) => `${finding.rule} ${finding.tool ?? ''}.${finding.field ?? ''}`)).toEqual([
      'unread-input-field make_video.mood',
    ]);
  });
});

describe('the baseline', () => {
  it("records today's findings by check id, tool and field, never by line", () => {
    const baseline = baselineOf(report);
    expect(baseline.entries).toEqual([
      { check: 'broken-chain', tool: 'close_ticket', field: 'ticketId', from: 'list_tickets tickets[].id' },
      { check: 'broken-chain', tool: 'get_ticket', field: 'ticketId', from: 'list_tickets tickets[].id' },
      { check: 'unread-input-field', tool: 'make_video', field: 'mood' },
    ]);
    expect(JSON.stringify(baseline)).not.toContain('"line"');
    expect(parseBaseline(JSON.stringify(baseline))).toEqual(baseline);
  });

  it('accepts what it lists: nothing is new, the verdict says how many were accepted', () => {
    const accepted = acceptFindings(report, [], baselineOf(report));
    expect(accepted.report.chains.filter((chain) => chain.status !== 'ok')).toEqual([]);
    expect(accepted.report.findings).toEqual([]);
    expect(accepted.report.summary.broken).toBe(0);
    expect(accepted.report.verdict.text).toBe('no new broken or suspect chain (3 accepted).');
    expect(accepted.baselined).toBe(3);
    expect(accepted.gone).toEqual([]);
  });

  it('reports a finding it does not list as new, and an entry nothing matches as gone', () => {
    const gone = {
      check: 'broken-chain',
      tool: 'reopen_ticket',
      field: 'ticketId',
      from: 'list_tickets tickets[].id',
    } as const;
    const older = { version: 1 as const, entries: [...baselineOf(report).entries.slice(1), gone] };
    const accepted = acceptFindings(report, [], older);
    expect(chains(accepted.report)).toEqual(['broken list_tickets tickets[].id -> close_ticket.ticketId']);
    expect(accepted.report.verdict.text).toBe('1 new broken chain (2 accepted).');
    expect(accepted.gone).toEqual([gone]);
  });

  it('refuses a file that is not a baseline with what is wrong', () => {
    expect(() => parseBaseline('{"entries": []}')).toThrow('expected { "version": 1, "entries": [...] }');
    expect(() => parseBaseline('not json')).toThrow(/^not valid JSON/);
  });
});

describe('ignore entries of the configuration', () => {
  it('accept the findings of a check on a tool and field, counted per entry with its reason', () => {
    const entry = {
      check: 'broken-chain',
      tool: 'get_ticket',
      field: 'ticketId',
      reason: 'old clients send strings',
    } as const;
    const accepted = acceptFindings(report, [entry], undefined);
    expect(chains(accepted.report)).toEqual(['broken list_tickets tickets[].id -> close_ticket.ticketId']);
    expect(accepted.ignored).toEqual([{ entry, count: 1 }]);
    // Another field of the same tool, or another check, is not accepted by it.
    expect(acceptFindings(report, [{ ...entry, field: 'other' }], undefined).report.summary.broken).toBe(2);
    expect(acceptFindings(report, [{ ...entry, check: 'suspect-chain' }], undefined).report.summary.broken).toBe(2);
  });

  it('are listed in the summary the pull request shows, with the check id linked to its doc', () => {
    const summary = formatAuditSummary(report);
    expect(summary).toContain(
      '[`broken-chain`](https://github.com/agent-contract/agent-contract/blob/main/docs/audit.md#what-it-reads)',
    );
    expect(summary).toContain('| `get_ticket.ticketId` | string | 1: list_tickets tickets[].id | src/server.ts:');
    expect(summary).toContain('- `npx agent-contract codemod guard-ids src/server.ts` (2 acceptors in that file)');
  });
});

describe('the configuration file', () => {
  let folder: string;
  beforeAll(() => {
    folder = mkdtempSync(path.join(tmpdir(), 'agent-contract-config-'));
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  const load = (config: unknown) => {
    writeFileSync(path.join(folder, 'agent-contract.config.json'), JSON.stringify(config));
    return () => loadAuditConfig(folder);
  };

  it('reads failOn, the baseline, ignore entries, the contract file and the server command', () => {
    const config = {
      audit: { failOn: 'suspect', baseline: 'ci/baseline.json' },
      contract: { failOn: 'warning', file: 'contract/mcp.json', server: ['node', 'dist/server.js'] },
      ignore: [{ check: 'unread-input-field', tool: 'make_video', field: 'mood', reason: 'read by a later release' }],
    };
    expect(load(config)().run).toEqual(config);
  });

  it('names the file and the key of a bad value in one line', () => {
    const error = (config: unknown) => {
      try {
        load(config)();
      } catch (caught) {
        expect(caught).toBeInstanceOf(ConfigError);
        return (caught as Error).message;
      }
      return 'no error';
    };
    expect(error({ audit: { failOn: 'sometimes' } })).toBe(
      'agent-contract.config.json: "audit.failOn" must be one of broken, suspect, tolerated, never (got "sometimes")',
    );
    expect(error({ ignore: [{ check: 'broken-chain', tool: 'get_ticket' }] })).toBe(
      'agent-contract.config.json: "ignore[0].reason" is required: say why the finding is accepted',
    );
    expect(error({ ignore: [{ check: 'broken-chains', tool: 'x', reason: 'y' }] })).toMatch(
      /^agent-contract\.config\.json: "ignore\[0\]\.check" must be a check id of docs\/checks\.md/,
    );
    expect(error({ contract: { server: 'node dist/server.js' } })).toMatch(
      /"contract\.server" must be the command as a list/,
    );
  });

  it('has a JSON Schema for editors that agrees with the reader', () => {
    const schema = JSON.parse(readFileSync(path.join(repo, 'agent-contract.config.schema.json'), 'utf8')) as {
      properties: { ignore: { items: { properties: { check: { enum: string[] } } } } };
    };
    expect(schema.properties.ignore.items.properties.check.enum).toEqual(CHECK_IDS);
    const validate = new Ajv({ strict: false }).compile(schema);
    const good = {
      $schema: './node_modules/agent-contract/agent-contract.config.schema.json',
      audit: { wrappers: [{ callee: 'defineTool', name: '0.name', input: 1 }], failOn: 'broken' },
      contract: { server: ['node', 'dist/server.js'] },
      ignore: [{ check: 'broken-chain', tool: 'get_ticket', field: 'ticketId', reason: 'legacy' }],
    };
    expect(validate(good)).toBe(true);
    expect(() => runConfigOf(good)).not.toThrow();
    for (const bad of [
      { audit: { failOn: 'sometimes' } },
      { ignore: [{ check: 'broken-chain', tool: 'get_ticket' }] },
      { contract: { server: 'node dist/server.js' } },
    ]) {
      expect(validate(bad), JSON.stringify(bad)).toBe(false);
      expect(() => runConfigOf(bad)).toThrow();
    }
  });
});
