import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditSarif } from '../../src/audit/format-sarif.ts';
import { isRoundedInteger, isWideIntegerJsonSchema } from '../../src/model/wide-ids.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/wide-ids', import.meta.url));

describe('ids beyond 2^53', () => {
  const { report } = audit(FIXTURE);

  it('reports every id field built on a 64-bit integer, input and output, with the fix, and nothing else', () => {
    const findings = report.findings.filter((finding) => finding.rule === 'no-wide-integer-id');
    expect(findings.map((finding) => `${finding.file}:${finding.line} ${finding.tool}`)).toEqual([
      'src/server.ts:12 get_message',
      'src/server.ts:12 get_message',
      'src/server.ts:17 latest_message',
    ]);
    expect(findings.map((finding) => finding.message)).toEqual([
      '`messageId` of tool `get_message` is `z.coerce.bigint()`: it takes a 64-bit integer id as a JSON number, which the agent already holds as a double, so ids beyond 2^53 arrive with other last digits (precision, not type). Emit the id as a string of digits and accept it with guardId(z.string()).',
      '`channelId` of tool `get_message` is `z.int64().optional()`: it takes a 64-bit integer id as a JSON number, which the agent already holds as a double, so ids beyond 2^53 arrive with other last digits (precision, not type). Emit the id as a string of digits and accept it with guardId(z.string()).',
      '`messageId` of tool `latest_message` is `z.bigint()`: it emits a 64-bit integer id as a JSON number, which clients parse into a double, so ids beyond 2^53 arrive with other last digits (precision, not type). Emit the id as a string of digits and accept it with guardId(z.string()).',
    ]);
  });

  it('names the rule in SARIF', () => {
    const sarif = JSON.parse(formatAuditSarif(report, FIXTURE)) as {
      runs: { tool: { driver: { rules: { id: string }[] } }; results: { ruleId: string }[] }[];
    };
    const [run] = sarif.runs;
    expect(run?.tool.driver.rules.map((rule) => rule.id)).toContain('no-wide-integer-id');
    expect(run?.results.filter((result) => result.ruleId === 'no-wide-integer-id')).toHaveLength(3);
  });
});

describe('the JSON side of a wide id', () => {
  it.each([
    [{ type: 'integer', format: 'int64' }, true],
    [{ type: ['integer', 'null'], format: 'uint64' }, true],
    [{ type: 'integer', maximum: 9223372036854775807 }, true],
    [{ type: 'integer', minimum: -9223372036854775808 }, true],
    [{ type: 'integer', format: 'int32' }, false],
    [{ type: 'integer', maximum: Number.MAX_SAFE_INTEGER }, false],
    [{ type: 'string', format: 'int64' }, false],
    [{ type: 'string', pattern: '^\\d+$' }, false],
  ])('%o: %s', (schema, wide) => {
    expect(isWideIntegerJsonSchema(schema)).toBe(wide);
  });

  it('tells a rounded integer from a safe one', () => {
    expect(isRoundedInteger(1234567890123456800)).toBe(true);
    expect(isRoundedInteger(Number.MAX_SAFE_INTEGER)).toBe(false);
    expect(isRoundedInteger(1.5)).toBe(false);
    expect(isRoundedInteger('1234567890123456789')).toBe(false);
  });
});
