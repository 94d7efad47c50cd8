import { isDeepStrictEqual } from 'node:util';
import { defaultOf, hasDefault } from '../model/zod-runtime.ts';
import type { Disposition, DispositionTable } from './disposition.ts';

/** A warning for the response body: which field, and what happened to it. */
export interface FieldWarning {
  readonly field: string;
  readonly message: string;
}

/**
 * The structured error an agent can act on: not retryable as it is, the field, the reason, and the next action
 * naming the alternative. Put it in the tool result body (see `refusalResult`).
 */
export interface FieldRefusal {
  readonly error: 'field_refused';
  readonly retryable: false;
  readonly field: string;
  /** Every refused field the call set, the first one being `field`. */
  readonly fields: readonly string[];
  readonly reason: string;
  readonly next_action: string;
}

export type DispositionOutcome =
  | { readonly ok: true; readonly warnings: readonly FieldWarning[] }
  | { readonly ok: false; readonly refusal: FieldRefusal; readonly warnings: readonly FieldWarning[] };

export interface ApplyOptions {
  /** The accepted shape, to read the defaults of `differs-from-default` warnings from. */
  readonly shape?: Readonly<Record<string, unknown>>;
}

function isSet(input: Readonly<Record<string, unknown>>, key: string): boolean {
  return Object.hasOwn(input, key) && input[key] !== undefined;
}

function defaultFor(
  key: string,
  disposition: Disposition & { decision: 'warned' },
  shape: ApplyOptions['shape'],
): unknown {
  if ('default' in disposition) return disposition.default;
  const fromShape = shape === undefined ? undefined : defaultOf(shape[key]);
  if (fromShape === undefined || !hasDefault(fromShape)) {
    throw new TypeError(
      `applyDispositions: "${key}" warns when it differs from its default, but no default is known; pass { shape } or warned(message, { trigger: 'differs-from-default', default: ... })`,
    );
  }
  return fromShape;
}

/**
 * Applies the recorded decisions to one call's input (after parsing). A refused field that is set stops the call
 * with one structured refusal; warned fields yield warnings for the response, per trigger mode.
 */
export function applyDispositions<Shape extends object>(
  input: Readonly<Record<string, unknown>>,
  dispositions: DispositionTable<Shape>,
  options: ApplyOptions = {},
): DispositionOutcome {
  const table = dispositions as Readonly<Record<string, Disposition>>;
  const refusedFields = Object.keys(table).filter((key) => table[key]?.decision === 'refused' && isSet(input, key));
  const warnings: FieldWarning[] = [];
  for (const [key, disposition] of Object.entries(table)) {
    if (disposition.decision !== 'warned' || !isSet(input, key)) continue;
    if (
      disposition.trigger === 'differs-from-default' &&
      isDeepStrictEqual(input[key], defaultFor(key, disposition, options.shape))
    )
      continue;
    warnings.push({ field: key, message: disposition.message });
  }
  const [first] = refusedFields;
  if (first === undefined) return { ok: true, warnings };
  const disposition = table[first] as Disposition & { decision: 'refused' };
  const others = refusedFields.slice(1);
  const alsoRemove =
    others.length === 0
      ? ''
      : ` Also remove ${others.map((field) => `\`${field}\``).join(', ')}, which ${others.length === 1 ? 'is' : 'are'} refused too.`;
  return {
    ok: false,
    warnings,
    refusal: {
      error: 'field_refused',
      retryable: false,
      field: first,
      fields: refusedFields,
      reason: disposition.reason,
      next_action: `Do not retry with \`${first}\`: ${disposition.instead}.${alsoRemove}`,
    },
  };
}
