import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  agentContractInstallFor,
  helperSpecifier,
  runtimeImportFor,
} from '../../src/adapters/packages/runtime-import.ts';
import { fixModuleFor } from '../../eslint-plugin/utils/guard-import.ts';
import { makeTempTree, removeTempTrees } from '../codemods/runner/temp-tree.ts';

afterAll(removeTempTrees);

/** A project whose package.json lists agent-contract in `section` (none: not at all), with `files` besides. */
function projectWith(section: string | undefined, files: Record<string, string> = {}): Promise<string> {
  const json = {
    name: 'server',
    private: true,
    ...(section === undefined ? {} : { [section]: { 'agent-contract': '^0.1.0' } }),
  };
  return makeTempTree({ 'package.json': JSON.stringify(json), 'src/tools/tickets.ts': '', ...files });
}

describe('where agent-contract is installed, and what a writer imports from', () => {
  it.each([
    ['dependencies', 'dependency'],
    ['peerDependencies', 'dependency'],
    ['devDependencies', 'devDependency'],
    [undefined, 'unlisted'],
  ])('%s: %s', async (section, kind) => {
    const root = await projectWith(section);
    expect(agentContractInstallFor(path.join(root, 'src/tools')).kind).toBe(kind);
  });

  it('imports the package where it is a dependency or listed nowhere', async () => {
    for (const section of ['dependencies', undefined]) {
      const root = await projectWith(section, { 'src/agent-contract-guard.ts': '' });
      expect(runtimeImportFor(path.join(root, 'src/tools/tickets.ts'), 'agent-contract-guard', 'guard-ids')).toEqual({
        kind: 'package',
      });
    }
  });

  it('a devDependency: the local helper in a folder above the file, else the one line that says how to write it', async () => {
    const withHelper = await projectWith('devDependencies', { 'src/agent-contract-guard.ts': '' });
    const file = path.join(withHelper, 'src/tools/tickets.ts');
    expect(runtimeImportFor(file, 'agent-contract-guard', 'guard-ids')).toEqual({
      kind: 'local',
      helper: path.join(withHelper, 'src/agent-contract-guard.ts'),
    });
    const without = await projectWith('devDependencies');
    const missing = runtimeImportFor(path.join(without, 'src/tools/tickets.ts'), 'agent-contract-guard', 'guard-ids');
    expect(missing).toEqual({
      kind: 'missing',
      packageJson: path.join(without, 'package.json'),
      advice:
        'agent-contract is only a devDependency, so an import of it fails after npm ci --omit=dev: run `npx agent-contract codemod guard-ids --helper local` to write a local helper, or move agent-contract to dependencies',
    });
  });

  it("spells the helper's specifier as the file's relative imports end", () => {
    const helper = path.join('/p/src/agent-contract-guard.ts');
    const file = path.join('/p/src/tools/tickets.ts');
    expect(helperSpecifier(file, helper, "import { db } from '../db.js';")).toBe('../agent-contract-guard.js');
    expect(helperSpecifier(file, helper, "import { db } from '../db';")).toBe('../agent-contract-guard');
    expect(helperSpecifier(file, helper, "import { db } from '../db.ts';")).toBe('../agent-contract-guard.ts');
    expect(helperSpecifier(file, helper, "import { z } from 'zod';")).toBe('../agent-contract-guard.js');
  });

  it("the lint rules' fixes: the configured module, the local helper, or no fix on a devDependency without one", async () => {
    const withHelper = await projectWith('devDependencies', { 'src/agent-contract-guard.ts': '' });
    const file = path.join(withHelper, 'src/tools/tickets.ts');
    expect(fixModuleFor(file, '', 'agent-contract')).toBe('../agent-contract-guard.js');
    expect(fixModuleFor(file, '', '#guard')).toBe('#guard');
    const without = await projectWith('devDependencies');
    expect(fixModuleFor(path.join(without, 'src/tools/tickets.ts'), '', 'agent-contract')).toBeUndefined();
    const dependency = await projectWith('dependencies');
    expect(fixModuleFor(path.join(dependency, 'src/tools/tickets.ts'), '', 'agent-contract')).toBe('agent-contract');
  });
});
