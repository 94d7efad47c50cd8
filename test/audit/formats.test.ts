import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { auditJson } from '../../src/audit/format-json.ts';
import { formatAuditSarif } from '../../src/audit/format-sarif.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { lineOf } from '../support/line-of.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const helpdesk = fileURLToPath(new URL('../../examples/helpdesk', import.meta.url));
const styles = fileURLToPath(new URL('fixtures/styles', import.meta.url));
const bothDirections = fileURLToPath(new URL('fixtures/both-directions', import.meta.url));
const tools = `${helpdesk}/src/tools.ts`;
const at = {
  listTickets: lineOf(tools, "name: 'list_tickets'") - 1,
  listTicketsRun: lineOf(tools, 'run(db, { status })'),
  ticketsEmitted: lineOf(tools, 'structured({ tickets: rows.map(ticketView) })'),
  ticketIdAccepted: lineOf(
    tools,
    "ticketId: z.string().min(1).describe('The ticket id, as returned by list_tickets')",
    {
      after: "name: 'get_ticket_context'",
    },
  ),
  draftReplyTicketIdAccepted: lineOf(
    tools,
    "ticketId: z.string().min(1).describe('The ticket id, as returned by list_tickets')",
    {
      after: "name: 'draft_reply'",
    },
  ),
  repliesEmitted: lineOf(tools, 'replies: replies.map(') - 3,
  draftReplyEmitted: lineOf(tools, 'ticketId: reply.ticket_id, status: reply.status'),
  replyIdAccepted: lineOf(tools, "replyId: z.string().min(1).describe('The reply id, as returned by draft_reply')"),
  approveReplyEmitted: lineOf(
    tools,
    "return jsonText({ replyId: reply.id, ticketId: reply.ticket_id, status: 'approved' })",
  ),
};
const require = createRequire(import.meta.url);

let report: AuditReport;
let stylesReport: AuditReport;
beforeAll(() => {
  report = audit(helpdesk).report;
  stylesReport = audit(styles).report;
});

