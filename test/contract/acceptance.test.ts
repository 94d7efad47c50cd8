import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ACCEPTANCE_UNKNOWN, acceptanceQuestions } from '../../src/contract/acceptance.ts';
import { contractChainMatrix } from '../../src/contract/chains.ts';
import type { McpContract } from '../../src/contract/contract-file.ts';
import { diffContracts, diffFails } from '../../src/contract/diff.ts';
import { formatChainMatrix, formatDiff } from '../../src/contract/format.ts';
import { contractFromToolsList, snapshotServer } from '../../src/contract/snapshot.ts';
import { repoRoot } from '../support/run-cli.ts';

/**
 * The acceptance section: the snapshot asks the probe inside the server what each input id field's validation takes
 * (47, "47", nothing), and `contract chains`, `diff` and `check` read it. The fixture surface
 * (test/fixtures/contract-servers/surface.mjs) in three variants, on zod 4 and on zod 3:
 * - `loose`: `get_ticket.ticketId` is `z.union([string, number])`, `close_ticket.ticketId` is `z.coerce.string()`;
 * - `guarded`: both are `guardId(z.string().min(1))`, what `codemod guard-ids` makes of `loose`;
 * - `base`: both are plain `z.string().min(1)`: a real narrowing of `loose`, numbers are rejected.
 */
const fixtures = join(repoRoot, 'test/fixtures/contract-servers');
const MAJORS = ['zod4', 'zod3'] as const;
const VARIANTS = ['loose', 'guarded', 'base'] as const;
type Major = (typeof MAJORS)[number];
type Variant = (typeof VARIANTS)[number];

const contracts = new Map<string, McpContract>();
const contractOf = (major: Major, variant: Variant, probe = true): McpContract => {
  const contract = contracts.get(`${major} ${variant} ${probe}`);
  if (contract === undefined) throw new Error(`no snapshot of ${major} ${variant}`);
  return contract;
};

beforeAll(async () => {
  const runs = [
    ...MAJORS.flatMap((major) => VARIANTS.map((variant) => [major, variant, true] as const)),
    ['zod4', 'guarded', false] as const,
  ];
  // Two at a time: the machine has two cores, and each server takes a second to start.
  for (let index = 0; index < runs.length; index += 2) {
    await Promise.all(
      runs.slice(index, index + 2).map(async ([major, variant, probe]) => {
        const { contract } = await snapshotServer(
          { kind: 'stdio', command: process.execPath, args: [join(fixtures, `${major}.mjs`), variant], cwd: repoRoot },
          { probeRuntime: probe },
        );
        contracts.set(`${major} ${variant} ${probe}`, contract);
      }),
    );
  }
}, 120_000);

