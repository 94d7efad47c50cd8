import { ARRAY_ITEM, type PathSegment } from './ids.ts';
import type { ObjectProperty, SchemaExpr } from './schema-expr.ts';
import { type SchemaMeaning, alternativesOf, arrayElementOf, meaningOf } from './schema-meaning.ts';

/**
 * Looks through a reference to the expression it stands for: a front end resolves a same-file
 * `const shape = { ... }` so `inputSchema: shape` is read like the literal, and this package's helpers
 * (`offeredShape(shape, table)`, see package-helpers.ts) as the shape they publish. The identity when it cannot.
 */
export type ResolveReference<N> = (expr: SchemaExpr<N>) => SchemaExpr<N>;

/** One field of a schema written inline (or through same-file constants), with where it sits. */
export interface SchemaField<N> {
  /** From the schema's root: `['ticket', 'customerId']`, `['tickets', '[]', 'id']`. */
  readonly path: readonly PathSegment[];
  readonly key: string;
  readonly property: ObjectProperty<N>;
  /** The field's schema, references resolved. */
  readonly value: SchemaExpr<N>;
  readonly meaning: SchemaMeaning<N>;
}

const MAX_DEPTH = 8;
/** A bound on the fields listed, as shapes used at many places inside each other multiply their paths. */
const MAX_FIELDS = 5000;

/**
 * `z.object(shape)` with a same-file `shape` constant or `z.object(offeredShape(shape, table))`: read with the shape
 * literal in place of the reference.
 */
function withResolvedShapeArgument<N>(expr: SchemaExpr<N>, resolve: ResolveReference<N>): SchemaExpr<N> {
  const argumentKind = expr.kind === 'zod' ? expr.factoryArgs[0]?.kind : undefined;
  if (expr.kind !== 'zod' || (argumentKind !== 'identifier' && argumentKind !== 'call')) return expr;
  const [first, ...rest] = expr.factoryArgs;
  if (first === undefined) return expr;
  return { ...expr, factoryArgs: [resolve(first), ...rest] };
}

/**
 * Every field of a schema: a raw shape, `z.object({...})` (with wrappers and methods that keep its shape), nested
 * objects, the elements of `z.array(z.object(...))`, `z.object(...).array()` and a list behind a preprocess, the
 * objects of a union's members (a place two members both have is listed once, from the first) and `...spread`
 * same-file shapes. Fields behind references the resolver cannot see
 * through, `.extend()`ed or `.pick()`ed shapes are not listed.
 */
export function schemaFieldsOf<N>(
  root: SchemaExpr<N>,
  resolve: ResolveReference<N> = (expr) => expr,
): SchemaField<N>[] {
  const fields: SchemaField<N>[] = [];
  // The shapes on the path being read: a shape that holds itself is read once, a shape used at two places twice.
  const open = new Set<N>();
  // The places listed from a union's members: the same place in two members is one field.
  const alternatives = new Set<string>();
  const visit = (expr: SchemaExpr<N>, path: readonly PathSegment[], depth: number, inUnion: boolean): void => {
    if (depth > MAX_DEPTH || fields.length >= MAX_FIELDS) return;
    const resolved = withResolvedShapeArgument(resolve(expr), resolve);
    const element = arrayElementOf(resolved);
    if (element !== undefined) {
      visit(element, [...path, ARRAY_ITEM], depth + 1, inUnion);
      return;
    }
    const meaning = meaningOf(resolved);
    if (meaning.accepts === 'other' && meaning.shape === undefined) {
      // An input that takes one of several objects (`customer: { id } | { email }`) takes each one's fields here.
      for (const member of alternativesOf(resolved)) visit(member, path, depth + 1, true);
      return;
    }
    const shape = meaning.shape;
    if (shape === undefined || open.has(shape.node)) return;
    open.add(shape.node);
    for (const property of shape.properties) {
      if (property.spread) {
        visit(property.value, path, depth + 1, inUnion);
        continue;
      }
      if (property.key === undefined) continue;
      const value = resolve(property.value);
      const fieldPath = [...path, property.key];
      if (inUnion) {
        const place = fieldPath.join('.');
        if (alternatives.has(place)) continue;
        alternatives.add(place);
      }
      fields.push({ path: fieldPath, key: property.key, property, value, meaning: meaningOf(value) });
      visit(value, fieldPath, depth + 1, inUnion);
    }
    open.delete(shape.node);
  };
  visit(root, [], 0, false);
  return fields;
}

/**
 * Every guarded id acceptor (`guardId`, `idSchema`, a numeric preprocess) anywhere inside a schema, fields or not:
 * what must never appear in an output schema.
 */
export function guardedSchemasIn<N>(
  root: SchemaExpr<N>,
  resolve: ResolveReference<N> = (expr) => expr,
): SchemaExpr<N>[] {
  const found: SchemaExpr<N>[] = [];
  const visit = (input: SchemaExpr<N>, depth: number): void => {
    if (depth > MAX_DEPTH) return;
    const expr = resolve(input);
    const { accepts } = meaningOf(expr);
    if (accepts === 'guarded' || accepts === 'guarded-number') {
      found.push(expr);
      return;
    }
    const children: readonly SchemaExpr<N>[] =
      expr.kind === 'zod'
        ? [...expr.factoryArgs, ...expr.methods.flatMap((method) => method.args)]
        : expr.kind === 'object'
          ? expr.properties.map((property) => property.value)
          : expr.kind === 'array' || expr.kind === 'call'
            ? expr.kind === 'array'
              ? expr.elements
              : expr.args
            : [];
    for (const child of children) visit(child, depth + 1);
  };
  visit(root, 0);
  return found;
}

/**
 * The functions of `.transform(fn)` calls on an object schema's own chain (`z.object({...}).transform((data) => ...)`),
 * in chain order: what they read of the parsed input is read, whatever the handler reads of what they return
 * (zereight/gitlab-mcp folds an alias field into the one its handler reads this way).
 */
export function inputTransformsOf<N>(expr: SchemaExpr<N>): N[] {
  if (expr.kind !== 'zod') return [];
  return expr.methods
    .filter((method) => method.name === 'transform')
    .flatMap((method) => {
      const [fn] = method.args;
      return fn === undefined ? [] : [fn.node];
    });
}
