import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  CONTRACT_FORMAT,
  type ContractRuntime,
  type ContractTool,
  type JsonObject,
  type JsonValue,
  type McpContract,
} from '../../src/contract/contract-file.ts';
import { DIFF_RULES, diffContracts, diffFails } from '../../src/contract/diff.ts';

function contract(tools: readonly ContractTool[], runtime?: ContractRuntime): McpContract {
  return {
    format: CONTRACT_FORMAT,
    formatVersion: 1,
    server: { name: 'helpdesk' },
    ...(runtime === undefined ? {} : { runtime }),
    tools,
    compatibility: [],
  };
}

function object(
  properties: Record<string, JsonValue>,
  required: readonly string[] = Object.keys(properties),
): JsonObject {
  return required.length === 0
    ? { type: 'object', properties }
    : { type: 'object', properties, required: [...required] };
}

function tool(name: string, input: JsonObject, output?: JsonObject, extra: Partial<ContractTool> = {}): ContractTool {
  return {
    name,
    description: `The ${name} tool.`,
    inputSchema: input,
    ...(output === undefined ? {} : { outputSchema: output }),
    ...extra,
  };
}

/** [level, rule, tool, path, before, after] per change, in the diff's order. */
function changes(before: readonly ContractTool[], after: readonly ContractTool[]): unknown[][] {
  return diffContracts(contract(before), contract(after)).changes.map((change) => [
    change.level,
    change.rule,
    change.tool,
    change.path,
    change.before,
    change.after,
  ]);
}

const ticketId = { type: 'string', minLength: 1, description: 'The ticket id, as returned by list_tickets' };
const getTicket = (
  input: JsonObject = object({ ticketId }),
  output: JsonObject = object({ ticketId: { type: 'integer' }, subject: { type: 'string' } }),
) => tool('get_ticket', input, output);

