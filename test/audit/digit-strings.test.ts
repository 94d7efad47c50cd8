import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/digit-strings', import.meta.url));

describe('a string id the code fills with a number, printed into prose', () => {
  // `Task.id` is a string the fixture fills with the text of an issue's number and of a work item's id: printed
  // bare into the text of `standup` and `board`, it is digits, which an agent sends on as a number.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('reads the printed digits as a number the string acceptor refuses', () => {
    expect(chains).toContain('board task.id -> update_task.taskId: suspect');
    expect(chains).toContain('standup task.id -> update_task.taskId: suspect');
  });

  // `view_board` prints `t.id` of a `t: Task`: the holder's record type names the entity, not the tool's board.
  it('names an id printed off a nameless holder by its record type', () => {
    expect(chains).toContain('view_board task.id -> update_task.taskId: suspect');
    expect(chains.filter((line) => line.includes('view_board.boardId'))).toEqual([]);
  });

  it('names where the code writes the digits', () => {
    const chain = report.chains.find((entry) => entry.from.tool === 'board');
    const texts = chain?.evidence?.map((entry) => entry.text) ?? [];
    expect(texts.filter((text) => text.endsWith("writes a number's digits into it"))).toHaveLength(1);
    expect(chain?.evidence?.find((entry) => entry.text.endsWith('digits into it'))?.line).toBe(33);
  });

  it('keeps the JSON emitter of the same ids, a string, ok', () => {
    expect(chains).toContain('list_tasks [].id -> update_task.taskId: ok');
  });

  // `Note.id` is only ever a UUID the server makes: printed, it is the string it is.
  it('reads no digits into a string the code fills with text', () => {
    expect(chains.filter((line) => line.includes('delete_note'))).toEqual([]);
    expect(report.verdict.text).toBe(
      '3 suspect chains of 4 (1 ok); could not vouch for the 3 suspect chains: what their emitters send is not established by a type.',
    );
  });
});
