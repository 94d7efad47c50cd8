import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { formatAuditText } from '../../src/audit/format-text.ts';

/**
 * A tool that passes an HTTP response's body on as text (`await res.text()`, in the handler or in a helper the tools
 * share) emits what the API sent: typed only as a string, its ids are unknown. The coverage line never counts it as
 * known, and the audit cannot vouch.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/response-body-text', import.meta.url));

describe("a response's body passed on as text", () => {
  const { report } = audit(FIXTURE);

  it('is an emitter of unknown type, in the handler and through a shared helper', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_orders typed',
      'get_order unknown',
      'cancel_order unknown',
    ]);
    expect(report.coverage).toMatchObject({ tools: 3, knownEmitters: 1 });
    expect(formatAuditText(report).split('\n')[1]).toBe(
      'Coverage: 3 tools found at 3 registration sites (none it could not follow); emitted types known for 1 of 3 tools',
    );
  });

  it('cannot vouch', () => {
    expect(report.verdict).toEqual({
      vouched: false,
      text: 'could not vouch for what 2 of 3 tools emit (get_order, cancel_order): their emitted types are unknown.',
    });
  });
});
