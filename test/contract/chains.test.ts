import { describe, expect, it } from 'vitest';
import { contractChainMatrix } from '../../src/contract/chains.ts';
import { contractFromToolsList } from '../../src/contract/snapshot.ts';
import { chainMatrix, classifyChain, formatChainMatrixTally } from '../../src/model/chain-matrix.ts';
import { idFieldsOfJsonSchema } from '../../src/model/id-fields.ts';

describe('classifyChain', () => {
  it.each([
    [['integer'], ['string'], 'broken', 'emits integer, accepts only string'],
    [['string'], ['integer'], 'broken', 'emits string, accepts only integer'],
    [['integer'], ['number'], 'ok', 'emits integer, accepts number'],
    [['integer', 'null'], ['integer', 'string'], 'ok', 'emits integer, accepts integer|string'],
    [['number'], ['integer'], 'tolerated', 'emits number, accepts integer: number values are rejected'],
    [
      ['integer', 'string'],
      ['string'],
      'tolerated',
      'emits integer|string, accepts string: integer values are rejected',
    ],
    [['integer'], [], 'unknown', 'emits integer; the acceptor publishes no type, so nothing is checked'],
    [['null'], ['string'], 'unknown', 'the emitter publishes no type for the id'],
  ] as const)('%j into %j is %s', (emitted, accepted, verdict, reason) => {
    expect(classifyChain(emitted, accepted)).toEqual({ verdict, reason });
  });
});

describe('chainMatrix', () => {
  it('pairs each emitter with every acceptor of the same entity only', () => {
    const output = {
      type: 'object',
      properties: {
        ticketId: { type: 'integer' },
        customer: { type: 'object', properties: { id: { type: 'integer' } } },
      },
    };
    const input = { type: 'object', properties: { ticketId: { type: 'string' }, agentId: { type: 'string' } } };
    const emitters = idFieldsOfJsonSchema(output, 'create_ticket').map((field) => ({ tool: 'create_ticket', field }));
    const acceptors = idFieldsOfJsonSchema(input, 'assign_ticket').map((field) => ({ tool: 'assign_ticket', field }));
    const matrix = chainMatrix(emitters, acceptors);
    expect(matrix.chains.map((chain) => [chain.entity, chain.from.tool, chain.to.tool, chain.verdict])).toEqual([
      ['ticket', 'create_ticket', 'assign_ticket', 'broken'],
    ]);
    expect(matrix.summary).toEqual({
      emitters: 2,
      acceptors: 2,
      chains: 1,
      ok: 0,
      tolerated: 0,
      broken: 1,
      unknown: 0,
    });
    expect(formatChainMatrixTally(matrix.summary)).toBe('Of 1 chains, 1 broken, 0 tolerated, 0 ok.');
  });
});

describe('contractChainMatrix', () => {
  it('runs on a contract of a server written in any language', () => {
    const contract = contractFromToolsList(
      [
        {
          name: 'create_order',
          inputSchema: { type: 'object', properties: {} },
          outputSchema: { type: 'object', properties: { orderId: { type: 'integer' } } },
        },
        {
          name: 'get_order',
          inputSchema: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
        },
        {
          name: 'cancel_order',
          inputSchema: { type: 'object', properties: { order_id: { type: ['string', 'integer'] } } },
        },
        { name: 'refund_order', inputSchema: { type: 'object', properties: { orderId: {} } } },
      ],
      { serverName: 'orders' },
    );
    const matrix = contractChainMatrix(contract);
    expect(matrix.chains.map((chain) => `${chain.from.tool} -> ${chain.to.tool}: ${chain.verdict}`)).toEqual([
      'create_order -> cancel_order: ok',
      'create_order -> get_order: broken',
      'create_order -> refund_order: unknown',
    ]);
    expect(matrix.toolsWithoutOutputSchema).toEqual(['cancel_order', 'get_order', 'refund_order']);
    expect(formatChainMatrixTally(matrix.summary)).toBe('Of 3 chains, 1 broken, 0 tolerated, 1 unknown, 1 ok.');
  });
});
