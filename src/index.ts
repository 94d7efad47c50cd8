export { decimalIdToNumber, guardId, guardNumberId, numericIdToString } from './guard/guard-id.ts';
export type { GuardedId, GuardedNumberId } from './guard/guard-id.ts';
export { idSchema } from './guard/id-schema.ts';
export type { IdSchema } from './guard/id-schema.ts';
export { guardIdFields } from './guard/guard-id-fields.ts';
export type { GuardIdFieldsOptions } from './guard/guard-id-fields.ts';
export { zodFlavourOf } from './model/zod-flavour.ts';
export type { ZodFlavour } from './model/zod-flavour.ts';
export { entityOfToolName, formatPath, idFieldAt, isIdName, singularize, splitWords } from './model/ids.ts';
export type { IdField, PathSegment } from './model/ids.ts';
export * from './dispositions/index.ts';
export {
  failure,
  inProgress,
  insufficientCredits,
  rateLimited,
  refusalBody,
  toolResult,
} from './responses/agent-responses.ts';
export type { FailureBody, InProgressBody, PollInstruction } from './responses/agent-responses.ts';
