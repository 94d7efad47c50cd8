import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/referred-ids', import.meta.url));

describe('bare ids whose descriptions name the tool that gives them out', () => {
  // `id: z.string().describe("The item's id as get_subtitles reports it")`: the noun names nothing the server knows,
  // the tool it names lists the records the id is one of.
  const { report } = audit(FIXTURE);

  it('pairs each with what that tool emits, and an external id with the system its description names', () => {
    expect(chainLines(report)).toEqual([
      'get_subtitles items[].id -> trigger_subtitle_search.id: broken',
      'get_requests items[].id -> respond_to_request.id: broken',
      'lookup_movie items[].tmdbId -> add_movie.external_id: broken',
    ]);
  });

  it('leaves no entity it cannot vouch for', () => {
    expect(report.verdict.vouched).toBe(true);
    expect(report.verdict.text).not.toContain('could not vouch');
  });
});
