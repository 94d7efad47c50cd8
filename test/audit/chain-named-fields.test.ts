import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy } from '../support/guard-ids-copy.ts';
import { runCli } from '../support/run-cli.ts';

// Inputs named like no id (`guest`, `order_number`) that only the server's other fields make ids: guard-ids reads the
// project's chains as the audit does, so the fix the audit names guards them.
const FIXTURE = fileURLToPath(new URL('fixtures/chain-named-fields', import.meta.url));

describe('inputs only the server makes ids', () => {
  it('the audit finds both broken and names guard-ids for each file', async () => {
    expect(chainLines(audit(FIXTURE).report)).toEqual([
      'list_guests guests[].id -> start_guest.guest: broken',
      'start_guest guest.id -> start_guest.guest: broken',
      'list_orders orders[].number -> refund_order.order_number: broken',
    ]);
    const run = await runCli(['audit', '--no-contract', FIXTURE]);
    expect(run.code).toBe(1);
    expect(run.stdout).toMatch(/fix: npx agent-contract codemod guard-ids \S*src\/server\.ts {2}\(guards the acceptor/);
    expect(run.stdout).toMatch(
      /fix: npx agent-contract codemod guard-ids \S*src\/inputs\.ts {2}\(guards the acceptor above in that file with guardNumberId/,
    );
    expect(run.stdout).not.toContain('by hand');
  });

  it('guard-ids guards them, in a file that names no id too, and the audit reads them back', async () => {
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(guarded).toContain(`guest: guardId(z.string().min(1).describe("The guest's id or name"))`);
    expect(readFileSync(path.join(root, 'src/inputs.ts'), 'utf8')).toContain(
      "order_number: guardNumberId(z.number().int().describe('The order number, as list_orders shows it'))",
    );
    expect(chainLines(audit(root).report)).toEqual([
      'list_guests guests[].id -> start_guest.guest: tolerated',
      'start_guest guest.id -> start_guest.guest: tolerated',
      'list_orders orders[].number -> refund_order.order_number: tolerated',
    ]);
  });

  it('the one-file transform, which has no program to read chains from, leaves them alone', async () => {
    const { guardIdsTransform } = await import('../../codemods/guard-ids.ts');
    const source = readFileSync(path.join(FIXTURE, 'src/inputs.ts'), 'utf8');
    expect(guardIdsTransform(source, path.join(FIXTURE, 'src/inputs.ts'))).toBeUndefined();
  });
});

afterAll(removeTempTrees);
