import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/low-level-delegated-parse', import.meta.url));

describe('a low-level branch that hands the arguments to a function of the project that parses them', () => {
  // `case 'get_report': return reports.getReport(request.params.arguments ?? {})`, and `getReport(args)` runs
  // `ReportArgs.parse(args)`: what that schema validates is what the tool accepts, described as it describes it.
  const { report } = audit(FIXTURE);

  it('takes the schema parsed in the function as the acceptor', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.input}`)).toEqual([
      'list_mailboxes json-schema',
      'get_report zod',
      'close_mailbox zod',
    ]);
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'get_report.mailboxes string',
      'close_mailbox.mailbox_id string',
    ]);
  });

  // `request: { mailbox_id: input.mailbox_id }` and `filterApplied: { mailbox_ids: input.mailboxes }` hand the
  // caller's own ids back: they are no emitters.
  it('pairs the numeric mailbox ids with what is parsed, and not with an id handed back from the input', () => {
    expect(chainLines(report)).toEqual([
      'list_mailboxes [].id -> get_report.mailboxes: broken',
      'list_mailboxes [].id -> close_mailbox.mailbox_id: broken',
    ]);
  });
});
