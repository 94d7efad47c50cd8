import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import type { PublishedSurface } from '../../src/model/published-surface.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/forwarded-ids', import.meta.url));

describe('an input whose name says no id, sent on by the handler as an id', () => {
  // `params.user_id = args.user`, `params['activity_id'] = args.activity.toString()`, `{ assignee_id: assignee ?? 'me' }`.
  it('takes the ids of the entity it is sent on as', () => {
    const { report } = audit(FIXTURE);
    expect(chainLines(report)).toEqual([
      'list_time_entries time_entries[].user.id -> list_time_entries.user: broken',
      'list_time_entries time_entries[].activity.id -> list_time_entries.activity: broken',
      'search_issues issues[].assignee.id -> search_issues.assignee: broken',
    ]);
    const forwarded = report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.entity}`);
    expect(forwarded).toEqual([
      'list_time_entries.user user',
      'list_time_entries.activity activity',
      'search_issues.assignee assignee',
    ]);
  });

  // The published `tools/list` names the fields without an id word; the source reading says what the handler does.
  it('takes the same ids against the published contract', () => {
    const object = (properties: Record<string, unknown>) => ({ type: 'object', properties });
    const published: PublishedSurface = {
      source: 'tools/list',
      tools: [
        {
          name: 'list_time_entries',
          inputSchema: object({
            user: { type: 'string', description: "'me', or whose entries" },
            activity: { type: 'string' },
            note: { type: 'string' },
            tags: { type: 'string' },
          }),
        },
        { name: 'search_issues', inputSchema: object({ assignee: { type: 'string' }, status: { type: 'string' } }) },
      ],
    };
    const { report } = audit(FIXTURE, { published });
    expect(chainLines(report)).toEqual([
      'list_time_entries time_entries[].user.id -> list_time_entries.user: broken',
      'list_time_entries time_entries[].activity.id -> list_time_entries.activity: broken',
      'search_issues issues[].assignee.id -> search_issues.assignee: broken',
    ]);
    expect(report.coverage.contract?.unplacedFields).toEqual([]);
  });

  it('guard-ids guards each, reading the same chains, and the audit reads them back as tolerated', async () => {
    const { root, run } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(chainLines(audit(root).report)).toEqual([
      'list_time_entries time_entries[].user.id -> list_time_entries.user: tolerated',
      'list_time_entries time_entries[].activity.id -> list_time_entries.activity: tolerated',
      'search_issues issues[].assignee.id -> search_issues.assignee: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
