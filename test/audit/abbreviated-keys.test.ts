import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';
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
    // guard-ids rewrites no key name: the fix says so.
    expect(run.stdout).toContain('wrap the schema of get_post.post_number, pin_post.post_nr in guardId(...) by hand');
    expect(run.stdout).not.toContain('codemod guard-ids');
  });
});
