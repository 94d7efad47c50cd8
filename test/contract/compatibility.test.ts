import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as z3 from 'zod3';
import {
  COMPATIBILITY_RULES,
  compatibilityFindings,
  compatLevel,
  fixFor,
  type CompatibilityFinding,
  type CompatibilityFixedBy,
} from '../../src/contract/compatibility.ts';
import type { JsonValue } from '../../src/contract/contract-file.ts';
import { publishedTools as published, registerTool as register } from '../support/published-tools.ts';

/** [rule, tool, paths, clients] per finding. */
function summary(tools: readonly JsonValue[]): unknown[][] {
  return compatibilityFindings(tools).map((finding) => [finding.rule, finding.tool, finding.paths, finding.clients]);
}

describe('compatibilityFindings on real SDK renders', () => {
  it('zod 3: a refined input object publishes an empty object; the tool clearly takes arguments', async () => {
    const tools = await published((server) => {
      register(server, 'get_ticket', {
        description: 'Read a ticket by its ticketId.',
        inputSchema: z3.z.object({ ticketId: z3.z.string().min(1) }).refine(() => true),
      });
      register(server, 'list_agents', { description: 'List the agents.' });
    });
    expect(tools[0]).toEqual({
      name: 'get_ticket',
      description: 'Read a ticket by its ticketId.',
      inputSchema: { type: 'object', properties: {} },
      execution: { taskSupport: 'forbidden' },
    });
    const findings = compatibilityFindings(tools).filter((finding) => finding.rule === 'empty-input-schema');
    expect(findings).toEqual([
      {
        rule: 'empty-input-schema',
        tool: 'get_ticket',
        paths: ['/inputSchema'],
        clients: ['mcp', 'anthropic', 'openai-strict', 'gemini', 'cursor'],
        message: 'the published input schema is an empty object, but its description names `ticketId`',
      },
    ]);
  });

  it('zod 4: a string|number union with a constraint publishes anyOf (Cursor); zod 3 publishes a type array (Gemini)', async () => {
    const zod4 = await published((server) => {
      register(server, 'get_ticket', {
        inputSchema: { ticketId: z4.z.union([z4.z.string().min(1), z4.z.number().int()]) },
      });
    });
    expect(summary(zod4)).toEqual([
      ['nested-composition', 'get_ticket', ['/inputSchema/properties/ticketId/anyOf'], ['cursor']],
      ['open-object', 'get_ticket', ['/inputSchema'], ['openai-strict']],
      ['schema-keyword', 'get_ticket', ['/inputSchema/$schema'], ['gemini', 'anthropic']],
    ]);
    const zod3 = await published((server) => {
      register(server, 'get_ticket', { inputSchema: { ticketId: z3.z.union([z3.z.string(), z3.z.number()]) } });
    });
    expect(summary(zod3)).toEqual([
      ['additional-properties', 'get_ticket', ['/inputSchema/additionalProperties'], ['gemini']],
      ['schema-keyword', 'get_ticket', ['/inputSchema/$schema'], ['gemini', 'anthropic']],
      ['type-array', 'get_ticket', ['/inputSchema/properties/ticketId/type'], ['gemini']],
    ]);
  });
});

