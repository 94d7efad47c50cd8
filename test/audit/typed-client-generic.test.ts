import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/typed-client-generic', import.meta.url));

describe("a typed client's methods over a generic transport", () => {
  // `list(): Promise<Group[]> { return this.http.get('/groups') }`, whose `get<T>()` parses untyped JSON: the method's
  // declared answer is what the tool emits, not the generic `Promise<T>` its body hands on.
  const { report } = audit(FIXTURE);

  it('reads what each definition emits by the method its handler calls', () => {
    expect(report.coverage.knownEmitters).toBe(2);
    expect(chainLines(report)).toEqual([
      'list_groups [].id -> get_group.group_id: broken',
      'get_group id -> get_group.group_id: broken',
    ]);
  });
});
