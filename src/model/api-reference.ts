import { ARRAY_ITEM, type PathSegment } from './ids.ts';
import type { JsonType } from './id-fields.ts';
import { isRecord } from './json-value.ts';

/**
 * An API's OpenAPI document (3.x, or Swagger 2.0) as the audit reads it: the operations a server's code calls, and the
 * JSON types of what each one answers. Where the code leaves an API call's answer untyped (`any`, `unknown`,
 * `Record<string, unknown>`), the document is the evidence of what the ids in it are. Pure: the document is parsed
 * elsewhere and handed over as a value.
 */
export interface ApiReference {
  /** Where the document is, as the report prints it. */
  readonly file: string;
  readonly operations: readonly ApiOperation[];
  /** The document itself, for its `$ref`s. */
  readonly document: Readonly<Record<string, unknown>>;
}

/** The documents to read, or a function that reads them when first needed. */
export type ApiReferences = readonly ApiReference[] | (() => readonly ApiReference[]);

export interface ApiOperation {
  /** Upper case: `GET`. */
  readonly method: string;
  /** As the document writes it: `/api/v1/employees/{id}/goals`. */
  readonly path: string;
  /** Its segments, a parameter as undefined: `['api', 'v1', 'employees', undefined, 'goals']`. */
  readonly segments: readonly (string | undefined)[];
  /** The JSON Schema of its successful JSON answer, when it gives one. */
  readonly response: unknown;
}

