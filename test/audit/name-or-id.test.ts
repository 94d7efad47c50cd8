import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy, lintGuardedIds } from '../support/guard-ids-copy.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/name-or-id', import.meta.url));

describe('a name field its description says takes the id too', () => {
  // `boardName: z.string().describe('Board name (partial match) or numeric board ID')`.
  it('is an acceptor of that record, and a name alone is not', () => {
    const { report } = audit(FIXTURE);
    expect(chainLines(report)).toEqual(['list_boards boards[].id -> get_board_policies.boardName: broken']);
  });

  it('is what the lint rule flags and guard-ids guards, and the audit reads the guarded field back as tolerated', async () => {
    const original = readFileSync(path.join(FIXTURE, 'src/server.ts'), 'utf8');
    expect(lintGuardedIds(original).map((line) => line.replace(/^\d+: `(\w+)`.*$/, '$1'))).toEqual(['boardName']);
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(lintGuardedIds(guarded)).toEqual([]);
    expect(chainLines(audit(root).report)).toEqual([
      'list_boards boards[].id -> get_board_policies.boardName: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
