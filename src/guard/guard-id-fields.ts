import { isIdName } from '../model/ids.ts';
import { describeFieldSchema } from '../model/zod-runtime.ts';
import { guardId, guardNumberId } from './guard-id.ts';

export interface GuardIdFieldsOptions {
  /** Also wrap every id-named field that accepts only numbers in `guardNumberId` (`guard-ids --number-ids`). */
  readonly numberIds?: boolean;
}

/**
 * A copy of an input shape with every id-named field that accepts only strings wrapped in `guardId`, and with
 * `{ numberIds: true }` every one that accepts only numbers wrapped in `guardNumberId`, for servers that build shapes
 * at run time. Fields that are already guarded, unions, coerced, or constrained to a format no number can match
 * (uuid, email, url, regex) are left as they are. Never use it on an output shape.
 */
export function guardIdFields<Shape extends Record<string, unknown>>(
  shape: Shape,
  options: GuardIdFieldsOptions = {},
): Shape {
  const guarded: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const field = isIdName(key) ? describeFieldSchema(schema) : undefined;
    if (field?.kind === 'string' && field.constrainedFormat === undefined)
      guarded[key] = guardId(schema as Parameters<typeof guardId>[0]);
    else if (field?.kind === 'number' && options.numberIds === true)
      guarded[key] = guardNumberId(schema as Parameters<typeof guardNumberId>[0]);
    else guarded[key] = schema;
  }
  return guarded as Shape;
}
