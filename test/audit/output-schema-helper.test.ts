import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/output-schema-helper', import.meta.url));

describe('an output schema built by a helper of the project', () => {
  // `pageSchema(companySchema)` returns `z.strictObject({ results: z.array(item), ... })`: what the schema parses to is
  // read from its type, where the checker has already put the argument in place of the parameter.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('reads the ids of the item the helper was given, at the call and through a const', () => {
    expect(chains).toContain('search_companies results[].id -> discover_movies.company_id: broken');
    expect(chains).toContain('search_keywords results[].id -> discover_movies.keyword_id: ok');
  });

  it('counts the tools with such a schema as emitters of known type, and only them', () => {
    // `discover_movies` answers with data typed `unknown` and declares no output schema.
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 2, unvouched: [] });
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toMatch(/^1 broken chain of 2/);
  });
});
