import { Ajv, type ErrorObject } from 'ajv';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONTRACT_FILE_SCHEMA, CONTRACT_FORMAT } from '../../src/contract/contract-file-schema.ts';
import { firstContractProblem } from '../../src/contract/contract-file-validator.ts';

/**
 * CONTRACT_FILE_SCHEMA is the published description of the format; firstContractProblem is the check every load runs.
 * ajv, reading the schema, is the referee: on every file below both must say valid or both invalid, and the check
 * must name the place ajv's first error names.
 */
const validate = new Ajv({ strict: true, allowUnionTypes: true }).compile(CONTRACT_FILE_SCHEMA);

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every field of the format, optional ones included, and free-form content where the format leaves it open. */
const full: Json = {
  format: CONTRACT_FORMAT,
  formatVersion: 2,
  server: { name: 'helpdesk' },
  runtime: { sdk: ['@modelcontextprotocol/sdk@1.32.2'], zod: ['4.6.7'], sdkZod: [] },
  instructions: 'Look a ticket up before you change it.',
  tools: [
    {
      name: 'get_ticket',
      title: 'Get a ticket',
      description: 'One ticket by id.',
      dialect: { input: 'draft-07', output: '2020-12' },
      inputSchema: {
        type: 'object',
        properties: { ticketId: { type: 'string', minLength: 1 } },
        required: ['ticketId'],
      },
      outputSchema: { type: 'object', properties: { subject: { type: 'string' } } },
      annotations: { readOnlyHint: true, idempotentHint: true },
    },
    { name: 'ping', inputSchema: true, outputSchema: false },
  ],
  compatibility: [
    {
      rule: 'open-object',
      tool: 'get_ticket',
      paths: ['/inputSchema'],
      clients: ['openai-strict'],
      message: 'objects without "additionalProperties": false',
    },
  ],
  acceptance: [
    { tool: 'get_ticket', field: 'ticketId', number: true, string: true, missing: 'rejected' },
    { tool: 'get_ticket', field: 'tickets[].id' },
  ],
};

/** A format 1 file, as agent-contract wrote it before the acceptance section: still read. */
const minimal: Json = {
  format: CONTRACT_FORMAT,
  formatVersion: 1,
  server: { name: 'x' },
  tools: [],
  compatibility: [],
};

/** One value of each JSON kind, and the near misses of the format's constants and of a tool name. */
const SAMPLES: readonly Json[] = [
  null,
  true,
  false,
  0,
  1,
  2,
  -1,
  1.5,
  '',
  'x',
  '1',
  '\n',
  '\u2028',
  ' ',
  CONTRACT_FORMAT,
  [],
  ['x'],
  [1],
  [null],
  {},
  { x: 1 },
  { name: 'x' },
  'rejected',
  'undefined',
];

type Path = readonly (string | number)[];

