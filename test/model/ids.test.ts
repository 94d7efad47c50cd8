import { describe, expect, it } from 'vitest';
import { entityOfToolName, formatPath, idFieldAt, isIdName, singularize, splitWords } from '../../src/model/ids.ts';

describe('isIdName', () => {
  it.each(['id', 'ID', 'Id', '_id', 'ticketId', 'ticket_id', 'ticketID', 'ticket-id', 'ticketIds', 'ticket_ids', 'project_iid', 'mergeRequestIid'])(
    '%s is an id',
    (name) => expect(isIdName(name)).toBe(true),
  );
  it.each(['valid', 'paid', 'android', 'uuid', 'guid', 'identity', 'idle', 'ideas', 'width', 'hidden', 'ticket', ''])('%s is not an id', (name) =>
    expect(isIdName(name)).toBe(false),
  );
});

describe('splitWords and singularize', () => {
  it('splits every naming style into lower-case words', () => {
    expect(splitWords('mergeRequestIID')).toEqual(['merge', 'request', 'iid']);
    expect(splitWords('Ticket-Ids')).toEqual(['ticket', 'ids']);
    expect(splitWords('get_ticket_context')).toEqual(['get', 'ticket', 'context']);
    expect(splitWords('HTTPServerId')).toEqual(['http', 'server', 'id']);
  });
  it.each([
    ['tickets', 'ticket'],
    ['replies', 'reply'],
    ['addresses', 'address'],
    ['branches', 'branch'],
    ['status', 'status'],
    ['series', 'series'],
    ['ids', 'ids'],
  ])('%s -> %s', (plural, singular) => expect(singularize(plural)).toBe(singular));
});

describe('entityOfToolName', () => {
  it.each([
    ['get_ticket_context', 'ticket'],
    ['list_tickets', 'ticket'],
    ['getCustomer', 'customer'],
    ['draft_reply', 'reply'],
    ['list', undefined],
  ])('%s works on %s', (tool, entity) => expect(entityOfToolName(tool)).toBe(entity));
});

describe('idFieldAt names the same entity however the id is spelled', () => {
  it.each([
    [['ticketId'], 'ticket'],
    [['ticket_id'], 'ticket'],
    [['ticket', 'id'], 'ticket'],
    [['tickets', '[]', 'id'], 'ticket'],
    [['data', 'tickets', '[]', 'id'], 'ticket'],
    [['ticket', 'data', 'id'], 'ticket'],
    [['parentTicketId'], 'ticket'],
    [['assignedAgentId'], 'agent'],
    [['ticketIds', '[]'], 'ticket'],
    [['merge_request_iid'], 'merge-request#iid'],
  ])('%j names %s', (path, entity) => expect(idFieldAt(path)?.entity).toBe(entity));

  it('names a bare top-level id by the tool that carries it', () => {
    expect(idFieldAt(['id'], 'get_ticket')?.entity).toBe('ticket');
    expect(idFieldAt(['[]', 'id'], 'list_agents')?.entity).toBe('agent');
    expect(idFieldAt(['id'])).toBeUndefined();
  });

  it('marks lists of ids', () => {
    expect(idFieldAt(['ticketIds'])?.many).toBe(true);
    expect(idFieldAt(['tickets', '[]', 'id'])?.many).toBe(false);
    expect(idFieldAt(['ticketId'])?.many).toBe(false);
  });

  it('returns undefined for a path that does not end in an id', () => {
    expect(idFieldAt(['ticket', 'subject'])).toBeUndefined();
    expect(idFieldAt([])).toBeUndefined();
  });
});

describe('formatPath', () => {
  it('prints paths the way reports show them', () => {
    expect(formatPath(['tickets', '[]', 'id'])).toBe('tickets[].id');
    expect(formatPath(['[]', 'id'])).toBe('[].id');
    expect(formatPath(['ticketIds', '[]'])).toBe('ticketIds[]');
  });
});
