import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { audit, type AuditReport } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/serialized-handlers', import.meta.url));

describe('tool definitions whose handlers return plain data, serialized by the registration', () => {
  // `{ name, parameters, handler }` registered in a loop whose own callback is the result builder:
  // `JSON.stringify(await t.handler(a))`, `const result = await t.execute(a)` then `JSON.stringify(result, null, 2)`,
  // `toText(await handler(a))` with `handler` destructured. No emitter was found, and yet the coverage line said the
  // emitted types of all five tools were known and the verdict vouched for chains it never saw.
  let report: AuditReport;
  beforeAll(() => {
    report = audit(FIXTURE).report;
  });

  it("reads each definition's handler through the registration that serializes what it returns", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_agent typed',
      'list_notes typed',
      'delete_note typed',
      'create_ticket typed',
      'get_ticket typed',
    ]);
    expect(
      report.emitters.map(
        (emitter) => `${emitter.tool} ${emitter.path} ${emitter.types.join('|')} ${emitter.file}:${emitter.line}`,
      ),
    ).toEqual([
      'get_agent agentId number src/agents.ts:15',
      'list_notes [].noteId string src/notes.ts:17',
      'create_ticket ticketId number src/tickets.ts:16',
      'get_ticket ticketId number src/tickets.ts:21',
    ]);
  });

  it('pairs them with the inputs that take them back', () => {
    expect(chainLines(report)).toEqual([
      'get_agent agentId -> get_agent.agentId: broken',
      'list_notes [].noteId -> delete_note.noteId: ok',
      'create_ticket ticketId -> get_ticket.ticketId: broken',
      'get_ticket ticketId -> get_ticket.ticketId: broken',
    ]);
    expect(report.coverage).toMatchObject({ registrationSites: 3, unfollowedSites: 0, tools: 5, knownEmitters: 5 });
    expect(report.verdict.text).toBe('3 broken chains of 4 (1 ok).');
  });
});
