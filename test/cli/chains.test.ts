import { describe, expect, it } from 'vitest';
import { runCli as run } from '../support/run-cli.ts';

const helpdesk = ['node', 'dist/examples/helpdesk/src/main.js'];

describe('agent-contract chains against the helpdesk over stdio', () => {
  it('prints every chain and the tally, and exits 1 because chains are broken', async () => {
    const result = await run(['chains', '--samples', 'examples/helpdesk/samples.json', '--', ...helpdesk]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('9 tools, 21 emitted id fields, 8 accepting id fields');
    expect(result.stdout).toContain(
      [
        '  broken    list_tickets tickets[].id=4 -> get_ticket_context.ticketId',
        '            emits integer, accepts only string',
        '            Invalid input: expected string, received number at ticketId',
      ].join('\n'),
    );
    expect(result.stdout).toContain('  ok        draft_reply replyId="2" -> approve_reply.replyId\n');
    // The tally and the one sentence per class the audit and contract chains print too.
    expect(result.stdout.trimEnd().split('\n').slice(-3)).toEqual([
      'Of 46 chains, 45 broken, 0 tolerated, 1 ok.',
      "broken: the acceptor's input validation rejects the id the emitter sends, so an agent that passes it on is refused.",
      'ok: the acceptor publishes the type of id the emitter sends.',
    ]);
  });

  it('runs every chain as each client profile too with --profile all, and exits 1 when one breaks a chain', async () => {
    const result = await run([
      'chains',
      '--profile',
      'all',
      '--samples',
      'examples/helpdesk/samples.json',
      '--',
      ...helpdesk,
    ]);
    expect(result.code).toBe(1);
    // The helpdesk emits number ids into string acceptors: a client that sends strings gets every chain through; one
    // that turns digit strings into numbers breaks the one chain that held (a reply id emitted as "2").
    expect(result.stdout).toContain(
      [
        'As a client that sends every scalar argument as a string (--profile stringify-scalars):',
        '  ok        list_tickets tickets[].id=4 -> get_ticket_context.ticketId',
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      [
        '  the other chain as the literal consumer found it',
        '  Of 46 chains, 0 broken, 0 tolerated, 46 ok.',
        '',
        'As a client that turns every string of digits into a number (--profile numberify-digit-strings):',
        '  broken    draft_reply replyId="2" -> approve_reply.replyId',
        '            sent as 2: emits integer, accepts only string',
      ].join('\n'),
    );
    expect(result.stdout).toContain(
      [
        'As a client that carries ids beyond 2^53 as JSON numbers, losing their last digits (--profile big-ids-as-numbers):',
        '  every chain as the literal consumer found it',
        '  Of 46 chains, 45 broken, 0 tolerated, 1 ok.',
      ].join('\n'),
    );
  });

  it('prints the whole report as JSON with --json', async () => {
    const result = await run(['chains', '--json', '--samples', 'examples/helpdesk/samples.json', '--', ...helpdesk]);
    expect(result.code).toBe(1);
    const report = JSON.parse(result.stdout) as {
      summary: Record<string, number>;
      verdicts: Record<string, number>;
      chains: { status: string; verdict: string }[];
    };
    expect(report.summary).toEqual({
      tools: 9,
      emitters: 21,
      acceptors: 8,
      chains: 46,
      ok: 1,
      rejected: 45,
      failed: 0,
    });
    expect(report.verdicts).toEqual({
      emitters: 21,
      acceptors: 8,
      chains: 46,
      ok: 1,
      tolerated: 0,
      broken: 45,
      unknown: 0,
    });
    expect(
      report.chains.filter((chain) => chain.status === 'rejected').every((chain) => chain.verdict === 'broken'),
    ).toBe(true);
  });
});

describe('agent-contract on bad input: one line naming the cause and the next step, exit 2, no stack trace', () => {
  const cases: [string, string[], RegExp][] = [
    [
      'an unknown subcommand',
      ['frobnicate'],
      /^agent-contract: unknown command 'frobnicate'; run agent-contract --help to see the commands$/,
    ],
    [
      'no server command',
      ['chains'],
      /^agent-contract: chains needs the command that starts your stdio server after --/,
    ],
    [
      'a command that does not exist',
      ['chains', '--', 'agent-contract-no-such-binary'],
      /command not found; check the command and your PATH$/,
    ],
    [
      'a server that exits early',
      ['chains', '--', 'node', '-e', "console.error('DATABASE_URL is not set'); process.exit(3)"],
      /exited with code 3 before answering initialize; run it on its own to see why$/,
    ],
    [
      'a server that never answers initialize',
      ['chains', '--timeout', '700', '--', 'node', '-e', 'setInterval(() => {}, 1000)'],
      /did not answer initialize within 700 ms; check that it speaks MCP on stdio, or raise --timeout$/,
    ],
    [
      'a tool list with no id fields',
      ['chains', '--', 'node', 'test/fixtures/servers/no-ids.mjs'],
      /^agent-contract: the server's 2 tools accept no id fields .*there is no chain to test$/,
    ],
    [
      // The bundled client checks a result against its tool's outputSchema with ajv, which it loads at that first check.
      'a tool whose result breaks its own outputSchema',
      ['chains', '--', 'node', 'test/fixtures/servers/wrong-output.mjs'],
      /^agent-contract: no tool result carried an id field: create_item failed \(Structured content does not match the tool's output schema: data\/itemId must be string\); fix the tool, or give it arguments with --samples$/,
    ],
    [
      'a samples file that does not exist',
      ['chains', '--samples', 'missing.json', '--', 'node', 'x.js'],
      /--samples missing.json: no such file; pass a JSON file/,
    ],
    [
      'an unknown client profile',
      ['chains', '--profile', 'stringify-scalars', '--profile', 'sloppy', '--', 'node', 'x.js'],
      /^agent-contract: --profile sloppy: no such client profile; choose from stringify-scalars, numberify-digit-strings, big-ids-as-numbers, or all \(docs\/client-profiles\.md\)$/,
    ],
    [
      'a bad timeout',
      ['chains', '--timeout', 'soon', '--', 'node', 'x.js'],
      /--timeout soon: expected a whole number of milliseconds/,
    ],
  ];
  it.each(cases)('%s', async (_name, args, message) => {
    const result = await run(args);
    expect(result.code).toBe(2);
    const [first] = result.stderr.split('\n');
    expect(first).toMatch(message);
    expect(result.stderr).not.toMatch(/^\s+at /m);
    expect(result.stdout).toBe('');
  });

  it('says in one line that a server without tools has no chain to test, with the next step, exit 2', async () => {
    const result = await run(['chains', '--', 'node', 'test/fixtures/contract-servers/no-tools.mjs']);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      'agent-contract: the server started by `node test/fixtures/contract-servers/no-tools.mjs` offers no tools (no "tools" capability in its initialize answer), so there is no chain to test; check that the command starts your MCP server and that it registers its tools before connecting\n',
    );
    expect(result.stdout).toBe('');
  });

  it('shows the server stderr tail when it dies during start-up', async () => {
    const result = await run([
      'chains',
      '--',
      'node',
      '-e',
      "console.error('DATABASE_URL is not set'); process.exit(3)",
    ]);
    expect(result.stderr).toContain('last lines the server wrote to stderr:\n  DATABASE_URL is not set\n');
  });
});
