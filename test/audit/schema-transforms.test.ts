import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/schema-transforms', import.meta.url));

describe('unread-input-field on a schema that transforms its input', () => {
  const { report } = audit(FIXTURE);
  const unread = report.findings
    .filter((finding) => finding.rule === 'unread-input-field')
    .map((finding) => `${finding.tool ?? ''} ${finding.file}:${finding.line}`);

  it("counts what the schema's own transform reads, and what the handler reads of a copy it hands on", () => {
    // search_projects' `query` and get_file's `path` are folded in by the transform; list_projects' `limit` is only
    // looked at by a refinement, so the handler never gets it.
    expect(unread).toEqual(['list_projects src/server.ts:27']);
  });
});
