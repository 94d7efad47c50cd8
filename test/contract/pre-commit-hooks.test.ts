import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// The hooks were run end to end with pre-commit 3.0.4 on a temporary repository (docs/contract.md, "pre-commit
// framework"); these checks keep the two things that run found broken from coming back without pre-commit installed.

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

/** id -> its `key: value` lines, for the flat manifest this repository ships. */
function hooks(): Map<string, Map<string, string>> {
  const parsed = new Map<string, Map<string, string>>();
  for (const block of read('.pre-commit-hooks.yaml').split(/^- /m).slice(1)) {
    const fields = new Map(
      [...block.matchAll(/^ {0,2}([a-z_]+): (.*)$/gm)].map((match) => [
        match[1] as string,
        (match[2] as string).trim(),
      ]),
    );
    parsed.set(fields.get('id') ?? '', fields);
  }
  return parsed;
}

describe('.pre-commit-hooks.yaml', () => {
  it('ships both hooks, in languages every pre-commit from 3.0 reads (4.4 added `unsupported` as a second name for `system`)', () => {
    const languages = [...hooks()].map(([id, fields]) => [
      id,
      fields.get('language'),
      fields.has('minimum_pre_commit_version'),
    ]);
    expect(languages).toEqual([
      ['agent-contract-check', 'node', false],
      ['agent-contract-check-installed', 'system', false],
    ]);
  });

  it('asks for no additional dependencies: the bundled command-line tool carries the MCP SDK client', () => {
    expect(hooks().get('agent-contract-check')?.has('additional_dependencies')).toBe(false);
  });

  it('runs `agent-contract contract check`, without passing file names', () => {
    for (const fields of hooks().values()) {
      expect(fields.get('entry')).toMatch(/agent-contract contract check$/);
      expect(fields.get('pass_filenames')).toBe('false');
    }
  });

  it('keeps the build that npm pack runs off stdout, where pre-commit reads the tarball name', () => {
    expect(read('.npmrc')).toMatch(/^foreground-scripts=false$/m);
  });
});
