import type { FieldWarning } from '../../../src/index.ts';

export type RunState = 'queued' | 'rendering' | 'succeeded' | 'failed';

export interface Run {
  readonly id: string;
  readonly script: string;
  readonly aspect: string;
  state: RunState;
  polls: number;
  videoUrl: string | null;
  readonly warnings: readonly FieldWarning[];
}

/**
 * The render farm, simulated: a run advances one state per poll (queued, rendering, rendering, succeeded), so the
 * polling contract can be exercised without waiting. Credits are spent when a run is created.
 */
export class RunStore {
  private readonly runs = new Map<string, Run>();
  private nextId = 1;
  credits: number;

  constructor(credits = 10) {
    this.credits = credits;
  }

  /** One credit per started 100 characters of script. */
  static cost(script: string): number {
    return Math.max(1, Math.ceil(script.length / 100));
  }

  create(script: string, aspect: string, warnings: readonly FieldWarning[]): Run {
    this.credits -= RunStore.cost(script);
    const run: Run = { id: `run_${this.nextId}`, script, aspect, state: 'queued', polls: 0, videoUrl: null, warnings };
    this.nextId += 1;
    this.runs.set(run.id, run);
    return run;
  }

  /** Reads a run and lets it advance, as a poll does. */
  poll(id: string): Run | undefined {
    const run = this.runs.get(id);
    if (run === undefined || run.state === 'succeeded' || run.state === 'failed') return run;
    run.polls += 1;
    if (run.polls >= 3) {
      run.state = 'succeeded';
      run.videoUrl = `https://videos.example.com/${run.id}.mp4`;
    } else run.state = 'rendering';
    return run;
  }
}
