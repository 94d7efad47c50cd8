import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { printable } from '../../src/cli/printable.ts';
import { runCli } from '../support/run-cli.ts';

describe('printable: text from servers and source files, safe for a terminal', () => {
  it('escapes every control character but newline and tab, C1 controls and bidirectional overrides', () => {
    expect(printable('a\u001b]0;owned\u0007b')).toBe('a\\u001b]0;owned\\u0007b');
    expect(printable('x\u001b[2Jy\rz')).toBe('x\\u001b[2Jy\\u000dz');
    expect(printable('\u0085\u009b\u007f\u202e\u2066')).toBe('\\u0085\\u009b\\u007f\\u202e\\u2066');
    expect(printable('line one\n\tline two')).toBe('line one\n\tline two');
    expect(printable('Ünïcode ✓ ticketId')).toBe('Ünïcode ✓ ticketId');
  });

  it('keeps the colour sequences a report adds itself', () => {
    expect(printable('\u001b[31m✗\u001b[39m \u001b[1mbold\u001b[22m')).toBe(
      '\u001b[31m✗\u001b[39m \u001b[1mbold\u001b[22m',
    );
  });
});

describe('the CLI prints what a hostile server says with its escapes shown, and keeps the JSON exact', () => {
  const server = ['--', 'node', 'test/fixtures/contract-servers/escapes.mjs'];

  it('contract snapshot: the summary line names the server without letting it retitle or clear the terminal', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'printable-'));
    try {
      const out = join(folder, 'contract.json');
      const run = await runCli(['contract', 'snapshot', '--no-probe', '--out', out, ...server]);
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/);
      expect(run.stdout).toContain('tickets\\u001b]0;owned\\u0007\\u001b[2J');
      // The file keeps the exact values.
      const contract = JSON.parse(await readFile(out, 'utf8')) as { server: { name: string } };
      expect(contract.server.name).toBe('tickets\u001b]0;owned\u0007\u001b[2J');

      const listed = await runCli(['contract', 'snapshot', '--no-probe', '--out', '-', ...server]);
      const parsed = JSON.parse(listed.stdout) as { tools: { description?: string }[] };
      expect(parsed.tools[0]?.description).toBe('Get a ticket.\r\u001b[2KAll checks passed \u202eecnetnes');
      expect(listed.stdout).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e]/);
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
