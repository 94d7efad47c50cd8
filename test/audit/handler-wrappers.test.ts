import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/handler-wrappers', import.meta.url));

describe('a handler handed to a function of the project that returns a handler of the same kind', () => {
  // `withErrors(async (args) => ...)`, `logged(withErrors(...))`, `withErrors(listTasks)`: the wrapper calls the
  // function it takes with the same arguments, so what the tool emits is what that function returns.
  const { report } = audit(FIXTURE);

  it('reads the wrapped function as the handler, in a registration and in a definition', () => {
    expect(report.tools.map((tool) => `${tool.name} ${tool.emits}`).sort()).toEqual([
      'get_project typed',
      'get_task typed',
      'list_projects typed',
      'list_tasks typed',
    ]);
    expect(report.coverage).toMatchObject({ tools: 4, knownEmitters: 4, inputsRead: 4 });
  });

  it('pairs what the wrapped handlers emit with what the tools accept', () => {
    const lines = chainLines(report);
    expect(lines).toContain('list_projects [].id -> get_project.project_id: broken');
    expect(lines).toContain('list_tasks [].id -> get_task.task_id: broken');
    expect(lines).toContain('get_task project_id -> list_tasks.project_id: broken');
  });
});
