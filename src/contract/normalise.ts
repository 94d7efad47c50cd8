import type { JsonObject, JsonValue } from './contract-types.ts';
import { ownValue, setOwn } from './own-key.ts';

/**
 * Normalisation: rewrite a published JSON Schema so that differences without meaning do not show in a contract file
 * or its diff. Each rewrite keeps the set of valid values exactly as it was:
 * - `$schema` moves out (the caller records it as the tool's dialect);
 * - local `$ref`s are inlined (zod 3 refers to the first use of a reused schema, zod 4 repeats it);
 * - keys are sorted (`type` first), `required`, `enum` and type arrays sorted and de-duplicated;
 * - `anyOf` of branches with distinct types and only type-specific keywords becomes one schema with a type array
 *   (zod 3 and zod >= 4.5 publish `{"type": ["string", "null"]}`, zod 4.0-4.4 the `anyOf`);
 * - the +-(2^53 - 1) bounds zod 4 adds to `.int()`, `propertyNames: {type: string}`, `additionalProperties: true`
 *   and an empty `required` go.
 * Client compatibility depends on the published form, so it is judged on the raw schema (see compatibility.ts).
 */

export const MAX_SAFE = Number.MAX_SAFE_INTEGER;

const DIALECTS: Readonly<Record<string, string>> = {
  'json-schema.org/draft-04/schema': 'draft-04',
  'json-schema.org/draft-06/schema': 'draft-06',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft/2020-12/schema': '2020-12',
};

/** `http://json-schema.org/draft-07/schema#` -> `draft-07`; an unknown URI is returned as it is. */
export function dialectName(uri: string): string {
  const key = uri.replace(/^https?:\/\//, '').replace(/#$/, '');
  return DIALECTS[key] ?? uri;
}

export function isObject(value: JsonValue | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** JSON with sorted keys: equal values give equal strings. */
export function canonicalJson(value: JsonValue | undefined): string {
  if (value === undefined) return 'undefined';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (isObject(value)) {
    return `{${Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson(value[key])}`)
      .join(',')}}`;
  }
  return JSON.stringify(value);
}

/** Keywords whose value is one subschema (`items` may also be a list of them, in older drafts). */
export const SCHEMA_KEYWORDS: ReadonlySet<string> = new Set([
  'additionalProperties',
  'additionalItems',
  'items',
  'contains',
  'propertyNames',
  'not',
  'if',
  'then',
  'else',
  'unevaluatedProperties',
  'unevaluatedItems',
]);
/** Keywords whose value is a list of subschemas. */
export const SCHEMA_LIST_KEYWORDS: ReadonlySet<string> = new Set(['anyOf', 'oneOf', 'allOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas. */
export const SCHEMA_MAP_KEYWORDS: ReadonlySet<string> = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
]);

/** Keywords that only constrain values of one JSON type. */
export const TYPE_KEYWORDS: Readonly<Record<string, readonly string[]>> = {
  string: ['minLength', 'maxLength', 'pattern', 'format', 'contentEncoding', 'contentMediaType'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  integer: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
  array: [
    'items',
    'prefixItems',
    'additionalItems',
    'minItems',
    'maxItems',
    'uniqueItems',
    'contains',
    'minContains',
    'maxContains',
    'unevaluatedItems',
  ],
  object: [
    'properties',
    'required',
    'additionalProperties',
    'patternProperties',
    'propertyNames',
    'minProperties',
    'maxProperties',
    'dependentRequired',
    'dependentSchemas',
    'dependencies',
    'unevaluatedProperties',
  ],
};

/** Keywords that describe and never reject a value. */
export const ANNOTATION_KEYWORDS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
]);

function typesOf(schema: JsonObject): string[] | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type) && type.every((entry) => typeof entry === 'string')) return type as string[];
  return undefined;
}

function sortByCanonical(values: readonly JsonValue[]): JsonValue[] {
  const unique = new Map<string, JsonValue>();
  for (const value of values) unique.set(canonicalJson(value), value);
  return [...unique.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, value]) => value);
}

function sortedStrings(values: readonly string[]): string[] {
  return [...new Set(values)].sort();
}

/** Resolves a local JSON pointer (`#/properties/status`) against the root. */
function resolvePointer(root: JsonValue, ref: string): JsonValue | undefined {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) return undefined;
  let node: JsonValue | undefined = root;
  for (const raw of ref.slice(2).split('/')) {
    const segment = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(segment)];
    else if (isObject(node)) node = ownValue(node, segment);
    else return undefined;
  }
  return node;
}

/** Inlining stops growing a schema past this many nodes; what is left keeps its `$ref`. */
const INLINE_BUDGET = 50_000;

function hasRef(value: JsonValue): boolean {
  if (Array.isArray(value)) return value.some(hasRef);
  if (!isObject(value)) return false;
  for (const key in value) if (key === '$ref' || hasRef(value[key] as JsonValue)) return true;
  return false;
}

