import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/shared-shape', import.meta.url));

describe('a shape one input uses in two places', () => {
  // `payload: contactPayload.optional()` and `contacts: z.array(contactPayload)`.
  it('is read at each place: both fields take the id', () => {
    const { report } = audit(FIXTURE);
    expect(chainLines(report)).toEqual([
      'list_groups [].id -> save_contacts.payload.group_id: broken',
      'list_groups [].id -> save_contacts.contacts[].group_id: broken',
    ]);
  });

  it('is guarded once by guard-ids, and the audit reads both places back as tolerated', async () => {
    const { root, run } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(chainLines(audit(root).report)).toEqual([
      'list_groups [].id -> save_contacts.payload.group_id: tolerated',
      'list_groups [].id -> save_contacts.contacts[].group_id: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
