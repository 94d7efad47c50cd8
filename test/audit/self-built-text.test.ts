import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/self-built-text', import.meta.url));

describe('a text a let builds from its own value', () => {
  // `note = `Cut off.\n${note}``: the let's new value holds its old one; read once, it ends (it went round until the
  // stack ran out).
  const { report } = audit(FIXTURE);

  it('reads what the let holds once, and the JSON beside it', () => {
    expect(chainLines(report)).toEqual(['list_tags [].id -> delete_tag.tag_id: broken']);
    expect(report.tools.map((tool) => tool.emits)).toEqual(['typed', 'typed']);
  });
});
