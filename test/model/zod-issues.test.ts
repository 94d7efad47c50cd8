import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as z3 from 'zod/v3';
import { zodIssuesIn, zodRejectsFieldAt } from '../../src/model/zod-issues.ts';

function messageOf(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the parse passed');
}

describe('zodIssuesIn', () => {
  it("reads a ZodError's message on zod 4 and zod 3, also behind the JSON-RPC error prefix", () => {
    const zod4 = messageOf(() => z.object({ ticketId: z.string() }).parse({ ticketId: 47 }));
    const zod3 = messageOf(() => z3.object({ ticketId: z3.string() }).parse({ ticketId: 47 }));
    expect(zodIssuesIn(zod4)).toEqual([
      {
        expected: 'string',
        code: 'invalid_type',
        path: ['ticketId'],
        message: 'Invalid input: expected string, received number',
      },
    ]);
    expect(zodIssuesIn(`MCP error -32603: ${zod3}`)?.map((issue) => issue.message)).toEqual([
      'Expected string, received number',
    ]);
  });

  it('is undefined for any other text, a JSON list of something else included', () => {
    expect(zodIssuesIn('MCP error -32603: no such ticket')).toBeUndefined();
    expect(zodIssuesIn('[1, 2]')).toBeUndefined();
    expect(zodIssuesIn('[]')).toBeUndefined();
    expect(zodIssuesIn('[not json')).toBeUndefined();
  });
});

describe('zodRejectsFieldAt', () => {
  const schema = z.object({ subject: z.string(), tickets: z.array(z.object({ id: z.string() })) });

  it('is true when an issue lies at the field or below it, an array index standing for []', () => {
    const message = messageOf(() => schema.parse({ subject: 's', tickets: [{ id: 47 }] }));
    expect(zodRejectsFieldAt(message, ['tickets', '[]', 'id'])).toBe(true);
    expect(zodRejectsFieldAt(message, ['tickets'])).toBe(true);
  });

  it('is false when the issues lie at other fields, and for a message that is not a ZodError', () => {
    const message = messageOf(() => schema.parse({ tickets: [{ id: '47' }] }));
    expect(zodRejectsFieldAt(message, ['tickets', '[]', 'id'])).toBe(false);
    expect(zodRejectsFieldAt('Unknown tool: get_ticket', ['ticketId'])).toBe(false);
  });
});
