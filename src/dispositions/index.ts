export { dispositionsFor, honored, refused, warned } from './disposition.ts';
export type { Disposition, DispositionTable, Honored, Refused, Warned, WarnTrigger } from './disposition.ts';
export { offeredShape } from './offered-shape.ts';
export type { RefusedKeys } from './offered-shape.ts';
export { applyDispositions } from './apply-dispositions.ts';
export type { ApplyOptions, DispositionOutcome, FieldRefusal, FieldWarning } from './apply-dispositions.ts';
