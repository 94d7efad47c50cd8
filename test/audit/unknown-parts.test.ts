import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditSarif } from '../../src/audit/format-sarif.ts';
import { formatAuditSummary } from '../../src/audit/format-summary.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/unknown-parts', import.meta.url));

describe('tools that emit unknown types, by the part of their result the types leave unknown', () => {
  const { report } = audit(FIXTURE);
  const lines = formatAuditText(report, { cwd: FIXTURE }).split('\n');
  const start = lines.findIndex((line) => line.startsWith('Tools that emit unknown types'));

  it('names the unknown part of a typed result, or the whole result, each where the code leaves it', () => {
    expect(lines.slice(start, start + 5)).toEqual([
      'Tools that emit unknown types (3): the types do not show the ids in these parts of what they return',
      '  create_parcel raw  src/server.ts:28',
      '  list_rates (the whole result)  src/server.ts:31',
      '  get_quote pickup, delivery, surcharges and 1 more  src/server.ts:39',
      "  next: give these values a type (the API client's answer, a field typed unknown), or, where they are an API's answers, name its OpenAPI document: --openapi <file-or-url>, or audit.openapi in agent-contract.config.json",
    ]);
  });

  it('lists twelve such tools and counts the rest, unless --all asks for every one', () => {
    const many = Array.from({ length: 14 }, (_, index) => `list_rates_${index + 1}`);
    const wide = {
      ...report,
      tools: many.map((name) => ({ ...report.tools.find((tool) => tool.name === 'list_rates')!, name })),
      unknownEmitters: many.map((tool) => ({ tool, path: '', file: 'src/server.ts', line: 31 })),
    };
    const listed = (text: string) => text.split('\n').filter((line) => line.startsWith('  list_rates_'));
    const text = formatAuditText(wide, { cwd: FIXTURE });
    expect(listed(text)).toHaveLength(12);
    expect(text).toContain('  and 2 more tools (--all or --format json lists them)\n');
    expect(listed(formatAuditText(wide, { cwd: FIXTURE, all: true }))).toHaveLength(14);
  });

  it('lists them in the pull-request summary too, one row a tool under `unknown-emitter`, with the way out', () => {
    const summary = formatAuditSummary(report).split('\n');
    const at = summary.findIndex((line) => line.startsWith('#### Tools that emit unknown types'));
    expect(summary.slice(at, at + 8)).toEqual([
      '#### Tools that emit unknown types (3): [`unknown-emitter`](https://github.com/agent-contract/agent-contract/blob/main/docs/audit.md#what-it-reads)',
      '',
      '| tool | unknown parts of what it returns | where |',
      '| --- | --- | --- |',
      '| `create_parcel` | raw | src/server.ts:28 |',
      '| `list_rates` | (the whole result) | src/server.ts:31 |',
      '| `get_quote` | pickup, delivery, surcharges and 1 more | src/server.ts:39 |',
      '',
    ]);
    expect(summary[at + 8]).toBe(
      "Next: give these values a type (the API client's answer, a field typed unknown), or, where they are an API's answers, name its OpenAPI document: --openapi <file-or-url>, or audit.openapi in agent-contract.config.json.",
    );
  });

  it('says the same in SARIF, one unknown-emitter result a tool at the part the code leaves unknown', () => {
    const sarif = JSON.parse(formatAuditSarif(report)) as {
      runs: { results: { ruleId: string; message: { text: string }; locations: unknown[] }[] }[];
    };
    const unknown = sarif.runs[0]?.results.filter((result) => result.ruleId === 'unknown-emitter') ?? [];
    expect(unknown.map((result) => result.message.text.split(';')[0])).toEqual([
      'create_parcel emits raw typed `any` or `unknown`',
      'list_rates emits a value typed `any` or `unknown`',
      'get_quote emits pickup, delivery, surcharges and 1 more typed `any` or `unknown`',
    ]);
  });

  it('keeps the JSON report as it was: one entry per unknown part', () => {
    expect(report.unknownEmitters.map(({ tool, path }) => `${tool} ${path}`)).toEqual([
      'create_parcel raw',
      'list_rates ',
      'get_quote pickup',
      'get_quote delivery',
      'get_quote surcharges',
      'get_quote carrier',
    ]);
  });
});
