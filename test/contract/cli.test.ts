import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import * as nodeModule from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { McpContract } from '../../src/contract/contract-file.ts';
import type { ContractChange } from '../../src/contract/diff.ts';
import { alive, readPid, waitFor } from '../support/processes.ts';
import { repoRoot as root, runCli, spawnCli } from '../support/run-cli.ts';

const fixtures = 'test/fixtures/contract-servers';
const helpdesk = ['node', 'dist/examples/helpdesk/src/main.js'];
const zod4 = (variant: string) => ['node', `${fixtures}/zod4.mjs`, variant];
const zod3 = (variant: string) => ['node', `${fixtures}/zod3.mjs`, variant];
const matrix443 = join(root, 'test/zod-matrix/zod-4.4.3');
const onMatrix = (variant: string) => ['node', `${fixtures}/matrix.mjs`, variant];

/** The built CLI with NO_COLOR=1 and `env` on top of this process's environment. */
const run = (args: readonly string[], env: Record<string, string> = {}) => runCli(args, { env });

let folder: string;
const file = (name: string) => join(folder, name);

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'contract-cli-'));
  const bases = await Promise.all([
    run(['contract', 'snapshot', '--out', file('zod4-base.json'), '--', ...zod4('base')]),
    run(['contract', 'snapshot', '--out', file('zod3-base.json'), '--', ...zod3('base')]),
    run(['contract', 'snapshot', '--out', file('helpdesk.json'), '--', ...helpdesk]),
  ]);
  for (const base of bases) expect(base, base.stderr).toMatchObject({ code: 0 });
});

afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function readJson<T>(path: string): Promise<T> {
  return JSON.parse(await readFile(path, 'utf8')) as T;
}

/** `contract diff --json` against a base file and a live fixture: the exit code and [level, rule, tool, path, before, after]. */
async function diffAgainst(
  base: string,
  server: readonly string[],
  env: Record<string, string> = {},
): Promise<{ code: number; changes: unknown[][] }> {
  const result = await run(['contract', 'diff', '--json', '--base', file(base), '--', ...server], env);
  expect(result.stderr).toBe('');
  const parsed = JSON.parse(result.stdout) as { changes: ContractChange[] };
  return {
    code: result.code,
    changes: parsed.changes.map((change) => [
      change.level,
      change.rule,
      change.tool,
      change.path,
      change.before,
      change.after,
    ]),
  };
}

