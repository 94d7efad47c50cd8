import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.ts';

// What every command shares: usage errors name the command's own --help, --json prints the report as JSON, and
// `contract compat` exits 1 only on what the server's code can change.

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

describe('a usage error', () => {
  it.each(commands)('of %s points at its own --help', async (command) => {
    const result = await runCli([...command.split(' '), '--bogus']);
    expect(result).toEqual({
      code: 2,
      stdout: '',
      stderr: `agent-contract: unknown option '--bogus'; run agent-contract ${command} --help\n`,
    });
  });

  it.each([
    [
      ['audit', '--format', 'xml', '.'],
      "agent-contract: option '--format <format>' argument 'xml' is invalid. Allowed choices are text, json, sarif, summary; run agent-contract audit --help",
    ],
    [
      ['audit', 'a', 'b'],
      'agent-contract: audit takes one project folder, got "a" "b"; put a server command after --, e.g. agent-contract audit --server -- node dist/server.js',
    ],
    [['codemod'], "agent-contract: missing required argument 'name'; run agent-contract codemod --help"],
    [
      ['chains', '--timeout'],
      "agent-contract: option '--timeout <ms>' argument missing; run agent-contract chains --help",
    ],
    [
      ['contract', 'diff', '--fail-on', 'sometimes'],
      "agent-contract: option '--fail-on <level>' argument 'sometimes' is invalid. Allowed choices are breaking, warning, info, none; run agent-contract contract diff --help",
    ],
    [
      ['contract', 'bogus'],
      "agent-contract: unknown command 'bogus'; run agent-contract contract --help to see the commands",
    ],
    [
      ['chain'],
      "agent-contract: unknown command 'chain' (Did you mean chains?); run agent-contract --help to see the commands",
    ],
    [['--bogus'], "agent-contract: unknown option '--bogus'; run agent-contract --help"],
  ])('%j: one line, no doubled punctuation', async (args, line) => {
    const result = await runCli(args);
    expect(result).toEqual({ code: 2, stdout: '', stderr: `${line}\n` });
    expect(result.stderr).not.toMatch(/[.;,]\s*;/);
  });
});

describe('audit --json', () => {
  const guarded = 'test/audit/fixtures/guarded';

  it('is --format json', async () => {
    const [json, format] = await Promise.all([
      runCli(['audit', '--json', guarded]),
      runCli(['audit', '--format', 'json', guarded]),
    ]);
    expect(json.code).toBe(0);
    expect(json.stdout).toBe(format.stdout);
    expect((JSON.parse(json.stdout) as { version: number }).version).toBe(3);
  });

  it('cannot be given with another --format', async () => {
    expect(await runCli(['audit', '--json', '--format', 'sarif', guarded])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        "agent-contract: option '--json' cannot be used with option '--format <format>'; run agent-contract audit --help\n",
    });
  });
});

describe('contract compat --fail-on', () => {
  let folder: string;
  /** What a fresh SDK 1.x server on zod 4 publishes: `$schema` and open objects, no finding its code must change. */
  let fresh: string;
  /** The same with a string|number union for an id, which Gemini refuses and the server can change. */
  let union: string;
  const finding = (rule: string, clients: string[], message: string) => ({
    rule,
    tool: 'get_ticket',
    paths: ['/inputSchema'],
    clients,
    message,
  });
  const contract = (compatibility: object[]) =>
    JSON.stringify({
      format: 'agent-contract/mcp-contract',
      formatVersion: 1,
      server: { name: 'x' },
      tools: [{ name: 'get_ticket', inputSchema: { type: 'object', properties: { ticketId: { type: 'string' } } } }],
      compatibility,
    });
  const freshFindings = [
    finding('open-object', ['openai-strict'], 'objects without "additionalProperties": false at `(top level)`'),
    finding('schema-keyword', ['gemini', 'anthropic'], '"$schema" is published (draft-07)'),
  ];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'compat-fail-on-'));
    fresh = join(folder, 'fresh.json');
    union = join(folder, 'union.json');
    await writeFile(fresh, contract(freshFindings));
    await writeFile(
      union,
      contract([...freshFindings, finding('type-array', ['gemini'], 'type arrays at `ticketId`')]),
    );
  });
  afterAll(() => rm(folder, { recursive: true, force: true }));

  it('passes a fresh server by default, and says which findings it did not count', async () => {
    const result = await runCli(['contract', 'compat', fresh]);
    expect(result.code).toBe(0);
    expect(result.stdout.trimEnd().split('\n').slice(-2)).toEqual([
      '2 findings in 1 tool.',
      '2 findings are advisory and do not fail the check: schema-keyword (the SDK or zod writes it; only a gateway can strip it); open-object (only OpenAI strict mode asks for it; pass --clients openai-strict if you serve it); --fail-on advisory counts them too',
    ]);
  });

  it('fails on a finding the server can change, and on strict mode when --clients names it', async () => {
    expect((await runCli(['contract', 'compat', union])).code).toBe(1);
    expect((await runCli(['contract', 'compat', '--clients', 'openai-strict', fresh])).code).toBe(1);
    expect((await runCli(['contract', 'compat', '--clients', 'gemini', fresh])).code).toBe(0);
  });

  it('fails on any finding with --fail-on advisory, never with none', async () => {
    expect((await runCli(['contract', 'compat', '--fail-on', 'advisory', fresh])).code).toBe(1);
    expect((await runCli(['contract', 'compat', '--fail-on', 'none', union])).code).toBe(0);
  });

  it('gives each finding its level in --json', async () => {
    const result = await runCli(['contract', 'compat', '--json', union]);
    expect(result.code).toBe(1);
    const findings = JSON.parse(result.stdout) as { rule: string; level: string }[];
    expect(findings.map(({ rule, level }) => [rule, level])).toEqual([
      ['open-object', 'advisory'],
      ['schema-keyword', 'advisory'],
      ['type-array', 'fixable'],
    ]);
  });
});
