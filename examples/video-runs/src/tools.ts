import { z } from 'zod';
import {
  applyDispositions,
  dispositionsFor,
  honored,
  inProgress,
  insufficientCredits,
  refused,
  refusalBody,
  warned,
  type FailureBody,
  type InProgressBody,
  type PollInstruction,
} from '../../../src/index.ts';
import { RunStore, type Run } from './runs.ts';

/** Everything make_video accepts. REST takes all of it; MCP is offered the fields that are not refused. */
export const makeVideoShape = {
  script: z.string().min(1).max(2000).describe('What the presenter says'),
  aspect: z.enum(['16:9', '9:16', '1:1']).default('16:9').describe('Frame aspect ratio'),
  look: z.enum(['plain', 'studio', 'neon']).default('plain').describe('Visual styling of the frame'),
  webhook_url: z.string().url().optional().describe('Called when the run ends'),
};

/**
 * One decision per field, checked by the compiler. `look` degrades the output and the caller is polling anyway, so
 * a warning on the run reaches them. `webhook_url` is refused: a caller that subscribed stops polling, and a warning
 * delivered through get_run would go to the very channel it stopped reading.
 */
export const makeVideoDispositions = dispositionsFor(makeVideoShape)({
  script: honored,
  aspect: honored,
  look: warned('Only the plain look is rendered for now; this video uses plain.', { trigger: 'differs-from-default' }),
  webhook_url: refused('Webhooks are not delivered yet.', {
    instead: 'poll get_run with the run_id every ~5 seconds until state is succeeded or failed',
  }),
});

export const getRunShape = { run_id: z.string().min(1).describe('The run id, as returned by make_video') };

export const POLL: PollInstruction = {
  tool: 'get_run',
  argument: 'run_id',
  afterSeconds: 5,
  finalStates: ['succeeded', 'failed'],
  subject: 'Video',
  resultField: 'video_url',
};

export interface SucceededBody {
  readonly status: 'SUCCEEDED';
  readonly run_id: string;
  readonly state: 'succeeded';
  readonly video_url: string;
  readonly warnings: Run['warnings'];
  readonly next_action: string;
}

function runBody(run: Run): InProgressBody | SucceededBody {
  if (run.state === 'succeeded' && run.videoUrl !== null) {
    return {
      status: 'SUCCEEDED',
      run_id: run.id,
      state: 'succeeded',
      video_url: run.videoUrl,
      warnings: run.warnings,
      next_action: `The video is ready at video_url. Give the user the link${run.warnings.length > 0 ? ' and tell them about the warnings' : ''}.`,
    };
  }
  return inProgress({ runId: run.id, state: run.state, warnings: run.warnings, extra: { video_url: null } }, POLL);
}

/** Starts a render; shared by the MCP tool and the REST route, which differ only in what they offer. */
export function makeVideo(
  store: RunStore,
  input: z.output<z.ZodObject<typeof makeVideoShape>>,
): InProgressBody | FailureBody {
  const outcome = applyDispositions(input, makeVideoDispositions, { shape: makeVideoShape });
  if (!outcome.ok) return refusalBody(outcome.refusal, outcome.warnings);
  const cost = RunStore.cost(input.script);
  if (cost > store.credits)
    return insufficientCredits({
      required: cost,
      available: store.credits,
      unit: 'credits',
      warnings: outcome.warnings,
    });
  return runBody(store.create(input.script, input.aspect, outcome.warnings)) as InProgressBody;
}

export function getRun(store: RunStore, runId: string): InProgressBody | SucceededBody | FailureBody {
  const run = store.poll(runId);
  if (run === undefined) {
    return {
      status: 'FAILED',
      error: 'run_not_found',
      message: `There is no run ${runId}.`,
      retryable: false,
      next_action: 'Check the run_id: use the run_id make_video returned, exactly as it was returned.',
      warnings: [],
    };
  }
  return runBody(run);
}