describe('contract snapshot', () => {
  it('writes the helpdesk contract: sorted tools, normalised schemas, the SDK and zod it ran with, the same bytes every run', async () => {
    const again = await run(['contract', 'snapshot', '--out', file('helpdesk-again.json'), '--', ...helpdesk]);
    expect(again.code).toBe(0);
    expect(again.stdout).toMatch(
      new RegExp(
        `^wrote ${file('helpdesk-again.json').replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: \\d+ tools of helpdesk \\(@modelcontextprotocol/sdk@1\\.32\\.2, zod 4\\.6\\.7\\); \\d+ client compatibility findings, see agent-contract contract compat `,
      ),
    );
    expect(await readFile(file('helpdesk-again.json'), 'utf8')).toBe(await readFile(file('helpdesk.json'), 'utf8'));
    const contract = await readJson<McpContract>(file('helpdesk.json'));
    const names = contract.tools.map((tool) => tool.name);
    expect(names).toEqual([...names].sort());
    expect(contract.runtime).toEqual({ sdk: ['@modelcontextprotocol/sdk@1.32.2'], zod: ['4.6.7'], sdkZod: ['4.6.7'] });
    const context = contract.tools.find((tool) => tool.name === 'get_ticket_context');
    expect(context?.inputSchema).toEqual({
      type: 'object',
      properties: {
        ticketId: { type: 'string', description: 'The ticket id, as returned by list_tickets', minLength: 1 },
      },
      required: ['ticketId'],
    });
    expect(context?.dialect).toEqual({ input: 'draft-07' });
    const list = contract.tools.find((tool) => tool.name === 'list_tickets');
    // zod 4's +-(2^53 - 1) bounds on .int() are gone; the nullable anyOf became a type array.
    expect(JSON.stringify(list?.outputSchema)).not.toContain('9007199254740991');
    expect(JSON.stringify(list?.outputSchema)).toContain('"assignedAgentId":{"type":["integer","null"]}');
  });

  it('prints the contract with --out - and writes nothing', async () => {
    const before = await readdir(root);
    const result = await run(['contract', 'snapshot', '--out', '-', '--', ...zod4('base')]);
    expect(result.code).toBe(0);
    expect(result.stdout).toBe(await readFile(file('zod4-base.json'), 'utf8'));
    expect(await readdir(root)).toEqual(before);
  });

  it('reads every tools/list page and keeps what the SDK client would reject (a top-level anyOf)', async () => {
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      '-',
      '--no-probe',
      '--',
      'node',
      `${fixtures}/paged.mjs`,
    ]);
    expect(result.code).toBe(0);
    const contract = JSON.parse(result.stdout) as McpContract;
    expect(contract.tools.map((tool) => tool.name)).toEqual([
      'cancel_order',
      'create_order',
      'find_order',
      'get_order',
      'refund_order',
    ]);
    expect(contract.runtime).toBeUndefined();
    expect(contract.tools.find((tool) => tool.name === 'find_order')?.inputSchema).toEqual({
      anyOf: [
        { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'] },
        { type: 'object', properties: { reference: { type: 'string' } }, required: ['reference'] },
      ],
    });
    expect(
      contract.compatibility.filter((finding) => finding.tool === 'find_order').map((finding) => finding.rule),
    ).toEqual(['open-object', 'root-not-object', 'top-level-composition']);
  });

  it('snapshots a Streamable HTTP server with --url and --header', async () => {
    const server = spawn(process.execPath, [`${fixtures}/http.mjs`], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    try {
      const url = await new Promise<string>((resolve) =>
        server.stdout?.once('data', (chunk: Buffer) => resolve(chunk.toString('utf8').trim())),
      );
      const result = await run([
        'contract',
        'diff',
        '--json',
        '--base',
        file('zod4-base.json'),
        '--url',
        url,
        '--header',
        'Authorization: Bearer fixture',
      ]);
      expect(result.code).toBe(0);
      const diff = JSON.parse(result.stdout) as { head: string; changes: ContractChange[] };
      expect(diff.head).toBe(url);
      // The same surface over HTTP: only the server name differs, and the runtime is not probed.
      expect(diff.changes.map((change) => [change.rule, change.path, change.after])).toEqual([
        ['metadata-changed', '/server/name', 'contract-fixture-http'],
      ]);
      const denied = await run(['contract', 'snapshot', '--out', '-', '--url', url]);
      expect(denied.code).toBe(2);
      expect(denied.stderr).toBe(
        `agent-contract: ${url} answered HTTP 401; pass credentials, e.g. --header "Authorization: Bearer <token>"\n`,
      );
    } finally {
      server.kill();
    }
  });
});

