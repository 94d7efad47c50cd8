import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/handler-factory', import.meta.url));

describe('a handler a factory builds', () => {
  // `const get = createHandler('get', controller)`, registered by name: the handler is the function the factory
  // returns. It was not followed, so the audit said it knew no emitted type and exited 2.
  const { report } = audit(FIXTURE);

  it('is read through the function the factory returns', () => {
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2 });
    expect(chainLines(report)).toEqual([
      'create_ticket ticket.ticketId -> get_ticket.ticketId: broken',
      'get_ticket ticket.ticketId -> get_ticket.ticketId: broken',
    ]);
    expect(report.verdict.blind).toBeUndefined();
  });
});
