import { describe, expect, it } from 'vitest';
import { contractChainMatrix } from '../../src/contract/chains.ts';
import { formatChainMatrix } from '../../src/contract/format.ts';
import { contractFromToolsList } from '../../src/contract/snapshot.ts';
import { chainMatrix, classifyChain, formatChainMatrixTally } from '../../src/model/chain-matrix.ts';
import { idFieldsOfJsonSchema } from '../../src/model/id-fields.ts';
import { formatPath } from '../../src/model/ids.ts';

describe('classifyChain', () => {
  it.each([
    [['integer'], ['string'], 'broken', 'emits integer, accepts only string'],
    [['string'], ['integer'], 'broken', 'emits string, accepts only integer'],
    [['integer'], ['number'], 'ok', 'emits integer, accepts number'],
    [['integer', 'null'], ['integer', 'string'], 'ok', 'emits integer, accepts integer|string'],
    [['number'], ['integer'], 'tolerated', 'emits number, accepts integer: whole numbers pass, as ids are'],
    [['integer', 'string'], ['string'], 'broken', 'emits integer|string, accepts string: integer values are rejected'],
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
    expect(formatChainMatrixTally(matrix.summary)).toBe('Of 1 chain, 1 broken, 0 tolerated, 0 ok.');
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

describe('contractChainMatrix on ids published as 64-bit integers', () => {
  it('lists each wide id field with the fix, whatever its chains say, and prints it after the tally', () => {
    const contract = contractFromToolsList(
      [
        {
          name: 'latest_message',
          inputSchema: { type: 'object', properties: {} },
          outputSchema: { type: 'object', properties: { messageId: { type: 'integer', format: 'int64' } } },
        },
        {
          name: 'get_message',
          inputSchema: {
            type: 'object',
            properties: { messageId: { type: 'integer', maximum: 9223372036854775807 }, limit: { type: 'integer' } },
          },
        },
        // The fix, and a 64-bit number that is no id: neither is listed.
        {
          name: 'delete_message',
          inputSchema: {
            type: 'object',
            properties: {
              messageId: { type: 'string', pattern: '^\\d+$' },
              bytes: { type: 'integer', format: 'int64' },
            },
          },
        },
      ],
      { serverName: 'chat' },
    );
    const matrix = contractChainMatrix(contract);
    expect(matrix.wideIds?.map((wide) => `${wide.tool}.${wide.field} ${wide.side}`)).toEqual([
      'get_message.messageId input',
      'latest_message.messageId output',
    ]);
    expect(matrix.wideIds?.[1]?.message).toBe(
      '`messageId` of tool `latest_message` is `{"type":"integer","format":"int64"}`: it emits a 64-bit integer id as a JSON number, which clients parse into a double, so ids beyond 2^53 arrive with other last digits (precision, not type). Emit the id as a string of digits and accept it with guardId(z.string()).',
    );
    expect(
      formatChainMatrix(matrix)
        .split('\n')
        .filter((line) => line.startsWith('precision: ')),
    ).toHaveLength(2);
    // Without one, the key is left out, so the JSON of other contracts does not move.
    expect('wideIds' in contractChainMatrix(contractFromToolsList([], { serverName: 'empty' }))).toBe(false);
  });
});

describe('contractChainMatrix names a list of ids as the audit and the kit do', () => {
  const contract = contractFromToolsList(
    [
      {
        name: 'get_customer',
        inputSchema: { type: 'object', properties: { customerId: { type: 'string' } } },
        outputSchema: {
          type: 'object',
          properties: {
            ticketIds: { type: 'array', items: { type: 'integer' } },
            orders: {
              type: 'array',
              items: {
                type: 'object',
                properties: { id: { type: 'integer' }, invoiceIds: { type: 'array', items: { type: 'string' } } },
              },
            },
          },
        },
      },
      { name: 'get_ticket', inputSchema: { type: 'object', properties: { ticketId: { type: 'string' } } } },
      {
        name: 'merge_tickets',
        inputSchema: { type: 'object', properties: { ticketIds: { type: 'array', items: { type: 'string' } } } },
      },
      { name: 'get_invoice', inputSchema: { type: 'object', properties: { invoiceId: { type: 'string' } } } },
    ],
    { serverName: 'billing' },
  );
  const matrix = contractChainMatrix(contract);

  it('an emitted list is named by its items, `ticketIds[]`; an accepting list by its field, `ticketIds`', () => {
    expect(
      matrix.chains.map(
        (chain) =>
          `${chain.from.tool} ${formatPath(chain.from.field.path)} -> ${chain.to.tool}.${formatPath(chain.to.field.path)}: ${chain.verdict}`,
      ),
    ).toEqual([
      'get_customer orders[].invoiceIds[] -> get_invoice.invoiceId: ok',
      'get_customer ticketIds[] -> get_ticket.ticketId: broken',
      'get_customer ticketIds[] -> merge_tickets.ticketIds: broken',
    ]);
    expect(matrix.chains[1]?.from.field).toMatchObject({ path: ['ticketIds', '[]'], name: 'ticketIds', many: true });
  });

  it('prints the same path in the table of `contract chains`', () => {
    const table = formatChainMatrix(matrix);
    expect(table).toContain('  broken    get_customer ticketIds[] (integer) -> get_ticket.ticketId (string)\n');
    expect(table).toContain(
      '  ok        get_customer orders[].invoiceIds[] (string) -> get_invoice.invoiceId (string)',
    );
  });
});
