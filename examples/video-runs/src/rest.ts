import { z } from 'zod';
import type { RunStore } from './runs.ts';
import { makeVideo, makeVideoShape } from './tools.ts';

/**
 * The REST route for human integrators, who read docs: it accepts the whole shape, including refused fields, and
 * answers a refused field with 400 and the structured refusal.
 */
export function postVideo(store: RunStore, body: unknown): { status: number; body: Record<string, unknown> } {
  const parsed = z.object(makeVideoShape).safeParse(body);
  if (!parsed.success) return { status: 400, body: { error: 'invalid_request', issues: parsed.error.issues } };
  const result = makeVideo(store, parsed.data);
  if (result.status === 'FAILED') return { status: result.error === 'insufficient_credits' ? 402 : 400, body: result };
  return { status: 202, body: result };
}