describe('diffContracts: input schemas are requests', () => {
  it('finds nothing between equal contracts, also when one is written in another (equivalent) form', () => {
    expect(changes([getTicket()], [getTicket()])).toEqual([]);
    const reordered = getTicket({
      required: ['ticketId'],
      properties: { ticketId: { minLength: 1, description: ticketId.description, type: ['string'] } },
      type: 'object',
      $schema: 'x',
    });
    expect(changes([getTicket()], [reordered])).toEqual([]);
  });

  it('z.string().min(1) -> union: input widened (info)', () => {
    const union = getTicket(
      object({
        ticketId: { anyOf: [{ type: 'string', minLength: 1, description: ticketId.description }, { type: 'integer' }] },
      }),
    );
    expect(changes([getTicket()], [union])).toEqual([
      [
        'info',
        'input-type-widened',
        'get_ticket',
        '/inputSchema/properties/ticketId/type',
        'string',
        ['integer', 'string'],
      ],
    ]);
  });

  it('a new required input field breaks callers, a new optional one does not', () => {
    const base = tool('close_ticket', object({ ticketId }));
    expect(changes([base], [tool('close_ticket', object({ ticketId, note: { type: 'string' } }))])).toEqual([
      [
        'breaking',
        'input-required-field-added',
        'close_ticket',
        '/inputSchema/properties/note',
        undefined,
        { type: 'string' },
      ],
    ]);
    expect(
      changes([base], [tool('close_ticket', object({ ticketId, note: { type: 'string' } }, ['ticketId']))]),
    ).toEqual([
      [
        'info',
        'input-optional-field-added',
        'close_ticket',
        '/inputSchema/properties/note',
        undefined,
        { type: 'string' },
      ],
    ]);
  });

  it('an enum value removed from an input breaks callers; one added is info', () => {
    const reason = (values: string[]) => tool('close_ticket', object({ reason: { type: 'string', enum: values } }));
    expect(changes([reason(['duplicate', 'solved', 'spam'])], [reason(['duplicate', 'solved'])])).toEqual([
      [
        'breaking',
        'input-enum-value-removed',
        'close_ticket',
        '/inputSchema/properties/reason/enum',
        ['duplicate', 'solved', 'spam'],
        ['duplicate', 'solved'],
      ],
    ]);
    expect(changes([reason(['solved'])], [reason(['solved', 'spam'])])).toEqual([
      [
        'info',
        'input-enum-value-added',
        'close_ticket',
        '/inputSchema/properties/reason/enum',
        ['solved'],
        ['solved', 'spam'],
      ],
    ]);
  });

  it("reports zod 4.4.3's dropped required (a hand-made pair of its render): input-became-optional is a warning", () => {
    const dropped = getTicket({ type: 'object', properties: { ticketId } });
    expect(changes([getTicket()], [dropped])).toEqual([
      ['warning', 'input-became-optional', 'get_ticket', '/inputSchema/required', 'required', 'optional'],
    ]);
    expect(diffContracts(contract([getTicket()]), contract([dropped])).changes[0]?.message).toBe(
      'input field `ticketId` is no longer required; check that the server accepts a call without it (zod 4.4.3 drops preprocessed fields from "required" but still rejects a missing key)',
    );
  });

  it('narrowing a type, tightening a constraint and closing the object break callers; the reverse is info', () => {
    const loose = tool('search', object({ query: { type: ['integer', 'string'], maxLength: 100 } }, []));
    const tight = tool('search', {
      ...object({ query: { type: 'string', maxLength: 50, pattern: '^[a-z]+$' } }, []),
      additionalProperties: false,
    });
    expect(changes([loose], [tight])).toEqual([
      [
        'breaking',
        'input-type-narrowed',
        'search',
        '/inputSchema/properties/query/type',
        ['integer', 'string'],
        'string',
      ],
      ['breaking', 'input-constraint-tightened', 'search', '/inputSchema/properties/query/maxLength', 100, 50],
      [
        'breaking',
        'input-constraint-tightened',
        'search',
        '/inputSchema/properties/query/pattern',
        undefined,
        '^[a-z]+$',
      ],
      ['breaking', 'input-constraint-tightened', 'search', '/inputSchema/additionalProperties', undefined, false],
    ]);
    expect(changes([tight], [loose]).map(([level, rule]) => [level, rule])).toEqual([
      ['info', 'input-type-widened'],
      ['info', 'input-constraint-loosened'],
      ['info', 'input-constraint-loosened'],
      ['info', 'input-constraint-loosened'],
    ]);
  });

  it('a field that became required breaks callers; a removed field is a warning; a changed default too', () => {
    const before = tool('list', object({ status: { type: 'string' }, limit: { type: 'integer', default: 20 } }, []));
    const after = tool('list', object({ limit: { type: 'integer', default: 50 } }, ['limit']));
    expect(changes([before], [after])).toEqual([
      ['breaking', 'input-became-required', 'list', '/inputSchema/required', 'optional', 'required'],
      ['warning', 'input-default-changed', 'list', '/inputSchema/properties/limit/default', 20, 50],
      ['warning', 'input-field-removed', 'list', '/inputSchema/properties/status', { type: 'string' }, undefined],
    ]);
  });
});