function pointer(path: Path): string {
  return path.map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

function isRecord(value: Json): value is { [key: string]: Json } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Every path in `value`, the root first. */
function pathsIn(value: Json, path: Path = []): Path[] {
  const children = Array.isArray(value)
    ? value.flatMap((item, index) => pathsIn(item, [...path, index]))
    : isRecord(value)
      ? Object.entries(value).flatMap(([key, item]) => pathsIn(item, [...path, key]))
      : [];
  return [path, ...children];
}

function at(value: Json, path: Path): Json {
  return path.reduce<Json>((node, segment) => (node as Record<string | number, Json>)[segment] as Json, value);
}

/** A copy of `value` with `edit` applied to the node at `path` (the root when empty). */
function edited(value: Json, path: Path, edit: (node: Json) => Json): Json {
  const copy = structuredClone(value);
  if (path.length === 0) return edit(copy);
  const parent = at(copy, path.slice(0, -1)) as Record<string | number, Json>;
  const key = path[path.length - 1] as string | number;
  parent[key] = edit(parent[key] as Json);
  return copy;
}

function without(value: Json, path: Path): Json {
  const copy = structuredClone(value);
  const parent = at(copy, path.slice(0, -1));
  const key = path[path.length - 1] as string | number;
  if (Array.isArray(parent)) parent.splice(key as number, 1);
  else delete (parent as Record<string, Json>)[key];
  return copy;
}

/** The good files, then every one-step change of them: each node replaced by each sample, each key dropped, extra keys and items added. */
function corpus(): [string, Json][] {
  const cases: [string, Json][] = [
    ['the full contract', full],
    ['the minimal contract', minimal],
  ];
  for (const [label, base] of [
    ['full', full],
    ['minimal', minimal],
  ] as const) {
    for (const path of pathsIn(base)) {
      const where = `${label} ${pointer(path) || '(root)'}`;
      SAMPLES.forEach((sample) =>
        cases.push([`${where} = ${JSON.stringify(sample)}`, edited(base, path, () => sample)]),
      );
      if (path.length > 0) cases.push([`${where} removed`, without(base, path)]);
      const node = at(base, path);
      if (isRecord(node)) {
        cases.push([`${where} + extra key`, edited(base, path, (value) => ({ ...(value as object), extra: 'x' }))]);
        cases.push([`${where} + key "a/b~c"`, edited(base, path, (value) => ({ ...(value as object), 'a/b~c': 1 }))]);
      }
      if (Array.isArray(node)) {
        SAMPLES.forEach((sample) =>
          cases.push([
            `${where} + item ${JSON.stringify(sample)}`,
            edited(base, path, (value) => [...(value as Json[]), sample]),
          ]),
        );
      }
    }
  }
  return cases;
}

/** Where ajv's first error is: the value itself, or for a missing or extra key the place of that key. */
function ajvPlace(error: ErrorObject): string {
  const key =
    error.keyword === 'required'
      ? error.params['missingProperty']
      : error.keyword === 'additionalProperties'
        ? error.params['additionalProperty']
        : undefined;
  return typeof key === 'string'
    ? `${error.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`
    : error.instancePath;
}

function verdicts(value: Json): { ajv: string | undefined; check: string | undefined } {
  const ajvError = validate(value) ? undefined : validate.errors?.[0];
  return { ajv: ajvError === undefined ? undefined : ajvPlace(ajvError), check: firstContractProblem(value)?.path };
}

describe('firstContractProblem agrees with ajv on CONTRACT_FILE_SCHEMA', () => {
  const cases = corpus();

  it('builds a corpus with many good and many bad files', () => {
    const valid = cases.filter(([, value]) => validate(value)).length;
    expect(cases.length).toBeGreaterThan(1400);
    expect(valid).toBeGreaterThan(400);
    expect(cases.length - valid).toBeGreaterThan(900);
  });

  it('says valid or invalid as ajv does, naming the place ajv names, on every one-step change of a good file', () => {
    const disagreements = cases
      .map(([name, value]) => ({ name, ...verdicts(value) }))
      .filter(({ ajv, check }) => ajv !== check);
    expect(disagreements).toEqual([]);
  });

  it('covers what the format forbids: each required key missing, wrong types, extra keys, a bad formatVersion, an empty tool name', () => {
    const problem = (value: Json) => firstContractProblem(value)?.path;
    for (const key of ['format', 'formatVersion', 'server', 'tools', 'compatibility'])
      expect(problem(without(minimal, [key]))).toBe(`/${key}`);
    for (const key of ['name', 'inputSchema'])
      expect(problem(without(full, ['tools', 1, key]))).toBe(`/tools/1/${key}`);
    for (const key of ['sdk', 'zod', 'sdkZod'])
      expect(problem(without(full, ['runtime', key]))).toBe(`/runtime/${key}`);
    for (const key of ['rule', 'tool', 'paths', 'clients', 'message'])
      expect(problem(without(full, ['compatibility', 0, key]))).toBe(`/compatibility/0/${key}`);
    for (const key of ['tool', 'field'])
      expect(problem(without(full, ['acceptance', 0, key]))).toBe(`/acceptance/0/${key}`);
    expect(problem(edited(full, ['acceptance', 0, 'missing'], () => 'maybe'))).toBe('/acceptance/0/missing');
    expect(problem(edited(full, ['acceptance', 0, 'number'], () => 'yes'))).toBe('/acceptance/0/number');
    expect(problem(edited(minimal, ['formatVersion'], () => 2))).toBeUndefined();
    for (const version of [0, 1.5, '1', null, 3])
      expect(problem(edited(minimal, ['formatVersion'], () => version))).toBe('/formatVersion');
    expect(problem(edited(full, ['tools', 0, 'dialect'], (dialect) => ({ ...(dialect as object), schema: 'x' })))).toBe(
      '/tools/0/dialect/schema',
    );
    expect(problem(edited(full, ['runtime', 'zod'], () => [4]))).toBe('/runtime/zod/0');
    for (const name of ['', '\n', '\r\n', '\u2029'])
      expect(problem(edited(full, ['tools', 0, 'name'], () => name))).toBe('/tools/0/name');
    expect(firstContractProblem([])).toEqual({ path: '', reason: 'is an array, expected an object (the contract)' });
    // Open where the format is open: any annotations, any schema object.
    expect(
      problem(edited(full, ['tools', 0, 'annotations'], () => ({ anything: [1, { deep: null }] }))),
    ).toBeUndefined();
    expect(problem(edited(full, ['tools', 0, 'inputSchema'], () => ({ not: {}, 'x-vendor': 1 })))).toBeUndefined();
  });

  it('agrees with ajv when any JSON value lands anywhere in a good file', () => {
    const places = [...pathsIn(full), ...pathsIn(minimal).map((path) => ['minimal', ...path] as Path)];
    fc.assert(
      fc.property(fc.nat({ max: places.length - 1 }), fc.jsonValue(), (index, value) => {
        const place = places[index] as Path;
        const [base, path] = place[0] === 'minimal' ? [minimal, place.slice(1)] : [full, place];
        const { ajv, check } = verdicts(edited(base, path, () => value as Json));
        expect(check).toBe(ajv);
      }),
      { numRuns: 1000 },
    );
  });
});
