import { readFileSync } from 'node:fs';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { guardId, guardNumberId } from '../../src/index.ts';
import { CLIENT_PROFILES, classifyProfiledChain, sentIntact } from '../../src/model/client-profiles.ts';
import {
  CLIENT_PROFILE_NAMES,
  connectInMemory,
  formatChainReport,
  runLiteralConsumer,
  type ChainReport,
} from '../../src/testing/index.ts';

describe('each client profile is a pure function of the value the agent carries', () => {
  const { 'stringify-scalars': stringify, 'numberify-digit-strings': numberify } = CLIENT_PROFILES;
  const big = CLIENT_PROFILES['big-ids-as-numbers'];
  it.each([
    [stringify, 47, '47'],
    [stringify, '47', '47'],
    [stringify, 1.5, '1.5'],
    [stringify, 'T-47', 'T-47'],
    [numberify, '123', 123],
    [numberify, '00713', 713],
    [numberify, '1234567890123456789', 1234567890123456800],
    [numberify, '-7', '-7'],
    [numberify, '1e3', '1e3'],
    [numberify, 47, 47],
    [big, '1234567890123456789', 1234567890123456800],
    [big, '9007199254740991', '9007199254740991'],
    [big, '9007199254740992', 9007199254740992],
    [big, '00713', '00713'],
    [big, 47, 47],
  ] as const)('%#: %o sends %o', (profile, carried, sent) => {
    expect(profile.send(carried)).toBe(sent);
  });

  it('tells another type of the same id from another id', () => {
    expect(sentIntact(47, '47')).toBe(true);
    expect(sentIntact('123', 123)).toBe(true);
    expect(sentIntact('00713', 713)).toBe(false);
    expect(sentIntact('1234567890123456789', 1234567890123456800)).toBe(false);
  });

  it('calls a chain broken when the client changed the id, even where validation takes it', () => {
    expect(classifyProfiledChain('00713', 713, ['string'], 'accepted')).toEqual({
      verdict: 'broken',
      reason: 'sent as 713: validation takes it, but the client changed the id ("00713" is not 713)',
    });
    expect(classifyProfiledChain(47, '47', ['string'], 'accepted')).toEqual({
      verdict: 'ok',
      reason: 'sent as "47": emits string, accepts string',
    });
    expect(classifyProfiledChain('123', 123, ['integer'], 'accepted').verdict).toBe('ok');
    // An emitter's number past 2^53 is broken for every client: it names no single id.
    expect(classifyProfiledChain(2 ** 60, 2 ** 60, ['integer'], 'accepted')).toEqual({
      verdict: 'broken',
      reason:
        'emits 1152921504606847000, an integer beyond 2^53: as a JSON number it names no single id, so the one passed on may be another (precision, not type); emit the id as a string',
    });
    expect(
      classifyProfiledChain(Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER, ['integer'], 'accepted').verdict,
    ).toBe('ok');
    expect(classifyProfiledChain('123', '123', ['integer'], 'rejected')).toEqual({
      verdict: 'broken',
      reason: 'emits string, accepts only integer',
    });
  });

  it('names public evidence for every profile, and docs/client-profiles.md cites each thread under its profile', () => {
    const docs = readFileSync(new URL('../../docs/client-profiles.md', import.meta.url), 'utf8');
    const sections = docs.split(/^## /m).map((text) => text.replace(/\s+/g, ' '));
    for (const name of CLIENT_PROFILE_NAMES) {
      const section = sections.find((text) => text.startsWith(`\`${name}\``)) ?? '';
      expect(section).toContain(CLIENT_PROFILES[name].summary.replace(/^a client/, 'A client'));
      expect(CLIENT_PROFILES[name].evidence.length).toBeGreaterThanOrEqual(2);
      for (const thread of CLIENT_PROFILES[name].evidence)
        expect(section).toContain(`[${thread.repo}#${thread.issue}](https://github.com/${thread.repo}/`);
    }
  });
});

/**
 * One id of each kind a client can damage, each into a guarded acceptor and, where it matters, a plain one: a number
 * ticket id, a GraphQL board id (a string of digits), a zero-padded order number and a snowflake message id beyond
 * 2^53. Every handler looks the id up, so an id that validation takes but the client changed finds nothing.
 */
function createServer(): McpServer {
  const server = new McpServer({ name: 'profiles', version: '1.0.0' });
  const found = (ok: boolean) =>
    ok
      ? { content: [{ type: 'text' as const, text: 'found' }] }
      : { content: [{ type: 'text' as const, text: 'no such record' }], isError: true };
  const emits = (tool: string, key: string, value: string | number) =>
    server.registerTool(tool, { inputSchema: {}, outputSchema: { [key]: z.string().or(z.number()) } }, async () => ({
      content: [{ type: 'text', text: JSON.stringify({ [key]: value }) }],
      structuredContent: { [key]: value },
    }));
  emits('create_ticket', 'ticketId', 47);
  emits('create_board', 'boardId', '123');
  emits('create_order', 'orderId', '00713');
  emits('create_message', 'messageId', '1234567890123456789');
  server.registerTool('get_ticket', { inputSchema: { ticketId: guardId(z.string().min(1)) } }, async ({ ticketId }) =>
    found(ticketId === '47'),
  );
  server.registerTool('close_ticket', { inputSchema: { ticketId: z.string().min(1) } }, async ({ ticketId }) =>
    found(ticketId === '47'),
  );
  server.registerTool(
    'create_item',
    { inputSchema: { boardId: guardNumberId(z.number().int().positive()) } },
    async ({ boardId }) => found(boardId === 123),
  );
  server.registerTool('archive_board', { inputSchema: { boardId: z.number().int() } }, async ({ boardId }) =>
    found(boardId === 123),
  );
  server.registerTool('get_order', { inputSchema: { orderId: guardId(z.string().min(1)) } }, async ({ orderId }) =>
    found(orderId === '00713'),
  );
  server.registerTool(
    'get_message',
    { inputSchema: { messageId: guardId(z.string().min(1)) } },
    async ({ messageId }) => found(messageId === '1234567890123456789'),
  );
  return server;
}

function verdicts(chains: ChainReport['chains']): string[] {
  return chains.map((chain) => `${chain.to.tool}.${chain.to.field} ${chain.status} ${chain.verdict}`).sort();
}

describe('runLiteralConsumer with client profiles', () => {
  it('runs every chain as each profile sends it, and reports which hold', async () => {
    const connection = await connectInMemory(createServer());
    let report: ChainReport;
    try {
      report = await runLiteralConsumer({ client: connection.client, profiles: 'all' });
    } finally {
      await connection.close();
    }
    expect(verdicts(report.chains)).toEqual([
      'archive_board.boardId rejected broken',
      'close_ticket.ticketId rejected broken',
      'create_item.boardId ok tolerated',
      'get_message.messageId ok ok',
      'get_order.orderId ok ok',
      'get_ticket.ticketId ok tolerated',
    ]);
    expect(report.profiles?.map((profile) => profile.profile)).toEqual(CLIENT_PROFILE_NAMES);
    const byProfile = Object.fromEntries((report.profiles ?? []).map((profile) => [profile.profile, profile]));
    // Strings everywhere: the number ticket id now fits both string acceptors, the plain number acceptor still refuses.
    expect(verdicts(byProfile['stringify-scalars']?.chains ?? [])).toEqual([
      'archive_board.boardId rejected broken',
      'close_ticket.ticketId ok ok',
      'create_item.boardId ok tolerated',
      'get_message.messageId ok ok',
      'get_order.orderId ok ok',
      'get_ticket.ticketId ok ok',
    ]);
    // Digit strings as numbers: the board id fits both number acceptors; the padded order number reaches the guarded
    // acceptor as 713, which guardId takes and hands on as "713", another order; the snowflake arrives rounded, a
    // number guardId refuses (beyond 2^53), so the inner string schema rejects it.
    expect(verdicts(byProfile['numberify-digit-strings']?.chains ?? [])).toEqual([
      'archive_board.boardId ok ok',
      'close_ticket.ticketId rejected broken',
      'create_item.boardId ok ok',
      'get_message.messageId rejected broken',
      'get_order.orderId failed broken',
      'get_ticket.ticketId ok tolerated',
    ]);
    expect(byProfile['numberify-digit-strings']?.chains.find((chain) => chain.to.tool === 'get_order')).toMatchObject({
      sent: 713,
      reason: 'sent as 713: validation takes it, but the client changed the id ("00713" is not 713)',
      message: 'no such record',
    });
    // Only the snowflake changes.
    expect(verdicts(byProfile['big-ids-as-numbers']?.chains ?? [])).toEqual([
      'archive_board.boardId rejected broken',
      'close_ticket.ticketId rejected broken',
      'create_item.boardId ok tolerated',
      'get_message.messageId rejected broken',
      'get_order.orderId ok ok',
      'get_ticket.ticketId ok tolerated',
    ]);
    expect(byProfile['big-ids-as-numbers']?.verdicts).toMatchObject({ chains: 6, broken: 3, tolerated: 2, ok: 1 });

    const text = formatChainReport(report);
    expect(text).toContain(
      [
        'As a client that carries ids beyond 2^53 as JSON numbers, losing their last digits (--profile big-ids-as-numbers):',
        '  broken    create_message messageId="1234567890123456789" -> get_message.messageId',
        '            sent as 1234567890123456800: emits integer, accepts only string',
        '            Invalid input: expected string, received number at messageId',
      ].join('\n'),
    );
    expect(text).toContain(
      '  the other 5 chains as the literal consumer found them\n  Of 6 chains, 3 broken, 2 tolerated, 1 ok.',
    );
  });

  it('runs only the literal consumer unless asked', async () => {
    const connection = await connectInMemory(createServer());
    try {
      const report = await runLiteralConsumer({ client: connection.client });
      expect(report.profiles).toBeUndefined();
      expect(formatChainReport(report)).not.toContain('--profile');
    } finally {
      await connection.close();
    }
  });
});
