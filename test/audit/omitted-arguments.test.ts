import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/omitted-arguments', import.meta.url));

describe('a result helper called without its optional structured part', () => {
  // `toTextResult('No locations found.')` of `(text, structuredContent?: Record<string, unknown>) => ...`.
  const { report } = audit(FIXTURE);

  it('reads the part as absent in that call, not as an unknown value, so every tool is typed', () => {
    expect(report.unknownEmitters).toEqual([]);
    expect(report.coverage.knownEmitters).toBe(2);
    expect(report.verdict.vouched).toBe(true);
  });

  it('still reads the structured part the other calls pass, through its cast', () => {
    expect(chainLines(report)).toEqual([
      'find_locations locations[].LocationCode -> get_location.locationCode: broken',
      'get_location LocationCode -> get_location.locationCode: broken',
    ]);
  });
});
