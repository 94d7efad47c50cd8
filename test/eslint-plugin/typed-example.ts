import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Linter } from 'eslint';
import plugin from '../../eslint-plugin/index.ts';
import { agentContractRules, typedESLint } from '../support/typed-eslint.ts';

const ROOT = join(import.meta.dirname, '..', '..');

const TSCONFIG = {
  compilerOptions: {
    target: 'es2022',
    lib: ['es2023'],
    module: 'nodenext',
    moduleResolution: 'nodenext',
    types: ['node'],
    strict: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['*.ts'],
};

/** Whether a rule reads typescript-eslint's program, so its examples are linted as a project of their own. */
export function requiresTypeChecking(rule: string): boolean {
  const rules = plugin.rules as Record<string, { meta: { docs?: { requiresTypeChecking?: boolean } } }>;
  return rules[rule]?.meta.docs?.requiresTypeChecking === true;
}

/** Lints `code` with one rule as the only file of a project (a tsconfig beside it), with typed linting. */
export async function lintTypedExample(rule: string, code: string): Promise<Linter.LintMessage[]> {
  const folder = mkdtempSync(join(tmpdir(), 'agent-contract-example-'));
  try {
    writeFileSync(join(folder, 'tsconfig.json'), JSON.stringify(TSCONFIG));
    writeFileSync(join(folder, 'example.ts'), code);
    symlinkSync(join(ROOT, 'node_modules'), join(folder, 'node_modules'), 'dir');
    const eslint = typedESLint(folder, [agentContractRules({ [`agent-contract/${rule}`]: 'error' })]);
    const [result] = await eslint.lintFiles(['example.ts']);
    return result?.messages ?? [];
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
