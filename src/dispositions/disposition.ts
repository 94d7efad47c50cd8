/**
 * One recorded decision per input field. An agent reads `tools/list` and nothing else, so every published field is a
 * promise: `honored` fields do what they say, `warned` fields are accepted but not (fully) honoured and say so on a
 * channel the caller reads, `refused` fields are answered with a structured error naming the alternative.
 */

export interface Honored {
  readonly decision: 'honored';
}

/**
 * `present`: warn whenever the caller sets the field. `differs-from-default`: warn only when the value differs from
 * the field's default, since a field with `.default()` is always present after parsing and would warn on every call.
 */
export type WarnTrigger = 'present' | 'differs-from-default';

export interface Warned {
  readonly decision: 'warned';
  readonly message: string;
  readonly trigger: WarnTrigger;
  /** The default to compare with for `differs-from-default`; read from the shape when not given. */
  readonly default?: unknown;
}

export interface Refused {
  readonly decision: 'refused';
  /** Why the field is refused, in a sentence an agent can pass on. */
  readonly reason: string;
  /** What to do instead: the tool, field or procedure that does work ("poll get_run"). */
  readonly instead: string;
}

export type Disposition = Honored | Warned | Refused;

export const honored: Honored = Object.freeze({ decision: 'honored' });

export function warned(
  message: string,
  options: { readonly trigger?: WarnTrigger; readonly default?: unknown } = {},
): Warned {
  return {
    decision: 'warned',
    message,
    trigger: options.trigger ?? 'present',
    ...('default' in options ? { default: options.default } : {}),
  };
}

export function refused(reason: string, options: { readonly instead: string }): Refused {
  return { decision: 'refused', reason, instead: options.instead };
}

/** A decision for every key of `Shape`, and no other key. */
export type DispositionTable<Shape> = { readonly [Key in keyof Shape]: Disposition };

/**
 * Declares a shape's table so that the compiler checks it is complete: a field added to the shape without a decision
 * fails `tsc` with the field's name ("Property 'webhook_url' is missing ..."), and a decision for a field that does
 * not exist fails too. The same guarantee as `as const satisfies Record<keyof typeof shape, Disposition>`.
 *
 *     export const makeVideoDispositions = dispositionsFor(makeVideoShape)({ script: honored, ... });
 */
export function dispositionsFor<Shape extends object>(_shape: Shape) {
  return <const Table extends DispositionTable<Shape>>(
    table: Table & Record<Exclude<keyof Table, keyof Shape>, never>,
  ): Table => table;
}
