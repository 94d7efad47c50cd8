import { describe, expect, it } from 'vitest';
import { dispositions } from '../../codemods/dispositions.ts';
import { guardIds } from '../../codemods/guard-ids.ts';
import { LOCAL_HELPER_MARKER } from '../../codemods/utils/local-guard-helper.ts';

// Every file a codemod skips carries the reason its quick text test gave, for the summary line and `--json`.
describe('why a codemod skips a file', () => {
  it('guard-ids: no zod import, no id-like name, or the local guard helper itself', () => {
    const cases = {
      'no zod import': "export const ticketId = 'a';\n",
      'no id-like name': "import { z } from 'zod';\nexport const subject = z.string();\n",
      'the local guard helper itself': `${LOCAL_HELPER_MARKER}\nimport { z } from 'zod';\nexport const ticketId = z.string();\n`,
    };
    for (const [reason, source] of Object.entries(cases)) {
      expect(guardIds.mightMatch(source), reason).toBe(false);
      expect(guardIds.skipReason?.(source)).toBe(reason);
    }
  });

  it('dispositions: no zod import, or no tool registration or definition', () => {
    const cases = {
      'no zod import': 'server.registerTool("a", {}, () => ({ content: [] }));\n',
      'no tool registration or definition': "import { z } from 'zod';\nexport const subject = z.string();\n",
    };
    for (const [reason, source] of Object.entries(cases)) {
      expect(dispositions.mightMatch(source), reason).toBe(false);
      expect(dispositions.skipReason?.(source)).toBe(reason);
    }
  });
});
