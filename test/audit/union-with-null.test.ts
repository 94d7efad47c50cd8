import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy, lintGuardedIds } from '../support/guard-ids-copy.ts';

// `z.union([z.string(), z.null()])` is `z.string().nullable()`: an id field that may be null is still an id field.
const FIXTURE = fileURLToPath(new URL('fixtures/union-with-null', import.meta.url));

describe('an id schema in a union with null', () => {
  const { report } = audit(FIXTURE);

  it('reads the member that takes a value, in both directions', () => {
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'link_ticket.parent_ticket_id string',
      'assign_ticket.agent_id number',
    ]);
    expect(chainLines(report)).toEqual([
      'list_tickets tickets[].id -> link_ticket.parent_ticket_id: broken',
      'list_agents agents[].id -> assign_ticket.agent_id: broken',
    ]);
  });
});

describe('an id schema in a union with null, across the front ends', () => {
  it('the lint rule flags it, guard-ids guards it, and both then read the guarded field back', async () => {
    const original = readFileSync(path.join(FIXTURE, 'src/server.ts'), 'utf8');
    expect(lintGuardedIds(original).map((line) => /`(\w+)`/.exec(line)?.[1])).toEqual(['parent_ticket_id', 'agent_id']);
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(guarded).toContain(
      "parent_ticket_id: guardId(z.union([z.string(), z.null()]).describe('The parent ticket, or null'))",
    );
    // A number id that a string feeds is guarded the other way, keeping null.
    expect(guarded).toContain('agent_id: guardNumberId(z.union([z.number(), z.null()])).optional()');
    expect(lintGuardedIds(guarded)).toEqual([]);
    expect(chainLines(audit(root).report)).toEqual([
      'list_tickets tickets[].id -> link_ticket.parent_ticket_id: tolerated',
      'list_agents agents[].id -> assign_ticket.agent_id: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
