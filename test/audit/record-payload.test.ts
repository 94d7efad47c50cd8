import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/record-payload', import.meta.url));

describe('a result helper whose payload parameter is a bag of unknown values', () => {
  // `successResult(payload: Record<string, unknown>)` spreads the payload into the body it serializes.
  const { report } = audit(FIXTURE);

  it('reads what each call passes as what its tool emits', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'list_projects typed',
      'get_project typed',
    ]);
    expect(chainLines(report)).toEqual([
      'list_projects projects[].id -> get_project.project_id: broken',
      'get_project project.id -> get_project.project_id: broken',
    ]);
  });
});
