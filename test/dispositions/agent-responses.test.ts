import { describe, expect, it } from 'vitest';
import { failure, inProgress, rateLimited, toolResult } from '../../src/index.ts';

describe('agent responses', () => {
  it('rate limits say wait N seconds and repeat the same call', () => {
    expect(rateLimited({ retryAfterSeconds: 30 })).toEqual({
      status: 'FAILED',
      error: 'rate_limited',
      message: 'Too many requests; try again in 30 seconds.',
      retryable: true,
      retry_after_seconds: 30,
      next_action: 'Wait 30 seconds, then repeat the same call with the same arguments.',
      warnings: [],
    });
  });

  it('keeps warnings in the failure branch', () => {
    const body = failure({
      error: 'render_failed',
      message: 'The renderer crashed.',
      retryable: true,
      nextAction: 'Call make_video again.',
      warnings: [{ field: 'look', message: 'm' }],
    });
    expect(body.warnings).toEqual([{ field: 'look', message: 'm' }]);
  });

  it('marks failed bodies as MCP errors and mirrors every body as JSON text', () => {
    const failed = toolResult(rateLimited({ retryAfterSeconds: 1 }));
    expect(failed.isError).toBe(true);
    expect(JSON.parse(failed.content[0]?.text ?? '')).toEqual(failed.structuredContent);
    const running = toolResult(
      inProgress(
        { runId: 'r1', state: 'queued' },
        {
          tool: 'get_job',
          argument: 'job_id',
          afterSeconds: 2,
          finalStates: ['done'],
          subject: 'Report',
          resultField: 'report_url',
        },
      ),
    );
    expect(running.isError).toBeUndefined();
    expect(running.structuredContent['next_action']).toBe(
      "Report is NOT ready. Call get_job with job_id=r1 again in ~2 seconds. Repeat until state is 'done'. Do NOT tell the user the report is done until you have a report_url.",
    );
  });
});
