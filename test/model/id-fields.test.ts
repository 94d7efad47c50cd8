import { describe, expect, it } from 'vitest';
import { emittedIdValues, idFieldsOfJsonSchema } from '../../src/model/id-fields.ts';

describe('idFieldsOfJsonSchema', () => {
  it('finds nested, array and union id fields with their published types', () => {
    const schema = {
      type: 'object',
      properties: {
        ticketId: { type: 'string', minLength: 1 },
        customer: { type: 'object', properties: { id: { type: ['string', 'number'] } }, required: ['id'] },
        tagIds: { type: 'array', items: { type: 'integer' } },
        owner: { anyOf: [{ type: 'object', properties: { agent_id: { type: 'number' } } }, { type: 'null' }] },
        subject: { type: 'string' },
      },
      required: ['ticketId'],
    };
    const fields = idFieldsOfJsonSchema(schema, 'update_ticket').map(({ path, entity, types, many, required }) => ({ path, entity, types, many, required }));
    expect(fields).toEqual([
      { path: ['ticketId'], entity: 'ticket', types: ['string'], many: false, required: true },
      { path: ['customer', 'id'], entity: 'customer', types: ['string', 'number'], many: false, required: false },
      { path: ['tagIds'], entity: 'tag', types: ['integer'], many: true, required: false },
      { path: ['owner', 'agent_id'], entity: 'agent', types: ['number'], many: false, required: false },
    ]);
  });

  it('names a top-level id by the tool', () => {
    expect(idFieldsOfJsonSchema({ type: 'object', properties: { id: { type: 'string' } } }, 'get_invoice')[0]?.entity).toBe('invoice');
  });

  it('ignores what is not a schema', () => {
    expect(idFieldsOfJsonSchema(undefined)).toEqual([]);
    expect(idFieldsOfJsonSchema({ type: 'object', properties: { id: true } }, 'get_x')).toEqual([]);
  });
});

describe('emittedIdValues', () => {
  it('keeps the first non-null value per path', () => {
    const values = emittedIdValues(
      { tickets: [{ id: 4, assignedAgentId: null }, { id: 3, assignedAgentId: 2 }], ticketIds: [7, 8], next: { cursor: 'x' } },
      'list_tickets',
    ).map(({ path, entity, value }) => ({ path, entity, value }));
    expect(values).toEqual([
      { path: ['tickets', '[]', 'id'], entity: 'ticket', value: 4 },
      { path: ['tickets', '[]', 'assignedAgentId'], entity: 'agent', value: 2 },
      { path: ['ticketIds', '[]'], entity: 'ticket', value: 7 },
    ]);
  });
});
