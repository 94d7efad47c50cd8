import type { FieldRefusal, FieldWarning } from '../dispositions/apply-dispositions.ts';

/**
 * Response bodies that carry the next instruction, since an agent's docs are not in its context window but the JSON
 * is. `warnings` is in every branch, failures included, so a discrepancy never goes quiet.
 */

export interface PollInstruction {
  /** The tool to call again: `get_run`. */
  readonly tool: string;
  /** The argument that names the run: `run_id`. */
  readonly argument: string;
  /** Seconds to wait before the next poll. */
  readonly afterSeconds: number;
  /** The states that end the run: `['succeeded', 'failed']`. */
  readonly finalStates: readonly string[];
  /** What the user is waiting for, e.g. "Video"; and the field that will hold it, e.g. "video_url". */
  readonly subject: string;
  readonly resultField: string;
}

export interface InProgressBody {
  readonly status: 'IN_PROGRESS';
  readonly run_id: string;
  readonly state: string;
  readonly warnings: readonly FieldWarning[];
  readonly next_action: string;
  readonly [extra: string]: unknown;
}

/** An in-progress answer: the run id, its state, the warnings, and the imperative to poll again. */
export function inProgress(
  run: {
    readonly runId: string;
    readonly state: string;
    readonly warnings?: readonly FieldWarning[];
    readonly extra?: Readonly<Record<string, unknown>>;
  },
  poll: PollInstruction,
): InProgressBody {
  const finals = poll.finalStates.map((state) => `'${state}'`).join(' or ');
  return {
    status: 'IN_PROGRESS',
    run_id: run.runId,
    state: run.state,
    ...run.extra,
    warnings: run.warnings ?? [],
    next_action:
      `${poll.subject} is NOT ready. Call ${poll.tool} with ${poll.argument}=${run.runId} again in ~${poll.afterSeconds} seconds. ` +
      `Repeat until state is ${finals}. Do NOT tell the user the ${poll.subject.toLowerCase()} is done until you have a ${poll.resultField}.`,
  };
}

export interface FailureBody {
  readonly status: 'FAILED';
  readonly error: string;
  readonly message: string;
  readonly retryable: boolean;
  readonly next_action: string;
  readonly warnings: readonly FieldWarning[];
  readonly [extra: string]: unknown;
}

/** A failure expanded into fields: what happened, whether repeating can help, and what to do next. */
export function failure(body: {
  readonly error: string;
  readonly message: string;
  readonly retryable: boolean;
  readonly nextAction: string;
  readonly warnings?: readonly FieldWarning[];
  readonly details?: Readonly<Record<string, unknown>>;
}): FailureBody {
  return {
    status: 'FAILED',
    error: body.error,
    message: body.message,
    retryable: body.retryable,
    ...body.details,
    next_action: body.nextAction,
    warnings: body.warnings ?? [],
  };
}

/** The 402 kind: repeating cannot help; stop and tell the human the numbers. */
export function insufficientCredits(numbers: {
  readonly required: number;
  readonly available: number;
  readonly unit: string;
  readonly warnings?: readonly FieldWarning[];
}): FailureBody {
  return failure({
    error: 'insufficient_credits',
    message: `This needs ${numbers.required} ${numbers.unit}; the account has ${numbers.available}.`,
    retryable: false,
    nextAction: `Stop and tell the user: this needs ${numbers.required} ${numbers.unit} and the account has ${numbers.available}. Do not retry until they have added ${numbers.unit}.`,
    details: { required: numbers.required, available: numbers.available, unit: numbers.unit },
    ...(numbers.warnings === undefined ? {} : { warnings: numbers.warnings }),
  });
}

/** The 429 kind: wait, then repeat the same call unchanged. */
export function rateLimited(numbers: {
  readonly retryAfterSeconds: number;
  readonly warnings?: readonly FieldWarning[];
}): FailureBody {
  return failure({
    error: 'rate_limited',
    message: `Too many requests; try again in ${numbers.retryAfterSeconds} seconds.`,
    retryable: true,
    nextAction: `Wait ${numbers.retryAfterSeconds} seconds, then repeat the same call with the same arguments.`,
    details: { retry_after_seconds: numbers.retryAfterSeconds },
    ...(numbers.warnings === undefined ? {} : { warnings: numbers.warnings }),
  });
}

/** A refusal from `applyDispositions`, as a failure body with the warnings the call also earned. */
export function refusalBody(refusal: FieldRefusal, warnings: readonly FieldWarning[] = []): FailureBody {
  return failure({
    error: refusal.error,
    message: refusal.reason,
    retryable: refusal.retryable,
    nextAction: refusal.next_action,
    details: { field: refusal.field, fields: refusal.fields },
    warnings,
  });
}

/** An MCP tool result carrying `body` as structured content and as JSON text, flagged as an error when it failed. */
export function toolResult(body: object): {
  content: { type: 'text'; text: string }[];
  structuredContent: Record<string, unknown>;
  isError?: true;
} {
  const result = { content: [{ type: 'text' as const, text: JSON.stringify(body) }], structuredContent: { ...body } };
  return (body as { status?: unknown }).status === 'FAILED' ? { ...result, isError: true } : result;
}
