import { z } from 'zod';
import { guardId, guardNumberId, type GuardedId, type GuardedNumberId } from './guard-id.ts';

type IdSchemaType = 'string' | 'number';

/** What `idSchema(type)` returns: the guarded string acceptor, or the guarded number acceptor. */
export type IdSchema<Type extends IdSchemaType> = Type extends 'number'
  ? GuardedNumberId<z.ZodNumber>
  : GuardedId<z.ZodString>;

/**
 * The id acceptor the helpdesk write-up shipped, built with the `zod` your project installed: `idSchema()` is
 * `guardId(z.string().min(1))`, which publishes `{"type":"string","minLength":1}`; `idSchema('number')` is
 * `guardNumberId(z.number().int().positive())`, which publishes what `z.number().int().positive()` does.
 */
export function idSchema<Type extends IdSchemaType = 'string'>(type?: Type): IdSchema<Type> {
  const schema = type === 'number' ? guardNumberId(z.number().int().positive()) : guardId(z.string().min(1));
  return schema as IdSchema<Type>;
}
