import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { guardIds } from '../../../codemods/guard-ids.ts';
import { runCodemod } from '../../../codemods/runner/run-codemod.ts';
import { audit, type AuditReport } from '../../../src/audit/audit.ts';
import { repoRoot } from '../../support/run-cli.ts';

/**
 * guard-ids finds its inputs with the audit's discovery: tool classes whose input is a property or a method's return,
 * shapes built by a factory, configs held in consts and registration methods of an `McpServer` subclass. Run on the
 * audit's own fixtures of those styles, every chain the audit reported broken into a string acceptor is tolerated
 * afterwards, and the audit reads the rewritten code back.
 */

const FIXTURES = ['class-factory', 'schema-factories', 'server-subclass-methods', 'config-by-reference'] as const;
const work = mkdtempSync(path.join(os.tmpdir(), 'agent-contract-typed-discovery-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

function copyFixture(name: string): string {
  const dir = path.join(work, name);
  cpSync(path.join(repoRoot, 'test', 'audit', 'fixtures', name), dir, { recursive: true });
  // The fixtures import the SDK and zod: the repository's own installs.
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

function brokenIntoStrings(report: AuditReport): string[] {
  const stringAcceptors = new Set(
    report.acceptors
      .filter((acceptor) => acceptor.type === 'string')
      .map((acceptor) => `${acceptor.tool}.${acceptor.field}`),
  );
  return report.chains
    .filter((chain) => chain.status === 'broken' && stringAcceptors.has(`${chain.to.tool}.${chain.to.field}`))
    .map((chain) => `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`);
}

describe.each(FIXTURES)('guard-ids on the %s fixture', (name) => {
  it('guards the string acceptors the audit found, and the audit then finds them tolerated', async () => {
    const dir = copyFixture(name);
    const before = audit(dir).report;
    const broken = brokenIntoStrings(before);
    expect(broken.length).toBeGreaterThan(0);

    const run = await runCodemod({ codemod: guardIds, options: {}, cwd: dir, write: true, force: true });
    expect(run.summary.errors).toBe(0);
    expect(run.summary.changed).toBeGreaterThan(0);

    const after = audit(dir).report;
    expect(brokenIntoStrings(after)).toEqual([]);
    const status = new Map(
      after.chains.map((chain) => [
        `${chain.from.tool} ${chain.from.path} -> ${chain.to.tool}.${chain.to.field}`,
        chain.status,
      ]),
    );
    for (const chain of broken) expect(status.get(chain), chain).toBe('tolerated');
    // The same tools are found and read after the rewrite.
    expect(after.tools.map((tool) => tool.name)).toEqual(before.tools.map((tool) => tool.name));
    expect(after.coverage).toEqual(before.coverage);
    // A second run has nothing left to do.
    const again = await runCodemod({ codemod: guardIds, options: {}, cwd: dir, write: false });
    expect(again.summary.changed).toBe(0);
    for (const file of run.files.filter((entry) => entry.status === 'changed'))
      expect(readFileSync(file.path, 'utf8')).toContain("from 'agent-contract'");
  });
});
