import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { acceptorGuardOf } from '../../../src/adapters/typescript/acceptor-guard.ts';
import { ProgramChains } from '../../../src/adapters/typescript/chain-findings.ts';
import { loadProject } from '../../../src/adapters/typescript/load-project.ts';
import { projectChainsOf } from '../../../src/adapters/typescript/project-chains.ts';

/**
 * The guard the editor's quick fix and no-broken-id-chain's suggestion apply at the acceptor a broken chain ends in,
 * on the audit fixture broken in both directions: guardId around the string acceptor, guardNumberId around the number one.
 */
const folder = fileURLToPath(new URL('../../audit/fixtures/both-directions', import.meta.url));
const chains = projectChainsOf(loadProject(folder));
const broken = chains.chains.filter((chain) => chain.verdict === 'broken');

function guardedText(acceptorTool: string): { guard: string | undefined; text: string } {
  const chain = broken.find((entry) => entry.to.tool === acceptorTool);
  const found = chain === undefined ? undefined : acceptorGuardOf(chain.to);
  const file = chain?.to.node?.getSourceFile();
  if (found === undefined || file === undefined) return { guard: undefined, text: '' };
  let text = file.text;
  for (const edit of [...found.edits].reverse()) text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  return { guard: found.guard, text };
}

describe('the guard at the acceptor of a broken chain', () => {
  it('is guardNumberId for a number acceptor a string emitter breaks, with its import', () => {
    const { guard, text } = guardedText('create_item');
    expect(guard).toBe('guardNumberId');
    expect(text).toContain("import { guardNumberId } from 'agent-contract';\n");
    expect(text).toContain(
      "server.registerTool('create_item', { inputSchema: { boardId: guardNumberId(z.number().int()) } }",
    );
  });

  it('is guardId for a string acceptor a number emitter breaks', () => {
    const { guard, text } = guardedText('get_ticket');
    expect(guard).toBe('guardId');
    expect(text).toContain(
      "server.registerTool('get_ticket', { inputSchema: { ticketId: guardId(z.string().min(1)) } }",
    );
  });

  it('is the guard the finding at the acceptor names', () => {
    const file = broken.find((entry) => entry.to.tool === 'create_item')?.to.node?.getSourceFile().fileName ?? '';
    const advice = new ProgramChains(chains)
      .acceptorFindingsIn(file, 'broken')
      .map((found) => /Wrap the schema in (\w+)/.exec(found.message)?.[1]);
    expect(advice.sort()).toEqual(['guardId', 'guardNumberId']);
  });
});
