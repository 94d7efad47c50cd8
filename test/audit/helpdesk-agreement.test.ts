import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { connectInMemory, runLiteralConsumer, type ChainReport, type Connection } from '../../src/testing/index.ts';
import { openHelpdeskDb } from '../../examples/helpdesk/src/db.ts';
import { createHelpdeskServer } from '../../examples/helpdesk/src/server.ts';
import samples from '../../examples/helpdesk/samples.json' with { type: 'json' };
import { lineOf } from '../support/line-of.ts';
import { chainLines } from '../support/chain-lines.ts';

const helpdesk = fileURLToPath(new URL('../../examples/helpdesk', import.meta.url));

let connection: Connection | undefined;
let literal: ChainReport;
let report: AuditReport;

beforeAll(async () => {
  connection = await connectInMemory(createHelpdeskServer({ db: openHelpdeskDb() }));
  literal = await runLiteralConsumer({ client: connection.client, samples });
  report = audit(helpdesk).report;
});

afterAll(async () => {
  await connection?.close();
});

describe('the audit of examples/helpdesk against the literal consumer', () => {
  it('finds the 9 tools the server registers through a loop over its tool definitions', () => {
    expect(report.tools.map((tool) => tool.name)).toEqual([...literal.tools]);
    expect(report.discovery.dynamic).toEqual([{ style: 'register-tool', file: 'src/server.ts', line: 15 }]);
  });

  it('agrees chain for chain: the same (from tool, from path, to tool, to field, verdict) set', () => {
    const fromLiteral = literal.chains.map(
      (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.verdict}`,
    );
    const fromAudit = chainLines(report);
    expect(new Set(fromAudit)).toEqual(new Set(fromLiteral));
    expect(fromAudit).toHaveLength(fromLiteral.length);
    expect(literal.summary).toMatchObject({ chains: 46, rejected: 45, ok: 1 });
    expect(literal.verdicts).toMatchObject({ chains: 46, broken: 45, tolerated: 0, unknown: 0, ok: 1 });
    expect(report.summary).toMatchObject({
      tools: 9,
      emitters: 21,
      acceptors: 8,
      chains: 46,
      broken: 45,
      tolerated: 0,
      ok: 1,
    });
  });

  it('names the same emitters and acceptors, with the types the checker gives', () => {
    expect(new Set(report.emitters.map((emitter) => `${emitter.tool} ${emitter.path}`))).toEqual(
      new Set(literal.emitters.map((emitter) => `${emitter.tool} ${emitter.path}`)),
    );
    expect(new Set(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`))).toEqual(
      new Set(literal.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field}`)),
    );
    // The one emitter that sends its id as a string: draft_reply converts the reply's id with toString before it returns it.
    expect(
      report.emitters
        .filter((emitter) => emitter.types.includes('string'))
        .map((emitter) => `${emitter.tool} ${emitter.path}`),
    ).toEqual(['draft_reply replyId']);
    expect(report.emitters.find((emitter) => emitter.tool === 'list_agents')).toMatchObject({
      path: '[].id',
      entity: 'agent',
      types: ['number'],
      channel: 'text',
      file: 'src/tools.ts',
      line: lineOf(`${helpdesk}/src/tools.ts`, "db.prepare('SELECT id, name FROM agents ORDER BY id')"),
    });
  });
});
