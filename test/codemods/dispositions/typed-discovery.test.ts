import { cpSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { dispositions } from '../../../codemods/dispositions.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { loadProject } from '../../../src/adapters/typescript/load-project.ts';
import { audit, type AuditReport } from '../../../src/audit/audit.ts';
import { repoRoot } from '../../support/run-cli.ts';

/**
 * The dispositions codemod writes a table for every tool the audit's discovery finds, where the tool's input is
 * written: a tool class's input property or method, a config held in a const, a registration method of an
 * `McpServer` subclass. The result type-checks, the audit reads the same tools and chains back, and a second run
 * has nothing to do.
 */

const FIXTURES: readonly [string, readonly string[]][] = [
  ['class-tools', ['createBoardDispositions', 'createItemDispositions']],
  ['class-factory', ['createTaskDispositions', 'archiveTaskDispositions']],
  ['class-toolkit', ['createBoardDispositions', 'createItemDispositions']],
  ['server-subclass-methods', ['storiesCreateDispositions', 'storiesGetByIdDispositions']],
  ['config-by-reference', ['getTicketDispositions', 'adminPingDispositions']],
];
const work = mkdtempSync(path.join(os.tmpdir(), 'agent-contract-dispositions-typed-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function copyFixture(name: string): string {
  const dir = path.join(work, name);
  cpSync(path.join(repoRoot, 'test', 'audit', 'fixtures', name), dir, { recursive: true });
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function verdicts(report: AuditReport): string[] {
  return report.chains.map(
    (chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}: ${chain.status}`,
  );
}

function typeErrors(dir: string): string[] {
  const project = loadProject(dir);
  return ts
    .getPreEmitDiagnostics(project.program)
    .filter((diagnostic) => diagnostic.file !== undefined && !diagnostic.file.fileName.includes('/node_modules/'))
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe.each(FIXTURES)('dispositions on the %s fixture', (name, tables) => {
  it('writes a table for each tool where its input is written; it type-checks and the audit reads it back', async () => {
    const dir = copyFixture(name);
    const before = audit(dir).report;
    const options = { importFrom: path.join(repoRoot, 'src', 'index.ts') };
    const run = await runCodemod({ codemod: dispositions, options, cwd: dir, write: true, force: true });
    expect(run.summary.errors).toBe(0);
    const written = run.files
      .filter((file) => file.status === 'changed')
      .map((file) => file.output ?? '')
      .join('\n');
    for (const table of tables) expect(written).toContain(`const ${table} = {`);
    expect(written).toContain('offeredShape(');
    expect(typeErrors(dir)).toEqual([]);

    const after = audit(dir).report;
    expect(after.tools.map((tool) => tool.name)).toEqual(before.tools.map((tool) => tool.name));
    expect(after.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`)).toEqual(
      before.acceptors.map((acceptor) => `${acceptor.tool}.${acceptor.field} ${acceptor.type}`),
    );
    expect(verdicts(after)).toEqual(verdicts(before));

    const again = await runCodemod({ codemod: dispositions, options, cwd: dir, write: false });
    expect(again.summary.changed).toBe(0);
  });
});
