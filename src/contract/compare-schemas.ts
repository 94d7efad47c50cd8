import { formatPath, type PathSegment } from '../model/ids.ts';
import { change, show, type ContractChange } from './contract-change.ts';
import type { JsonObject, JsonValue } from './contract-types.ts';
import type { DiffRuleId } from './diff-rules.ts';
import { jsonPointer } from './json-pointer.ts';
import { canonicalJson, isObject } from './normalise.ts';
import { ownValue } from './own-key.ts';
import { sameJson } from './same-json.ts';

/**
 * The direction-aware comparison of one tool's schemas. An input schema describes requests: widening it is safe,
 * narrowing it (or a new required field) breaks callers. An output schema describes responses: widening it (a new
 * type, a new enum value, a field turning nullable) breaks consumers, and so does removing a field. Each change names
 * its rule, a JSON Pointer into the tool, the field as reports print it, and the values before and after.
 */

export type Direction = 'input' | 'output';
type SchemaPath = readonly (string | number)[];
type TypeSet = ReadonlySet<string> | 'any';

function fieldText(field: readonly PathSegment[]): string {
  return field.length === 0 ? 'the top level' : `\`${formatPath(field)}\``;
}

function jsonTypeOf(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

function covered(type: string, types: TypeSet): boolean {
  return types === 'any' || types.has(type) || (type === 'integer' && types.has('number'));
}

function typeValue(types: TypeSet): JsonValue {
  if (types === 'any') return 'any';
  const list = [...types].sort();
  return list.length === 1 ? (list[0] as string) : list;
}

function typeText(types: readonly string[] | TypeSet): string {
  if (types === 'any') return 'any type';
  return [...types].sort().join('|');
}

function declaredTypes(schema: JsonObject): string[] | undefined {
  const type = schema['type'];
  if (typeof type === 'string') return [type];
  if (Array.isArray(type)) return type.filter((entry): entry is string => typeof entry === 'string');
  return undefined;
}

function enumOf(schema: JsonObject): JsonValue[] | undefined {
  if (Array.isArray(schema['enum'])) return schema['enum'];
  if ('const' in schema) return [schema['const'] as JsonValue];
  return undefined;
}

/** The JSON types a schema admits, from `type` and from its enum values; `any` when it says nothing. */
function effectiveTypes(schema: JsonObject): TypeSet {
  const declared = declaredTypes(schema);
  const values = enumOf(schema);
  if (values !== undefined) {
    const fromValues = new Set(values.map(jsonTypeOf));
    if (declared === undefined) return fromValues;
    const allowed = new Set(declared);
    return new Set([...fromValues].filter((type) => covered(type, allowed)));
  }
  return declared === undefined ? 'any' : new Set(declared);
}

interface Alternative {
  readonly schema: JsonObject;
  readonly path: SchemaPath;
}

interface Alternatives {
  readonly byType: ReadonlyMap<string, Alternative>;
  readonly any: boolean;
  /** Two alternatives share a type (a union of objects, say): compared branch by branch instead. */
  readonly overlapping: boolean;
  readonly branches: readonly Alternative[];
}

function unionKeyword(schema: JsonObject): 'anyOf' | 'oneOf' | undefined {
  if (Array.isArray(schema['anyOf'])) return 'anyOf';
  if (Array.isArray(schema['oneOf'])) return 'oneOf';
  return undefined;
}

function asSchema(value: JsonValue | undefined): JsonObject {
  if (value === false) return { not: {} };
  return isObject(value) ? value : {};
}

function alternativesOf(schema: JsonObject, path: SchemaPath): Alternatives {
  const keyword = unionKeyword(schema);
  if (keyword === undefined) {
    const types = effectiveTypes(schema);
    const self = { schema, path };
    if (types === 'any') return { byType: new Map(), any: true, overlapping: false, branches: [self] };
    return {
      byType: new Map([...types].map((type) => [type, self])),
      any: false,
      overlapping: false,
      branches: [self],
    };
  }
  const byType = new Map<string, Alternative>();
  const branches: Alternative[] = [];
  let overlapping = false;
  (schema[keyword] as JsonValue[]).forEach((branch, index) => {
    const alternative = { schema: asSchema(branch), path: [...path, keyword, index] };
    branches.push(alternative);
    const types = effectiveTypes(alternative.schema);
    if (types === 'any') {
      overlapping = true;
      return;
    }
    for (const type of types) {
      const clash =
        byType.has(type) ||
        (type === 'integer' && byType.has('number')) ||
        (type === 'number' && byType.has('integer'));
      if (clash) overlapping = true;
      byType.set(type, alternative);
    }
  });
  return { byType, any: false, overlapping, branches };
}

const LOWER_BOUNDS = new Set(['minLength', 'minItems', 'minProperties', 'minimum', 'exclusiveMinimum', 'minContains']);
const UPPER_BOUNDS = new Set(['maxLength', 'maxItems', 'maxProperties', 'maximum', 'exclusiveMaximum', 'maxContains']);
const MATCHERS = new Set(['pattern', 'format', 'contentEncoding', 'contentMediaType']);
const DESCRIPTIONS = new Set(['description', 'title']);
const OTHER_METADATA = new Set(['examples', 'deprecated', 'readOnly', 'writeOnly', '$comment']);
/** What `compareNode` and `compareAlternative` classify; anything else falls back to `*-schema-changed`. */
const HANDLED = new Set([
  'type',
  'enum',
  'const',
  'anyOf',
  'oneOf',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'uniqueItems',
  'multipleOf',
  'default',
  ...LOWER_BOUNDS,
  ...UPPER_BOUNDS,
  ...MATCHERS,
  ...DESCRIPTIONS,
  ...OTHER_METADATA,
]);

/** Compares the input or the output schema of one tool, appending its changes. */
class SchemaComparison {
  constructor(
    private readonly tool: string,
    private readonly direction: Direction,
    private readonly changes: ContractChange[],
  ) {}

  private add(
    rule: DiffRuleId,
    path: SchemaPath,
    field: readonly PathSegment[],
    message: string,
    before?: JsonValue,
    after?: JsonValue,
  ): void {
    this.changes.push(change(rule, this.tool, jsonPointer(path), message, before, after, formatPath(field)));
  }

  private pick(input: DiffRuleId, output: DiffRuleId): DiffRuleId {
    return this.direction === 'input' ? input : output;
  }

  compare(
    before: JsonValue | undefined,
    after: JsonValue | undefined,
    path: SchemaPath,
    field: readonly PathSegment[],
  ): void {
    if (sameJson(before, after)) return;
    const b = asSchema(before);
    const a = asSchema(after);
    this.compareMetadata(b, a, path, field);
    const bAlternatives = alternativesOf(b, path);
    const aAlternatives = alternativesOf(a, path);
    if (bAlternatives.overlapping || aAlternatives.overlapping) {
      this.compareBranches(bAlternatives.branches, aAlternatives.branches, path, field);
      this.compareUnclassified(b, a, path, field, HANDLED);
      return;
    }
    this.compareTypes(bAlternatives, aAlternatives, path, field);
    const pairs: [Alternative, Alternative][] = [];
    const seen = new Set<string>();
    const addPair = (left: Alternative, right: Alternative) => {
      const key = `${jsonPointer(left.path)} ${jsonPointer(right.path)}`;
      if (seen.has(key)) return;
      seen.add(key);
      pairs.push([left, right]);
    };
    const counterpart = (alternatives: Alternatives, type: string): Alternative | undefined =>
      alternatives.byType.get(type) ??
      (type === 'integer'
        ? alternatives.byType.get('number')
        : type === 'number'
          ? alternatives.byType.get('integer')
          : undefined);
    if (bAlternatives.any || aAlternatives.any) {
      const bList = bAlternatives.any ? [{ schema: b, path }] : [...bAlternatives.byType.values()];
      const aList = aAlternatives.any ? [{ schema: a, path }] : [...aAlternatives.byType.values()];
      for (const left of bList) for (const right of aList) addPair(left, right);
    } else {
      for (const [type, right] of aAlternatives.byType) {
        const left = counterpart(bAlternatives, type);
        if (left !== undefined) addPair(left, right);
      }
    }
    for (const [left, right] of pairs) {
      if (left.schema !== b && right.schema !== a) this.compareMetadata(left.schema, right.schema, right.path, field);
      this.compareAlternative(left.schema, right.schema, right.path, field);
    }
    this.compareUnclassified(b, a, path, field, HANDLED);
  }

  private compareMetadata(b: JsonObject, a: JsonObject, path: SchemaPath, field: readonly PathSegment[]): void {
    for (const key of DESCRIPTIONS) {
      if (sameJson(b[key], a[key])) continue;
      this.add(
        'description-changed',
        [...path, key],
        field,
        `the ${key} of ${fieldText(field)} changed`,
        b[key],
        a[key],
      );
    }
    if (!sameJson(b['default'], a['default'])) {
      if (this.direction === 'input') {
        this.add(
          'input-default-changed',
          [...path, 'default'],
          field,
          `the default of ${fieldText(field)} changed from ${show(b['default'])} to ${show(a['default'])}: calls that omit it behave differently`,
          b['default'],
          a['default'],
        );
      } else {
        this.add(
          'metadata-changed',
          [...path, 'default'],
          field,
          `the default of ${fieldText(field)} changed`,
          b['default'],
          a['default'],
        );
      }
    }
    for (const key of OTHER_METADATA) {
      if (sameJson(b[key], a[key])) continue;
      this.add('metadata-changed', [...path, key], field, `"${key}" of ${fieldText(field)} changed`, b[key], a[key]);
    }
  }

  private compareTypes(b: Alternatives, a: Alternatives, path: SchemaPath, field: readonly PathSegment[]): void {
    const bTypes: TypeSet = b.any ? 'any' : new Set(b.byType.keys());
    const aTypes: TypeSet = a.any ? 'any' : new Set(a.byType.keys());
    const lost =
      bTypes === 'any' ? (aTypes === 'any' ? [] : ['any type']) : [...bTypes].filter((type) => !covered(type, aTypes));
    const gained =
      aTypes === 'any' ? (bTypes === 'any' ? [] : ['any type']) : [...aTypes].filter((type) => !covered(type, bTypes));
    if (lost.length === 0 && gained.length === 0) return;
    const where = [...path, 'type'];
    const was = `(was ${typeText(bTypes)}, now ${typeText(aTypes)})`;
    const before = typeValue(bTypes);
    const after = typeValue(aTypes);
    if (this.direction === 'input') {
      if (lost.length > 0)
        this.add(
          'input-type-narrowed',
          where,
          field,
          `${fieldText(field)} no longer accepts ${lost.join(', ')} ${was}`,
          before,
          after,
        );
      else
        this.add(
          'input-type-widened',
          where,
          field,
          `${fieldText(field)} also accepts ${gained.join(', ')} ${was}`,
          before,
          after,
        );
      return;
    }
    if (gained.length > 0) {
      if (gained.length === 1 && gained[0] === 'null' && lost.length === 0)
        this.add('output-became-nullable', where, field, `${fieldText(field)} may now be null ${was}`, before, after);
      else
        this.add(
          'output-type-widened',
          where,
          field,
          `${fieldText(field)} may now be ${gained.join(', ')} ${was}`,
          before,
          after,
        );
    } else {
      this.add(
        'output-type-narrowed',
        where,
        field,
        `${fieldText(field)} is no longer ${lost.join(', ')} ${was}`,
        before,
        after,
      );
    }
  }

  /** A constraint now rejects values it accepted (`tighter`) or the other way round, judged by direction. */
  private constraint(
    tighter: boolean,
    path: SchemaPath,
    field: readonly PathSegment[],
    keyword: string,
    before: JsonValue | undefined,
    after: JsonValue | undefined,
  ): void {
    const change = `${keyword} ${show(before)} -> ${show(after)}`;
    if (this.direction === 'input') {
      if (tighter)
        this.add(
          'input-constraint-tightened',
          path,
          field,
          `${fieldText(field)}: ${change} rejects values it accepted`,
          before,
          after,
        );
      else
        this.add(
          'input-constraint-loosened',
          path,
          field,
          `${fieldText(field)}: ${change} accepts more values`,
          before,
          after,
        );
    } else if (tighter) {
      this.add(
        'output-constraint-tightened',
        path,
        field,
        `${fieldText(field)}: ${change} allows fewer values`,
        before,
        after,
      );
    } else {
      this.add(
        'output-constraint-loosened',
        path,
        field,
        `${fieldText(field)}: ${change} allows values consumers have not seen`,
        before,
        after,
      );
    }
  }

  private compareAlternative(b: JsonObject, a: JsonObject, path: SchemaPath, field: readonly PathSegment[]): void {
    this.compareEnums(b, a, path, field);
    for (const keyword of [...LOWER_BOUNDS, ...UPPER_BOUNDS]) {
      const before = b[keyword];
      const after = a[keyword];
      if (sameJson(before, after)) continue;
      const lower = LOWER_BOUNDS.has(keyword);
      let tighter: boolean;
      if (typeof after !== 'number') tighter = false;
      else if (typeof before !== 'number') tighter = true;
      else tighter = lower ? after > before : after < before;
      this.constraint(tighter, [...path, keyword], field, keyword, before, after);
    }
    for (const keyword of MATCHERS) {
      const before = b[keyword];
      const after = a[keyword];
      if (sameJson(before, after)) continue;
      // A changed pattern or format may reject old values and admit new ones: tighter for requests, looser for responses.
      const tighter = before === undefined ? true : after === undefined ? false : this.direction === 'input';
      this.constraint(tighter, [...path, keyword], field, keyword, before, after);
    }
    if (b['uniqueItems'] !== a['uniqueItems'] && (b['uniqueItems'] === true || a['uniqueItems'] === true)) {
      this.constraint(
        a['uniqueItems'] === true,
        [...path, 'uniqueItems'],
        field,
        'uniqueItems',
        b['uniqueItems'],
        a['uniqueItems'],
      );
    }
    const bMultiple = b['multipleOf'];
    const aMultiple = a['multipleOf'];
    if (!sameJson(bMultiple, aMultiple)) {
      const looser = typeof aMultiple !== 'number' || (typeof bMultiple === 'number' && bMultiple % aMultiple === 0);
      this.constraint(!looser, [...path, 'multipleOf'], field, 'multipleOf', bMultiple, aMultiple);
    }
    const bItems = b['items'];
    const aItems = a['items'];
    if (!Array.isArray(bItems) && !Array.isArray(aItems) && !sameJson(bItems, aItems)) {
      this.compare(bItems, aItems, [...path, 'items'], [...field, '[]']);
    }
    this.compareObject(b, a, path, field);
  }

  private compareEnums(b: JsonObject, a: JsonObject, path: SchemaPath, field: readonly PathSegment[]): void {
    const bValues = enumOf(b);
    const aValues = enumOf(a);
    if (bValues === undefined && aValues === undefined) return;
    const where = [...path, 'const' in a && !('enum' in a) ? 'const' : 'enum'];
    if (bValues === undefined || aValues === undefined) {
      this.constraint(bValues === undefined, where, field, 'enum', bValues, aValues);
      return;
    }
    // null membership is reported as a type change.
    const key = (value: JsonValue) => canonicalJson(value);
    const bKeys = new Set(bValues.filter((value) => value !== null).map(key));
    const aKeys = new Set(aValues.filter((value) => value !== null).map(key));
    const removed = bValues.filter((value) => value !== null && !aKeys.has(key(value)));
    const added = aValues.filter((value) => value !== null && !bKeys.has(key(value)));
    const list = (values: JsonValue[]) => values.map((value) => JSON.stringify(value)).join(', ');
    if (removed.length > 0) {
      if (this.direction === 'input')
        this.add(
          'input-enum-value-removed',
          where,
          field,
          `${fieldText(field)} no longer accepts ${list(removed)}`,
          bValues,
          aValues,
        );
      else
        this.add(
          'output-enum-value-removed',
          where,
          field,
          `${fieldText(field)} is no longer ${list(removed)}`,
          bValues,
          aValues,
        );
    }
    if (added.length > 0) {
      if (this.direction === 'input')
        this.add(
          'input-enum-value-added',
          where,
          field,
          `${fieldText(field)} also accepts ${list(added)}`,
          bValues,
          aValues,
        );
      else
        this.add(
          'output-enum-value-added',
          where,
          field,
          `${fieldText(field)} may now be ${list(added)}: consumers that switch over its values may not handle it`,
          bValues,
          aValues,
        );
    }
  }

  private compareObject(b: JsonObject, a: JsonObject, path: SchemaPath, field: readonly PathSegment[]): void {
    const bProperties = isObject(b['properties']) ? b['properties'] : {};
    const aProperties = isObject(a['properties']) ? a['properties'] : {};
    const bRequired = new Set(
      Array.isArray(b['required']) ? b['required'].filter((key): key is string => typeof key === 'string') : [],
    );
    const aRequired = new Set(
      Array.isArray(a['required']) ? a['required'].filter((key): key is string => typeof key === 'string') : [],
    );
    const names = [
      ...new Set([...Object.keys(bProperties), ...Object.keys(aProperties), ...bRequired, ...aRequired]),
    ].sort();
    const input = this.direction === 'input';
    for (const name of names) {
      const inBefore = Object.hasOwn(bProperties, name) || bRequired.has(name);
      const inAfter = Object.hasOwn(aProperties, name) || aRequired.has(name);
      const where = [...path, 'properties', name];
      const child = [...field, name];
      const shown = fieldText(child);
      if (!inAfter) {
        const before = ownValue(bProperties, name) ?? {};
        if (input)
          this.add(
            'input-field-removed',
            where,
            child,
            `input field ${shown} was removed: values callers send for it are ignored, or rejected by a strict server`,
            before,
          );
        else
          this.add(
            'output-field-removed',
            where,
            child,
            `output field ${shown} was removed: consumers that read it break`,
            before,
          );
        continue;
      }
      if (!inBefore) {
        const after = ownValue(aProperties, name) ?? {};
        if (!input) this.add('output-field-added', where, child, `new output field ${shown}`, undefined, after);
        else if (aRequired.has(name))
          this.add(
            'input-required-field-added',
            where,
            child,
            `new required input field ${shown}: calls without it are rejected`,
            undefined,
            after,
          );
        else
          this.add('input-optional-field-added', where, child, `new optional input field ${shown}`, undefined, after);
        continue;
      }
      const wasRequired = bRequired.has(name);
      const isRequired = aRequired.has(name);
      if (wasRequired !== isRequired) {
        const requiredPath = [...path, 'required'];
        const before = wasRequired ? 'required' : 'optional';
        const after = isRequired ? 'required' : 'optional';
        if (input && isRequired)
          this.add(
            'input-became-required',
            requiredPath,
            child,
            `input field ${shown} became required: calls without it are rejected`,
            before,
            after,
          );
        else if (input) {
          this.add(
            'input-became-optional',
            requiredPath,
            child,
            `input field ${shown} is no longer required; check that the server accepts a call without it (zod 4.4.3 drops preprocessed fields from "required" but still rejects a missing key)`,
            before,
            after,
          );
        } else if (isRequired)
          this.add(
            'output-became-required',
            requiredPath,
            child,
            `output field ${shown} is now always present`,
            before,
            after,
          );
        else
          this.add(
            'output-became-optional',
            requiredPath,
            child,
            `output field ${shown} may now be missing: consumers that read it unconditionally break`,
            before,
            after,
          );
      }
      this.compare(ownValue(bProperties, name), ownValue(aProperties, name), where, child);
    }
    const bExtra = b['additionalProperties'];
    const aExtra = a['additionalProperties'];
    if (sameJson(bExtra, aExtra)) return;
    const where = [...path, 'additionalProperties'];
    if (isObject(bExtra) && isObject(aExtra)) {
      this.compare(bExtra, aExtra, where, [...field, '*']);
      return;
    }
    // Open (absent or true) admits everything, a schema some extra properties, false none.
    const rank = (value: JsonValue | undefined) => (value === false ? 0 : isObject(value) ? 1 : 2);
    this.constraint(rank(aExtra) < rank(bExtra), where, field, 'additionalProperties', bExtra, aExtra);
  }

  /** Unions whose alternatives share a type: pair equal branches, then by a discriminator, then by position. */
  private compareBranches(
    bBranches: readonly Alternative[],
    aBranches: readonly Alternative[],
    path: SchemaPath,
    field: readonly PathSegment[],
  ): void {
    const bLeft = [...bBranches];
    const aLeft = [...aBranches];
    const take = (predicate: (b: Alternative, a: Alternative) => boolean) => {
      for (let i = 0; i < bLeft.length; i += 1) {
        const left = bLeft[i] as Alternative;
        const j = aLeft.findIndex((right) => predicate(left, right));
        if (j < 0) continue;
        const right = aLeft[j] as Alternative;
        bLeft.splice(i, 1);
        aLeft.splice(j, 1);
        i -= 1;
        if (!sameJson(left.schema, right.schema)) this.compare(left.schema, right.schema, right.path, field);
      }
    };
    take((left, right) => sameJson(left.schema, right.schema));
    const discriminator = (alternative: Alternative): string | undefined => {
      const properties = alternative.schema['properties'];
      if (!isObject(properties)) return undefined;
      for (const name of Object.keys(properties).sort()) {
        const values = enumOf(asSchema(ownValue(properties, name)));
        if (values?.length === 1) return `${name}=${canonicalJson(values[0] as JsonValue)}`;
      }
      return undefined;
    };
    take((left, right) => {
      const key = discriminator(left);
      return key !== undefined && key === discriminator(right);
    });
    if (bLeft.length === aLeft.length) take((left, right) => bLeft.indexOf(left) === aLeft.indexOf(right));
    for (const removed of bLeft) {
      const rule = this.pick('input-union-branch-removed', 'output-union-branch-removed');
      this.add(rule, removed.path, field, `an alternative of ${fieldText(field)} is gone`, removed.schema);
    }
    for (const added of aLeft) {
      const rule = this.pick('input-union-branch-added', 'output-union-branch-added');
      const text =
        this.direction === 'input'
          ? `${fieldText(field)} accepts a new alternative`
          : `${fieldText(field)} may now take a new shape consumers do not know`;
      this.add(rule, added.path, field, text, undefined, added.schema);
    }
  }

  private compareUnclassified(
    b: JsonObject,
    a: JsonObject,
    path: SchemaPath,
    field: readonly PathSegment[],
    handled: ReadonlySet<string>,
  ): void {
    const keys = [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !handled.has(key)).sort();
    const rule = this.pick('input-schema-changed', 'output-schema-changed');
    for (const key of keys) {
      if (sameJson(ownValue(b, key), ownValue(a, key))) continue;
      this.add(
        rule,
        [...path, key],
        field,
        `"${key}" of ${fieldText(field)} changed in a way agent-contract does not classify; review it`,
        ownValue(b, key),
        ownValue(a, key),
      );
    }
    // A union on one side only, or on both with no shared types, was compared through its types and branches.
    const bItems = b['items'];
    const aItems = a['items'];
    if ((Array.isArray(bItems) || Array.isArray(aItems)) && !sameJson(bItems, aItems)) {
      this.add(
        rule,
        [...path, 'items'],
        field,
        `tuple "items" of ${fieldText(field)} changed; review it`,
        bItems,
        aItems,
      );
    }
  }
}

/** Appends to `changes` every change from `before` to `after`, one tool's input or output schema. */
export function compareSchemas(
  tool: string,
  direction: Direction,
  before: JsonValue,
  after: JsonValue,
  changes: ContractChange[],
): void {
  new SchemaComparison(tool, direction, changes).compare(before, after, [`${direction}Schema`], []);
}
