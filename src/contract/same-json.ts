import type { JsonValue } from './contract-types.ts';

/** Deep equality of two JSON values, key order aside, without building strings (a large contract is mostly unchanged tools). */
export function sameJson(a: JsonValue | undefined, b: JsonValue | undefined): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let index = 0; index < a.length; index += 1) if (!sameJson(a[index], b[index])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  let count = 0;
  for (const key in a) {
    if (!Object.hasOwn(b, key) || !sameJson(a[key], b[key])) return false;
    count += 1;
  }
  for (const _key in b) count -= 1;
  return count === 0;
}
