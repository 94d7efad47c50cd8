import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/wrapping-registrar', import.meta.url));

describe('a function of the project that registers a tool and calls the handler it is given', () => {
  // `registerTool(name, description, schema, handler)` registers a callback that serializes `await handler(args)`; a
  // loop over the tool list calls it with the schema and the handler kept under each tool's name.
  const { report } = audit(FIXTURE);

  it('finds every tool the loop registers, with its input', () => {
    expect(report.coverage.tools).toBe(4);
    expect(report.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual([
      'get_project.project_id string',
      'archive_project.project_id number',
      'restore_project.project_id number',
    ]);
  });

  it('reads what each handler returns as what the callback serializes', () => {
    expect(chainLines(report).sort()).toEqual([
      'get_project id -> archive_project.project_id: ok',
      'get_project id -> get_project.project_id: broken',
      'get_project id -> restore_project.project_id: ok',
      'list_projects [].id -> archive_project.project_id: ok',
      'list_projects [].id -> get_project.project_id: broken',
      'list_projects [].id -> restore_project.project_id: ok',
    ]);
  });
});
