import type { ObjectExpr, SchemaExpr } from './schema-expr.ts';
import type { ResolveReference } from './schema-fields.ts';
import { spreadObjectOf } from './object-spreads.ts';

/**
 * A JSON Schema written out in source (`inputSchema: { type: 'object', properties: { ticketId: { type: 'string' } } }`),
 * told apart from a Zod raw shape by what it holds, not by how it is spelled: its keywords (`type`, `properties`,
 * `required`, `$schema`, ...) are never input fields; its fields are the keys of `properties`.
 */

const MAX_DEPTH = 24;

/** A JSON type name a schema's `type` keyword may hold. */
const JSON_TYPE_NAMES: ReadonlySet<string> = new Set([
  'object',
  'string',
  'number',
  'integer',
  'boolean',
  'array',
  'null',
]);

function valueOf<N>(object: ObjectExpr<N>, key: string): SchemaExpr<N> | undefined {
  return object.properties.find((property) => property.key === key && !property.spread)?.value;
}

/** Whether an expression is (or holds, at any depth) a Zod schema or a guard: then it is no JSON Schema. */
function holdsZod<N>(expr: SchemaExpr<N>, resolve: ResolveReference<N>, depth: number): boolean {
  const resolved = resolve(expr);
  if (resolved.kind === 'zod' || resolved.kind === 'guard') return true;
  if (depth >= MAX_DEPTH) return false;
  if (resolved.kind === 'object')
    return resolved.properties.some((property) => holdsZod(property.value, resolve, depth + 1));
  if (resolved.kind === 'array') return resolved.elements.some((element) => holdsZod(element, resolve, depth + 1));
  return false;
}

/**
 * The JSON Schema an object expression writes out, with the object it resolves to (spreads laid out), or undefined
 * when it is no JSON Schema: it has a `type` naming a JSON type or a `properties` object whose values are objects,
 * and nothing in it is a Zod schema (a raw shape `{ type: z.enum([...]) }` stays a raw shape).
 */
export function jsonSchemaLiteralOf<N>(
  expr: SchemaExpr<N>,
  resolve: ResolveReference<N>,
): { object: ObjectExpr<N>; properties: ObjectExpr<N> | undefined } | undefined {
  const resolved = resolve(expr);
  if (resolved.kind !== 'object') return undefined;
  const object = spreadObjectOf(resolved, resolve);
  const type = valueOf(object, 'type');
  const typeValue = type === undefined ? undefined : resolve(type);
  const namesType =
    typeValue?.kind === 'literal' && typeof typeValue.value === 'string' && JSON_TYPE_NAMES.has(typeValue.value);
  const propertiesExpr = valueOf(object, 'properties');
  const propertiesValue = propertiesExpr === undefined ? undefined : resolve(propertiesExpr);
  const properties =
    propertiesValue?.kind === 'object'
      ? spreadObjectOf(propertiesValue, resolve)
      : (undefined as ObjectExpr<N> | undefined);
  const propertiesAreSchemas =
    properties !== undefined &&
    properties.properties.every((property) => property.spread || resolve(property.value).kind === 'object');
  if (!namesType && !propertiesAreSchemas) return undefined;
  if (type !== undefined && !namesType) return undefined;
  if (propertiesExpr !== undefined && !propertiesAreSchemas) return undefined;
  if (holdsZod(object, resolve, 0)) return undefined;
  return { object, properties };
}

/**
 * The JSON value an expression writes out, through the references `resolve` follows and the objects it spreads: a
 * part whose value is not written out (a call, a template with substitutions) is left out.
 */
export function jsonValueOf<N>(expr: SchemaExpr<N>, resolve: ResolveReference<N>, depth = 0): unknown {
  if (depth > MAX_DEPTH) return undefined;
  const resolved = resolve(expr);
  switch (resolved.kind) {
    case 'literal':
      return resolved.value;
    case 'array':
      return resolved.elements.flatMap((element) => {
        const value = jsonValueOf(element, resolve, depth + 1);
        return value === undefined ? [] : [value];
      });
    case 'object': {
      const value: Record<string, unknown> = {};
      for (const property of spreadObjectOf(resolved, resolve).properties) {
        if (property.key === undefined) continue;
        const entry = jsonValueOf(property.value, resolve, depth + 1);
        if (entry !== undefined) value[property.key] = entry;
      }
      return value;
    }
    default:
      return undefined;
  }
}
