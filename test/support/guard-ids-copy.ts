import { mkdirSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import tsParser from '@typescript-eslint/parser';
import { Linter } from 'eslint';
import plugin from '../../eslint-plugin/index.ts';
import { commitAll, makeTempTree } from '../codemods/runner/temp-tree.ts';
import { type CliRun, repoRoot, runCli } from './run-cli.ts';

/** `prefer-guarded-id` on one file's text, as `line: message` lines. */
export function lintGuardedIds(text: string): string[] {
  return new Linter({ configType: 'flat' })
    .verify(
      text,
      [
        {
          files: ['**/*.ts'],
          languageOptions: { parser: tsParser },
          plugins: { 'agent-contract': plugin as never },
          rules: { 'agent-contract/prefer-guarded-id': 'error' },
        },
      ],
      'src/server.ts',
    )
    .map((message) => `${message.line}: ${message.message}`);
}

/**
 * A copy of a one-file fixture (`src/server.ts` and its tsconfig) as a user's project, committed, with `guard-ids`
 * run on its `src`: the project's packages are linked in, and this package as a user installs it, since guard-ids
 * imports `guardId` from it. Remove the copies with `removeTempTrees`.
 */
export async function guardIdsOnCopy(fixture: string): Promise<{ root: string; run: CliRun; guarded: string }> {
  const root = await makeTempTree({
    'package.json': JSON.stringify({ name: path.basename(fixture), private: true, type: 'module' }),
    'tsconfig.json': readFileSync(path.join(fixture, 'tsconfig.json'), 'utf8'),
    'src/server.ts': readFileSync(path.join(fixture, 'src/server.ts'), 'utf8'),
  });
  mkdirSync(path.join(root, 'node_modules'));
  for (const name of readdirSync(path.join(repoRoot, 'node_modules')))
    symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(root, 'node_modules', name), 'dir');
  symlinkSync(repoRoot, path.join(root, 'node_modules', 'agent-contract'), 'dir');
  commitAll(root);
  const run = await runCli(['codemod', 'guard-ids', 'src'], { cwd: root });
  return { root, run, guarded: readFileSync(path.join(root, 'src/server.ts'), 'utf8') };
}
