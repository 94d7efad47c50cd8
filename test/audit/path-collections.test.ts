import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/path-collections', import.meta.url));

describe('an id input sent into a URL path of another collection', () => {
  // `get_reputation` fetches the seller from the users collection's path (described "The numeric id of the
  // account"): a seller's id is a user's id, and the user's id it prints (a number) is what an agent passes on to
  // every `seller_id`.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('pairs the input with the ids of the collection it is sent into', () => {
    expect(chains).toContain('get_reputation user.id -> get_reputation.seller_id: suspect');
    const reputation = report.acceptors.find((acceptor) => acceptor.tool === 'get_reputation');
    expect(reputation).toMatchObject({ entity: 'user', sentInto: 'user' });
  });

  it('says in the text report why the input pairs with users', () => {
    expect(formatAuditText(report)).toContain(
      "  get_reputation.seller_id accepts string  test/audit/fixtures/path-collections/src/server.ts:23\n    taken as a user's id: the server sends ids of this input's entity into a URL path of the user collection",
    );
  });

  // `list_orders` sends its `seller_id` as a query parameter; it is the same entity's input.
  it('pairs every input of that entity so', () => {
    expect(chains).toContain('get_reputation user.id -> list_orders.seller_id: suspect');
  });

  it('leaves an input whose description names its own entity as it is', () => {
    expect(report.acceptors.find((acceptor) => acceptor.tool === 'upload_file')).toMatchObject({ entity: 'folder' });
    expect(chains.filter((line) => line.includes('upload_file.folder_id'))).toEqual([]);
  });

  it('leaves an input sent into its own collection as it is', () => {
    expect(report.acceptors.find((acceptor) => acceptor.tool === 'get_order')).not.toHaveProperty('sentInto');
    expect(chains).toContain('list_orders [].id -> get_order.order_id: broken');
  });
});
