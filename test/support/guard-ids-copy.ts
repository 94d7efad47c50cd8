import { mkdirSync, readdirSync, readFileSync, statSync, symlinkSync } from 'node:fs';
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
 * A copy of a fixture (its `src` folder and its tsconfig) as a user's project, committed, with `guard-ids` run on its
 * `src`: the project's packages are linked in, and this package as a user installs it, since guard-ids imports
 * `guardId` from it. `guarded` is the text of `file` after the run. Remove the copies with `removeTempTrees`.
 */
export async function guardIdsOnCopy(
  fixture: string,
  file = 'src/server.ts',
): Promise<{ root: string; run: CliRun; guarded: string }> {
  const sources: Record<string, string> = {};
  for (const entry of readdirSync(path.join(fixture, 'src'), { recursive: true, encoding: 'utf8' })) {
    const relative = path.join('src', entry);
    if (statSync(path.join(fixture, relative)).isFile())
      sources[relative.split(path.sep).join('/')] = readFileSync(path.join(fixture, relative), 'utf8');
  }
  const root = await makeTempTree({
    'package.json': JSON.stringify({ name: path.basename(fixture), private: true, type: 'module' }),
    'tsconfig.json': readFileSync(path.join(fixture, 'tsconfig.json'), 'utf8'),
    ...sources,
  });
  mkdirSync(path.join(root, 'node_modules'));
  for (const name of readdirSync(path.join(repoRoot, 'node_modules')))
    symlinkSync(path.join(repoRoot, 'node_modules', name), path.join(root, 'node_modules', name), 'dir');
  symlinkSync(repoRoot, path.join(root, 'node_modules', 'agent-contract'), 'dir');
  commitAll(root);
  const run = await runCli(['codemod', 'guard-ids', 'src'], { cwd: root });
  return { root, run, guarded: readFileSync(path.join(root, file), 'utf8') };
}
