import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/described-numeric', import.meta.url));

describe('an acceptor whose description says its ids are numeric', () => {
  // `feed: z.string().describe('Feed name or numeric id')` fed by an untyped emitter of feeds.
  const { report } = audit(FIXTURE);

  it('is evidence that makes the untyped chains into a string acceptor suspect', () => {
    expect(
      report.chains.map((chain) => `${chain.from.tool} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`),
    ).toEqual(['list_feeds -> get_feed.feed: suspect', 'get_feed -> get_feed.feed: suspect']);
    expect(report.chains[0]?.evidence?.map((entry) => `${entry.kind} ${entry.text}`)).toEqual([
      'described-number "numeric id"',
    ]);
  });
});
