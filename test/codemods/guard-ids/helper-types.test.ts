/**
 * The helper `guard-ids --helper local` writes must type-check wherever a server project builds: under TypeScript 6
 * (this repository's tsc) and under TypeScript 7 (the Go port, test/typescript-7's tsc), against zod 3.25 and zod 4,
 * for every flavour the project may import Zod as. Each project below holds the helper and a server file that uses
 * both guards the way guard-ids writes them (required, optional, inside `z.object`), and its node_modules links the
 * zod of one zod-matrix folder; `tsc --noEmit` must exit 0 with no output.
 */
import { existsSync, symlinkSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localGuardHelperText } from '../../../codemods/utils/local-guard-helper.ts';
import type { ZodFlavour } from '../../../src/model/zod-flavour.ts';
import { runCommand } from '../../package/packed.ts';
import { repoRoot } from '../../support/run-cli.ts';
import { makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';

afterAll(removeTempTrees);

const TSC = {
  'TypeScript 6': path.join(repoRoot, 'node_modules/typescript/bin/tsc'),
  'TypeScript 7': path.join(repoRoot, 'test/typescript-7/node_modules/typescript/bin/tsc'),
} as const;

const ZOD = {
  'zod 3.25': path.join(repoRoot, 'test/zod-matrix/zod-3.25.76/node_modules/zod'),
  'zod 4': path.join(repoRoot, 'test/zod-matrix/zod-4.6.7/node_modules/zod'),
} as const;

const TSCONFIG = JSON.stringify({
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    exactOptionalPropertyTypes: true,
    noEmit: true,
    skipLibCheck: true,
  },
  include: ['src'],
});

/** A server file as guard-ids leaves it: both guards, required and optional, and a parse whose result is typed. */
function useText(specifier: string, mini: boolean): string {
  const optional = (schema: string) => (mini ? `z.optional(${schema})` : `${schema}.optional()`);
  const min = mini ? 'z.string().check(z.minLength(1))' : 'z.string().min(1)';
  const int = mini ? 'z.number().check(z.int())' : 'z.number().int()';
  return [
    `import { z } from '${specifier}';`,
    `import { guardId, guardNumberId } from './agent-contract-guard.js';`,
    '',
    'export const shape = {',
    `  ticketId: guardId(${min}),`,
    `  parentId: ${optional(`guardId(${min})`)},`,
    `  boardId: guardNumberId(${int}),`,
    `  laneId: ${optional(`guardNumberId(${int})`)},`,
    '};',
    '',
    'const parsed = z.object(shape).parse({ ticketId: 47, boardId: "5812" });',
    'export const ticketId: string = parsed.ticketId;',
    'export const boardId: number = parsed.boardId;',
    'export const parentId: string | undefined = parsed.parentId;',
    '',
  ].join('\n');
}

interface Case {
  readonly zod: keyof typeof ZOD;
  readonly flavour: ZodFlavour;
  readonly specifier: string;
}

const CASES: readonly Case[] = [
  { zod: 'zod 4', flavour: 'zod4', specifier: 'zod' },
  { zod: 'zod 4', flavour: 'zod4', specifier: 'zod/v4' },
  { zod: 'zod 4', flavour: 'zod3', specifier: 'zod/v3' },
  { zod: 'zod 4', flavour: 'zod4-mini', specifier: 'zod/mini' },
  { zod: 'zod 3.25', flavour: 'zod3', specifier: 'zod' },
  { zod: 'zod 3.25', flavour: 'zod4', specifier: 'zod/v4' },
  { zod: 'zod 3.25', flavour: 'zod4-mini', specifier: 'zod/v4-mini' },
];

beforeAll(() => {
  for (const needed of [...Object.values(TSC), ...Object.values(ZOD)])
    if (!existsSync(needed)) throw new Error(`${needed} is missing: run node scripts/install-zod-matrix.mjs`);
});

async function projectFor({ zod, flavour, specifier }: Case): Promise<string> {
  const root = await makeTempTree({
    'package.json': JSON.stringify({ name: 'helper-types', private: true, type: 'module' }),
    'tsconfig.json': TSCONFIG,
    'src/agent-contract-guard.ts': localGuardHelperText(flavour, specifier, { quote: "'", semicolon: true }),
    'src/server.ts': useText(specifier, flavour === 'zod4-mini'),
  });
  await mkdir(path.join(root, 'node_modules'));
  symlinkSync(ZOD[zod], path.join(root, 'node_modules/zod'), 'dir');
  return root;
}

describe.each(CASES)('the local helper on $zod, imported as $specifier', (testCase) => {
  it.each(Object.keys(TSC) as (keyof typeof TSC)[])('type-checks with its uses under %s', async (version) => {
    const root = await projectFor(testCase);
    const result = await runCommand(process.execPath, [TSC[version], '-p', 'tsconfig.json'], root);
    expect(result.stdout + result.stderr).toBe('');
    expect(result.code).toBe(0);
  });
});