/** A value in a successful answer and the JSON types the document gives it. */
export interface ApiLeaf {
  readonly path: readonly PathSegment[];
  readonly types: readonly JsonType[];
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
/** How deep an answer's schema is walked, and how many leaves one answer may give. */
const MAX_DEPTH = 10;
const MAX_LEAVES = 2000;

/** True when a parsed document is an OpenAPI 3 or Swagger 2 document (a top-level `openapi`/`swagger` and `paths`). */
export function isApiDocument(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && (typeof value.openapi === 'string' || value.swagger !== undefined) && isRecord(value.paths);
}

/** The segments of a path: `/employees/{id}/goals` -> `['employees', undefined, 'goals']` (a parameter is undefined). */
export function pathSegments(path: string): (string | undefined)[] {
  return path
    .split('?', 1)[0]!
    .split('/')
    .filter((segment) => segment.length > 0)
    .map((segment) => (/[{}]/.test(segment) ? undefined : segment));
}

/** The schema of an operation's successful JSON answer: 200, 201, another 2xx, then `default`. */
function responseSchemaOf(operation: Record<string, unknown>): unknown {
  const responses = operation.responses;
  if (!isRecord(responses)) return undefined;
  const codes = Object.keys(responses).sort();
  const order = [...codes.filter((code) => /^2\d\d$|^2XX$/i.test(code)), ...codes.filter((code) => code === 'default')];
  for (const code of order) {
    const response = responses[code];
    if (!isRecord(response)) continue;
    // Swagger 2.0 puts the schema on the response.
    if (response.schema !== undefined) return response.schema;
    const content = response.content;
    if (!isRecord(content)) continue;
    const json = Object.keys(content).find((type) => /json/i.test(type)) ?? Object.keys(content)[0];
    const media = json === undefined ? undefined : content[json];
    if (isRecord(media) && media.schema !== undefined) return media.schema;
  }
  return undefined;
}

/** The operations of a parsed OpenAPI 3 or Swagger 2 document. */
export function apiReferenceOf(document: Record<string, unknown>, file: string): ApiReference {
  const operations: ApiOperation[] = [];
  const paths = isRecord(document.paths) ? document.paths : {};
  for (const [path, item] of Object.entries(paths)) {
    if (!isRecord(item)) continue;
    for (const method of METHODS) {
      const operation = item[method];
      if (!isRecord(operation)) continue;
      operations.push({
        method: method.toUpperCase(),
        path,
        segments: pathSegments(path),
        response: responseSchemaOf(operation),
      });
    }
  }
  return { file, operations, document };
}

/**
 * How many segments of a call's path and an operation's path agree, read from their ends (a base path such as
 * `/api/v1` may be on either side); 0 when they disagree. A parameter matches any segment; only literal segments that
 * agree count.
 */
function agreement(call: readonly (string | undefined)[], operation: readonly (string | undefined)[]): number {
  const length = Math.min(call.length, operation.length);
  let literal = 0;
  for (let index = 1; index <= length; index += 1) {
    const a = call[call.length - index];
    const b = operation[operation.length - index];
    if (a === undefined || b === undefined) continue;
    if (a.toLowerCase() !== b.toLowerCase()) return 0;
    literal += 1;
  }
  // What the operation's path has in front of the call's is a base path the code keeps elsewhere (`/api/v1`): it names
  // no record, so it holds no parameter.
  if (operation.slice(0, operation.length - length).some((segment) => segment === undefined)) return 0;
  return literal;
}

/**
 * The operation a call reaches: `method` (undefined when the code does not say; then GET, or the one operation of the
 * path) on `segments` (the call's path, a value the code fills in as undefined). The best agreement wins; a tie between
 * different paths is no match.
 */
export function matchOperation(
  reference: ApiReference,
  method: string | undefined,
  segments: readonly (string | undefined)[],
): ApiOperation | undefined {
  if (!segments.some((segment) => segment !== undefined)) return undefined;
  let best = 0;
  let found: ApiOperation[] = [];
  for (const operation of reference.operations) {
    const score = agreement(segments, operation.segments);
    if (score === 0 || score < best) continue;
    if (score > best) {
      best = score;
      found = [];
    }
    found.push(operation);
  }
  const paths = new Set(found.map((operation) => operation.path));
  if (paths.size !== 1) return undefined;
  const wanted = method?.toUpperCase();
  if (wanted !== undefined) return found.find((operation) => operation.method === wanted);
  return found.find((operation) => operation.method === 'GET') ?? (found.length === 1 ? found[0] : undefined);
}

/** `#/components/schemas/Goal` -> that schema of the document. */
function resolveRef(document: Record<string, unknown>, ref: string): unknown {
  if (!ref.startsWith('#/')) return undefined;
  let at: unknown = document;
  for (const raw of ref.slice(2).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (!isRecord(at)) return undefined;
    at = at[key];
  }
  return at;
}

function jsonTypesOf(schema: Record<string, unknown>): JsonType[] {
  const declared = Array.isArray(schema.type) ? schema.type : schema.type === undefined ? [] : [schema.type];
  const types: JsonType[] = [];
  for (const type of declared)
    if (type === 'integer' || type === 'number') types.push('number');
    else if (type === 'string' || type === 'boolean' || type === 'null') types.push(type);
  if (schema.nullable === true && types.length > 0) types.push('null');
  return types;
}

/**
 * Every value of an answer the schema types with scalars, with its path (`goals[].goal.sharedWithEmployeeIds[]`) and
 * JSON types (an integer is a number). `allOf` parts are read together, `oneOf`/`anyOf` branches each; `$ref`s are
 * followed, a schema inside itself once.
 */
export function responseLeaves(reference: ApiReference, schema: unknown): ApiLeaf[] {
  const leaves = new Map<string, { path: PathSegment[]; types: Set<JsonType> }>();
  const walk = (node: unknown, path: PathSegment[], refs: readonly string[], depth: number): void => {
    if (!isRecord(node) || depth > MAX_DEPTH || leaves.size >= MAX_LEAVES) return;
    if (typeof node.$ref === 'string') {
      if (refs.includes(node.$ref)) return;
      walk(resolveRef(reference.document, node.$ref), path, [...refs, node.$ref], depth + 1);
      return;
    }
    for (const key of ['allOf', 'oneOf', 'anyOf'] as const) {
      const parts = node[key];
      if (Array.isArray(parts)) for (const part of parts) walk(part, path, refs, depth + 1);
    }
    if (isRecord(node.properties))
      for (const [key, value] of Object.entries(node.properties)) walk(value, [...path, key], refs, depth + 1);
    if (node.items !== undefined) walk(node.items, [...path, ARRAY_ITEM], refs, depth + 1);
    const types = jsonTypesOf(node);
    if (path.length === 0 || !types.some((type) => type === 'number' || type === 'string')) return;
    const key = path.join('\u0000');
    const leaf = leaves.get(key) ?? { path, types: new Set<JsonType>() };
    for (const type of types) leaf.types.add(type);
    leaves.set(key, leaf);
  };
  walk(schema, [], [], 0);
  return [...leaves.values()].map((leaf) => ({ path: leaf.path, types: [...leaf.types].sort() }));
}
