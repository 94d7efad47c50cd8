import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/output-schema-covers', import.meta.url));

describe('a tool whose handler passes `any` through, under an output schema', () => {
  // The SDK checks structuredContent against the output schema, and the text beside it is the same value: what the
  // agent reads is typed by the schema, whatever the handler's types say.
  const { report } = audit(FIXTURE);

  it('counts the output schema as the emitted type, and finds the chain it breaks', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_genres unknown',
      'search_movies typed',
      'list_movies typed',
      'get_movie unknown',
    ]);
    expect(chainLines(report).sort()).toEqual([
      'list_movies movies[].id -> get_movie.movie_id: broken',
      'search_movies results[].id -> get_movie.movie_id: broken',
    ]);
  });

  it('counts it when the handler it finds returns plain data that a wrapper puts under the schema', () => {
    // The SDK refuses a result without structuredContent when the tool has an output schema, and checks the one it
    // gets: whatever the wrapper does with the data, what reaches the agent is typed by the schema.
    expect(report.coverage.knownEmitters).toBe(2);
    expect(report.unknownEmitters.map((part) => part.tool)).toEqual(['list_genres', 'get_movie']);
  });

  it('does not count a definition’s output schema that no registration passes on', () => {
    // The loop registers each definition with its input alone: the SDK publishes no output schema and checks nothing.
    const genres = report.tools.find((tool) => tool.name === 'list_genres');
    expect(genres?.emits).toBe('unknown');
    expect(report.emitters.filter((emitter) => emitter.tool === 'list_genres')).toEqual([]);
  });
});
