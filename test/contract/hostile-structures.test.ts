import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { contractChainMatrix } from '../../src/contract/chains.ts';
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION } from '../../src/contract/contract-file-schema.ts';
import { parseContract, readContractFile } from '../../src/contract/contract-file.ts';
import { serializeContract } from '../../src/contract/contract-file-writer.ts';
import type { JsonValue, McpContract } from '../../src/contract/contract-types.ts';
import { diffContracts } from '../../src/contract/diff.ts';
import { formatChainMatrix, formatDiff, formatFindings } from '../../src/contract/format.ts';
import { MAX_JSON_DEPTH } from '../../src/contract/json-depth.ts';
import { contractFromToolsList } from '../../src/contract/snapshot.ts';
import { runCli } from '../support/run-cli.ts';

/** A schema whose field `a` holds a field `a`, `levels` times: two JSON levels each. */
function nestedText(levels: number): string {
  return `${'{"type":"object","properties":{"a":'.repeat(levels)}{"type":"string"}${'}}'.repeat(levels)}`;
}

function contractOf(tools: readonly JsonValue[]): McpContract {
  return contractFromToolsList(tools, { serverName: 'hostile' });
}

/** Everything a command does with a contract, from the server's answer to the text reports. */
function throughEveryStep(tools: readonly JsonValue[]): McpContract {
  const contract = parseContract(serializeContract(contractOf(tools)), 'head.json');
  const base = contractOf([{ name: 'get_ticket', inputSchema: { type: 'object' } }]);
  formatDiff(diffContracts(base, contract), { base: 'base.json', head: 'head.json' });
  formatDiff(diffContracts(contract, base), { base: 'head.json', head: 'base.json' });
  expect(diffContracts(contract, contract).changes).toEqual([]);
  formatFindings(contract.compatibility);
  formatChainMatrix(contractChainMatrix(contract));
  return contract;
}

