import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/schema-built-on-argument', import.meta.url));

describe('a helper that builds on the schema it is given', () => {
  // `withFormat(LogTimeSchema)` returns `schema.extend({ format })`: at each call the schema is the argument, with
  // the helper's methods applied.
  const { report } = audit(FIXTURE);

  it("reads the argument's fields and the helper's", () => {
    expect(report.tools.find((tool) => tool.name === 'log_time')?.input).not.toBe('unresolved');
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'log_time.task_id string',
    ]);
  });

  it('pairs the numeric task ids with it', () => {
    expect(chainLines(report)).toEqual(['list_tasks [].task_id -> log_time.task_id: broken']);
  });
});
