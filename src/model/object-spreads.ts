import type { ObjectExpr, ObjectProperty } from './schema-expr.ts';
import type { ResolveReference } from './schema-fields.ts';

const MAX_DEPTH = 12;

/**
 * An object literal with the objects it spreads laid out in place, as the value it builds has them:
 * `{ ...caseTool, name: 'close_case' }` holds `caseTool`'s keys, and a later key wins. A spread of anything `resolve`
 * cannot follow to an object literal stays a spread.
 */
export function spreadObjectOf<N>(object: ObjectExpr<N>, resolve: ResolveReference<N>, depth = 0): ObjectExpr<N> {
  if (!object.properties.some((property) => property.spread)) return object;
  const properties: ObjectProperty<N>[] = [];
  for (const property of object.properties) {
    const spread = property.spread ? resolve(property.value) : undefined;
    const added =
      spread?.kind === 'object' && depth < MAX_DEPTH
        ? spreadObjectOf(spread, resolve, depth + 1).properties
        : [property];
    for (const entry of added) {
      const at = entry.key === undefined ? -1 : properties.findIndex((kept) => kept.key === entry.key);
      if (at >= 0) properties.splice(at, 1);
      properties.push(entry);
    }
  }
  return { ...object, properties };
}