describe('diffContracts: output schemas are responses', () => {
  it('output number -> string breaks consumers', () => {
    const after = getTicket(undefined, object({ ticketId: { type: 'string' }, subject: { type: 'string' } }));
    expect(changes([getTicket()], [after])).toEqual([
      ['breaking', 'output-type-widened', 'get_ticket', '/outputSchema/properties/ticketId/type', 'integer', 'string'],
    ]);
  });

  it('an enum value added to an output is a warning; one removed is info', () => {
    const status = (values: string[]) =>
      tool('get_ticket', object({ ticketId }), object({ status: { type: 'string', enum: values } }));
    expect(changes([status(['active', 'closed'])], [status(['active', 'archived', 'closed'])])).toEqual([
      [
        'warning',
        'output-enum-value-added',
        'get_ticket',
        '/outputSchema/properties/status/enum',
        ['active', 'closed'],
        ['active', 'archived', 'closed'],
      ],
    ]);
    expect(changes([status(['active', 'closed'])], [status(['active'])])).toEqual([
      [
        'info',
        'output-enum-value-removed',
        'get_ticket',
        '/outputSchema/properties/status/enum',
        ['active', 'closed'],
        ['active'],
      ],
    ]);
  });

  it('a field turning nullable, going optional or disappearing breaks consumers; a new field and narrowing are info', () => {
    const before = tool(
      'get_ticket',
      object({ ticketId }),
      object({
        assignedAgentId: { type: 'integer' },
        subject: { type: 'string' },
        score: { type: 'number' },
        body: { type: 'string' },
      }),
    );
    const after = tool(
      'get_ticket',
      object({ ticketId }),
      object(
        {
          assignedAgentId: { type: ['integer', 'null'] },
          subject: { type: 'string' },
          score: { type: 'integer' },
          body: { type: 'string' },
          tags: { type: 'array', items: { type: 'string' } },
        },
        ['assignedAgentId', 'score', 'tags'],
      ),
    );
    expect(changes([before], [after])).toEqual([
      [
        'breaking',
        'output-became-nullable',
        'get_ticket',
        '/outputSchema/properties/assignedAgentId/type',
        'integer',
        ['integer', 'null'],
      ],
      ['breaking', 'output-became-optional', 'get_ticket', '/outputSchema/required', 'required', 'optional'],
      ['info', 'output-type-narrowed', 'get_ticket', '/outputSchema/properties/score/type', 'number', 'integer'],
      ['breaking', 'output-became-optional', 'get_ticket', '/outputSchema/required', 'required', 'optional'],
      [
        'info',
        'output-field-added',
        'get_ticket',
        '/outputSchema/properties/tags',
        undefined,
        { type: 'array', items: { type: 'string' } },
      ],
    ]);
    const removed = tool(
      'get_ticket',
      object({ ticketId }),
      object({ assignedAgentId: { type: 'integer' }, subject: { type: 'string' }, score: { type: 'number' } }),
    );
    expect(changes([before], [removed])).toEqual([
      [
        'breaking',
        'output-field-removed',
        'get_ticket',
        '/outputSchema/properties/body',
        { type: 'string' },
        undefined,
      ],
    ]);
  });

  it('compares nested arrays and a union of objects branch by branch', () => {
    const event = (kinds: JsonObject[]) =>
      tool('list_events', object({}, []), object({ events: { type: 'array', items: { anyOf: kinds } } }));
    const created = object({ kind: { type: 'string', const: 'created' }, ticketId: { type: 'integer' } });
    const closed = object({ kind: { type: 'string', const: 'closed' }, ticketId: { type: 'integer' } });
    const closedWithReason = object({
      kind: { type: 'string', const: 'closed' },
      ticketId: { type: 'integer' },
      reason: { type: 'string' },
    });
    const merged = object({ into: { type: 'integer' }, kind: { type: 'string', const: 'merged' } });
    expect(changes([event([created, closed])], [event([created, closedWithReason, merged])])).toEqual([
      [
        'info',
        'output-field-added',
        'list_events',
        '/outputSchema/properties/events/items/anyOf/1/properties/reason',
        undefined,
        { type: 'string' },
      ],
      [
        'breaking',
        'output-union-branch-added',
        'list_events',
        '/outputSchema/properties/events/items/anyOf/2',
        undefined,
        merged,
      ],
    ]);
  });

  it('a removed output schema is breaking, an added one info', () => {
    const without = tool('get_ticket', object({ ticketId }));
    expect(changes([getTicket()], [without]).map(([level, rule]) => [level, rule])).toEqual([
      ['breaking', 'output-schema-removed'],
    ]);
    expect(changes([without], [getTicket()]).map(([level, rule]) => [level, rule])).toEqual([
      ['info', 'output-schema-added'],
    ]);
  });
});