describe.concurrent('contract diff classifies each change against the zod 4 base', () => {
  it('z.string().min(1) -> z.string().min(1): no change', async () => {
    const result = await run(['contract', 'diff', '--base', file('zod4-base.json'), '--', ...zod4('base')]);
    expect(result).toEqual({
      code: 0,
      stdout: `${file('zod4-base.json')} -> node ${fixtures}/zod4.mjs base\n\nNo changes: both publish the same contract.\n`,
      stderr: '',
    });
  });

  it('z.string().min(1) -> guardId(z.string().min(1)): the same published bytes; the recorded acceptance takes 47 (info)', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('guarded'))).toEqual({
      code: 0,
      changes: [
        ['info', 'input-accepted-widened', 'close_ticket', '/inputSchema/properties/ticketId', false, true],
        ['info', 'input-accepted-widened', 'get_ticket', '/inputSchema/properties/ticketId', false, true],
      ],
    });
  });

  it('guard-ids on a union and a coercion (zod 3 and zod 4): check --update warns input-published-narrowed and passes', async () => {
    for (const [major, server] of [
      ['zod4', zod4],
      ['zod3', zod3],
    ] as const) {
      const committed = file(`${major}-loose.json`);
      const snapshot = await run(['contract', 'snapshot', '--out', committed, '--', ...server('loose')]);
      expect(snapshot.stdout).not.toContain('run-time acceptance not recorded');
      const check = await run(['contract', 'check', '--update', '--file', committed, '--', ...server('guarded')]);
      expect(check.code, check.stdout).toBe(0);
      expect(check.stdout).toContain('published type is now string; the server still accepts numbers');
      expect(check.stderr).toBe(
        `updated ${committed} (0 breaking, ${major === 'zod3' ? 2 : 1} ${major === 'zod3' ? 'warnings' : 'warning'}, 0 info); commit it with your change\n`,
      );
      // Without the probe the snapshot says once that it is judged by the published schemas.
      const unprobed = await run([
        'contract',
        'snapshot',
        '--no-probe',
        '--out',
        '/dev/null',
        '--',
        ...server('loose'),
      ]);
      expect(unprobed.stdout.split('run-time acceptance not recorded (snapshotted with --no-probe')).toHaveLength(2);
      // A real narrowing still fails the commit: the guards become plain strings, and 47 is rejected again.
      const real = await run(['contract', 'check', '--update', '--file', committed, '--', ...server('base')]);
      expect(real.code).toBe(1);
    }
  });

  it('-> z.union([...]): input widened (info), and the union publishes anyOf (a Cursor finding)', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('union'))).toEqual({
      code: 0,
      changes: [
        [
          'info',
          'input-type-widened',
          'close_ticket',
          '/inputSchema/properties/ticketId/type',
          'string',
          ['integer', 'string'],
        ],
        [
          'info',
          'input-type-widened',
          'get_ticket',
          '/inputSchema/properties/ticketId/type',
          'string',
          ['integer', 'string'],
        ],
      ],
    });
    const compat = await run(['contract', 'compat', '--json', '--clients', 'cursor', '--', ...zod4('union')]);
    expect(compat.code).toBe(1);
    expect(
      (JSON.parse(compat.stdout) as { rule: string; tool: string; paths: string[] }[]).map(({ rule, tool, paths }) => [
        rule,
        tool,
        paths,
      ]),
    ).toEqual([
      ['nested-composition', 'close_ticket', ['/inputSchema/properties/ticketId/anyOf']],
      ['nested-composition', 'get_ticket', ['/inputSchema/properties/ticketId/anyOf']],
    ]);
  });

  it('output number -> string: breaking, exit 1', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('output-string'))).toEqual({
      code: 1,
      changes: [
        [
          'breaking',
          'output-type-widened',
          'get_ticket',
          '/outputSchema/properties/ticketId/type',
          'integer',
          'string',
        ],
      ],
    });
  });

  it('a new required input field: breaking', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('required-field'))).toEqual({
      code: 1,
      changes: [
        [
          'breaking',
          'input-required-field-added',
          'close_ticket',
          '/inputSchema/properties/note',
          undefined,
          { type: 'string' },
        ],
      ],
    });
  });

  it('a new optional input field: info', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('optional-field'))).toEqual({
      code: 0,
      changes: [
        [
          'info',
          'input-optional-field-added',
          'close_ticket',
          '/inputSchema/properties/note',
          undefined,
          { type: 'string' },
        ],
      ],
    });
  });

  it('an enum value removed from an input: breaking', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('enum-removed'))).toEqual({
      code: 1,
      changes: [
        [
          'breaking',
          'input-enum-value-removed',
          'close_ticket',
          '/inputSchema/properties/reason/enum',
          ['duplicate', 'solved', 'spam'],
          ['duplicate', 'solved'],
        ],
      ],
    });
  });

  it('an enum value added to an output: warning (exit 1 only with --fail-on warning)', async () => {
    expect(await diffAgainst('zod4-base.json', zod4('output-enum-added'))).toEqual({
      code: 0,
      changes: [
        [
          'warning',
          'output-enum-value-added',
          'get_ticket',
          '/outputSchema/properties/status/enum',
          ['active', 'closed', 'pending'],
          ['active', 'archived', 'closed', 'pending'],
        ],
      ],
    });
    const strict = await run([
      'contract',
      'diff',
      '--fail-on',
      'warning',
      '--base',
      file('zod4-base.json'),
      '--',
      ...zod4('output-enum-added'),
    ]);
    expect(strict.code).toBe(1);
  });

  it('zod 3 -> zod 4 with the same schemas: no breaking change after normalisation', async () => {
    expect(await diffAgainst('zod3-base.json', zod4('base'))).toEqual({
      code: 0,
      changes: [
        ['info', 'runtime-changed', null, '/runtime/zod', ['3.25.76'], ['4.6.7']],
        ['info', 'input-constraint-loosened', 'close_ticket', '/inputSchema/additionalProperties', false, undefined],
        ['info', 'input-constraint-loosened', 'get_ticket', '/inputSchema/additionalProperties', false, undefined],
        ['info', 'input-constraint-loosened', 'list_tickets', '/inputSchema/additionalProperties', false, undefined],
      ],
    });
  });

  it("zod 4.4.3's dropped required on a guarded id is reported (a server on the test/zod-matrix/zod-4.4.3 copies)", async () => {
    expect(
      existsSync(join(matrix443, 'node_modules', 'zod')),
      'test/zod-matrix/zod-4.4.3 is installed by npm test (pretest) or node scripts/install-zod-matrix.mjs',
    ).toBe(true);
    const env = { ZOD_MATRIX_DIR: matrix443 };
    const base = await run(['contract', 'snapshot', '--out', file('zod443-base.json'), '--', ...onMatrix('base')], env);
    expect(base.stdout).toContain('(@modelcontextprotocol/sdk@1.32.2, zod 4.4.3)');
    expect(await diffAgainst('zod443-base.json', onMatrix('guarded'), env)).toEqual({
      code: 0,
      changes: [
        ['warning', 'input-became-optional', 'close_ticket', '/inputSchema/required', 'required', 'optional'],
        ['info', 'input-accepted-widened', 'close_ticket', '/inputSchema/properties/ticketId', false, true],
        ['warning', 'input-became-optional', 'get_ticket', '/inputSchema/required', 'required', 'optional'],
        ['info', 'input-accepted-widened', 'get_ticket', '/inputSchema/properties/ticketId', false, true],
      ],
    });
  });

  it('prints a readable diff by default', async () => {
    const result = await run(['contract', 'diff', '--base', file('zod4-base.json'), '--', ...zod4('output-string')]);
    expect(result.stdout).toBe(
      [
        `${file('zod4-base.json')} -> node ${fixtures}/zod4.mjs output-string`,
        '',
        'get_ticket',
        '  breaking  output-type-widened  /outputSchema/properties/ticketId/type',
        '            `ticketId` may now be string (was integer, now string)',
        '            before: "integer"',
        '            after:  "string"',
        '',
        '1 breaking, 0 warnings, 0 info.',
        '',
      ].join('\n'),
    );
  });

  it('compares two files with --head', async () => {
    const result = await run([
      'contract',
      'diff',
      '--json',
      '--base',
      file('zod3-base.json'),
      '--head',
      file('zod4-base.json'),
    ]);
    expect(result.code).toBe(0);
    expect((JSON.parse(result.stdout) as { summary: unknown }).summary).toEqual({ breaking: 0, warning: 0, info: 4 });
  });
});

