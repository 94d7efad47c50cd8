import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/schema-built-on-argument', import.meta.url));

describe('a helper that builds on the schema it is given', () => {
  // `withFormat(LogTimeSchema)` returns `schema.extend({ format })`: at each call the schema is the argument, with
  // the helper's methods applied. `strictInput({ id })` returns `z.strictObject(shape, {...})`: the shape is the
  // argument given at that call.
  const { report } = audit(FIXTURE);

  it("reads the argument's fields and the helper's", () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.input}`)).toEqual([
      'list_tasks zod',
      'log_time zod',
      'get_task zod',
    ]);
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'log_time.task_id string',
      'get_task.id string',
    ]);
  });

  it('pairs the numeric task ids with it', () => {
    expect(chainLines(report)).toEqual([
      'list_tasks [].task_id -> log_time.task_id: broken',
      'list_tasks [].task_id -> get_task.id: broken',
      'get_task task_id -> log_time.task_id: broken',
      'get_task task_id -> get_task.id: broken',
    ]);
  });
});
