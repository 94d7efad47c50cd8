import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/declared-beside', import.meta.url));

describe('ids declared by hand beside ids the tests contradict', () => {
  // src/types.ts declares five ids `string`; the fixture's test casts four of them: the fifth, `Project.id`, comes
  // from the same hand for the same API.
  const { report } = audit(FIXTURE);

  it('makes the chains of the id no test casts suspect', () => {
    expect(chainLines(report)).toContain('list_projects projects[].id -> get_project.project_id: suspect');
  });

  it('carries three of the casts as its evidence, in file order', () => {
    const chain = report.chains.find((entry) => entry.from.tool === 'list_projects');
    const evidence = chain?.evidence ?? [];
    expect(evidence.map((entry) => entry.kind)).toEqual(['declared-beside', 'declared-beside', 'declared-beside']);
    expect(evidence.every((entry) => entry.file === 'src/api.test.ts')).toBe(true);
    expect(evidence.map((entry) => entry.line)).toEqual([...evidence.map((entry) => entry.line)].sort((a, b) => a - b));
    expect(evidence.every((entry) => entry.text.endsWith('declared in src/types.ts'))).toBe(true);
  });
});
