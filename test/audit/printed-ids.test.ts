import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/printed-ids', import.meta.url));

describe('ids printed into prose', () => {
  // The tools answer in Markdown (a line `- ID:` followed by the project id): no JSON type travels with the digits, so an agent copies
  // what it reads, most likely as the number the code holds; the inputs that refuse that type are suspect, not green.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('reads an id printed through a template, a map joined into lines, an appended let, pushed lines and a formatter', () => {
    expect(chains).toEqual([
      'list_projects project_id -> get_project.project_id: suspect',
      'get_project project.project_id -> get_project.project_id: suspect',
      'list_tags id -> delete_tag.tag_id: suspect',
      'create_group group.group_id -> archive_group.group_id: suspect',
    ]);
  });

  it('counts the printed ids that pair in the summary line, not as result fields', () => {
    expect(formatAuditText(report)).toContain(
      '0 result fields return an id, and 4 ids printed into text pair with an input; 5 input fields take one',
    );
  });

  it("reads a formatter's parameter typed `any` with the type of the record each call hands it", () => {
    const chain = report.chains.find((entry) => entry.to.tool === 'archive_group');
    expect(chain?.evidence?.map((entry) => [entry.kind, entry.text])).toEqual([
      ['printed', '`group.group_id` (number) printed into the text the agent reads'],
    ]);
  });

  it('says where the id is printed and what type the code gives it', () => {
    const chain = report.chains.find((entry) => entry.to.tool === 'delete_tag');
    expect(chain?.evidence?.map((entry) => [entry.kind, entry.text])).toEqual([
      ['printed', '`t.id` (number) printed into the text the agent reads'],
    ]);
  });

  it('reads no type from a local that holds a display of an untyped value (`const id = display(row.id)`)', () => {
    expect(chains.some((line) => line.startsWith('describe_tag '))).toBe(false);
  });

  it('reads no emitter from an input printed back, and none where the type the code gives is accepted', () => {
    expect(chains.some((line) => line.startsWith('delete_tag ') || line.startsWith('list_members '))).toBe(false);
    expect(chains.some((line) => line.includes('list_members.project_id'))).toBe(false);
  });

  it('cannot vouch for what the agent reads out of prose', () => {
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toBe(
      '4 suspect chains of 4; could not vouch for the 4 suspect chains: what their emitters send is not established by a type.',
    );
  });

  it('says in the text report that the id is printed, and that JSON would carry its type', () => {
    const text = formatAuditText(report, { color: false });
    expect(text).toContain('? list_tags id prints it into prose');
    expect(text).toContain(
      'fix: send the ids as JSON (structuredContent, or JSON text) so their type reaches the agent',
    );
    expect(text).not.toContain('is declared prose');
  });
});
