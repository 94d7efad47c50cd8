import { isIdName } from '../model/ids.ts';
import { describeFieldSchema } from '../model/zod-runtime.ts';
import { guardId } from './guard-id.ts';

/**
 * A copy of an input shape with every id-named field that accepts only strings wrapped in `guardId`, for servers
 * that build shapes at run time. Fields that are already guarded, numeric, unions, coerced, or constrained to a
 * format no number can match (uuid, email, url, regex) are left as they are. Never use it on an output shape.
 */
export function guardIdFields<Shape extends Record<string, unknown>>(shape: Shape): Shape {
  const guarded: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const field = describeFieldSchema(schema);
    const wrap = isIdName(key) && field.kind === 'string' && field.constrainedFormat === undefined;
    guarded[key] = wrap ? guardId(schema as Parameters<typeof guardId>[0]) : schema;
  }
  return guarded as Shape;
}
