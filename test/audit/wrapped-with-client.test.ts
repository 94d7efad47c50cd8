import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/wrapped-with-client', import.meta.url));

describe('a handler wrapped by a call that also hands it a value', () => {
  // `wrapHandler(handleGetProjects, client)`: the handler is the argument that is a function, not the last one.
  it('reads the handler the wrapper is handed', () => {
    const { report } = audit(FIXTURE);
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`)).toEqual([
      'get_projects typed',
      'get_project typed',
    ]);
    expect(chainLines(report)).toEqual([
      'get_projects projects[].id -> get_project.project_id: broken',
      'get_project project.id -> get_project.project_id: broken',
    ]);
  });
});
