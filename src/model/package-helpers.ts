import { isIdName } from './ids.ts';
import type { ObjectExpr, ObjectProperty, SchemaExpr } from './schema-expr.ts';
import { meaningOf } from './schema-meaning.ts';

/**
 * This package's own helpers as they stand in server code, seen through by every reader: what a codemod writes, the
 * audit, the lint rules and the other codemods read back as the fields it publishes.
 * - `offeredShape(shape, table)`: the shape minus the fields the table refuses (what `tools/list` shows).
 * - `guardIdFields(shape)`: the shape with every id-named plain string field guarded; with `{ numberIds: true }`, every
 *   id-named plain number field too.
 */
export const OFFERED_SHAPE_FUNCTION = 'offeredShape';
export const GUARD_ID_FIELDS_FUNCTION = 'guardIdFields';
/** `refused(reason, { instead })` in a disposition table. */
export const REFUSED_FUNCTION = 'refused';
/** `warned(message, { trigger })` in a disposition table. */
export const WARNED_FUNCTION = 'warned';
/** `dispositionsFor(shape)({ ... })`: a table checked against its shape. */
export const DISPOSITIONS_FOR_FUNCTION = 'dispositionsFor';

type Resolve<N> = (expr: SchemaExpr<N>) => SchemaExpr<N>;

/** `offeredShape` or `ns.offeredShape`: the callee text a reader recorded, named by its last member. */
function calls(expr: SchemaExpr<unknown>, name: string): boolean {
  return expr.kind === 'call' && (expr.callee === name || expr.callee.endsWith(`.${name}`));
}

/** The table literal of `{...}`, `{...} as const satisfies ...` or `dispositionsFor(shape)({...})`. */
function tableOf<N>(expr: SchemaExpr<N> | undefined, resolve: Resolve<N>): ObjectExpr<N> | undefined {
  if (expr === undefined) return undefined;
  const table = resolve(expr);
  if (table.kind === 'object') return table;
  const isChecked =
    table.kind === 'call' && new RegExp(`(^|\\.)${DISPOSITIONS_FOR_FUNCTION}\\s*\\(`).test(table.callee);
  const literal = isChecked ? table.args[0] : undefined;
  return literal === undefined ? undefined : tableOf(literal, resolve);
}

/** `refused(...)`/`warned(...)`, or the object they return (`{ decision: 'refused', ... }`). */
function isDecision<N>(expr: SchemaExpr<N>, resolve: Resolve<N>, name: string): boolean {
  const decision = resolve(expr);
  if (calls(decision, name)) return true;
  if (decision.kind !== 'object') return false;
  return decision.properties.some(
    (property) => property.key === 'decision' && property.value.kind === 'literal' && property.value.value === name,
  );
}

function isRefusal<N>(expr: SchemaExpr<N>, resolve: Resolve<N>): boolean {
  return isDecision(expr, resolve, REFUSED_FUNCTION);
}

/**
 * The keys a disposition table decides `warned`: accepted and answered with a warning, so a handler that never reads
 * them stands behind them all the same. Empty when the table cannot be read.
 */
export function warnedKeysOf<N>(table: SchemaExpr<N> | undefined, resolve: Resolve<N>): ReadonlySet<string> {
  const literal = tableOf(table, resolve);
  return new Set(
    literal?.properties.flatMap((property) =>
      property.key !== undefined && isDecision(property.value, resolve, WARNED_FUNCTION) ? [property.key] : [],
    ),
  );
}

/**
 * The keys a disposition table refuses; undefined when the table cannot be read (imported, built at run time), and
 * then nothing is claimed to be refused.
 */
export function refusedKeysOf<N>(
  table: SchemaExpr<N> | undefined,
  resolve: Resolve<N>,
): ReadonlySet<string> | undefined {
  const literal = tableOf(table, resolve);
  if (literal === undefined) return undefined;
  return new Set(
    literal.properties.flatMap((property) =>
      property.key !== undefined && isRefusal(property.value, resolve) ? [property.key] : [],
    ),
  );
}

/**
 * A property whose value the `guardIdFields` helper wraps at run time, as if `guardId(...)` (`guardNumberId(...)` for
 * a number field, with `numberIds`) were written around it.
 */
function guardedProperty<N>(property: ObjectProperty<N>, resolve: Resolve<N>, numberIds: boolean): ObjectProperty<N> {
  if (property.key === undefined || !isIdName(property.key)) return property;
  const meaning = meaningOf(resolve(property.value));
  const guarded =
    meaning.accepts === 'string' ? meaning.formats.length === 0 : numberIds && meaning.accepts === 'number';
  if (!guarded) return property;
  return {
    ...property,
    value: {
      kind: 'guard',
      node: property.value.node,
      name: GUARD_ID_FIELDS_FUNCTION,
      args: [property.value],
      methods: [],
    },
  };
}

/** `{ numberIds: true }`, the option that makes `guardIdFields` guard number fields too. */
function numberIdsOption<N>(options: SchemaExpr<N> | undefined): boolean {
  if (options?.kind !== 'object') return false;
  return options.properties.some(
    (property) => property.key === 'numberIds' && property.value.kind === 'literal' && property.value.value === true,
  );
}

/**
 * The shape a package helper call publishes, as an object expression on the shape literal's own node and properties
 * (so reports and fixes point into the literal the author wrote, and a shape met twice is one shape); the expression
 * itself for anything else.
 */
export function throughPackageHelpers<N>(expr: SchemaExpr<N>, resolve: Resolve<N>): SchemaExpr<N> {
  // Named first: resolving the argument of every other call would cost the readers a walk per call.
  if (!calls(expr, OFFERED_SHAPE_FUNCTION) && !calls(expr, GUARD_ID_FIELDS_FUNCTION)) return expr;
  if (expr.kind !== 'call') return expr;
  const [shapeArgument, table] = expr.args;
  if (shapeArgument === undefined) return expr;
  const shape = resolve(shapeArgument);
  if (shape.kind !== 'object') return expr;
  if (calls(expr, OFFERED_SHAPE_FUNCTION)) {
    const refused = refusedKeysOf(table, resolve);
    if (refused === undefined) return shape;
    return {
      kind: 'object',
      node: shape.node,
      properties: shape.properties.filter((property) => property.key === undefined || !refused.has(property.key)),
    };
  }
  if (calls(expr, GUARD_ID_FIELDS_FUNCTION)) {
    const numberIds = numberIdsOption(table === undefined ? undefined : resolve(table));
    return {
      kind: 'object',
      node: shape.node,
      properties: shape.properties.map((property) => guardedProperty(property, resolve, numberIds)),
    };
  }
  return expr;
}
