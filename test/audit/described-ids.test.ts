import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy, lintGuardedIds } from '../support/guard-ids-copy.ts';
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

  it('names guard-ids as the fix, also where only the server makes the field an id', async () => {
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(1);
    // `with_cast` ("person ids") is a person filter only because the server's own fields name people: guard-ids reads
    // the project's chains as the audit does, so it guards that field too.
    expect(run.stdout).not.toContain('by hand');
    expect(run.stdout).toMatch(
      /fix: npx agent-contract codemod guard-ids \S*server\.ts {2}\(guards the 4 acceptors above/,
    );
  });

  it('says so in SARIF too', async () => {
    const run = await runCli(['audit', '--no-contract', '--format', 'sarif', FIXTURE]);
    const messages: string[] = JSON.parse(run.stdout).runs[0].results.map(
      (result: { message: { text: string } }) => result.message.text,
    );
    const about = (field: string) => messages.filter((text) => text.includes(`${field} accepts string`));
    for (const field of ['with_genres', 'with_cast']) {
      expect(about(field).length).toBeGreaterThan(0);
      for (const text of about(field)) expect(text).toContain('agent-contract codemod guard-ids');
    }
  });

  it('reports the description that makes a field an id in the JSON report', () => {
    const withGenres = report.acceptors.find((field) => field.field === 'with_genres');
    expect(withGenres?.description).toBe('Comma-separated genre ids (AND); get them from list_genres');
    expect(report.acceptors.find((field) => field.field === 'genres')).toBeUndefined();
  });
});

describe('input fields their descriptions call ids, after guard-ids', () => {
  it('the audit reads the fields guard-ids wrapped as tolerated, the one only the server makes an id too, and the lint rule finds nothing left', async () => {
    const original = readFileSync(path.join(FIXTURE, 'src/server.ts'), 'utf8');
    expect(lintGuardedIds(original).map((line) => line.replace(/^\d+: `(\w+)`.*$/, '$1'))).toEqual([
      'with_genres',
      'without_genres',
      'with_people',
    ]);
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(lintGuardedIds(guarded)).toEqual([]);
    expect(chainLines(audit(root).report)).toEqual([
      'list_genres genres[].id -> discover_films.with_genres: tolerated',
      'list_genres genres[].id -> discover_films.without_genres: tolerated',
      'search_people [].id -> discover_shows.with_people: tolerated',
      'search_people [].id -> discover_shows.with_cast: tolerated',
    ]);
    expect(guarded).toMatch(/with_cast: guardId\(\s*z\s*\.string\(\)/);
  });
});

afterAll(removeTempTrees);
