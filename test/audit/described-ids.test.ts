import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/described-ids', import.meta.url));

describe('input fields their descriptions call ids', () => {
  // `with_genres: z.string().describe('Comma-separated genre ids')`: no id word in the name, a genre id list by meaning.
  const { report } = audit(FIXTURE);

  it("reads a field as the id its description names, when its name names the same entity or a role in a filter of the server's own entity", () => {
    expect(chainLines(report)).toEqual([
      'list_genres genres[].id -> discover_films.with_genres: broken',
      'list_genres genres[].id -> discover_films.without_genres: broken',
      'search_people [].id -> discover_shows.with_people: broken',
      'search_people [].id -> discover_shows.with_cast: broken',
    ]);
  });

  it('leaves fields whose name and description do not meet', () => {
    const fields = report.acceptors.filter((field) => field.tool === 'discover_films').map((field) => field.field);
    expect(fields).toEqual(['with_genres', 'without_genres']);
  });
});