/** Inlines every local, non-recursive `$ref`; a recursive one stays a `$ref` (and its definitions stay). */
function inlineRefs(root: JsonObject): JsonObject {
  if (!hasRef(root)) return root;
  let budget = INLINE_BUDGET;
  let keptRef = false;
  const visit = (node: JsonValue, active: readonly string[]): JsonValue => {
    budget -= 1;
    if (Array.isArray(node)) return node.map((item) => visit(item, active));
    if (!isObject(node)) return node;
    const ref = node['$ref'];
    if (typeof ref === 'string' && ref.startsWith('#')) {
      const target = resolvePointer(root, ref);
      if (target === undefined || active.includes(ref) || budget <= 0 || !isObject(target)) {
        keptRef = true;
      } else {
        const { $ref: _ref, ...siblings } = node;
        const resolved = visit(target, [...active, ref]);
        const merged: JsonObject = isObject(resolved) ? { ...resolved } : {};
        for (const [key, value] of Object.entries(siblings)) setOwn(merged, key, visit(value, active));
        return merged;
      }
    }
    const copy: JsonObject = {};
    for (const [key, value] of Object.entries(node)) setOwn(copy, key, visit(value, active));
    return copy;
  };
  const result = visit(root, []) as JsonObject;
  if (!keptRef) {
    delete result['$defs'];
    delete result['definitions'];
  }
  return result;
}

function keysOtherThan(schema: JsonObject, ignored: ReadonlySet<string>): string[] {
  return Object.keys(schema).filter((key) => !ignored.has(key));
}

const TYPE_ONLY = new Set(['type']);

/**
 * `anyOf`/`oneOf` of branches with pairwise distinct types becomes one schema with a type array, when every other
 * keyword of a branch applies only to that branch's types (or is an annotation no other branch carries). A nullable
 * enum keeps its meaning by taking `null` into the enum.
 */
function mergeTypeBranches(node: JsonObject, keyword: 'anyOf' | 'oneOf'): JsonObject | undefined {
  const branches = node[keyword];
  if (!Array.isArray(branches) || branches.length < 2 || !branches.every(isObject)) return undefined;
  const branchObjects = branches as JsonObject[];
  const seenTypes = new Set<string>();
  for (const branch of branchObjects) {
    const types = typesOf(branch);
    if (types === undefined) return undefined;
    for (const type of types) {
      const overlaps =
        seenTypes.has(type) ||
        (type === 'integer' && seenTypes.has('number')) ||
        (type === 'number' && seenTypes.has('integer'));
      if (overlaps) return undefined;
      seenTypes.add(type);
    }
  }
  const merged: JsonObject = {};
  for (const [key, value] of Object.entries(node)) if (key !== keyword) setOwn(merged, key, value);
  if ('type' in merged || 'enum' in merged || 'const' in merged) return undefined;

  const enumBranches = branchObjects.filter((branch) => 'enum' in branch || 'const' in branch);
  if (enumBranches.length > 0) {
    // Only `X with an enum` + bare `{type: "null"}` branches: the enum takes null in.
    const others = branchObjects.filter((branch) => !enumBranches.includes(branch));
    if (
      enumBranches.length !== 1 ||
      !others.every((branch) => keysOtherThan(branch, TYPE_ONLY).length === 0 && branch['type'] === 'null')
    ) {
      return undefined;
    }
  }
  const allTypes: string[] = [];
  let enumValues: JsonValue[] | undefined;
  for (const branch of branchObjects) {
    const types = typesOf(branch) ?? [];
    allTypes.push(...types);
    for (const [key, value] of Object.entries(branch)) {
      if (key === 'type') continue;
      if (key === 'enum' || key === 'const') {
        enumValues = key === 'enum' && Array.isArray(value) ? [...value] : [value];
        continue;
      }
      const specific = types.some((type) => TYPE_KEYWORDS[type]?.includes(key));
      if ((!specific && !ANNOTATION_KEYWORDS.has(key)) || key in merged) return undefined;
      setOwn(merged, key, value);
    }
  }
  if (enumValues !== undefined) merged['enum'] = [...enumValues, null];
  merged['type'] = allTypes;
  return merged;
}

