import type { SchemaExpr } from './schema-expr.ts';
import { WRAPPER_FACTORIES } from './zod-vocabulary.ts';
import { isRecord } from './json-value.ts';

/**
 * Ids wider than a double: 64-bit integers (database BIGINTs, snowflakes). A JSON number names them exactly only up to
 * 2^53 - 1; past that, every client that parses numbers into doubles (every JavaScript one, and most models' tool
 * calls) keeps the nearest double, another id. That is a precision bug, not a type bug: the value passes every type
 * check and finds the wrong record. The fix is the same on both sides: the id travels as a string of digits.
 */

/** Zod factories whose values go past 2^53: `z.bigint()`, `z.int64()`, `z.uint64()` (zod 4), with or without `coerce`. */
export const WIDE_INTEGER_FACTORIES: ReadonlySet<string> = new Set(['bigint', 'int64', 'uint64']);

/** JSON Schema formats that say an integer is 64 bits wide (OpenAPI's, and what zod 4 writes for `z.int64()`). */
export const WIDE_INTEGER_FORMATS: ReadonlySet<string> = new Set(['int64', 'uint64']);

/** False when a file's text cannot build a wide integer schema: the lint rule skips it unread. */
export function mayHoldWideIntegerIn(text: string): boolean {
  return /\b(?:bigint|u?int64)\b/.test(text);
}

/** The wide factory a field's schema is built on (`bigint`, `int64`, `uint64`), through `coerce` and zod's wrappers. */
export function wideIntegerFactoryOf<N>(expr: SchemaExpr<N>): string | undefined {
  if (expr.kind === 'zod') {
    const factory = expr.factory[0] === 'coerce' ? expr.factory[1] : expr.factory[0];
    if (factory !== undefined && WIDE_INTEGER_FACTORIES.has(factory)) return factory;
    const wrapped = expr.factoryArgs[0];
    if (factory !== undefined && WRAPPER_FACTORIES.has(factory) && wrapped !== undefined)
      return wideIntegerFactoryOf(wrapped);
  }
  return undefined;
}

/**
 * Whether a published JSON Schema says a number can go past 2^53: `"format": "int64"`, or a `maximum`/`minimum` beyond
 * the safe integers, on an integer or number type (a string of digits is the fix, not the bug).
 */
export function isWideIntegerJsonSchema(schema: unknown): boolean {
  if (!isRecord(schema)) return false;
  const types = Array.isArray(schema['type']) ? schema['type'] : [schema['type']];
  if (!types.includes('integer') && !types.includes('number')) return false;
  const format = schema['format'];
  if (typeof format === 'string' && WIDE_INTEGER_FORMATS.has(format)) return true;
  const beyond = (bound: unknown) => typeof bound === 'number' && Math.abs(bound) > Number.MAX_SAFE_INTEGER;
  return beyond(schema['maximum']) || beyond(schema['minimum']);
}

/** A number read from JSON that no longer names one integer: what a client holds after a wide id was rounded. */
export function isRoundedInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/**
 * The finding on a wide id field, with its fix: `messageId` of tool `get_message` is `z.bigint()` ...
 * `side` says whether the tool takes the id (input) or hands it out (output).
 */
export function wideIdMessage(field: string, tool: string, written: string, side: 'input' | 'output'): string {
  const where =
    side === 'output'
      ? 'emits a 64-bit integer id as a JSON number, which clients parse into a double'
      : 'takes a 64-bit integer id as a JSON number, which the agent already holds as a double';
  return `\`${field}\` of tool \`${tool}\` is \`${written}\`: it ${where}, so ids beyond 2^53 arrive with other last digits (precision, not type). Emit the id as a string of digits and accept it with guardId(z.string()).`;
}
