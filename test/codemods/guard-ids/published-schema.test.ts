import { afterAll, describe, expect, it } from 'vitest';
import { guardIds } from '../../../codemods/guard-ids.ts';
import { runCodemodCommand } from '../../../src/cli/codemod.ts';
import { makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';

afterAll(removeTempTrees);

async function summaryOf(source: string): Promise<string> {
  const cwd = await makeTempTree({ 'server.ts': source });
  let stdout = '';
  const code = await runCodemodCommand(
    'guard-ids',
    ['server.ts'],
    { force: true },
    {
      registry: { 'guard-ids': guardIds },
      cwd,
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: () => true },
    },
  );
  expect(code).toBe(0);
  return stdout;
}

describe('guard-ids says when the published schema moves', () => {
  it('counts the unions and coercions it turned into guarded strings and names the re-snapshot', async () => {
    const summary = await summaryOf(`import { z } from 'zod';
server.tool('get_ticket', { ticketId: z.union([z.string(), z.number()]), customerId: z.coerce.string(), agentId: z.string() }, cb);
`);
    expect(summary.trimEnd().split('\n').at(-1)).toBe(
      '2 fields now publish a different schema (a union or coercion became a guarded string); re-snapshot the committed contract: agent-contract contract check --update -- <server command>.',
    );
  });

  it('says nothing of the contract when only plain strings were wrapped: their bytes stay', async () => {
    const summary = await summaryOf(`import { z } from 'zod';
server.tool('get_ticket', { ticketId: z.string() }, cb);
`);
    expect(summary).not.toContain('re-snapshot');
  });
});