describe('contract snapshot records what each input id field accepts at run time', () => {
  it.each(MAJORS)('%s: 47, "47" and a missing key, through the validation the SDK runs on a call', (major) => {
    const accepted = (variant: Variant) =>
      contractOf(major, variant).acceptance?.map(
        ({ tool, field, number, string, missing }) => `${tool}.${field}: ${number} ${string} ${missing}`,
      );
    // zod 3's z.coerce.string() passes a missing key as the string "undefined"; zod 4's rejects it.
    expect(accepted('loose')).toEqual([
      `close_ticket.ticketId: true true ${major === 'zod3' ? 'coerced' : 'rejected'}`,
      'get_ticket.ticketId: true true rejected',
    ]);
    expect(accepted('guarded')).toEqual([
      'close_ticket.ticketId: true true rejected',
      'get_ticket.ticketId: true true rejected',
    ]);
    expect(accepted('base')).toEqual([
      'close_ticket.ticketId: false true rejected',
      'get_ticket.ticketId: false true rejected',
    ]);
    expect(contractOf(major, 'guarded').formatVersion).toBe(2);
  });

  it.each(['zod-3.25.76', 'zod-4.6.7'])(
    'on the test/zod-matrix/%s copies, with the SDK taken by require(): the same answers',
    async (folder) => {
      const saved = process.env['ZOD_MATRIX_DIR'];
      process.env['ZOD_MATRIX_DIR'] = join(repoRoot, 'test/zod-matrix', folder);
      try {
        const { contract } = await snapshotServer({
          kind: 'stdio',
          command: process.execPath,
          args: [join(fixtures, 'matrix.mjs'), 'guarded'],
          cwd: repoRoot,
        });
        expect(contract.runtime?.sdkZod).toEqual([folder.slice('zod-'.length)]);
        expect(contract.acceptance).toEqual(contractOf('zod4', 'guarded').acceptance);
      } finally {
        if (saved === undefined) delete process.env['ZOD_MATRIX_DIR'];
        else process.env['ZOD_MATRIX_DIR'] = saved;
      }
    },
    30_000,
  );

  it('records nothing with the probe off, and the tools as before', () => {
    expect(contractOf('zod4', 'guarded', false).acceptance).toBeUndefined();
    expect(contractOf('zod4', 'guarded', false).tools).toEqual(contractOf('zod4', 'guarded').tools);
  });

  it('asks about the id fields the model names, a list of ids as a list', () => {
    const { tools } = contractFromToolsList(
      [
        {
          name: 'merge_tickets',
          inputSchema: {
            type: 'object',
            properties: {
              ticketIds: { type: 'array', items: { type: 'string' } },
              into: { type: 'object', properties: { ticket_id: { type: 'string' } } },
              note: { type: 'string' },
            },
          },
        },
      ],
      { serverName: 'x' },
    );
    expect(acceptanceQuestions(tools)).toEqual([
      { tool: 'merge_tickets', field: 'into.ticket_id', path: ['into', 'ticket_id'] },
      { tool: 'merge_tickets', field: 'ticketIds', path: ['ticketIds', '[]'] },
    ]);
  });
});

describe('contract chains reads the recorded acceptance', () => {
  it.each(MAJORS)('%s: a number emitted into a guarded string acceptor is tolerated, as the audit says', (major) => {
    const matrix = contractChainMatrix(contractOf(major, 'guarded'));
    const intoGetTicket = matrix.chains.find(
      (chain) => chain.from.tool === 'list_tickets' && chain.to.tool === 'get_ticket',
    );
    expect(intoGetTicket).toMatchObject({
      verdict: 'tolerated',
      reason: 'emits integer, publishes string but also accepts integer',
    });
    expect(matrix.summary.broken).toBe(0);
    expect(contractChainMatrix(contractOf(major, 'base')).summary.tolerated).toBe(0);
  });

  it('without a recorded acceptance: judged by the published schema, and said once', () => {
    const matrix = contractChainMatrix(contractOf('zod4', 'guarded', false));
    expect(matrix.acceptance).toBe('unknown');
    expect(matrix.summary.tolerated).toBe(0);
    expect(matrix.summary.broken).toBe(matrix.summary.chains);
    const text = formatChainMatrix(matrix);
    expect(text.split(ACCEPTANCE_UNKNOWN)).toHaveLength(2);
    expect(formatChainMatrix(contractChainMatrix(contractOf('zod4', 'guarded')))).not.toContain(ACCEPTANCE_UNKNOWN);
  });
});

const changesOf = (base: McpContract, head: McpContract) =>
  diffContracts(base, head).changes.map((change) => [change.level, change.rule, change.tool, change.message]);