describe('the text report', () => {
  it('says once what it read and once what it found, then one line per acceptor to change and one fix per file', () => {
    const text = formatAuditText(report, { cwd: repo });
    const lines = text.split('\n');
    expect(lines.slice(0, 9)).toEqual([
      'agent-contract audit examples/helpdesk (4 files; examples/helpdesk has no tsconfig.json, so they were read with the compiler options of tsconfig.json)',
      'Coverage: 9 tools found at 1 registration site (none it could not follow); emitted types known for 9 of 9 tools',
      '  9 in examples/helpdesk/src/tools.ts',
      '  examples/helpdesk/src/server.ts:15 registers them under names known only at run time; each tool is shown where it is defined',
      '',
      '21 result fields return an id (emitters: 20 numbers, 1 string); 8 input fields take one (acceptors: 8 only strings).',
      'A chain is an id an emitter returns, passed as is to an acceptor of the same entity (ticket, customer, agent, reply).',
      '',
      "Broken chains, by the acceptor to change (8): the acceptor's input validation rejects the id the emitter sends, so an agent that passes it on is refused",
    ]);
    // One line per acceptor to change, its emitters counted; the fix once, as pasted.
    expect(lines.slice(9, 11)).toEqual([
      `  ✗ get_ticket_context.ticketId accepts string  examples/helpdesk/src/tools.ts:${at.ticketIdAccepted}  <- 7 emitters: list_tickets tickets[].id, create_ticket ticketId, +5`,
      `  ✗ draft_reply.ticketId accepts string  examples/helpdesk/src/tools.ts:${at.draftReplyTicketIdAccepted}  <- 7 emitters: list_tickets tickets[].id, create_ticket ticketId, +5`,
    ]);
    const group = text.slice(text.indexOf('  ✗ approve_reply.replyId'));
    expect(group.split('\n').slice(0, 3)).toEqual([
      `  ✗ approve_reply.replyId accepts string  examples/helpdesk/src/tools.ts:${at.replyIdAccepted}  <- 2 emitters: get_ticket_context replies[].id, approve_reply replyId`,
      '  fix: npx agent-contract codemod guard-ids examples/helpdesk/src/tools.ts  (guards the 8 acceptors above in that file, so they take an id sent as a number too)',
      '  --all lists every emitter.',
    ]);
    expect(lines.length).toBeLessThan(40);
    // One fix line for the one command, not one per acceptor; the chain counts once, in the verdict, last.
    expect(lines.filter((line) => line.includes('fix:'))).toHaveLength(1);
    expect(lines.filter((line) => /\b(45|46)\b/.test(line))).toEqual(['Verdict: 45 broken chains of 46 (1 ok).']);
    expect(lines.at(-2)).toBe('Verdict: 45 broken chains of 46 (1 ok).');
  });

  it('gives one fix line per file the command runs on, after the acceptors it fixes', () => {
    const text = formatAuditText(stylesReport, { cwd: styles });
    expect(text.split('\n').filter((line) => line.startsWith('  fix: '))).toEqual([
      '  fix: npx agent-contract codemod guard-ids src/fastmcp-server.ts  (guards the acceptor above in that file, so it takes an id sent as a number too)',
      '  fix: npx agent-contract codemod guard-ids src/schemas.ts  (guards the 4 acceptors above in that file, so they take an id sent as a number too)',
      '  fix: npx agent-contract codemod guard-ids src/tool-objects.ts  (guards the acceptor above in that file, so it takes an id sent as a number too)',
    ]);
    // A fix that is no command stays with its acceptor.
    expect(text).toContain(
      '    fix: no number is a valid uuid string; emit ids in that format, or drop the format from the acceptor',
    );
  });

  it('sends a string-into-number chain to guard-ids as well, for guardNumberId', () => {
    const text = formatAuditText(audit(bothDirections).report, { cwd: bothDirections });
    expect(text).toContain('✗ create_item.boardId accepts number');
    expect(text).toContain('✗ get_ticket.ticketId accepts string');
    expect(text.split('\n').filter((line) => line.includes('fix:'))).toEqual([
      '  fix: npx agent-contract codemod guard-ids src/server.ts  (guards the 2 acceptors above in that file with guardId(...) and guardNumberId(...), so the string ones take an id sent as a number and the number ones one sent as a string)',
    ]);
  });

  it('lists tolerated chains, tools that emit unknown types and findings', () => {
    const text = formatAuditText(stylesReport, { cwd: styles });
    expect(text).toContain('Tolerated chains: ');
    expect(text).not.toContain('Of ');
    expect(text).toContain('Tools that emit unknown types (1)');
    expect(text).toContain('  raw_query (the whole result)  src/sdk-server.ts:29\n');
    expect(text).toContain('  src/sdk-server.ts:25 no-id-union `project_id` accepts a string or a number');
    // A uuid acceptor cannot be fixed by guarding it: no number is a uuid.
    expect(text).toContain('✗ rename_label.labelId accepts string (uuid)');
  });

  it('names at most five files with tools on the coverage line, the busiest first, and counts the rest', () => {
    // nulab/backlog-mcp-server has a file per tool: 64 of them made a line of several thousand characters.
    const files = [
      { file: 'src/tools/a.ts', tools: 1 },
      { file: 'src/tools/b.ts', tools: 3 },
      ...Array.from({ length: 8 }, (_, index) => ({ file: `src/tools/t${index}.ts`, tools: 1 })),
    ];
    const many: AuditReport = { ...report, discovery: { ...report.discovery, files } };
    const line = formatAuditText(many, { cwd: helpdesk }).split('\n')[2];
    expect(line).toBe(
      '  3 in src/tools/b.ts, 1 in src/tools/a.ts, 1 in src/tools/t0.ts, 1 in src/tools/t1.ts, and 6 more files (6 tools; --format json lists them all)',
    );
    const few: AuditReport = { ...report, discovery: { ...report.discovery, files: files.slice(0, 2) } };
    expect(formatAuditText(few, { cwd: helpdesk }).split('\n')[2]).toBe('  1 in src/tools/a.ts, 3 in src/tools/b.ts');
  });
});

