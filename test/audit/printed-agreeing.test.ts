import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

// Ids printed into text as strings, taken by a string input: no chain is broken or suspect, yet they pair.
const FIXTURE = fileURLToPath(new URL('fixtures/printed-agreeing', import.meta.url));

describe('ids printed into text of a type the input accepts', () => {
  const { report } = audit(FIXTURE);

  it('counts them as pairing, beside the result fields', () => {
    expect(report.summary.emitters).toBe(0);
    expect(report.summary.printedEmitters).toBe(1);
    expect(formatAuditText(report, { color: false })).toContain(
      '0 result fields return an id, and 1 id printed into text pairs with an input; 1 input field takes one',
    );
  });

  it('says they agree rather than that the input has nothing to pair with', () => {
    expect(report.verdict.vouched).toBe(true);
    expect(report.verdict.text).toBe(
      'no tool emits an id as JSON (in structuredContent or JSON text); the 1 id printed into text that pairs with an input is of a type the input accepts, by the type the code gives it.',
    );
  });
});
