import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

// A tool catalog answers with `z.toJSONSchema(schema)` of the other tools: a JSON Schema document describes inputs
// and holds no record's id, though its library's type leaves keys such as `default` and `examples` open.
const FIXTURE = fileURLToPath(new URL('fixtures/json-schema-payload', import.meta.url));

describe('a tool that answers with JSON Schema documents', () => {
  const { report } = audit(FIXTURE);

  it('knows what it emits: no ids, nothing unknown', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'search_tools typed',
      'list_tickets typed',
      'get_ticket typed',
    ]);
    expect(report.unknownEmitters).toEqual([]);
    expect(report.verdict.vouched).toBe(true);
  });
});
