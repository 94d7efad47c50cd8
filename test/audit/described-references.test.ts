import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/described-references', import.meta.url));

describe("an id input whose entity is given out only as one record's reference to another", () => {
  // `list_expenses` gives out `attachment_ids` (strings), references an expense holds; no tool gives out an
  // attachment's own id. `create_expense.attachment_ids` is described "File ids attached to the expense": its ids
  // are what `list_files` gives out, numbers, which its strings refuse.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('pairs the input with the ids of the record its description names', () => {
    expect(chains).toContain('list_files [].id -> create_expense.attachment_ids: broken');
    expect(report.acceptors.find((acceptor) => acceptor.field === 'attachment_ids')).toMatchObject({
      entity: 'file',
      describedEntity: 'file',
    });
  });

  it('says in the text report why the input pairs with files', () => {
    expect(formatAuditText(report)).toMatch(
      /create_expense\.attachment_ids accepts string .*server\.ts:\d+ .*\n {4}taken as a file's id: its description names one, and no tool gives out ids of this input's own entity as a record's own/,
    );
  });

  it('keeps an input whose description names no other record as it is', () => {
    expect(chains).toContain('list_expenses [].approver_id -> reassign_expense.approver_id: broken');
  });

  it('keeps an input whose own entity a tool gives out as it is', () => {
    expect(report.acceptors.find((acceptor) => acceptor.tool === 'get_employee')).toMatchObject({
      entity: 'employee',
    });
    expect(chains).toContain('list_employees [].id -> get_employee.employee_id: broken');
  });

  it('reads each of the names a slash joins in the description', () => {
    expect(chains).toContain('list_properties [].id -> get_rates.houseId: broken');
  });

  it("keeps an input whose ids the described entity's own tool gives out under its name", () => {
    expect(chains).toContain('list_salespersons [].salesID -> create_order.salesID: ok');
    expect(chains.filter((line) => line.includes('uniqueID -> create_order'))).toEqual([]);
  });

  it('reads each of two alternatives the description names, and says which it took', () => {
    expect(chains).toContain('list_issues [].id -> add_to_board.content_id: broken');
    expect(formatAuditText(report)).toContain("taken as an issue's id: its description names one");
  });
});
