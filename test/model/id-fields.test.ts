import { describe, expect, it } from 'vitest';
import { emittedIdValues, idFieldsOfJsonSchema } from '../../src/model/id-fields.ts';
import { toolNamingOf } from '../../src/model/ids.ts';

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
    const fields = idFieldsOfJsonSchema(schema, 'update_ticket').map(({ path, entity, types, many, required }) => ({
      path,
      entity,
      types,
      many,
      required,
    }));
    expect(fields).toEqual([
      { path: ['ticketId'], entity: 'ticket', types: ['string'], many: false, required: true },
      { path: ['customer', 'id'], entity: 'customer', types: ['string', 'number'], many: false, required: false },
      { path: ['tagIds'], entity: 'tag', types: ['integer'], many: true, required: false },
      { path: ['owner', 'agent_id'], entity: 'agent', types: ['number'], many: false, required: false },
    ]);
  });

  it('names a top-level id by the tool', () => {
    expect(
      idFieldsOfJsonSchema({ type: 'object', properties: { id: { type: 'string' } } }, 'get_invoice')[0]?.entity,
    ).toBe('invoice');
  });

  it('names a bare id behind a namespace prefix by the tool list it is given', () => {
    const naming = toolNamingOf(['wit_query', 'wit_work_item', 'wit_backlog', 'wit_work_item_write']);
    const schema = { type: 'object', properties: { id: { type: 'string' } } };
    expect(idFieldsOfJsonSchema(schema, 'wit_query', { naming })[0]?.entity).toBe('query');
    expect(idFieldsOfJsonSchema(schema, 'wit_query')[0]?.entity).toBe('wit');
  });

  it('names a bare id of an input after what the call addresses, of an output after what it returns', () => {
    const naming = toolNamingOf(['list_work_item_notes']);
    const input = { type: 'object', properties: { iid: { type: 'string' } } };
    const output = {
      type: 'object',
      properties: {
        notes: { type: 'array', items: { type: 'object', properties: { id: { type: 'number' } } } },
        id: { type: 'number' },
      },
    };
    expect(idFieldsOfJsonSchema(input, 'list_work_item_notes', { naming, side: 'input' })[0]?.entity).toBe(
      'work-item#iid',
    );
    expect(
      idFieldsOfJsonSchema(output, 'list_work_item_notes', { naming, side: 'output' }).map(({ entity }) => entity),
    ).toEqual(['note', 'note']);
  });

  it('names compound id fields by their id part, with their published types', () => {
    const schema = {
      type: 'object',
      properties: {
        projectIdOrKey: { type: 'string' },
        workspaceSlugOrId: { type: 'string' },
        idOrSlug: { type: 'string' },
        issueIdsOrKeys: { type: 'array', items: { type: 'string' } },
      },
      required: ['projectIdOrKey'],
    };
    const fields = idFieldsOfJsonSchema(schema, 'get_board').map(({ name, entity, types, many }) => ({
      name,
      entity,
      types,
      many,
    }));
    expect(fields).toEqual([
      { name: 'projectIdOrKey', entity: 'project', types: ['string'], many: false },
      { name: 'workspaceSlugOrId', entity: 'workspace', types: ['string'], many: false },
      { name: 'idOrSlug', entity: 'board', types: ['string'], many: false },
      { name: 'issueIdsOrKeys', entity: 'issue', types: ['string'], many: true },
    ]);
  });

  it('takes a field of a closed set of values (`enum`, `const`) for no id, as a Zod enum is none', () => {
    const schema = {
      type: 'object',
      properties: {
        reset_code: { type: 'string', enum: ['0', '1'] },
        kind_id: { const: 'user' },
        tag_ids: { type: 'array', items: { type: 'string', enum: ['a', 'b'] } },
        ticket_id: { type: 'string' },
      },
    };
    const read = idFieldsOfJsonSchema(schema, 'reset_verification', { side: 'input', keys: true });
    expect(read.map((field) => field.name)).toEqual(['ticket_id']);
  });

  it('ignores what is not a schema', () => {
    expect(idFieldsOfJsonSchema(undefined)).toEqual([]);
    expect(idFieldsOfJsonSchema({ type: 'object', properties: { id: true } }, 'get_x')).toEqual([]);
  });
});

describe('idFieldsOfJsonSchema reads descriptions', () => {
  it('takes a field its own description calls an id of the entity its name names', () => {
    const schema = {
      type: 'object',
      properties: {
        with_genres: { type: 'string', description: 'Comma-separated genre ids' },
        with_cast: { type: 'string', description: 'Comma-separated person ids, cast roles only' },
        sort_by: { type: 'string', description: 'Sort order' },
      },
    };
    expect(idFieldsOfJsonSchema(schema, 'discover_films')).toEqual([
      { path: ['with_genres'], name: 'with_genres', entity: 'genre', many: true, types: ['string'], required: false },
    ]);
  });
});

describe('emittedIdValues', () => {
  it('keeps the first non-null value per path', () => {
    const values = emittedIdValues(
      {
        tickets: [
          { id: 4, assignedAgentId: null },
          { id: 3, assignedAgentId: 2 },
        ],
        ticketIds: [7, 8],
        next: { cursor: 'x' },
      },
      'list_tickets',
    ).map(({ path, entity, value }) => ({ path, entity, value }));
    expect(values).toEqual([
      { path: ['tickets', '[]', 'id'], entity: 'ticket', value: 4 },
      { path: ['tickets', '[]', 'assignedAgentId'], entity: 'agent', value: 2 },
      { path: ['ticketIds', '[]'], entity: 'ticket', value: 7 },
    ]);
  });

  it('names the parents of a commit commits, and a namespace parent a namespace', () => {
    const naming = toolNamingOf(['list_commits', 'list_namespaces']);
    const commits = emittedIdValues([{ id: 'a1b2', parent_ids: ['c3d4'] }], 'list_commits', naming).map(
      ({ path, entity }) => ({ path, entity }),
    );
    expect(commits).toEqual([
      { path: ['[]', 'id'], entity: 'commit' },
      { path: ['[]', 'parent_ids', '[]'], entity: 'commit' },
    ]);
    expect(emittedIdValues([{ id: 9, parent_id: 2 }], 'list_namespaces', naming).map(({ entity }) => entity)).toEqual([
      'namespace',
      'namespace',
    ]);
  });
});
