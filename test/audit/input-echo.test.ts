import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { chainLines } from '../support/chain-lines.ts';

const FIXTURE = fileURLToPath(new URL('fixtures/input-echo', import.meta.url));

describe('a tool that hands back part of its own input', () => {
  // `bulk_log_time` takes `entries[].project_id` as a string or a number and answers with the entries that failed:
  // `errors[].entry.project_id` is what the agent sent, so it originates no id an acceptor could reject.
  const { report } = audit(FIXTURE);
  const chains = chainLines(report);

  it('reads no emitter from properties its own input declares', () => {
    expect(chains.filter((line) => line.startsWith('bulk_log_time '))).toEqual([]);
  });

  // `find_project` prints "Project not found with ID: <projectId>" of a name destructured from its input (its type
  // written by hand); `archive_project` prints `args.projectId` and a name destructured from `args` in its body;
  // `delete_project` prints a `projectId` destructured from its input parsed again in a function it hands it to.
  it('reads no emitter from its own input printed back into its text', () => {
    expect(chains.filter((line) => /^(find_project|archive_project|delete_project) /.test(line))).toEqual([]);
    // `close_project` prints its own `project_id`, converted to text in a helper whose parameter's type is written
    // by hand.
    expect(chains.filter((line) => line.startsWith('close_project '))).toEqual([]);
    expect(report.verdict.text).toBe(
      '6 broken chains and 1 suspect chain of 18 (11 ok); could not vouch for the suspect chain: what its emitter sends is not established by a type.',
    );
  });

  // `list_project_tasks` takes a project's `id` and prints its tasks' own `id`s.
  it('still reads a record id printed under the name of one of its inputs', () => {
    expect(chains).toContain('list_project_tasks id -> get_task.taskId: suspect');
  });

  it('still reads the ids the tool gets from elsewhere', () => {
    expect(chains).toContain('list_projects projects[].id -> get_project.project_id: ok');
    expect(chains).toContain('list_projects projects[].id -> bulk_log_time.entries[].project_id: ok');
  });
});
