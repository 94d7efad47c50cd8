import { describe, expect, it } from 'vitest';
import { schemaRoleOfFile, schemaRoleOfKey, schemaRoleOfName } from '../../src/model/schema-role.ts';

describe('schemaRoleOfName', () => {
  it.each([
    ['TicketOutputSchema', 'output'],
    ['CreateTicketResult', 'output'],
    ['usersResponse', 'output'],
    ['GitLabUsersResponseSchema', 'output'],
    ['OutputSchema', 'output'],
    ['GetTicketArgs', 'input'],
    ['ArgsSchema', 'input'],
    ['inputShape', 'input'],
    ['listParams', 'input'],
    ['TicketSchema', undefined],
    ['MergeRequestSchema', undefined],
    ['resultCount', undefined],
    ['schema', undefined],
  ])('%s -> %s', (name, role) => expect(schemaRoleOfName(name)).toBe(role));
});

describe('schemaRoleOfKey', () => {
  it.each([
    ['inputSchema', 'input'],
    ['inputShape', 'input'],
    ['parameters', 'input'],
    ['outputSchema', 'output'],
    ['outputShape', 'output'],
    ['responseSchema', 'output'],
    ['result', undefined],
    ['response', undefined],
    ['params', undefined],
    ['input', undefined],
  ])('%s -> %s', (key, role) => expect(schemaRoleOfKey(key)).toBe(role));
});

describe('schemaRoleOfFile', () => {
  it.each([
    ['/p/src/utils/output-schemas.ts', 'output'],
    ['/p/src/responses.ts', 'output'],
    ['C:\\p\\src\\toolResults.mts', 'output'],
    ['/p/src/tools/get-ticket.ts', undefined],
    ['/p/src/input-schemas.ts', undefined],
  ])('%s -> %s', (file, role) => expect(schemaRoleOfFile(file)).toBe(role));
});