describe('compatibilityFindings on hand-written schemas', () => {
  it('a top-level anyOf without "type": "object"', () => {
    const tool = {
      name: 'find_order',
      inputSchema: {
        anyOf: [
          {
            type: 'object',
            properties: { orderId: { type: 'string' } },
            required: ['orderId'],
            additionalProperties: false,
          },
        ],
      },
    };
    expect(summary([tool])).toEqual([
      ['additional-properties', 'find_order', ['/inputSchema/anyOf/0/additionalProperties'], ['gemini']],
      ['root-not-object', 'find_order', ['/inputSchema'], ['mcp', 'anthropic', 'openai-strict', 'gemini', 'cursor']],
      ['top-level-composition', 'find_order', ['/inputSchema/anyOf'], ['anthropic', 'openai-strict', 'cursor']],
    ]);
    expect(compatibilityFindings([tool]).find((finding) => finding.rule === 'root-not-object')?.message).toBe(
      'the input schema\'s top level is not an object (no "type")',
    );
  });

  it('OpenAI strict: open objects, optional properties and defaults; Gemini: $ref', () => {
    const tool = {
      name: 'search',
      inputSchema: {
        type: 'object',
        properties: {
          query: { type: 'string' },
          limit: { type: 'integer', default: 20 },
          filter: { type: 'object', properties: { status: { $ref: '#/properties/query' } } },
        },
        required: ['query'],
        additionalProperties: false,
      },
    };
    expect(summary([tool])).toEqual([
      ['additional-properties', 'search', ['/inputSchema/additionalProperties'], ['gemini']],
      ['default-keyword', 'search', ['/inputSchema/properties/limit/default'], ['openai-strict']],
      ['open-object', 'search', ['/inputSchema/properties/filter'], ['openai-strict']],
      [
        'optional-property',
        'search',
        [
          '/inputSchema/properties/limit',
          '/inputSchema/properties/filter',
          '/inputSchema/properties/filter/properties/status',
        ],
        ['openai-strict'],
      ],
      ['ref-keyword', 'search', ['/inputSchema/properties/filter/properties/status/$ref'], ['gemini']],
    ]);
    expect(compatibilityFindings([tool]).find((finding) => finding.rule === 'optional-property')?.message).toBe(
      'optional properties `limit`, `filter`, `filter.status`',
    );
  });

  it('draft mismatch: 2020-12 keywords under a draft-07 $schema, draft-07 keywords without $schema', () => {
    const tools = [
      {
        name: 'a',
        inputSchema: {
          $schema: 'http://json-schema.org/draft-07/schema#',
          type: 'object',
          properties: { pair: { type: 'array', prefixItems: [{ type: 'string' }] } },
          required: ['pair'],
          additionalProperties: false,
        },
      },
      {
        name: 'b',
        inputSchema: {
          type: 'object',
          properties: { x: { type: 'string' } },
          required: ['x'],
          additionalProperties: false,
        },
        outputSchema: { type: 'object', dependencies: { a: ['b'] } },
      },
    ];
    const mismatches = compatibilityFindings(tools).filter((finding) => finding.rule === 'dialect-mismatch');
    expect(mismatches.map((finding) => [finding.tool, finding.paths, finding.message])).toEqual([
      ['a', ['/inputSchema/properties/pair'], 'the inputSchema declares draft-07 but uses prefixItems at `pair`'],
      [
        'b',
        ['/outputSchema'],
        'the outputSchema has no "$schema", so MCP 2025-11-25 reads it as 2020-12 but uses dependencies at `(top level)`',
      ],
    ]);
  });

  it('an empty input on a tool that takes nothing is fine', () => {
    expect(
      summary([
        {
          name: 'list_agents',
          description: 'List the agents.',
          inputSchema: { type: 'object', properties: {}, additionalProperties: false },
        },
      ]),
    ).toEqual([['additional-properties', 'list_agents', ['/inputSchema/additionalProperties'], ['gemini']]]);
  });
});

describe('fixFor', () => {
  it("gives the rule's fix, and a pointer to the docs for a rule from a newer version", () => {
    expect(fixFor('type-array')).toBe(COMPATIBILITY_RULES['type-array'].fix);
    expect(fixFor('some-future-rule')).toBe('see docs/contract.md for this rule');
  });
});

describe('compatLevel', () => {
  const finding = (rule: string): CompatibilityFinding => ({
    rule,
    tool: 'get_ticket',
    paths: ['/inputSchema'],
    clients: ['mcp'],
    message: '',
  });
  const levels = (clients?: Parameters<typeof compatLevel>[1]) =>
    Object.fromEntries(Object.keys(COMPATIBILITY_RULES).map((rule) => [rule, compatLevel(finding(rule), clients)]));

  it('gives each rule the level of who can fix it; the strict-mode rules are fixable once openai-strict is served', () => {
    const advisory = ['additional-properties', 'open-object', 'optional-property', 'default-keyword', 'schema-keyword'];
    expect(levels()).toEqual(
      Object.fromEntries(
        Object.keys(COMPATIBILITY_RULES).map((rule) => [rule, advisory.includes(rule) ? 'advisory' : 'fixable']),
      ),
    );
    expect(levels(['gemini', 'cursor'])).toEqual(levels());
    const served = ['additional-properties', 'schema-keyword'];
    expect(levels(['openai-strict'])).toEqual(
      Object.fromEntries(
        Object.keys(COMPATIBILITY_RULES).map((rule) => [rule, served.includes(rule) ? 'advisory' : 'fixable']),
      ),
    );
  });

  it('calls a rule from a newer version fixable', () => {
    expect(compatLevel(finding('some-future-rule'), undefined)).toBe('fixable');
  });
});

describe('docs/contract.md', () => {
  const docs = readFileSync(new URL('../../docs/contract.md', import.meta.url), 'utf8');
  const table = docs.slice(docs.indexOf('## `compat`'), docs.indexOf('## `chains`'));

  it('lists every compatibility rule, and no other', () => {
    const documented = [...table.matchAll(/^\| `([a-z-]+)` \|/gm)].map(([, rule]) => rule);
    expect(documented).toEqual(Object.keys(COMPATIBILITY_RULES));
  });

  it("gives every rule the level of the code's table", () => {
    const cell: Record<CompatibilityFixedBy, string> = {
      server: 'fixable',
      rendered: 'advisory',
      'strict-mode': 'advisory; fixable with `--clients openai-strict`',
    };
    const documented = [...table.matchAll(/^\| `([a-z-]+)` \| ([^|]+) \|/gm)].map(([, rule, level]) => [rule, level]);
    expect(documented).toEqual(Object.entries(COMPATIBILITY_RULES).map(([rule, { fixedBy }]) => [rule, cell[fixedBy]]));
  });
});
