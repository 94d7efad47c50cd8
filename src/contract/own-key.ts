import type { JsonObject, JsonValue } from './contract-types.ts';

/*
 * A server's schema or a contract file names its keys: a property called `constructor`, `toString` or `__proto__` is
 * a name like any other. Read through `in` or `object[key]`, the first two find Object.prototype's members; written
 * through `object[key] = value`, `__proto__` replaces the object's prototype and the key is lost. These read and write
 * own keys only.
 */

/** The value `object` holds under `key` itself, never one it inherits. */
export function ownValue(object: JsonObject, key: string): JsonValue | undefined {
  return Object.hasOwn(object, key) ? object[key] : undefined;
}

/** Sets `key` on `object` as an own key, `__proto__` included. */
export function setOwn(object: JsonObject, key: string, value: JsonValue): void {
  if (key === '__proto__')
    Object.defineProperty(object, key, { value, enumerable: true, writable: true, configurable: true });
  else object[key] = value;
}