function normaliseNode(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(normaliseData);
  if (!isObject(value)) return value;
  let node: JsonObject = {};
  for (const [key, child] of Object.entries(value)) {
    if (SCHEMA_KEYWORDS.has(key))
      setOwn(node, key, Array.isArray(child) ? child.map(normaliseNode) : normaliseNode(child));
    else if (SCHEMA_LIST_KEYWORDS.has(key) && Array.isArray(child)) setOwn(node, key, child.map(normaliseNode));
    else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(child)) {
      const map: JsonObject = {};
      for (const name of Object.keys(child).sort()) setOwn(map, name, normaliseNode(child[name] as JsonValue));
      setOwn(node, key, map);
    } else setOwn(node, key, normaliseData(child));
  }

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = node[keyword];
    if (Array.isArray(branches) && branches.length === 1 && isObject(branches[0])) {
      // A one-branch union is its branch, when the two share no keyword.
      const branch = branches[0];
      if (Object.keys(branch).every((key) => !(key in node))) {
        const { [keyword]: _single, ...rest } = node;
        node = { ...rest, ...branch };
      }
    }
    const merged = mergeTypeBranches(node, keyword);
    if (merged !== undefined) node = merged;
  }

  const types = typesOf(node);
  if (types !== undefined) {
    const sorted = sortedStrings(types);
    node['type'] = sorted.length === 1 ? (sorted[0] as string) : sorted;
    if (sorted.includes('integer')) {
      if (node['minimum'] === -MAX_SAFE) delete node['minimum'];
      if (node['maximum'] === MAX_SAFE) delete node['maximum'];
    }
  }
  const required = node['required'];
  if (Array.isArray(required) && required.every((entry) => typeof entry === 'string')) {
    if (required.length === 0) delete node['required'];
    else node['required'] = sortedStrings(required as string[]);
  }
  const values = node['enum'];
  if (Array.isArray(values)) node['enum'] = sortByCanonical(values);
  if (node['additionalProperties'] === true) delete node['additionalProperties'];
  const names = node['propertyNames'];
  if (isObject(names) && Object.keys(names).length === 1 && names['type'] === 'string') delete node['propertyNames'];
  return sortKeys(node);
}

/** Data inside a schema (`default`, `examples`, `enum` members): only key order is normalised. */
function normaliseData(value: JsonValue): JsonValue {
  if (Array.isArray(value)) return value.map(normaliseData);
  if (!isObject(value)) return value;
  const sorted: JsonObject = {};
  for (const key of Object.keys(value).sort()) setOwn(sorted, key, normaliseData(value[key] as JsonValue));
  return sorted;
}

function sortKeys(node: JsonObject): JsonObject {
  const keys = Object.keys(node);
  const inOrder = keys.every(
    (key, index) =>
      index === 0 || (key !== 'type' && (keys[index - 1] === 'type' || (keys[index - 1] as string) < key)),
  );
  if (inOrder) return node;
  const sorted: JsonObject = {};
  if ('type' in node) sorted['type'] = node['type'] as JsonValue;
  for (const key of Object.keys(node).sort()) if (key !== 'type') setOwn(sorted, key, node[key] as JsonValue);
  return sorted;
}

function isSortedUnique(values: readonly JsonValue[], key: (value: JsonValue) => string): boolean {
  for (let index = 1; index < values.length; index += 1) {
    if (!(key(values[index - 1] as JsonValue) < key(values[index] as JsonValue))) return false;
  }
  return true;
}

/**
 * True when `normaliseSchema` would return the schema unchanged, decided without copying it: what a contract file
 * written by `snapshot` holds. Unions are not examined and count as not normalised.
 */
export function isNormalised(value: JsonValue, root = true): boolean {
  if (Array.isArray(value)) return value.every((item) => isNormalised(item, false));
  if (!isObject(value)) return true;
  const keys = Object.keys(value);
  for (let index = 0; index < keys.length; index += 1) {
    const key = keys[index] as string;
    if (index > 0 && (key === 'type' || (keys[index - 1] !== 'type' && (keys[index - 1] as string) >= key)))
      return false;
    if (key === '$ref' || key === 'anyOf' || key === 'oneOf' || (root && key === '$schema')) return false;
  }
  const type = value['type'];
  if (Array.isArray(type) && (type.length < 2 || !isSortedUnique(type, String))) return false;
  if (
    (type === 'integer' || (Array.isArray(type) && type.includes('integer'))) &&
    (value['minimum'] === -MAX_SAFE || value['maximum'] === MAX_SAFE)
  )
    return false;
  const required = value['required'];
  if (Array.isArray(required) && (required.length === 0 || !isSortedUnique(required, String))) return false;
  const values = value['enum'];
  if (Array.isArray(values) && !isSortedUnique(values, canonicalJson)) return false;
  if (value['additionalProperties'] === true) return false;
  const names = value['propertyNames'];
  if (isObject(names) && Object.keys(names).length === 1 && names['type'] === 'string') return false;
  for (const key of keys) {
    const child = value[key] as JsonValue;
    if (SCHEMA_KEYWORDS.has(key) || SCHEMA_LIST_KEYWORDS.has(key)) {
      if (!isNormalised(child, false)) return false;
    } else if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(child)) {
      const names = Object.keys(child);
      if (!isSortedUnique(names, String)) return false;
      for (const name of names) if (!isNormalised(child[name] as JsonValue, false)) return false;
    }
  }
  return true;
}

export interface NormalisedSchema {
  readonly schema: JsonValue;
  /** The declared `$schema`, as `dialectName` gives it. */
  readonly dialect?: string;
}

/** Normalises one published schema (an `inputSchema` or `outputSchema`). */
export function normaliseSchema(raw: JsonValue): NormalisedSchema {
  if (!isObject(raw)) return { schema: raw };
  const { $schema: declared, ...rest } = raw;
  const schema = normaliseNode(inlineRefs(rest));
  return typeof declared === 'string' ? { schema, dialect: dialectName(declared) } : { schema };
}
