import { afterAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';

// A list behind a preprocess of the whole list (a project helper's `z.preprocess(parseJson, schema)` on the list it is
// given) and a list written `z.object({...}).array()`: their elements are the acceptors.
const FIXTURE = fileURLToPath(new URL('fixtures/list-preprocess', import.meta.url));

describe('lists behind a preprocess, and lists written `.array()`', () => {
  const { report } = audit(FIXTURE);

  it("reads each list's elements as the ids it takes", () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'assign_issue.assignee_ids string',
      'assign_issue.watcher_ids number',
      'assign_issue.label_ids string',
      'set_labels.labels[].label_id string',
    ]);
    expect(chainLines(report)).toEqual([
      'list_users users[].id -> assign_issue.assignee_ids: broken',
      'list_users users[].id -> assign_issue.watcher_ids: ok',
      'list_labels labels[].label_id -> assign_issue.label_ids: broken',
      'list_labels labels[].label_id -> set_labels.labels[].label_id: broken',
    ]);
  });

  it('guard-ids guards the elements where they are written, and the audit reads them back', async () => {
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(guarded).toContain('assignee_ids: coerceArray(z.array(guardId(z.string())))');
    expect(guarded).toContain('labels: z.object({ label_id: guardId(z.string()),');
    expect(guarded).toContain("label_ids: coerceArray(z.array(z.string())).default([]).describe('Label IDs')");
    expect(chainLines(audit(root).report)).toEqual([
      'list_users users[].id -> assign_issue.assignee_ids: tolerated',
      'list_users users[].id -> assign_issue.watcher_ids: ok',
      'list_labels labels[].label_id -> assign_issue.label_ids: broken',
      'list_labels labels[].label_id -> set_labels.labels[].label_id: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