describe('the runtime probe', () => {
  const runtimeOf = async (name: string) => (await readJson<McpContract>(file(name))).runtime;

  it('reads the same SDK and zod from the helpdesk run from its TypeScript sources with tsx', async () => {
    const built = await runtimeOf('helpdesk.json');
    expect(built?.sdk).toHaveLength(1);
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      file('helpdesk-tsx.json'),
      '--',
      'node',
      '--import',
      'tsx',
      'examples/helpdesk/src/main.ts',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(await runtimeOf('helpdesk-tsx.json')).toEqual(built);
  });

  it('reads the runtime of a server that runs with NODE_DEBUG=esm itself', async () => {
    const zod3Runtime = await runtimeOf('zod3-base.json');
    expect(zod3Runtime?.zod).toEqual(['3.25.76']);
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      file('zod3-debug.json'),
      '--',
      'env',
      'NODE_DEBUG=esm',
      ...zod3('base'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(await runtimeOf('zod3-debug.json')).toEqual(zod3Runtime);
  });

  it('leaves the runtime unknown for a process that does not run the probe (as one that is not Node)', async () => {
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      file('no-probe-run.json'),
      '--',
      'env',
      '-u',
      'NODE_OPTIONS',
      ...zod4('base'),
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('(SDK and zod versions unknown: not a Node process, or reached over HTTP)');
    expect(await runtimeOf('no-probe-run.json')).toBeUndefined();
  });

  it('reads zod taken with require() and the SDK taken with import() from one server', async () => {
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      file('mixed.json'),
      '--',
      'node',
      `${fixtures}/mixed.cjs`,
      'base',
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(await runtimeOf('mixed.json')).toEqual(await runtimeOf('zod4-base.json'));
  });

  it('records nothing rather than the CommonJS half when it cannot watch ESM imports', async () => {
    // Half would be zod without the SDK that renders its schemas: wrong rather than unknown.
    const wrapper = join(root, fixtures, 'wrap-module-register.mjs');
    const result = await run(
      ['contract', 'snapshot', '--out', file('wrapped-register.json'), '--', 'node', `${fixtures}/mixed.cjs`, 'base'],
      { NODE_OPTIONS: `--import=${wrapper}` },
    );
    expect(result.code, result.stderr).toBe(0);
    // Node 22.15+ watches ESM through module.registerHooks, which the wrapper does not touch.
    const expected = 'registerHooks' in nodeModule ? await runtimeOf('zod4-base.json') : undefined;
    expect(await runtimeOf('wrapped-register.json')).toEqual(expected);
  });
});
describe('contract check', () => {
  it('passes when the server publishes the committed contract, and leaves the file alone', async () => {
    await copyFile(file('zod4-base.json'), file('check-same.json'));
    const result = await run([
      'contract',
      'check',
      '--update',
      '--file',
      file('check-same.json'),
      '--',
      ...zod4('base'),
    ]);
    expect(result.code).toBe(0);
    expect(result.stderr).toBe('');
    expect(await readFile(file('check-same.json'), 'utf8')).toBe(await readFile(file('zod4-base.json'), 'utf8'));
  });

  it('fails on a breaking change and does not touch the committed file, even with --update', async () => {
    await copyFile(file('zod4-base.json'), file('check-breaking.json'));
    const result = await run([
      'contract',
      'check',
      '--update',
      '--file',
      file('check-breaking.json'),
      '--',
      ...zod4('required-field'),
    ]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('input-required-field-added');
    expect(result.stderr).toBe(
      `${file('check-breaking.json')} was not updated: 1 breaking, 0 warnings, 0 info. If the change is intended, record it with agent-contract contract snapshot --out ${file('check-breaking.json')} -- node ${fixtures}/zod4.mjs required-field\n`,
    );
    expect(await readFile(file('check-breaking.json'), 'utf8')).toBe(await readFile(file('zod4-base.json'), 'utf8'));
  });

  it('records a non-breaking change only with --update', async () => {
    await copyFile(file('zod4-base.json'), file('check-info.json'));
    const stale = await run(['contract', 'check', '--file', file('check-info.json'), '--', ...zod4('optional-field')]);
    expect(stale.code).toBe(0);
    expect(stale.stderr).toBe(
      `${file('check-info.json')} is out of date (0 breaking, 0 warnings, 1 info); run again with --update to record the new contract\n`,
    );
    const updated = await run([
      'contract',
      'check',
      '--update',
      '--file',
      file('check-info.json'),
      '--',
      ...zod4('optional-field'),
    ]);
    expect(updated.code).toBe(0);
    expect(updated.stderr).toBe(
      `updated ${file('check-info.json')} (0 breaking, 0 warnings, 1 info); commit it with your change\n`,
    );
    const contract = await readJson<McpContract>(file('check-info.json'));
    expect(JSON.stringify(contract.tools.find((tool) => tool.name === 'close_ticket')?.inputSchema)).toContain(
      '"note":{"type":"string"}',
    );
  });

  it('without a committed contract: exit 2 naming the command to create it, or create it with --update', async () => {
    const missing = await run(['contract', 'check', '--file', file('check-new.json'), '--', ...zod4('base')]);
    expect(missing).toEqual({
      code: 2,
      stdout: '',
      stderr: `agent-contract: ${file('check-new.json')}: no such file; create it with agent-contract contract snapshot --out ${file('check-new.json')} -- node ${fixtures}/zod4.mjs base and commit it (or pass --update)\n`,
    });
    const created = await run([
      'contract',
      'check',
      '--update',
      '--file',
      file('check-new.json'),
      '--',
      ...zod4('base'),
    ]);
    expect(created.code).toBe(0);
    expect(await readFile(file('check-new.json'), 'utf8')).toBe(await readFile(file('zod4-base.json'), 'utf8'));
  });
});

describe('contract chains and compat on a contract file', () => {
  it('runs the chain matrix on the helpdesk contract alone', async () => {
    const result = await run(['contract', 'chains', file('helpdesk.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '  broken    list_tickets tickets[].id (integer) -> get_ticket_context.ticketId (string)\n            emits integer, accepts only string\n',
    );
    expect(result.stdout).toMatch(/^Of (\d+) chains, \1 broken, 0 tolerated, 0 ok\.$/m);
    // One sentence per class shown, the same the audit and chains print.
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe(
      "broken: the acceptor's input validation rejects the id the emitter sends, so an agent that passes it on is refused.",
    );
  });

  it('runs the chain matrix on a hand-written server, live', async () => {
    const result = await run(['contract', 'chains', '--json', '--', 'node', `${fixtures}/paged.mjs`]);
    expect(result.code).toBe(1);
    expect((JSON.parse(result.stdout) as { summary: unknown }).summary).toEqual({
      emitters: 1,
      acceptors: 4,
      chains: 4,
      ok: 1,
      tolerated: 0,
      broken: 2,
      // refund_order's orderId publishes no type
      unknown: 1,
    });
  });

  it('prints compatibility findings grouped by rule, and filters by client', async () => {
    const result = await run(['contract', 'compat', '--clients', 'openai-strict', file('zod4-base.json')]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      'optional-property (OpenAI strict mode): 1 tool\n  list_tickets: optional properties `status`\n  fix: strict mode needs every property in "required"',
    );
    expect(result.stdout).not.toContain('schema-keyword');
    const none = await run(['contract', 'compat', '--clients', 'gemini', '--', 'node', `${fixtures}/no-tools.mjs`]);
    expect(none.code).toBe(2);
  });
});

describe('contract commands on bad input: one line with the next step, exit 2, nothing on stdout, no file written', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'a server command that is not found',
      ['snapshot', '--out', 'OUT', '--', 'agent-contract-no-such-binary'],
      /^agent-contract: could not start `agent-contract-no-such-binary`: command not found; check the command and your PATH$/,
    ],
    [
      'a server that exits early',
      ['snapshot', '--out', 'OUT', '--', 'node', '-e', "console.error('DATABASE_URL is not set'); process.exit(3)"],
      /exited with code 3 before answering initialize; run it on its own to see why$/,
    ],
    [
      'a server that never answers initialize',
      ['snapshot', '--out', 'OUT', '--timeout', '700', '--', 'node', '-e', 'setInterval(() => {}, 1000)'],
      /did not answer initialize within 700 ms; check that it speaks MCP on stdio, or raise --timeout$/,
    ],
    [
      'a server without tools',
      ['snapshot', '--out', 'OUT', '--', 'node', `${fixtures}/no-tools.mjs`],
      /^agent-contract: node \S+no-tools.mjs: the server does not offer tools \(no "tools" capability/,
    ],
    [
      'a server whose tools/list fails',
      ['snapshot', '--out', 'OUT', '--', 'node', `${fixtures}/failing-list.mjs`],
      /^agent-contract: node \S+failing-list.mjs: the server answered tools\/list with an error \(tool registry is not loaded\); fix the server's tool list$/,
    ],
    [
      'a server that never answers tools/list',
      // Long enough for initialize on a busy machine; the request then waits this long for tools/list.
      ['snapshot', '--out', 'OUT', '--timeout', '5000', '--', 'node', `${fixtures}/hanging-list.mjs`],
      /^agent-contract: node \S+hanging-list.mjs: the server did not answer tools\/list within 5000 ms; raise --timeout$/,
    ],
    [
      'no server command',
      ['snapshot', '--out', 'OUT'],
      /^agent-contract: snapshot needs the command that starts your stdio server after --/,
    ],
    [
      'a server command without --',
      ['diff', '--base', 'BASE', 'node', 'server.js'],
      /^agent-contract: diff: unexpected argument "node"; put the server command after --/,
    ],
    [
      'diff without a head',
      ['diff', '--base', 'BASE'],
      /^agent-contract: diff needs the new contract: --head <file>, or the server command after --/,
    ],
    [
      'a base that does not exist',
      ['diff', '--base', 'missing.json', '--head', 'BASE'],
      /^agent-contract: missing.json: no such file; create it with agent-contract contract snapshot --out missing.json -- <server command>$/,
    ],
    [
      'a base that is not a contract',
      ['diff', '--base', 'package.json', '--head', 'BASE'],
      /^agent-contract: package.json is not an agent-contract contract \(no "format": "agent-contract\/mcp-contract"\); regenerate it/,
    ],
    [
      'a contract from a newer format',
      ['chains', 'NEWER'],
      /written by a newer agent-contract \(this one reads format 2\); upgrade agent-contract$/,
    ],
    [
      'a bad --fail-on',
      ['diff', '--fail-on', 'sometimes', '--head', 'BASE'],
      /^agent-contract: option '--fail-on <level>' argument 'sometimes' is invalid/,
    ],
    [
      '--header without --url',
      ['snapshot', '--header', 'X: y', '--', 'node', 'x.js'],
      /^agent-contract: snapshot: --header only applies with --url$/,
    ],
    [
      'an unknown client',
      ['compat', '--clients', 'claude', 'BASE'],
      /^agent-contract: --clients claude: unknown client; choose from anthropic, openai-strict, gemini, cursor, mcp$/,
    ],
    [
      'a server whose inputs have no id fields',
      ['chains', '--', 'node', 'test/fixtures/servers/no-ids.mjs'],
      /: no input schema of the 2 tools has an id field \(named id, \*Id, \*_id\); there is no chain to check$/,
    ],
    [
      'a contract whose outputs have no id fields',
      ['chains', 'NOOUT'],
      /: no outputSchema of the 1 tools has an id field, so a contract alone shows no chain; run agent-contract chains -- <server command>/,
    ],
  ];
  beforeAll(async () => {
    await writeFile(file('newer.json'), '{"format":"agent-contract/mcp-contract","formatVersion":7,"tools":[]}');
    const noOutput = {
      format: 'agent-contract/mcp-contract',
      formatVersion: 1,
      server: { name: 'x' },
      tools: [{ name: 'get_ticket', inputSchema: { type: 'object', properties: { ticketId: { type: 'string' } } } }],
      compatibility: [],
    };
    await writeFile(file('no-output.json'), JSON.stringify(noOutput));
  });
  it.concurrent.each(cases)('%s', async (_name, args, message) => {
    const out = file(
      `bad-${args
        .join('-')
        .replace(/[^a-z0-9]+/gi, '-')
        .slice(0, 60)}.json`,
    );
    const placeholders: Record<string, string> = {
      OUT: out,
      BASE: file('zod4-base.json'),
      NEWER: file('newer.json'),
      NOOUT: file('no-output.json'),
    };
    const resolved = args.map((arg) => placeholders[arg] ?? arg);
    const result = await run(['contract', ...resolved]);
    expect(result.code).toBe(2);
    const [first] = result.stderr.split('\n');
    expect(first).toMatch(message);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).toBe('');
    expect(existsSync(out)).toBe(false);
  });

  it('shows the stderr tail and the exit code of a server that dies during start-up', async () => {
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      file('dead.json'),
      '--',
      'node',
      '-e',
      "console.error('DATABASE_URL is not set'); process.exit(3)",
    ]);
    expect(result.stderr).toContain('last lines the server wrote to stderr:\n  DATABASE_URL is not set\n');
    expect(result.stderr.split('\n')[0]).toContain('exited with code 3');
  });

  it('keeps the error line of a server that dies on a missing package above its stack trace, which the probe does not bloat', async () => {
    const server = ['node', 'test/fixtures/contract-servers/missing-package.mjs'];
    const result = await run(['contract', 'snapshot', '--out', file('missing-package.json'), '--', ...server]);
    expect(result.code).toBe(2);
    const tail = result.stderr
      .split('\n')
      .slice(result.stderr.split('\n').indexOf('last lines the server wrote to stderr:') + 1);
    expect(tail.some((line) => line.includes("Cannot find package 'agent-contract-fixture-no-such-package'"))).toBe(
      true,
    );
    expect(tail.filter((line) => /^\s+at /.test(line))).toHaveLength(1);
    expect(tail).toContainEqual(expect.stringMatching(/^ {6}\.\.\. \d+ more stack frames \{$/));
    // The probe's ESM wrapper is among the frames (the full trace shows it by its sourceURL, not a data: URL).
    expect(result.stderr).not.toContain('data:text/javascript');
    expect(existsSync(file('missing-package.json'))).toBe(false);
  });

  it('says so when a server that dies during start-up wrote to stdout what is not JSON-RPC', async () => {
    const result = await run([
      'contract',
      'snapshot',
      '--out',
      file('noisy.json'),
      '--',
      'node',
      '-e',
      "console.log('Server running on stdio'); process.exit(1)",
    ]);
    expect(result.code).toBe(2);
    expect(result.stderr.split('\n').slice(1)).toEqual([
      'the server wrote to stdout what is not JSON-RPC (stdout carries MCP only; log to stderr):',
      `  Unexpected token 'S', "Server run"... is not valid JSON`,
      '',
    ]);
    expect(existsSync(file('noisy.json'))).toBe(false);
  });

  it('keeps the runtime probe and the stderr tail working when FORCE_COLOR makes Node colour its debug log', async () => {
    const dead = await run(
      [
        'contract',
        'snapshot',
        '--out',
        file('dead-colour.json'),
        '--',
        'node',
        '-e',
        "console.error('DATABASE_URL is not set'); process.exit(3)",
      ],
      { FORCE_COLOR: '1' },
    );
    expect(dead.stderr).toContain('last lines the server wrote to stderr:\n  DATABASE_URL is not set\n');
    expect(dead.stderr).not.toContain('ESM');
    const live = await run(['contract', 'snapshot', '--out', file('helpdesk-colour.json'), '--', ...helpdesk], {
      FORCE_COLOR: '1',
    });
    expect(live.code, live.stderr).toBe(0);
    expect((await readJson<McpContract>(file('helpdesk-colour.json'))).runtime).toEqual({
      sdk: ['@modelcontextprotocol/sdk@1.32.2'],
      zod: ['4.6.7'],
      sdkZod: ['4.6.7'],
    });
  });
});

