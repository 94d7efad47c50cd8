import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

const fixture = 'test/audit/fixtures/syntax-error';
const line =
  "agent-contract: audit test/audit/fixtures/syntax-error: 1 file does not parse (src/archive.ts:7: ')' expected.), so its tools and ids may be missing; fix the syntax, or pass --allow-errors to audit the rest\n";

describe('agent-contract audit on a project with a file that does not parse', () => {
  it('prints the report, then exits 2 with one line naming the file, the error and --allow-errors', async () => {
    const result = await runCli(['audit', fixture]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(line);
    expect(result.stdout).toContain(
      "1 file did not parse; audited anyway (types there may be incomplete)\n  src/archive.ts:7: ')' expected.\n",
    );
    expect(result.stdout).toContain('Verdict: 2 broken chains of 4 (2 ok).');
  });

  it('exits 2 in every format, and with --type-errors', async () => {
    for (const args of [['--format', 'json'], ['--format', 'sarif'], ['--type-errors'], ['--fail-on', 'never']]) {
      const result = await runCli(['audit', ...args, fixture]);
      expect({ args, code: result.code, stderr: result.stderr }).toEqual({ args, code: 2, stderr: line });
    }
  });

  it('exits by --fail-on alone with --allow-errors', async () => {
    expect(await runCli(['audit', '--allow-errors', fixture])).toMatchObject({ code: 1, stderr: '' });
    expect(await runCli(['audit', '--allow-errors', '--fail-on', 'never', fixture])).toMatchObject({
      code: 0,
      stderr: '',
    });
  });

  it('says which files do not parse in the JSON report, apart from the type errors', async () => {
    const result = await runCli(['audit', '--format', 'json', '--type-errors', '--allow-errors', fixture]);
    const json = JSON.parse(result.stdout) as { project: Record<string, unknown> };
    expect(json.project).toMatchObject({
      filesNotParsed: 1,
      parseErrors: ["src/archive.ts:7: ')' expected."],
      typeErrorsCounted: true,
    });
  });
});
