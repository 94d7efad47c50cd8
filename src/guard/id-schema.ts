import { z } from 'zod';
import { guardId, type GuardedId } from './guard-id.ts';

/**
 * `guardId(z.string().min(1))`, built with the `zod` your project installed: the id acceptor the helpdesk write-up
 * shipped. Its published JSON Schema is `{"type":"string","minLength":1}`, exactly as before.
 */
export function idSchema(): GuardedId<z.ZodString> {
  return guardId(z.string().min(1)) as GuardedId<z.ZodString>;
}
