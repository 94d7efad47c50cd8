import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/unknown-parts', import.meta.url));

describe('tools that emit unknown types, by the part of their result the types leave unknown', () => {
  const { report } = audit(FIXTURE);
  const lines = formatAuditText(report, { cwd: FIXTURE }).split('\n');
  const start = lines.findIndex((line) => line.startsWith('Tools that emit unknown types'));

  it('names the unknown part of a typed result, or the whole result, each where the code leaves it', () => {
    expect(lines.slice(start, start + 8)).toEqual([
      'Tools that emit unknown types (3): the types do not show the ids in these parts of what they return',
      '  create_parcel raw  src/server.ts:28',
      '  list_rates (the whole result)  src/server.ts:31',
      '  get_quote pickup  src/server.ts:39',
      '  get_quote delivery  src/server.ts:39',
      '  get_quote surcharges  src/server.ts:39',
      '  get_quote and 1 more parts (--format json lists each)',
      "  next: give these values a type (the API client's answer, a field typed unknown), or, where they are an API's answers, name its OpenAPI document: --openapi <file-or-url>, or audit.openapi in agent-contract.config.json",
    ]);
  });

  it('keeps the JSON report as it was: one entry per unknown part', () => {
    expect(report.unknownEmitters.map(({ tool, path }) => `${tool} ${path}`)).toEqual([
      'create_parcel raw',
      'list_rates ',
      'get_quote pickup',
      'get_quote delivery',
      'get_quote surcharges',
      'get_quote carrier',
    ]);
  });
});