function exited(child: ChildProcess): Promise<{ code: number | null; stderr: string }> {
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, stderr })));
}

/**
 * Snapshots `server` (which writes its pid to `pidFile`), sends the CLI `signal` once the server runs, and reports
 * the CLI's exit, whether the server is gone and whether the contract file was written.
 */
async function interruptSnapshot(
  server: readonly string[],
  pidFile: string,
  signal: NodeJS.Signals,
  env: Record<string, string> = {},
) {
  const out = file(`${signal}.json`);
  const child = spawnCli(['contract', 'snapshot', '--out', out, '--', ...server], { env });
  const done = exited(child);
  expect(await waitFor(() => existsSync(pidFile), 10_000)).toBe(true);
  const pid = await readPid(pidFile);
  child.kill(signal);
  const { code, stderr } = await done;
  return { code, stderr, serverGone: await waitFor(() => !alive(pid), 3_000), written: existsSync(out) };
}

describe('interrupting a snapshot ends the server and writes nothing', () => {
  it('Ctrl-C (SIGINT) while the server starts', async () => {
    const pidFile = file('starting.pid');
    expect(await interruptSnapshot(['node', `${fixtures}/silent.cjs`, pidFile], pidFile, 'SIGINT')).toEqual({
      code: 130,
      stderr: 'agent-contract: interrupted by SIGINT; the server was stopped and nothing was written\n',
      serverGone: true,
      written: false,
    });
  });

  it('SIGTERM while waiting for tools/list', async () => {
    const pidFile = file('listing.pid');
    expect(
      await interruptSnapshot(['node', `${fixtures}/hanging-list.mjs`], pidFile, 'SIGTERM', { PID_FILE: pidFile }),
    ).toEqual({
      code: 143,
      stderr: 'agent-contract: interrupted by SIGTERM; the server was stopped and nothing was written\n',
      serverGone: true,
      written: false,
    });
  });
});
