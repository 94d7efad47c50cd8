/**
 * The check every contract-file load runs: the first place a parsed file departs from CONTRACT_FILE_SCHEMA
 * (contract-file-schema.ts, the published description of the format). It checks the keys in the order ajv does, so
 * test/contract/contract-file-validator.test.ts can hold the two to the same answer, and the same place, on each file.
 */
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSIONS } from './contract-file-schema.ts';
import { jsonPointer } from './json-pointer.ts';

export interface ContractProblem {
  /** JSON Pointer to the value at fault, or to where a missing field belongs; '' is the whole file. */
  readonly path: string;
  /** What is there and what the format expects, e.g. `is the number 3, expected a string`. */
  readonly reason: string;
}

/** A problem found below the value checked: the keys down to it, innermost first (the path is built only for a problem). */
interface Fault {
  readonly keys: (string | number)[];
  readonly reason: string;
}

interface Shape {
  /** What the format expects, as a message says it: `an array of strings`. */
  readonly expected: string;
  readonly optional?: true;
  check(value: unknown): Fault | undefined;
}

function shown(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 37)}...` : value)}`;
  if (typeof value === 'number') return `the number ${value}`;
  return String(value);
}

function wrong(value: unknown, expected: string): Fault {
  return { keys: [], reason: `is ${shown(value)}, expected ${expected}` };
}

function below(key: string | number, fault: Fault): Fault {
  fault.keys.push(key);
  return fault;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function leaf(expected: string, accepts: (value: unknown) => boolean): Shape {
  return { expected, check: (value) => (accepts(value) ? undefined : wrong(value, expected)) };
}

function optional(shape: Shape): Shape {
  return { ...shape, optional: true };
}

function constant(expected: string | number): Shape {
  return leaf(JSON.stringify(expected), (value) => value === expected);
}

function oneOf(values: readonly (string | number)[]): Shape {
  const expected = values.map((value) => JSON.stringify(value)).join(' or ');
  return leaf(expected, (value) => values.includes(value as string | number));
}

function listOf(item: Shape, expected: string): Shape {
  return {
    expected,
    check(value) {
      if (!Array.isArray(value)) return wrong(value, expected);
      for (let index = 0; index < value.length; index += 1) {
        const fault = item.check(value[index]);
        if (fault !== undefined) return below(index, fault);
      }
      return undefined;
    },
  };
}

/** An object with exactly these fields, required unless `optional`; `name` says what it is (`a tool`). */
function record(name: string, fields: Readonly<Record<string, Shape>>): Shape {
  const expected = `an object (${name})`;
  const keys = Object.keys(fields);
  return {
    expected,
    check(value) {
      if (!isRecord(value)) return wrong(value, expected);
      for (const key of keys) {
        const field = fields[key] as Shape;
        if (field.optional !== true && value[key] === undefined)
          return { keys: [key], reason: `is missing, expected ${field.expected}` };
      }
      for (const key in value) {
        if (!Object.hasOwn(fields, key))
          return { keys: [key], reason: `is not a field of ${name} (its fields are ${keys.join(', ')})` };
      }
      for (const key of keys) {
        const field = value[key];
        const fault = field === undefined ? undefined : (fields[key] as Shape).check(field);
        if (fault !== undefined) return below(key, fault);
      }
      return undefined;
    },
  };
}

const string = leaf('a string', (value) => typeof value === 'string');
const boolean = leaf('true or false', (value) => typeof value === 'boolean');
const strings = listOf(string, 'an array of strings');
// The schema's `pattern: "."`: a name with a character other than a line break.
const NAME_CHARACTER = /./u;
const toolName: Shape = {
  expected: 'a string (the tool name)',
  check(value) {
    if (typeof value !== 'string') return wrong(value, toolName.expected);
    return NAME_CHARACTER.test(value)
      ? undefined
      : wrong(value, 'a tool name with a character other than a line break');
  },
};
const jsonSchema = leaf(
  'a JSON Schema (an object, true or false)',
  (value) => isRecord(value) || typeof value === 'boolean',
);

const contractFile = record('the contract', {
  format: constant(CONTRACT_FORMAT),
  formatVersion: oneOf(CONTRACT_FORMAT_VERSIONS),
  server: record('the server', { name: string }),
  runtime: optional(record('the runtime', { sdk: strings, zod: strings, sdkZod: strings })),
  instructions: optional(string),
  tools: listOf(
    record('a tool', {
      name: toolName,
      title: optional(string),
      description: optional(string),
      dialect: optional(record("a tool's dialect", { input: optional(string), output: optional(string) })),
      inputSchema: jsonSchema,
      outputSchema: optional(jsonSchema),
      annotations: optional(leaf('an object', isRecord)),
    }),
    'an array of tools',
  ),
  compatibility: listOf(
    record('a compatibility finding', {
      rule: string,
      tool: string,
      paths: strings,
      clients: strings,
      message: string,
    }),
    'an array of compatibility findings',
  ),
  acceptance: optional(
    listOf(
      record("a field's acceptance", {
        tool: string,
        field: string,
        number: optional(boolean),
        string: optional(boolean),
        missing: optional(oneOf(['accepted', 'rejected', 'coerced'])),
      }),
      'an array of field acceptances',
    ),
  ),
});

/** The first place `value` (a parsed contract file) departs from the format, or undefined when it has none. */
export function firstContractProblem(value: unknown): ContractProblem | undefined {
  const fault = contractFile.check(value);
  if (fault === undefined) return undefined;
  return { path: jsonPointer(fault.keys.reverse()), reason: fault.reason };
}
