import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ignore, { type Ignore } from 'ignore';

/** The nearest folder at or above `start` that holds a `.git` (a folder, or a file in a worktree), or undefined. */
export function findRepositoryRoot(start: string): string | undefined {
  let directory = path.resolve(start);
  for (;;) {
    if (existsSync(path.join(directory, '.git'))) return directory;
    const parent = path.dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

function readRules(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined; // no such file, or unreadable: git skips it too
  }
}

/**
 * Answers "does git ignore this path?" from every `.gitignore` between `root` and the path (and `.git/info/exclude`
 * at the root), the deeper file winning, as git does. A path inside an ignored folder is ignored, whatever a deeper
 * `.gitignore` says, because git never reads it. The matching itself is the `ignore` package's.
 */
export class GitignoreFilter {
  readonly root: string;
  readonly #rulesByDirectory = new Map<string, Ignore | undefined>();
  readonly #ignoredDirectories = new Map<string, boolean>();

  constructor(root: string) {
    this.root = path.resolve(root);
  }

  ignores(absolutePath: string, isDirectory: boolean): boolean {
    const relative = path.relative(this.root, absolutePath);
    if (relative === '' || relative.startsWith('..') || path.isAbsolute(relative)) return false;
    if (isDirectory) {
      const known = this.#ignoredDirectories.get(absolutePath);
      if (known !== undefined) return known;
    }
    const parent = path.dirname(absolutePath);
    const ignored =
      (parent !== this.root && this.ignores(parent, true)) || this.#matches(relative.split(path.sep), isDirectory);
    if (isDirectory) this.#ignoredDirectories.set(absolutePath, ignored);
    return ignored;
  }

  #matches(segments: readonly string[], isDirectory: boolean): boolean {
    let ignored = false;
    let directory = this.root;
    for (let depth = 0; depth < segments.length; depth += 1) {
      const rules = this.#rulesFor(directory);
      if (rules !== undefined) {
        const result = rules.test(segments.slice(depth).join('/') + (isDirectory ? '/' : ''));
        if (result.ignored) ignored = true;
        else if (result.unignored) ignored = false;
      }
      directory = path.join(directory, segments[depth] ?? '');
    }
    return ignored;
  }

  #rulesFor(directory: string): Ignore | undefined {
    if (this.#rulesByDirectory.has(directory)) return this.#rulesByDirectory.get(directory);
    const texts = [
      directory === this.root ? readRules(path.join(directory, '.git', 'info', 'exclude')) : undefined,
      readRules(path.join(directory, '.gitignore')),
    ].filter((text): text is string => text !== undefined);
    // one add() per file: `ignore` splits a string into lines, but takes each element of an array as one pattern
    const rules = texts.length === 0 ? undefined : texts.reduce((ignorer, text) => ignorer.add(text), ignore());
    this.#rulesByDirectory.set(directory, rules);
    return rules;
  }
}