describe('the JSON report', () => {
  it('has the documented top-level keys and chain shape', () => {
    const json = auditJson(report, repo);
    expect(Object.keys(json)).toEqual([
      'version',
      'project',
      'coverage',
      'summary',
      'discovery',
      'tools',
      'emitters',
      'acceptors',
      'chains',
      'findings',
      'unknownEmitters',
      'verdict',
    ]);
    expect(json.version).toBe(3);
    expect(json.project).toEqual({
      path: 'examples/helpdesk',
      tsconfig: '../../tsconfig.json',
      optionsOnly: true,
      files: 4,
      filesWithErrors: 0,
      errors: [],
      filesNotParsed: 0,
      parseErrors: [],
      missingPackages: [],
      typeErrorsCounted: false,
      config: null,
    });
    expect(json.coverage).toEqual({
      registrationSites: 1,
      unfollowedSites: 0,
      tools: 9,
      knownEmitters: 9,
      inputsRead: 9,
      unvouched: [],
    });
    expect(json.summary).toEqual({
      tools: 9,
      emitters: 21,
      printedEmitters: 0,
      acceptors: 8,
      chains: 46,
      broken: 45,
      suspect: 0,
      tolerated: 0,
      unknown: 0,
      ok: 1,
      findings: 0,
      toolsEmittingUnknown: 0,
    });
    expect(json.verdict).toEqual({ vouched: true, text: '45 broken chains of 46 (1 ok).' });
    expect(json.tools[0]).toEqual({
      name: 'list_tickets',
      style: 'tool-object',
      file: 'src/tools.ts',
      line: at.listTickets,
      handler: { file: 'src/tools.ts', line: at.listTicketsRun },
      input: 'zod',
      emits: 'typed',
    });
    expect(json.chains.find((chain) => chain.status === 'ok')).toEqual({
      entity: 'reply',
      status: 'ok',
      reason: 'emits string, accepts string',
      from: { tool: 'draft_reply', path: 'replyId', type: 'string', file: 'src/tools.ts', line: at.draftReplyEmitted },
      to: { tool: 'approve_reply', field: 'replyId', type: 'string', file: 'src/tools.ts', line: at.replyIdAccepted },
    });
  });
});

describe('the SARIF report', () => {
  it('gives every rule a helpUri that points at a page of the repository, and an anchor that page has', () => {
    const log = JSON.parse(formatAuditSarif(report, repo)) as {
      runs: { tool: { driver: { rules: { id: string; helpUri?: string }[] } } }[];
    };
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    expect(rules.length).toBeGreaterThan(0);
    for (const rule of rules) {
      const match = /^https:\/\/github\.com\/agent-contract\/agent-contract\/blob\/main\/([^#]+)(?:#(.+))?$/.exec(
        rule.helpUri ?? '',
      );
      expect(match, rule.id).not.toBeNull();
      const page = readFileSync(path.join(repo, match?.[1] as string), 'utf8');
      if (match?.[2] !== undefined) {
        const anchors = [...page.matchAll(/^#+ (.+)$/gm)].map((heading) =>
          (heading[1] as string)
            .toLowerCase()
            .replace(/[^a-z0-9 -]/g, '')
            .replace(/ /g, '-'),
        );
        expect(anchors, rule.id).toContain(match[2]);
      }
    }
  });

  it('validates against the SARIF 2.1.0 schema and puts each broken chain at its acceptor, the emitter related', () => {
    // The published schema is draft-04 (`id`, not `$id`); nothing else in it differs from what Ajv reads as draft-07.
    const {
      $schema: _draft,
      id,
      ...schema
    } = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json') as Record<string, unknown>;
    const ajv = new Ajv({ strict: false, allErrors: true, unicodeRegExp: false, validateFormats: false });
    schema['$id'] = id;
    const validate = ajv.compile(schema);
    for (const subject of [report, stylesReport]) {
      const log = JSON.parse(formatAuditSarif(subject, repo)) as unknown;
      expect(validate(log), JSON.stringify(validate.errors)).toBe(true);
    }
    const log = JSON.parse(formatAuditSarif(report, repo)) as {
      version: string;
      runs: { results: { ruleId: string; locations: unknown[]; relatedLocations: unknown[] }[] }[];
    };
    expect(log.version).toBe('2.1.0');
    const results = log.runs[0]?.results ?? [];
    expect(results.filter((result) => result.ruleId === 'broken-chain')).toHaveLength(45);
    expect(results[0]?.locations).toEqual([
      {
        physicalLocation: {
          artifactLocation: { uri: 'examples/helpdesk/src/tools.ts', uriBaseId: 'SRCROOT' },
          region: { startLine: at.ticketIdAccepted },
        },
      },
    ]);
    expect(results[0]?.relatedLocations).toEqual([
      {
        id: 0,
        physicalLocation: {
          artifactLocation: { uri: 'examples/helpdesk/src/tools.ts', uriBaseId: 'SRCROOT' },
          region: { startLine: at.ticketsEmitted },
        },
        message: { text: 'list_tickets emits tickets[].id here' },
      },
    ]);
  });
});
