import type { JsonValue } from './contract-types.ts';

/**
 * How deeply nested a schema a contract may hold, in JSON levels (`{"properties": {"a": {...}}}` is two per field):
 * the normaliser and the diff walk schemas recursively, so a server's 10,000-level answer would end them with a stack
 * overflow. No schema a tool publishes by hand or from zod comes near.
 */
export const MAX_JSON_DEPTH = 512;

/** Whether `value` nests objects and arrays more than `limit` levels deep; measured without recursion. */
export function nestedDeeperThan(value: JsonValue | undefined, limit: number = MAX_JSON_DEPTH): boolean {
  const stack: [JsonValue, number][] = [];
  if (typeof value === 'object' && value !== null) stack.push([value, 1]);
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const [node, depth] = next;
    if (depth > limit) return true;
    const children = Array.isArray(node) ? node : Object.values(node as Record<string, JsonValue>);
    for (const child of children) if (typeof child === 'object' && child !== null) stack.push([child, depth + 1]);
  }
  return false;
}
