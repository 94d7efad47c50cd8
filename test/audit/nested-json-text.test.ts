import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

// Tools that send a response helper's text item as JSON: `JSON.stringify(successResponse('...', { runs }))`, the
// helper returning `{ type: 'text', text: JSON.stringify({ message, ...(data || {}) }, null, 2) }`. The ids are JSON
// inside a JSON string, and an agent reads them there.
const FIXTURE = fileURLToPath(new URL('fixtures/nested-json-text', import.meta.url));

describe('JSON text inside the JSON a tool sends', () => {
  const { report } = audit(FIXTURE);

  it("reads the inner JSON's ids, through the helper and the data it spreads", () => {
    expect(chainLines(report)).toEqual([
      'list_runs runs[].id -> get_run.run_id: broken',
      'list_runs runs[].id -> list_results.run_id: ok',
      'get_run run.id -> get_run.run_id: broken',
      'get_run run.id -> list_results.run_id: ok',
      'list_results results[].run_id -> get_run.run_id: broken',
      'list_results results[].run_id -> list_results.run_id: ok',
    ]);
    expect(report.coverage.knownEmitters).toBe(3);
  });

  it('says which acceptor to fix', () => {
    expect(report.verdict).toMatchObject({ vouched: true, text: '3 broken chains of 6 (3 ok).' });
  });
});
