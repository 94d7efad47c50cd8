import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// A bulk tool hands back the requests that failed as the agent sent them: a list of ids the input declares (a string
// or a number each) is the agent's own, and gives out no id.
const FIXTURE = fileURLToPath(new URL('fixtures/input-echo-lists', import.meta.url));

describe('a list of ids of the input, handed back', () => {
  const { report } = audit(FIXTURE);

  it('is no emitter', () => {
    expect(report.emitters.map((emitter) => `${emitter.tool} ${emitter.path}`)).toEqual([
      'list_people people[].people_id',
      'bulk_create_timeoff results[].created.timeoff_id',
    ]);
    expect(chainLines(report)).toEqual([
      'list_people people[].people_id -> bulk_create_timeoff.requests[].people_ids: ok',
      'list_people people[].people_id -> assign_person.people_id: ok',
    ]);
  });
});
