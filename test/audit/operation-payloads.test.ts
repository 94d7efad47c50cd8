import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/operation-payloads', import.meta.url));

describe("ids in an answer keyed by the operation's name, as GraphQL mutations answer", () => {
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('names each id by the record under the operation, not by the operation', () => {
    expect(chains).toContain('add_item addItemById.item.id -> remove_item.item_id: broken');
    expect(chains).toContain('create_issue createIssue.node.id -> add_item.issue_id: ok');
  });

  it('reads no id from an operation key whose value is an object or null', () => {
    expect(report.emitters.map((emitter) => emitter.path)).not.toContain('addItemById');
    expect(report.emitters.map((emitter) => emitter.entity)).not.toContain('id');
  });
});
