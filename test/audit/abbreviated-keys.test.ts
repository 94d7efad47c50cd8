import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';
import { runCli } from '../support/run-cli.ts';

// A record's number written `nr` (`Post.nr`, printed as `@123`) is the number `post_number` and `post_nr` take back.
const FIXTURE = fileURLToPath(new URL('fixtures/abbreviated-keys', import.meta.url));

describe("a record's number under an abbreviated name", () => {
  const { report } = audit(FIXTURE);

  it('reads `nr` as the number of the record that holds it, on both sides', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.entity}`)).toEqual([
      'get_post.post_number post#number',
      'pin_post.post_nr post#number',
    ]);
    expect(chainLines(report).filter((line) => line.startsWith('get_feed'))).toEqual([
      'get_feed post.nr -> get_post.post_number: suspect',
      'get_feed post.nr -> pin_post.post_nr: suspect',
    ]);
  });

  it('does not vouch for the server', async () => {
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(2);
    expect(run.stdout).toContain('4 suspect chains of 4');
    // guard-ids reads the project's chains, so it guards a record's number as it guards an id.
    expect(run.stdout).toMatch(/codemod guard-ids \S*server\.ts` \(the 2 acceptors above in that file\)/);
    expect(run.stdout).not.toContain('by hand');
  });

  it('guard-ids guards both fields, and the audit reads them back as taking the printed number', async () => {
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(guarded).toMatch(/post_number: guardId\(z\.string\(\)/);
    expect(guarded).toMatch(/post_nr: guardId\(z\.string\(\)/);
    const after = audit(root).report;
    expect(chainLines(after)).toEqual([]);
    expect(after.verdict).toEqual({
      vouched: true,
      text: 'no tool emits an id as JSON (in structuredContent or JSON text); the 2 ids printed into text that pair with an input are of a type the input accepts, by the type the code gives them.',
    });
  });
});

afterAll(removeTempTrees);
