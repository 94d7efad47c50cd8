import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

/**
 * One result, two channels: the package's own `toolResult(body)` sends the value as JSON text and as
 * `structuredContent`, which it types `Record<string, unknown>`. The text says the types, so the untyped channel of
 * the same result does not make the tool an unknown emitter (examples/video-runs). A result whose only channel is
 * untyped still does (test/audit/one-untyped-tool.test.ts).
 */

const VIDEO_RUNS = fileURLToPath(new URL('../../examples/video-runs', import.meta.url));

describe('a result sent as typed JSON text and as loosely typed structuredContent', () => {
  const { report } = audit(VIDEO_RUNS);

  it('is read by its typed channel', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual(['make_video typed', 'get_run typed']);
    expect(report.unknownEmitters).toEqual([]);
    expect(report.verdict).toEqual({ vouched: true, text: 'no broken chain among 2 chains (2 ok).' });
  });
});
