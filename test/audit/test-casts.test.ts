import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';
import { lineOf } from '../support/line-of.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/test-casts', import.meta.url));
const TEST_FILE = path.join(FIXTURE, 'src/todos.test.ts');
/** The fixture's line that passes a todo id on to `get_todo`, and its text. */
const CAST_LINE = lineOf(TEST_FILE, "'get_todo'");
const CAST_SOURCE = readFileSync(TEST_FILE, 'utf8').split('\n')[CAST_LINE - 1] ?? '';

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describe("a typed emitter whose ids the project's tests cast before passing them on", () => {
  // The fixture's test converts a todo id declared `string` to a string anyway: it saw the id arrive as something else.
  // The cast is written in the fixture alone; here it is read from the fixture's line.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('makes the chains the declared type alone keeps suspect, with the cast as evidence', () => {
    expect(chains).toContain('list_todos todos[].id -> get_todo.todo_id: suspect');
    expect(chains).toContain('list_invoices invoices[].id -> get_invoice.invoice_id: suspect');
    const todo = report.chains.find((chain) => chain.to.tool === 'get_todo');
    expect(todo?.reason).toBe(
      'emits string by its declared type, but the code treats these ids as number; accepts only string',
    );
    const [entry, ...others] = todo?.evidence ?? [];
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'test-cast', tool: '', field: '', file: 'src/todos.test.ts', line: CAST_LINE });
    expect(entry?.text.startsWith('String(')).toBe(true);
    expect(CAST_SOURCE).toContain(`todo_id: ${entry?.text ?? '?'} }`);
  });

  it('makes the ids declared by hand beside a contradicted one suspect, on the same evidence', () => {
    // `Project` is declared in the same file as `Todo`, whose declared id the test contradicts.
    expect(chains).toContain('list_projects projects[].id -> get_project.project_id: suspect');
    const project = report.chains.find((chain) => chain.to.tool === 'get_project' && chain.status === 'suspect');
    const [entry, ...others] = project?.evidence ?? [];
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ kind: 'declared-beside', file: 'src/todos.test.ts', line: CAST_LINE });
    expect(entry?.text).toMatch(/ contradicts `id`, declared in src\/server\.ts$/);
  });

  it('leaves ids declared in another file, which no test contradicts, as the types say', () => {
    expect(chains).toContain('list_labels labels[].id -> get_label.label_id: ok');
  });

  it('cannot vouch for a suspect chain, and says why in the verdict', () => {
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toBe(
      '3 suspect chains of 8 (5 ok); could not vouch for the 3 suspect chains: what their emitters send is not established by a type.',
    );
    const text = formatAuditText(report, { color: false });
    expect(text).toContain('list_todos todos[].id is declared string');
    expect(text).toContain(
      '  fix: make the declared types say what the API sends (the casts in the tests say they do not); if they send numbers, run',
    );
    const cast = report.chains.find((chain) => chain.to.tool === 'get_todo')?.evidence?.[0]?.text ?? '?';
    expect(text.split('\n')).toContainEqual(
      expect.stringMatching(new RegExp(`^ {4}evidence: ${escape(cast)} {2}\\S*src/todos\\.test\\.ts:${CAST_LINE}$`)),
    );
  });
});
