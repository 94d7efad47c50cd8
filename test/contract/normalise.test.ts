import { describe, expect, it } from 'vitest';
import * as z4 from 'zod';
import * as z3 from 'zod3';
import type { JsonObject, JsonValue } from '../../src/contract/contract-file.ts';
import { dialectName, isNormalised, normaliseSchema } from '../../src/contract/normalise.ts';
import { publishedTools as publishedWith, registerTool as register } from '../support/published-tools.ts';

describe('normaliseSchema on real SDK renders', () => {
  it('makes a zod 3 and a zod 4 render of the same schemas equal, except for zod 3 closing input objects', async () => {
    const statuses = ['active', 'pending', 'closed'] as const;
    const zod3 = await publishedWith((server) => {
      const status = z3.z.enum(statuses);
      register(server, 'close_ticket', {
        inputSchema: {
          ticketId: z3.z.string().min(1).describe('The ticket id'),
          note: z3.z.string().min(1).nullable(),
          count: z3.z.number().int().positive(),
        },
        outputSchema: {
          ticketId: z3.z.number().int(),
          status,
          previousStatus: status,
          assignedAgentId: z3.z.number().int().nullable(),
          tags: z3.z.array(z3.z.string()),
          mode: z3.z.enum(['a', 'b']).nullable(),
        },
      });
    });
    const zod4 = await publishedWith((server) => {
      const status = z4.z.enum(statuses);
      register(server, 'close_ticket', {
        inputSchema: {
          ticketId: z4.z.string().min(1).describe('The ticket id'),
          note: z4.z.string().min(1).nullable(),
          count: z4.z.number().int().positive(),
        },
        outputSchema: {
          ticketId: z4.z.number().int(),
          status,
          previousStatus: status,
          assignedAgentId: z4.z.number().int().nullable(),
          tags: z4.z.array(z4.z.string()),
          mode: z4.z.enum(['a', 'b']).nullable(),
        },
      });
    });
    const [tool3] = zod3;
    const [tool4] = zod4;
    // The raw bytes differ: key order, $ref to the first use of `status`, anyOf vs type arrays, 2^53 bounds.
    expect(JSON.stringify(tool3?.['outputSchema'])).not.toBe(JSON.stringify(tool4?.['outputSchema']));
    expect(JSON.stringify(tool3?.['outputSchema'])).toContain('"$ref"');
    expect(JSON.stringify(tool4?.['inputSchema'])).toContain('9007199254740991');

    const output3 = normaliseSchema(tool3?.['outputSchema'] as JsonValue);
    const output4 = normaliseSchema(tool4?.['outputSchema'] as JsonValue);
    expect(output3).toEqual(output4);
    expect(output4).toEqual({
      dialect: 'draft-07',
      schema: {
        type: 'object',
        additionalProperties: false,
        properties: {
          assignedAgentId: { type: ['integer', 'null'] },
          mode: { type: ['null', 'string'], enum: ['a', 'b', null] },
          previousStatus: { type: 'string', enum: ['active', 'closed', 'pending'] },
          status: { type: 'string', enum: ['active', 'closed', 'pending'] },
          tags: { type: 'array', items: { type: 'string' } },
          ticketId: { type: 'integer' },
        },
        required: ['assignedAgentId', 'mode', 'previousStatus', 'status', 'tags', 'ticketId'],
      },
    });

    expect(isNormalised(tool4?.['outputSchema'] as JsonValue)).toBe(false);
    expect(isNormalised(output4.schema)).toBe(true);

    const input3 = normaliseSchema(tool3?.['inputSchema'] as JsonValue);
    const input4 = normaliseSchema(tool4?.['inputSchema'] as JsonValue);
    expect(input3.schema).toEqual({ ...(input4.schema as JsonObject), additionalProperties: false });
    expect(input4.schema).toEqual({
      type: 'object',
      properties: {
        count: { type: 'integer', exclusiveMinimum: 0 },
        note: { type: ['null', 'string'], minLength: 1 },
        ticketId: { type: 'string', description: 'The ticket id', minLength: 1 },
      },
      required: ['count', 'note', 'ticketId'],
    });
  });

  it('is idempotent', async () => {
    const [tool] = await publishedWith((server) => {
      register(server, 't', {
        inputSchema: { id: z4.z.union([z4.z.string().min(1), z4.z.number().int()]), when: z4.z.string().optional() },
      });
    });
    const once = normaliseSchema(tool?.['inputSchema'] as JsonValue);
    expect(normaliseSchema(once.schema)).toEqual({ schema: once.schema });
    expect(once.schema).toEqual({
      type: 'object',
      properties: { id: { type: ['integer', 'string'], minLength: 1 }, when: { type: 'string' } },
      required: ['id'],
    });
  });
});

