import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/test-casts', import.meta.url));

describe("a typed emitter whose ids the project's tests cast before passing them on", () => {
  // `String(todo.id)` where `Todo.id` is declared `string`: the test saw the id arrive as something else.
  const { report } = audit(FIXTURE);
  const chains = report.chains.map(
    (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
  );

  it('makes the chains the declared type alone keeps suspect, with the cast as evidence', () => {
    expect(chains).toContain('list_todos todos[].id -> get_todo.todo_id: suspect');
    expect(chains).toContain('list_invoices invoices[].id -> get_invoice.invoice_id: suspect');
    const todo = report.chains.find((chain) => chain.to.tool === 'get_todo');
    expect(todo?.reason).toBe(
      'emits string by its declared type, but the code treats these ids as number; accepts only string',
    );
    expect(todo?.evidence?.map((entry) => `${entry.kind} ${entry.text} ${entry.file}:${entry.line}`)).toEqual([
      'test-cast String(todo.id) src/todos.test.ts:9',
    ]);
  });

  it('leaves chains of entities no test casts as the types say', () => {
    expect(chains).toContain('list_projects projects[].id -> get_project.project_id: ok');
  });

  it('cannot vouch for a suspect chain, and says why in the verdict', () => {
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toBe(
      '2 suspect chains of 6 (4 ok); could not vouch for the 2 suspect chains: what their emitters send is not established by a type.',
    );
    const text = formatAuditText(report, { color: false });
    expect(text).toContain('list_todos todos[].id is declared string');
    expect(text).toContain(
      '  fix: make the declared types say what the API sends (the casts in the tests say they do not); if they send numbers, run',
    );
    expect(text).toMatch(/evidence: String\(todo\.id\) {2}\S*src\/todos\.test\.ts:9\n/);
  });
});
