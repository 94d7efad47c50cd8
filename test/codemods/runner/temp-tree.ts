import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

const created: string[] = [];

/** A fresh folder under the OS temp folder holding `files` (path → text); removed by `removeTempTrees`. */
export async function makeTempTree(files: Readonly<Record<string, string>>): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'agent-contract-runner-'));
  created.push(root);
  for (const [relative, text] of Object.entries(files)) {
    const file = path.join(root, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, text);
  }
  return root;
}

export async function removeTempTrees(): Promise<void> {
  await Promise.all(created.splice(0).map((root) => rm(root, { recursive: true, force: true })));
}

/** Runs git in `cwd` with a throwaway identity, so commits work on a machine with no git config. */
export function git(cwd: string, ...args: string[]): string {
  return execFileSync(
    'git',
    ['-c', 'user.name=runner test', '-c', 'user.email=runner@test.invalid', '-c', 'init.defaultBranch=main', ...args],
    {
      cwd,
      encoding: 'utf8',
    },
  );
}

/** `git init`, add everything, commit: a clean repository. */
export function commitAll(cwd: string): void {
  git(cwd, 'init', '-q');
  git(cwd, 'add', '-A');
  git(cwd, 'commit', '-q', '-m', 'fixture');
}
