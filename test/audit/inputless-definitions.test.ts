import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

/**
 * Tool objects pushed into one list of a declared type whose input is optional (`schema?:`), registered in a loop
 * that branches on it: the object without an input is a tool too (no input), and its answer an emitter.
 */

const FIXTURE = fileURLToPath(new URL('fixtures/inputless-definitions', import.meta.url));

describe('a tool object of the same declared type with no input', () => {
  const { report } = audit(FIXTURE);

  it('is found beside the tools with an input, and the coverage counts it', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.input}`)).toEqual([
      'list_posts zod',
      'get_own_account none',
    ]);
    expect(report.coverage).toMatchObject({ tools: 2, knownEmitters: 2, inputsRead: 2 });
  });

  it('pairs the account id it gives out with the input that takes one', () => {
    expect(chainLines(report)).toEqual([
      'list_posts [].account_id -> list_posts.account_id: broken',
      'get_own_account id -> list_posts.account_id: broken',
    ]);
  });
});
