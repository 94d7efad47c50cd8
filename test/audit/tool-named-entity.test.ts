import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// `search_watch_providers` emits `results[].provider_id`; the server takes `watch-provider` ids and no `provider`.
const FIXTURE = fileURLToPath(new URL('fixtures/tool-named-entity', import.meta.url));

describe("an emitted id whose entity the tool's name completes", () => {
  const { report } = audit(FIXTURE);

  it('pairs it with the entity the tool is named for', () => {
    expect(chainLines(report)).toEqual([
      'search_watch_providers results[].provider_id -> discover_movies.with_watch_providers: broken',
    ]);
  });

  it('names that entity in the report, and leaves nothing unvouched', () => {
    expect(report.emitters.map((emitter) => emitter.entity)).toEqual(['watch-provider', 'movie']);
    expect(report.coverage.unvouched).toEqual([]);
  });
});
