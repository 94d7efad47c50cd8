import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// `buildToolDef(name, description, Schema)` renders the schema it is given and returns `{ name, description,
// inputSchema }`, the rest of the rendering: each call's input is the schema that call hands it.
const FIXTURE = fileURLToPath(new URL('fixtures/rendering-definition-helper', import.meta.url));

describe('a definition helper that renders its schema parameter', () => {
  const { report } = audit(FIXTURE);

  it("reads each tool's input from the schema its call hands the helper", () => {
    expect(report.coverage).toMatchObject({ tools: 2, inputsRead: 2, knownEmitters: 2 });
    expect(chainLines(report)).toEqual([
      'search_movies [].id -> get_movie.movie_id: broken',
      'get_movie id -> get_movie.movie_id: broken',
    ]);
  });

  it("places the acceptor at the schema's field, where the fix goes", () => {
    const field = report.acceptors.find((acceptor) => acceptor.tool === 'get_movie');
    expect([field?.file, field?.line]).toEqual(['src/server.ts', 15]);
  });
});
