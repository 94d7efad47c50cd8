import { execFile } from 'node:child_process';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { CodemodRunError } from './errors.ts';

export interface DirtyRepository {
  /** The repository's top folder, absolute. */
  readonly root: string;
  /** Tracked files with uncommitted changes (staged or not), relative to `root`. */
  readonly changedFiles: readonly string[];
}

interface GitResult {
  readonly ok: boolean;
  readonly stdout: string;
  readonly stderr: string;
  readonly notInstalled: boolean;
}

function git(args: readonly string[], cwd: string): Promise<GitResult> {
  return new Promise((resolve) => {
    // GIT_OPTIONAL_LOCKS=0: `git status` must not take the index lock an editor or another git command may hold.
    execFile(
      'git',
      [...args],
      { cwd, env: { ...process.env, GIT_OPTIONAL_LOCKS: '0' }, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) => {
        resolve({
          ok: error === null,
          stdout,
          stderr,
          notInstalled: (error as { code?: unknown } | null)?.code === 'ENOENT',
        });
      },
    );
  });
}

/** `git status --porcelain -z` entries: `XY path`, and for a rename or copy, the original path as the next entry. */
function parsePorcelain(output: string): string[] {
  const entries = output.split('\0');
  const files: string[] = [];
  for (let index = 0; index < entries.length; index += 1) {
    const entry = entries[index] ?? '';
    if (entry.length < 4) continue;
    files.push(entry.slice(3));
    if (entry[0] === 'R' || entry[0] === 'C') index += 1;
  }
  return files;
}

async function repositoryRootOf(directory: string): Promise<string | undefined> {
  const result = await git(['rev-parse', '--show-toplevel'], directory);
  if (result.ok) return path.resolve(result.stdout.trim());
  if (result.notInstalled || /not a git repository/i.test(result.stderr)) return undefined;
  const reason = result.stderr.trim().split('\n')[0] ?? 'git failed';
  throw new CodemodRunError(
    `cannot tell whether ${directory} has uncommitted changes (${reason}); fix that, or pass --force to write anyway`,
  );
}

/**
 * The git repositories holding `paths` whose tracked files have uncommitted changes. Untracked files do not count: the
 * point is that the codemod's edits can be reviewed, and undone, apart from work in progress. A path outside any
 * repository, or a machine without git, counts as clean.
 */
export async function findDirtyRepositories(paths: readonly string[]): Promise<DirtyRepository[]> {
  const directories = new Set<string>();
  for (const target of paths) {
    const isDirectory = await stat(target).then(
      (stats) => stats.isDirectory(),
      () => false,
    );
    directories.add(isDirectory ? target : path.dirname(target));
  }
  const roots = new Set<string>();
  for (const directory of directories) {
    const root = await repositoryRootOf(directory);
    if (root !== undefined) roots.add(root);
  }
  const dirty: DirtyRepository[] = [];
  for (const root of [...roots].sort()) {
    const result = await git(['status', '--porcelain=v1', '-z', '--untracked-files=no'], root);
    if (!result.ok) {
      const reason = result.stderr.trim().split('\n')[0] ?? 'git status failed';
      throw new CodemodRunError(
        `cannot tell whether ${root} has uncommitted changes (${reason}); fix that, or pass --force to write anyway`,
      );
    }
    const changedFiles = parsePorcelain(result.stdout);
    if (changedFiles.length > 0) dirty.push({ root, changedFiles });
  }
  return dirty;
}