describe('diffContracts: tools and the server', () => {
  it('a removed tool and a renamed tool are breaking, a new tool is info, descriptions and annotations are info', () => {
    const list = tool(
      'list_tickets',
      object({ status: { type: 'string' } }, []),
      object({ ids: { type: 'array', items: { type: 'integer' } } }),
    );
    const renamed = { ...list, name: 'search_tickets' };
    const assign = tool('assign_ticket', object({ ticketId, agentId: { type: 'string' } }), undefined, {
      annotations: { destructiveHint: false },
    });
    const assignAfter = {
      ...assign,
      description: 'Assign a ticket to an agent; the agent is notified.',
      annotations: { destructiveHint: true },
    };
    expect(changes([list, assign, getTicket()], [renamed, assignAfter, tool('ping', object({}, []))])).toEqual([
      [
        'info',
        'description-changed',
        'assign_ticket',
        '/description',
        'The assign_ticket tool.',
        'Assign a ticket to an agent; the agent is notified.',
      ],
      ['info', 'annotation-changed', 'assign_ticket', '/annotations/destructiveHint', false, true],
      ['breaking', 'tool-removed', 'get_ticket', '', 'get_ticket', undefined],
      ['info', 'tool-added', 'ping', '', undefined, 'ping'],
      ['breaking', 'tool-renamed', 'search_tickets', '/name', 'list_tickets', 'search_tickets'],
    ]);
  });

  it('a field description change is info and shown', () => {
    const after = getTicket(object({ ticketId: { ...ticketId, description: 'The ticket id (a number is accepted)' } }));
    expect(changes([getTicket()], [after])).toEqual([
      [
        'info',
        'description-changed',
        'get_ticket',
        '/inputSchema/properties/ticketId/description',
        ticketId.description,
        'The ticket id (a number is accepted)',
      ],
    ]);
  });

  it('reports a runtime change as info, server-level first', () => {
    const zod3 = { sdk: ['@modelcontextprotocol/sdk@1.32.2'], zod: ['3.25.76'], sdkZod: ['4.6.7'] };
    const zod4 = { sdk: ['@modelcontextprotocol/sdk@1.32.2'], zod: ['4.6.7'], sdkZod: ['4.6.7'] };
    const diff = diffContracts(contract([getTicket()], zod3), contract([getTicket()], zod4));
    expect(diff.changes.map((change) => [change.level, change.rule, change.tool, change.path, change.message])).toEqual(
      [['info', 'runtime-changed', null, '/runtime/zod', 'zod changed: 3.25.76 -> 4.6.7']],
    );
    expect(diff.summary).toEqual({ breaking: 0, warning: 0, info: 1 });
  });

  it('fails at the chosen level', () => {
    const diff = diffContracts(
      contract([getTicket()]),
      contract([
        getTicket(undefined, object({ ticketId: { type: 'integer' }, subject: { type: 'string', enum: ['a'] } })),
      ]),
    );
    expect(diff.changes.map((change) => change.rule)).toEqual(['output-constraint-tightened']);
    expect(diffFails(diff, 'breaking')).toBe(false);
    expect(diffFails(diff, 'warning')).toBe(false);
    expect(diffFails(diff, 'info')).toBe(true);
    expect(diffFails(diff, 'none')).toBe(false);
  });

  it('gives every rule a level', () => {
    for (const [rule, { level }] of Object.entries(DIFF_RULES))
      expect(['breaking', 'warning', 'info'], rule).toContain(level);
  });
});

describe('docs/contract.md', () => {
  it('lists every diff rule with its level, and no other', () => {
    const docs = readFileSync(new URL('../../docs/contract.md', import.meta.url), 'utf8');
    const table = docs.slice(docs.indexOf('### Rules'), docs.indexOf('## `check`'));
    const documented = [...table.matchAll(/^\| `([a-z-]+)` \| (breaking|warning|info) \|/gm)].map(([, rule, level]) => [
      rule,
      level,
    ]);
    expect(documented).toEqual(Object.entries(DIFF_RULES).map(([rule, { level }]) => [rule, level]));
  });
});
