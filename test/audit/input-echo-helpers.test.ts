import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/input-echo-helpers', import.meta.url));

describe('a tool that hands its own input back through helpers', () => {
  // `manage_time` takes `people_id` and `entries[].people_id` as a string or a number, in an input put together from
  // the shapes of two schemas declared apart. Its handler passes the input to helpers typed by what those schemas
  // infer, which answer with the `people_id` they were given and with the entries that failed.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('reads no emitter from what the helpers hand back of the input', () => {
    expect(chains.filter((line) => line.startsWith('manage_time errors[].entry.people_id '))).toEqual([]);
    // What `manage_time` gives out under `people_id` is the API record's number alone, not the agent's string too.
    expect(chains.filter((line) => line.startsWith('manage_time people_id ') && !line.endsWith(': ok'))).toEqual([]);
    expect(report.verdict.text).toBe('no broken chain among 12 chains (12 ok).');
  });

  // `reportOf`, typed `Promise<Record<string, unknown>>`, builds `{ people_id, ... }` of the name it was given, at
  // the place where `latest` answers an API record's `people_id`: the two are read apart.
  it('still reads the ids the tool gets from the API', () => {
    expect(chains).toContain('manage_time people_id -> get_person.people_id: ok');
    expect(chains).toContain('manage_time logged[].people_id -> get_person.people_id: ok');
    expect(chains).toContain('list_people people[].people_id -> get_person.people_id: ok');
  });
});