describe('normaliseSchema rewrites', () => {
  it('moves $schema out as the dialect and sorts keys with type first', () => {
    const result = normaliseSchema({
      properties: { b: { type: 'string' }, a: { minLength: 1, type: 'string' } },
      type: 'object',
      $schema: 'https://json-schema.org/draft/2020-12/schema',
    });
    expect(result.dialect).toBe('2020-12');
    expect(JSON.stringify(result.schema)).toBe(
      '{"type":"object","properties":{"a":{"type":"string","minLength":1},"b":{"type":"string"}}}',
    );
  });

  it('sorts and de-duplicates required, enum and type arrays, and drops meaning-free keywords', () => {
    const raw = {
      type: 'object',
      properties: {
        x: { type: ['string', 'null', 'string'], enum: ['b', 'a', 'b'] },
        n: { type: 'integer', minimum: -9007199254740991, maximum: 100 },
      },
      required: ['x', 'n', 'x'],
      additionalProperties: true,
      propertyNames: { type: 'string' },
    };
    expect(isNormalised(raw)).toBe(false);
    expect(isNormalised(normaliseSchema(raw).schema)).toBe(true);
    expect(
      normaliseSchema({
        type: 'object',
        properties: {
          x: { type: ['string', 'null', 'string'], enum: ['b', 'a', 'b'] },
          n: { type: 'integer', minimum: -9007199254740991, maximum: 100 },
        },
        required: ['x', 'n', 'x'],
        additionalProperties: true,
        propertyNames: { type: 'string' },
      }).schema,
    ).toEqual({
      type: 'object',
      properties: { n: { type: 'integer', maximum: 100 }, x: { type: ['null', 'string'], enum: ['a', 'b'] } },
      required: ['n', 'x'],
    });
  });

  it('keeps the 2^53 bounds on a number that is not an integer, and an empty required goes', () => {
    expect(normaliseSchema({ type: 'number', maximum: 9007199254740991, required: [] }).schema).toEqual({
      type: 'number',
      maximum: 9007199254740991,
    });
  });

  it('turns anyOf of bare types into a type array, and a single-type array into a string', () => {
    expect(normaliseSchema({ anyOf: [{ type: 'string' }, { type: 'number' }] }).schema).toEqual({
      type: ['number', 'string'],
    });
    expect(normaliseSchema({ type: ['string'] }).schema).toEqual({ type: 'string' });
  });

  it('leaves unions alone when branches overlap or carry the same keyword', () => {
    const overlapping = { anyOf: [{ type: 'integer' }, { type: 'number', minimum: 0 }] };
    expect(normaliseSchema(overlapping).schema).toEqual(overlapping);
    const described = {
      anyOf: [
        { type: 'string', description: 'a' },
        { type: 'number', description: 'b' },
      ],
    };
    expect(normaliseSchema(described).schema).toEqual(described);
    const objects = {
      anyOf: [
        { type: 'object', properties: { a: { type: 'string' } } },
        { type: 'object', properties: { b: { type: 'string' } } },
      ],
    };
    expect(normaliseSchema(objects).schema).toEqual(objects);
  });

  it('inlines local refs and keeps a recursive one with its definitions', () => {
    expect(
      normaliseSchema({
        type: 'object',
        properties: { a: { type: 'string', enum: ['x'] }, b: { $ref: '#/properties/a' } },
      }).schema,
    ).toEqual({
      type: 'object',
      properties: { a: { type: 'string', enum: ['x'] }, b: { type: 'string', enum: ['x'] } },
    });
    const recursive = {
      $ref: '#/$defs/node',
      $defs: { node: { type: 'object', properties: { children: { type: 'array', items: { $ref: '#/$defs/node' } } } } },
    };
    const result = normaliseSchema(recursive).schema as JsonObject;
    expect(result['$defs']).toBeDefined();
    expect(JSON.stringify(result)).toContain('"$ref":"#/$defs/node"');
    expect(result['type']).toBe('object');
  });

  it('names the dialects it knows and keeps an unknown URI', () => {
    expect(dialectName('http://json-schema.org/draft-07/schema#')).toBe('draft-07');
    expect(dialectName('https://json-schema.org/draft/2019-09/schema')).toBe('2019-09');
    expect(dialectName('https://example.com/my-dialect')).toBe('https://example.com/my-dialect');
  });
});
