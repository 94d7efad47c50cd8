import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';
import { runCli } from '../support/run-cli.ts';

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

  it('says the fix is by hand: guard-ids rewrites id-named fields only, and these are ids by their descriptions', async () => {
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('discover_films.with_genres accepts string');
    expect(run.stdout).toContain('fix: wrap its schema in guardId(...) by hand');
    expect(run.stdout).not.toContain('codemod guard-ids');
  });

  it('says so in SARIF too', async () => {
    const run = await runCli(['audit', '--no-contract', '--format', 'sarif', FIXTURE]);
    const messages = JSON.parse(run.stdout).runs[0].results.map(
      (result: { message: { text: string } }) => result.message.text,
    );
    const broken = messages.filter((text: string) => text.includes('with_genres accepts string'));
    expect(broken.length).toBeGreaterThan(0);
    for (const text of broken) expect(text).toContain('by hand (guard-ids rewrites id-named fields only)');
  });
});
