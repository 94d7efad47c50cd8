import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/unserialized-data', import.meta.url));

describe('a handler that returns plain data no code found serializes', () => {
  // `handler: (args) => api.getTicket(args.ticketId)` registered with `resultOf(t)`, a factory the audit does not
  // follow: the handler emits nothing by itself, and what reaches the agent is unknown. It was counted as a tool
  // whose emitted types are known, with nothing emitted.
  const { report } = audit(FIXTURE);

  it('is an unknown emitter, placed at the data it returns; a handler that builds its own result is not', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_ticket unknown',
      'close_ticket typed',
    ]);
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 1 });
    expect(
      report.unknownEmitters.map((emitter) => `${emitter.tool} '${emitter.path}' ${emitter.file}:${emitter.line}`),
    ).toEqual(["get_ticket '' src/server.ts:23"]);
    expect(chainLines(report)).toEqual([
      'close_ticket ticketId -> get_ticket.ticketId: broken',
      'close_ticket ticketId -> close_ticket.ticketId: broken',
    ]);
  });
});
