import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

// docs/cli.md gives one usage line per command; `--help` is generated from the declarations in src/cli/main.ts. Both
// must name the same options, and `--help` must list every command, also now that a command's module loads late.

const docs = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');

/** `chains` -> the options its usage line in docs/cli.md names. */
const documented = new Map<string, string[]>();
for (const line of docs.split('\n')) {
  const usage = /^agent-contract ((?:contract )?[a-z]+) (.*)$/.exec(line);
  if (usage === null || usage[1] === undefined || usage[2] === undefined) continue;
  documented.set(usage[1], [...new Set(usage[2].match(/--[a-z][a-z-]*/g) ?? [])].sort());
}

/** The long options of a `--help` text's "Options:" section, without --help. */
function helpOptions(help: string): string[] {
  const section = help.split('\nOptions:\n')[1]?.split('\n\n')[0] ?? '';
  const options = [...section.matchAll(/^ {2}(?:-[A-Za-z], )?(--[a-z][a-z-]*)/gm)].map((match) => match[1] as string);
  return options.filter((option) => option !== '--help').sort();
}

const commands = [
  'chains',
  'audit',
  'codemod',
  'contract snapshot',
  'contract diff',
  'contract check',
  'contract compat',
  'contract chains',
  'doctor',
];

describe('agent-contract --help', () => {
  it('lists every command of the docs/cli.md table', async () => {
    const result = await runCli(['--help']);
    expect(result.code).toBe(0);
    const listed = [...(result.stdout.split('\nCommands:\n')[1] ?? '').matchAll(/^ {2}([a-z]+)/gm)]
      .map((match) => match[1])
      .filter((name) => name !== 'help');
    const table = [...docs.matchAll(/^\| `([a-z]+)[ `]/gm)].map((match) => match[1]);
    expect(listed.sort()).toEqual([...new Set(table)].sort());
    expect(listed.sort()).toEqual(['audit', 'chains', 'codemod', 'contract', 'doctor']);
  });

  it('docs/cli.md has a usage line for every command', () => {
    expect([...documented.keys()].sort()).toEqual([...commands].sort());
  });

  it.each(commands)('%s --help lists the options its usage line in docs/cli.md names', async (command) => {
    const result = await runCli([...command.split(' '), '--help']);
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(new RegExp(`^Usage: agent-contract ${command} `));
    expect(helpOptions(result.stdout)).toEqual(documented.get(command));
  });

  it("every command's --help lists its exit codes once", async () => {
    for (const command of documented.keys()) {
      const help = await runCli([...command.split(' '), '--help']);
      expect(help.stdout, command).toMatch(/\nExit codes:\n {2}0 {2}.+\n(?: {2}1 {2}.+\n)? {2}2 {2}.+\n/);
      expect(help.stdout.split('Exit codes:').length, command).toBe(2);
    }
  });

  it('contract compat --help names every client id', async () => {
    const { CLIENTS } = await import('../../src/contract/compatibility.ts');
    const result = await runCli(['contract', 'compat', '--help']);
    expect(result.stdout.replace(/\s+/g, ' ')).toContain(
      `only findings that affect these clients: ${Object.keys(CLIENTS).join(', ')}`,
    );
  });

  it('codemod --help ends with the codemods this build ships', async () => {
    const { codemods } = await import('../../codemods/index.ts');
    const result = await runCli(['codemod', '--help']);
    const listed = [...(result.stdout.split('\nCodemods:\n')[1] ?? '').matchAll(/^ {2}(\S+)/gm)].map(
      (match) => match[1],
    );
    expect(listed).toEqual(Object.keys(codemods).sort());
  });
});

describe('a command that needs a subcommand, given none', () => {
  it.each([[[]], [['contract']]])(
    'agent-contract %j: the commands on stderr, then one line, exit 2',
    async (args: string[]) => {
      const result = await runCli(args);
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toMatch(/^Usage: agent-contract /);
      expect(
        result.stderr.endsWith('\nagent-contract: no command given; pick one of the commands listed above\n'),
      ).toBe(true);
    },
  );
});
