import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/ids-out-only', import.meta.url));

describe('ids that go out while no input takes one', () => {
  const { report } = audit(FIXTURE);

  it('doubts the reading and says both things it may mean, with what settles it', () => {
    expect(report.coverage).toMatchObject({ tools: 2, inputsRead: 2 });
    expect(report.verdict).toEqual({
      vouched: false,
      text: 'could not vouch for the inputs: found 3 emitted ids and no input that takes one in 2 tools; either no tool takes an id back, or input schemas were read wrong: audit with the published contract (--contract or --server) to settle it.',
    });
  });
});
