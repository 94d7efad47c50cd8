import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { contractChainMatrix, type ContractChainMatrix } from '../../src/contract/chains.ts';
import type { ContractTool, McpContract } from '../../src/contract/contract-file.ts';
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION } from '../../src/contract/contract-file-schema.ts';
import { formatPath } from '../../src/model/ids.ts';
import { connectInMemory, runLiteralConsumer, type ChainReport, type Connection } from '../../src/testing/index.ts';
import { createServer } from './fixtures/namespaced/src/server.ts';

const namespaced = fileURLToPath(new URL('fixtures/namespaced', import.meta.url));

const STATUS = { ok: 'ok', rejected: 'broken', failed: 'failed' } as const;

let connection: Connection | undefined;
let literal: ChainReport;
let report: AuditReport;
let contract: ContractChainMatrix;

beforeAll(async () => {
  connection = await connectInMemory(createServer());
  literal = await runLiteralConsumer({
    client: connection.client,
    samples: { tools: { wit_work_item_write: { title: 'Fix login' } } },
  });
  // The contract is what went over the wire: JSON.
  const tools = JSON.parse(JSON.stringify((await connection.client.listTools()).tools)) as ContractTool[];
  const snapshot: McpContract = {
    format: CONTRACT_FORMAT,
    formatVersion: CONTRACT_FORMAT_VERSION,
    server: { name: 'namespaced' },
    tools,
    compatibility: [],
  };
  contract = contractChainMatrix(snapshot);
  report = audit(namespaced).report;
});

afterAll(async () => {
  await connection?.close();
});

describe('a server whose tool names share a namespace prefix', () => {
  it('names the noun behind the prefix: a saved query, a work item', () => {
    expect(
      new Set(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.entity}`)),
    ).toEqual(new Set(['wit_query.id query', 'wit_work_item.id work-item', 'wit_work_item_write.id work-item']));
    expect(new Set(report.emitters.map((emitter) => `${emitter.tool} ${emitter.path} ${emitter.entity}`))).toEqual(
      new Set([
        'wit_query id query',
        'wit_work_item id work-item',
        'wit_work_item parentId work-item',
        'wit_work_item_write id work-item',
      ]),
    );
  });

  it('is named alike by the audit, the literal consumer and the contract chain matrix, from the same tool list', () => {
    const fromAudit = report.chains.map(
      (chain) =>
        `${chain.entity}: ${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
    );
    const fromLiteral = literal.chains.map(
      (chain) =>
        `${chain.entity}: ${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${STATUS[chain.status]}`,
    );
    const fromContract = contract.chains.map(
      (chain) =>
        `${chain.entity}: ${chain.from.tool} ${formatPath(chain.from.field.path)} -> ${chain.to.tool}.${formatPath(chain.to.field.path)}: ${chain.verdict}`,
    );
    expect(new Set(fromLiteral)).toEqual(new Set(fromAudit));
    expect(new Set(fromContract)).toEqual(new Set(fromAudit));
    expect(fromAudit).toHaveLength(7);
    expect(report.summary).toMatchObject({ chains: 7, broken: 3, ok: 4 });
  });
});
