import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { removeTempTrees } from '../codemods/runner/temp-tree.ts';
import { chainLines } from '../support/chain-lines.ts';
import { guardIdsOnCopy, lintGuardedIds } from '../support/guard-ids-copy.ts';

// `cond ? z.string().optional() : z.string()`: a field whose schema the configuration picks accepts what either
// branch accepts; read as that type when the branches agree, and as unknown when they do not.
const FIXTURE = fileURLToPath(new URL('fixtures/conditional-schemas', import.meta.url));

describe('a conditional between two schemas', () => {
  const { report } = audit(FIXTURE);

  it('reads the field as the type both branches accept', () => {
    expect(chainLines(report).filter((line) => line.includes('get_project.'))).toEqual([
      'list_projects [].id -> get_project.project_id: broken',
      'get_project id -> get_project.project_id: broken',
    ]);
    const field = report.acceptors.find((acceptor) => acceptor.tool === 'get_project');
    expect(field?.type).toBe('string');
  });

  it('reads no type where the branches disagree: its chains are unknown, neither broken nor ok', () => {
    expect(report.acceptors.find((acceptor) => acceptor.tool === 'list_labels')?.type).toBe('unknown');
    expect(chainLines(report).filter((line) => line.includes('list_labels.'))).toEqual([
      'list_projects [].id -> list_labels.project_id: unknown',
      'get_project id -> list_labels.project_id: unknown',
    ]);
    // An input whose type could not be read leaves its chains unchecked: the audit cannot vouch for them.
    expect(report.verdict.vouched).toBe(false);
    expect(report.verdict.text).toContain(
      'could not vouch for the 2 unknown chains: one side publishes no type for the id (list_labels.project_id)',
    );
  });
});

describe('a conditional between two schemas, across the front ends', () => {
  it('the lint rule flags it, guard-ids guards its use, and both then read the guarded field back', async () => {
    const original = readFileSync(path.join(FIXTURE, 'src/server.ts'), 'utf8');
    expect(lintGuardedIds(original).map((line) => /`(\w+)`/.exec(line)?.[1])).toEqual(['project_id']);
    const { root, run, guarded } = await guardIdsOnCopy(FIXTURE);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('project_id: labelProject picks one of two schemas that accept different types');
    expect(guarded).toContain('{ project_id: guardId(projectParam) }');
    expect(lintGuardedIds(guarded)).toEqual([]);
    expect(chainLines(audit(root).report).filter((line) => line.includes('get_project.'))).toEqual([
      'list_projects [].id -> get_project.project_id: tolerated',
      'get_project id -> get_project.project_id: tolerated',
    ]);
  });
});

afterAll(removeTempTrees);
