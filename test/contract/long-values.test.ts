import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compatibilityFindings } from '../../src/contract/compatibility.ts';
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION } from '../../src/contract/contract-file-schema.ts';
import type { McpContract } from '../../src/contract/contract-types.ts';
import { diffContracts } from '../../src/contract/diff.ts';
import { formatDiff, formatFindings } from '../../src/contract/format.ts';
import { toolNameProblem } from '../../src/contract/tool-name.ts';
import { cutText } from '../../src/model/cut-text.ts';
import { runCli } from '../support/run-cli.ts';

const longName = `t${'o'.repeat(4_999)}`;
const escapedName = 'get\u001b[2J\u001b]0;owned\u0007';

function contractOf(names: readonly string[], description = 'Get it.'): McpContract {
  const tools = names.map((name) => ({ name, description, inputSchema: { type: 'object' } }));
  return {
    format: CONTRACT_FORMAT,
    formatVersion: CONTRACT_FORMAT_VERSION,
    server: { name: 'hostile' },
    tools,
    compatibility: compatibilityFindings(tools),
  } as McpContract;
}

describe('cutText: a long value from a server, cut with a marker', () => {
  it('keeps a value up to the limit and marks how much was left out past it', () => {
    expect(cutText('abc', 3)).toBe('abc');
    expect(cutText('abcdef', 3)).toBe('abc... (3 more characters)');
  });

  it('never cuts a surrogate pair in half', () => {
    expect(cutText('ab\u{1f600}cd', 3)).toBe('ab... (4 more characters)');
  });
});

describe('tool names outside the MCP tool name format (SEP-986)', () => {
  it('accepts 1-128 of A-Z, a-z, 0-9, _, - and .', () => {
    expect(toolNameProblem('admin.tools_list-v2')).toBeUndefined();
    expect(toolNameProblem('x'.repeat(128))).toBeUndefined();
  });

  it('says what is wrong with any other name', () => {
    expect(toolNameProblem('')).toBe('it is empty');
    expect(toolNameProblem('x'.repeat(129))).toBe('it has 129 characters, at most 128 are allowed');
    expect(toolNameProblem('get ticket/all')).toBe('it holds " ", "/", outside A-Z, a-z, 0-9, _, - and .');
    expect(toolNameProblem(escapedName)).toBe(
      'it holds "\\u001b", "[", "]", ";", "\\u0007", outside A-Z, a-z, 0-9, _, - and .',
    );
  });

  it('is a compatibility finding of the tool, at /name', () => {
    const findings = compatibilityFindings([{ name: 'ticket list', inputSchema: { type: 'object' } }]);
    expect(findings.filter((finding) => finding.rule !== 'open-object')).toEqual([
      {
        rule: 'tool-name',
        tool: 'ticket list',
        paths: ['/name'],
        clients: ['mcp', 'anthropic', 'openai-strict', 'gemini', 'cursor'],
        message: 'the name is not a valid MCP tool name: it holds " ", outside A-Z, a-z, 0-9, _, - and .',
      },
    ]);
  });

  it('is noted above the changes of a diff whose new contract has such a name', () => {
    const diff = diffContracts(contractOf(['get_ticket']), contractOf(['get_ticket', 'get ticket']));
    expect(diff.notes).toEqual([
      'not valid MCP tool names (1-128 of A-Z, a-z, 0-9, _, - and .): "get ticket"; see agent-contract contract compat',
    ]);
    expect(diffContracts(contractOf(['a']), contractOf(['a', 'b'])).notes).toBeUndefined();
  });
});

describe('text reports cut long values; JSON keeps them', () => {
  it('formatDiff and formatFindings show at most 128 characters of a name and 1,000 of a message', () => {
    const diff = diffContracts(contractOf(['a']), contractOf(['a', longName]));
    const text = formatDiff(diff, { base: 'base.json', head: 'head.json' });
    expect(text).not.toContain(longName);
    expect(text).toContain(`${longName.slice(0, 128)}... (4872 more characters)`);
    expect(Math.max(...text.split('\n').map((line) => line.length))).toBeLessThan(1_100);

    const findings = formatFindings(contractOf([longName]).compatibility);
    expect(findings).toContain(`  ${longName.slice(0, 128)}... (4872 more characters): the name is not a valid`);
    expect(findings).not.toContain(longName);
  });

  it('the CLI: compat and diff print an escaped, cut name; --json prints the exact one', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'long-values-'));
    try {
      const base = join(folder, 'base.json');
      const head = join(folder, 'head.json');
      await writeFile(base, JSON.stringify(contractOf(['get_ticket'])));
      await writeFile(head, JSON.stringify(contractOf(['get_ticket', escapedName, longName], 'd'.repeat(50_000))));

      const compat = await runCli(['contract', 'compat', head]);
      expect(compat.code, compat.stderr).toBe(1);
      expect(compat.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(compat.stdout).toContain('get\\u001b[2J\\u001b]0;owned\\u0007: the name is not a valid MCP tool name');
      expect(compat.stdout).toContain('... (4872 more characters)');
      expect(compat.stdout).not.toContain(longName);

      const json = await runCli(['contract', 'compat', '--json', head]);
      const parsed = JSON.parse(json.stdout) as { rule: string; tool: string }[];
      expect(parsed.filter((finding) => finding.rule === 'tool-name').map((finding) => finding.tool)).toEqual([
        escapedName,
        longName,
      ]);

      const diff = await runCli(['contract', 'diff', '--base', base, '--head', head]);
      expect(diff.stdout).toContain('not valid MCP tool names');
      expect(diff.stdout).toContain('"get\\u001b[2J\\u001b]0;owned\\u0007"');
      expect(diff.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(diff.stdout).not.toContain(longName);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
