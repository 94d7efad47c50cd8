import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/shared-case-clause', import.meta.url));

describe('tools whose case clauses fall through to one shared clause', () => {
  // `case 'get_report': case 'get_user_report': result = ...; break;`
  it('reads what each of them emits from the shared statements', () => {
    const { report } = audit(FIXTURE);
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_report typed',
      'get_user_report typed',
      'assign_conversation typed',
    ]);
    expect(chainLines(report)).toEqual([
      'get_report users[].id -> assign_conversation.user: broken',
      'get_user_report users[].id -> assign_conversation.user: broken',
    ]);
  });
});