describe('prototype keys are names like any other', () => {
  const schema = JSON.parse(
    '{"type":"object","properties":{"__proto__":{"type":"string"},"constructor":{"type":"number"}},"required":["__proto__"],"default":{"__proto__":{"polluted":true}}}',
  ) as JsonValue;

  it('keeps a __proto__ and a constructor property through normalisation, the file and the diff, polluting nothing', () => {
    const contract = throughEveryStep([
      { name: 'get_ticket', inputSchema: schema, annotations: JSON.parse('{"__proto__":{"polluted":true}}') },
    ]);
    const input = contract.tools[0]?.inputSchema as Record<string, Record<string, unknown>>;
    expect(Object.keys(input['properties'] ?? {})).toEqual(['__proto__', 'constructor']);
    expect(Object.getPrototypeOf(input['properties'])).toBe(Object.prototype);
    expect(Object.keys(input['default'] ?? {})).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('sees a constructor or toString property come and go', () => {
    const without = contractOf([{ name: 'get_ticket', inputSchema: { type: 'object', properties: {} } }]);
    const withThem = contractOf([
      {
        name: 'get_ticket',
        inputSchema: {
          type: 'object',
          properties: { constructor: { type: 'string' }, toString: { type: 'string' } },
          required: ['constructor'],
        },
      },
    ]);
    expect(diffContracts(without, withThem).changes.map((change) => [change.rule, change.path])).toEqual([
      ['input-required-field-added', '/inputSchema/properties/constructor'],
      ['input-optional-field-added', '/inputSchema/properties/toString'],
    ]);
    expect(diffContracts(withThem, without).changes.map((change) => [change.rule, change.path])).toEqual([
      ['input-field-removed', '/inputSchema/properties/constructor'],
      ['input-field-removed', '/inputSchema/properties/toString'],
    ]);
  });

  it('refuses a contract file with a __proto__ key where the format has none, in one line', () => {
    const text = `{"format":"${CONTRACT_FORMAT}","formatVersion":${CONTRACT_FORMAT_VERSION},"server":{"name":"x"},"tools":[],"compatibility":[],"__proto__":{"polluted":true}}`;
    expect(() => parseContract(text, 'c.json')).toThrow(
      'c.json is not a valid contract: /__proto__ is not a field of the contract',
    );
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });
});

describe('$ref cycles and reference bombs', () => {
  it('keeps a recursive $ref as it is', () => {
    const contract = throughEveryStep([
      {
        name: 'tree',
        inputSchema: { type: 'object', properties: { self: { $ref: '#' }, loop: { $ref: '#/properties/loop' } } },
      },
    ]);
    // Inlined once, the cycle itself stays a $ref.
    expect(contract.tools[0]?.inputSchema).toEqual({
      type: 'object',
      properties: {
        loop: { $ref: '#/properties/loop' },
        self: { type: 'object', properties: { loop: { $ref: '#/properties/loop' }, self: { $ref: '#' } } },
      },
    });
  });

  it('stops inlining a reference bomb (each definition twice the one before, 2^40 nodes) at a bounded size', () => {
    const definitions: Record<string, JsonValue> = { d0: { type: 'string' } };
    for (let level = 1; level <= 40; level += 1)
      definitions[`d${level}`] = {
        type: 'object',
        properties: { x: { $ref: `#/$defs/d${level - 1}` }, y: { $ref: `#/$defs/d${level - 1}` } },
      };
    const bomb = { type: 'object', $defs: definitions, properties: { top: { $ref: '#/$defs/d40' } } };
    const text = serializeContract(contractOf([{ name: 'bomb', inputSchema: bomb }]));
    expect(text.length).toBeLessThan(16 * 1024 * 1024);
    expect(text).toContain('"$ref": "#/$defs/d');
  });
});

describe('deep nesting', () => {
  const deepest = (MAX_JSON_DEPTH - 2) / 2;

  it(`reads a schema nested up to ${MAX_JSON_DEPTH} JSON levels through every step`, () => {
    const contract = throughEveryStep([{ name: 'deep', inputSchema: JSON.parse(nestedText(deepest)) as JsonValue }]);
    expect(contract.tools[0]?.name).toBe('deep');
  });

  it('refuses a server answer nested 10,000 levels deep in one line, without a stack overflow', () => {
    expect(() => contractOf([{ name: 'deep', inputSchema: JSON.parse(nestedText(5_000)) as JsonValue }])).toThrow(
      `tool \`deep\` publishes schemas nested more than ${MAX_JSON_DEPTH} levels deep, more than agent-contract reads; flatten its schema`,
    );
  });

  it('refuses a contract file nested 10,000 levels deep in one line', () => {
    const text = `{"format":"${CONTRACT_FORMAT}","formatVersion":${CONTRACT_FORMAT_VERSION},"server":{"name":"x"},"tools":[{"name":"deep","inputSchema":${nestedText(5_000)}}],"compatibility":[]}`;
    expect(() => parseContract(text, 'c.json')).toThrow(
      `c.json is not a valid contract: /tools/0 is nested more than ${MAX_JSON_DEPTH} levels deep`,
    );
  });
});

describe('huge numbers and wrong types', () => {
  it('reads numbers past the double range and 2^53 without a crash', () => {
    const schema = JSON.parse(
      '{"type":"object","properties":{"n":{"type":"integer","maximum":1e400,"minimum":-1e400,"enum":[123456789012345678901234567890,1e308]}}}',
    ) as JsonValue;
    expect(throughEveryStep([{ name: 'numbers', inputSchema: schema }]).tools).toHaveLength(1);
  });

  const wrong: JsonValue[] = [
    { type: 7, properties: 5, required: 'x', enum: {}, items: 'str', anyOf: 'x', oneOf: [1, null, 'a'], allOf: {} },
    { additionalProperties: [], $ref: 5, $defs: 3, $schema: 9, propertyNames: 'x', not: [] },
    { type: ['object', 5, null], properties: { id: { type: ['string', {}], enum: [{}, [], null] }, x: null, y: 5 } },
    { type: 'object', required: [1, null, {}], properties: { ticketId: true, userId: false }, items: [1, 'a'] },
    { type: 'object', properties: { ticketId: { anyOf: [{ type: 'string' }, 5, { anyOf: 'x' }] } } },
  ];
  it.each(wrong.map((schema, index) => [index, schema] as const))(
    'reads wrongly typed schema %i through every step without a crash',
    (_index, schema) => {
      expect(
        throughEveryStep([
          { name: 'get_ticket', inputSchema: schema, outputSchema: schema, annotations: 5, title: 7 },
          { name: 'list_tickets', inputSchema: { type: 'object' }, outputSchema: schema },
        ]).tools,
      ).toHaveLength(2);
    },
  );

  it('refuses a tools/list answer whose tools are not tools, in one line', () => {
    expect(() => contractOf([5])).toThrow("tools/list entry 0 has no name; the server's tool list is malformed");
    expect(() => contractOf([{ name: 'a', inputSchema: [] }])).toThrow(
      'tool `a` publishes an inputSchema that is not a JSON Schema object; fix its registration',
    );
  });
});

describe('the CLI refuses a hostile contract file with one line and exit 2', () => {
  it('a file nested 10,000 levels deep, and a device that never ends', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hostile-structures-'));
    try {
      const deep = join(folder, 'deep.json');
      await writeFile(
        deep,
        `{"format":"${CONTRACT_FORMAT}","formatVersion":${CONTRACT_FORMAT_VERSION},"server":{"name":"x"},"tools":[{"name":"deep","inputSchema":${nestedText(5_000)}}],"compatibility":[]}`,
      );
      const run = await runCli(['contract', 'compat', deep]);
      expect(run.code).toBe(2);
      expect(run.stdout).toBe('');
      expect(run.stderr.trimEnd().split('\n')).toEqual([
        `agent-contract: ${deep} is not a valid contract: /tools/0 is nested more than ${MAX_JSON_DEPTH} levels deep, more than agent-contract reads; regenerate it with agent-contract contract snapshot --out <file> -- <server command>`,
      ]);
      await expect(readContractFile('/dev/zero')).rejects.toThrow(
        '/dev/zero is larger than 64 MB, more than a contract file holds',
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
