import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy, lintGuardedIds } from '../support/guard-ids-copy.ts';

// An input that takes one of several objects (`z.union`, `z.discriminatedUnion`, `.or`): each member's id field is an
// acceptor at its own place.
const FIXTURE = fileURLToPath(new URL('fixtures/union-member-objects', import.meta.url));

describe("id fields in a union's object members", () => {
  const { report } = audit(FIXTURE);

  it('reads each member of a union, a discriminated union and `.or` as the input it takes', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'create_reply.customer.id number',
      'create_message.threads[].customer.id number',
      'set_owner.owner.userId string',
    ]);
    expect(chainLines(report)).toEqual([
      'list_customers customers[].id -> create_reply.customer.id: ok',
      'list_customers customers[].id -> create_message.threads[].customer.id: ok',
      'customer_report customers[].id -> create_reply.customer.id: broken',
      'customer_report customers[].id -> create_message.threads[].customer.id: broken',
      'list_users users[].id -> set_owner.owner.userId: broken',
    ]);
    expect(report.verdict.text).toBe('3 broken chains of 5 (2 ok).');
  });
});

describe("id fields in a union's object members, across the front ends", () => {
  it('the lint rule flags them, guard-ids guards them, and both then read them back', async () => {
    const original = readFileSync(path.join(FIXTURE, 'src/server.ts'), 'utf8');
    expect(lintGuardedIds(original).map((line) => /`(\w+)`/.exec(line)?.[1])).toEqual(['id', 'id', 'userId']);
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(guarded).toContain(
      'owner: z.object({ userId: guardId(z.string()) }).or(z.object({ teamName: z.string() }))',
    );
    expect(lintGuardedIds(guarded)).toEqual([]);
    expect(guarded).toContain('customer: z.union([z.object({ id: guardNumberId(z.number()) }),');
    expect(chainLines(audit(root).report)).toEqual([
      'list_customers customers[].id -> create_reply.customer.id: ok',
      'list_customers customers[].id -> create_message.threads[].customer.id: ok',
      'customer_report customers[].id -> create_reply.customer.id: tolerated',
      'customer_report customers[].id -> create_message.threads[].customer.id: tolerated',
      'list_users users[].id -> set_owner.owner.userId: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
