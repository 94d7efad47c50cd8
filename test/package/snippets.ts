import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../support/run-cli.ts';
import { runCommand } from './packed.ts';

// The code blocks of the documentation, with what the docs test does with each. A block a user would paste carries an
// HTML comment on the line above its fence (not shown on GitHub or npm):
//
//   <!-- snippet: project=server file=eslint.config.js -->   write the block to that file of the test project
//   <!-- snippet: project=server run exit=1 -->             run the block with `sh -e` there; it must exit 1
//   <!-- snippet: not run: the reason -->                   say why a block is not run
//
// Blocks whose info string is `text` or `console` show output, and are never run.

export interface Snippet {
  /** The document, relative to the repository root. */
  readonly doc: string;
  /** The line of the opening fence, 1-based. */
  readonly line: number;
  /** The info string: `sh`, `js`, `yaml`. */
  readonly info: string;
  /** The block's text, its indentation (a block inside a list item) removed, ending with a newline. */
  readonly body: string;
  /** The marker's settings (`project`, `file`, `run`, `exit`); undefined without a marker. */
  readonly marker: Readonly<Record<string, string>> | undefined;
  /** The reason of a `not run:` marker. */
  readonly notRun: string | undefined;
}

/** Info strings of blocks that show output rather than input. */
export const OUTPUT_INFO = new Set(['text', 'console']);

/** Every fenced code block of a Markdown file of the repository. */
export function snippetsOf(doc: string): Snippet[] {
  const lines = readFileSync(join(repoRoot, doc), 'utf8').split('\n');
  const snippets: Snippet[] = [];
  for (let index = 0; index < lines.length; index++) {
    const open = /^( *)(`{3,})(\S*)\s*$/.exec(lines[index] as string);
    if (open === null) continue;
    const [, indent = '', fence = '', info = ''] = open;
    const body: string[] = [];
    let end = index + 1;
    for (; end < lines.length && (lines[end] as string).trim() !== fence; end++)
      body.push((lines[end] as string).slice(indent.length));
    const comment = /^\s*<!-- snippet: (.*?) -->\s*$/.exec(lines[index - 1] ?? '')?.[1];
    const notRun = comment?.startsWith('not run: ') === true ? comment.slice('not run: '.length) : undefined;
    const marker =
      comment === undefined || notRun !== undefined
        ? undefined
        : Object.fromEntries(
            comment.split(/\s+/).map((setting) => {
              const [key = '', value = 'true'] = setting.split('=');
              return [key, value];
            }),
          );
    snippets.push({ doc, line: index + 1, info, body: `${body.join('\n')}\n`, marker, notRun });
    index = end;
  }
  return snippets;
}

/** The one block of `doc` marked for `project` with `key` (`file` or `id`) set to `value`. */
export function markedSnippet(doc: string, project: string, key: 'file' | 'id', value: string): Snippet {
  const found = snippetsOf(doc).filter(
    (snippet) => snippet.marker?.['project'] === project && snippet.marker[key] === value,
  );
  if (found.length !== 1) throw new Error(`${doc}: ${found.length} blocks marked project=${project} ${key}=${value}`);
  return found[0] as Snippet;
}

/**
 * The block as the test runs it: `npm i` / `npm install` of `agent-contract` installs the packed tarball instead of the
 * registry's version; nothing else changes.
 */
export function withTarball(body: string, tarball: string): string {
  return body.replace(/^(npm (?:i|install)\b[^\n#]*?\s)agent-contract(?=\s|$)/gm, `$1${tarball}`);
}

/** Runs a `sh` block with `sh -e` in `cwd`, as a user pasting it into a shell that stops at the first failure. */
export function runSnippet(snippet: Snippet, cwd: string, tarball: string, env: Readonly<Record<string, string>> = {}) {
  return runCommand('sh', ['-e', '-c', withTarball(snippet.body, tarball)], cwd, {
    npm_config_prefer_offline: 'true',
    npm_config_audit: 'false',
    npm_config_fund: 'false',
    ...env,
  });
}
