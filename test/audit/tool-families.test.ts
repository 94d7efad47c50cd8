import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/tool-families', import.meta.url));

describe('a server over several systems, named in its tool names', () => {
  // Telegram's message ids are numbers, Discord's and Slack's strings; each system's tools take their own.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it("pairs an acceptor with its own system's ids, not another's", () => {
    expect(chains).toContain('TELEGRAM_SEND_MESSAGE message_id -> TELEGRAM_DELETE_MESSAGE.messageId: ok');
    expect(chains).toContain('DISCORD_GET_MESSAGES messages[].id -> DISCORD_DELETE_MESSAGE.messageId: ok');
    expect(chains.filter((line) => /^(DISCORD|SEND_SLACK).* -> TELEGRAM_/.test(line))).toEqual([]);
    expect(chains.filter((line) => /^(TELEGRAM|SEND_SLACK).* -> DISCORD_/.test(line))).toEqual([]);
  });

  it("still pairs an acceptor whose system gives out none of its ids with another system's", () => {
    expect(chains).toContain('CORE_LIST_PROJECTS projects[].id -> BOARD_ADD_CARD.project_id: broken');
    expect(report.verdict.text).toBe('1 broken chain of 5 (4 ok).');
  });
});