describe('contract diff judges a published narrowing by the recorded acceptance', () => {
  const publishedNarrowed = [
    'warning',
    'input-published-narrowed',
    'get_ticket',
    '`ticketId`: published type is now string; the server still accepts numbers (was integer|string)',
  ];

  it('zod 4, union and coercion -> guardId: a warning for the union; the coercion publishes the same bytes', () => {
    const diff = diffContracts(contractOf('zod4', 'loose'), contractOf('zod4', 'guarded'));
    expect(changesOf(contractOf('zod4', 'loose'), contractOf('zod4', 'guarded'))).toEqual([publishedNarrowed]);
    expect(diffFails(diff, 'breaking')).toBe(false);
    expect(diff.notes).toBeUndefined();
  });

  it('zod 3, union and coercion -> guardId: the coerced field is newly required, but never took a call without it', () => {
    const diff = diffContracts(contractOf('zod3', 'loose'), contractOf('zod3', 'guarded'));
    expect(changesOf(contractOf('zod3', 'loose'), contractOf('zod3', 'guarded'))).toEqual([
      [
        'warning',
        'input-published-narrowed',
        'close_ticket',
        '`ticketId`: published as required now; before, a call without it passed validation only as the string "undefined" (zod 3\'s z.coerce.string())',
      ],
      publishedNarrowed,
    ]);
    expect(diff.changes[0]).toMatchObject({ path: '/inputSchema/required', before: 'optional', after: 'required' });
    expect(diffFails(diff, 'breaking')).toBe(false);
    expect(diffFails(diff, 'warning')).toBe(true);
  });

  it.each(MAJORS)(
    '%s: a real narrowing (union and coercion become plain strings, 47 is rejected) stays breaking',
    (major) => {
      const diff = diffContracts(contractOf(major, 'loose'), contractOf(major, 'base'));
      const coercionLost = [
        'breaking',
        'input-accepted-narrowed',
        'close_ticket',
        '`ticketId` no longer accepts numbers at run time (47 is rejected), and its published type does not say so: callers that send numbers break',
      ];
      expect(changesOf(contractOf(major, 'loose'), contractOf(major, 'base'))).toEqual([
        ...(major === 'zod3'
          ? [
              [
                'warning',
                'input-published-narrowed',
                'close_ticket',
                '`ticketId`: published as required now; before, a call without it passed validation only as the string "undefined" (zod 3\'s z.coerce.string())',
              ],
            ]
          : []),
        coercionLost,
        [
          'breaking',
          'input-type-narrowed',
          'get_ticket',
          '`ticketId` no longer accepts integer (was integer|string, now string)',
        ],
      ]);
      expect(diff.changes.find((change) => change.rule === 'input-accepted-narrowed')).toMatchObject({
        path: '/inputSchema/properties/ticketId',
        field: 'ticketId',
        before: true,
        after: false,
      });
      expect(diffFails(diff, 'breaking')).toBe(true);
    },
  );

  it.each(MAJORS)(
    '%s: z.string() -> guardId(z.string()) publishes the same bytes; the acceptance gained numbers (info)',
    (major) => {
      const diff = diffContracts(contractOf(major, 'base'), contractOf(major, 'guarded'));
      expect(diff.changes.map((change) => [change.level, change.rule, change.tool, change.field])).toEqual([
        ['info', 'input-accepted-widened', 'close_ticket', 'ticketId'],
        ['info', 'input-accepted-widened', 'get_ticket', 'ticketId'],
      ]);
      expect(diff.changes[0]?.message).toBe(
        '`ticketId` now also accepts numbers at run time (47 passes validation); its published type did not change',
      );
      // And back: removing the guard breaks every caller that passes a number on.
      expect(diffContracts(contractOf(major, 'guarded'), contractOf(major, 'base')).summary).toEqual({
        breaking: 2,
        warning: 0,
        info: 0,
      });
    },
  );

  it('without a recorded acceptance the narrowing is breaking, as published, and the output says why once', () => {
    const head = contractOf('zod4', 'guarded', false);
    const diff = diffContracts(contractOf('zod4', 'loose'), head);
    expect(changesOf(contractOf('zod4', 'loose'), head)).toEqual([
      [
        'breaking',
        'input-type-narrowed',
        'get_ticket',
        '`ticketId` no longer accepts integer (was integer|string, now string)',
      ],
    ]);
    expect(diff.notes).toEqual([ACCEPTANCE_UNKNOWN]);
    expect(formatDiff(diff, { base: 'a.json', head: 'b.json' }).split('\n').slice(0, 2)).toEqual([
      'a.json -> b.json',
      ACCEPTANCE_UNKNOWN,
    ]);
  });

  it('reads a format 1 file (no acceptance) as a base', () => {
    const { acceptance: _dropped, ...rest } = contractOf('zod4', 'loose');
    const formatOne: McpContract = { ...rest, formatVersion: 1 };
    expect(changesOf(formatOne, contractOf('zod4', 'guarded'))).toEqual([publishedNarrowed]);
  });
});
