/**
 * The local helper `guard-ids --helper local` writes must keep the published schema exactly as the package's own
 * `guardId` does: for each Zod flavour, the helper's text is written into a folder whose node_modules is the
 * repository's, imported, and a server registering one id field plain, with the package guard and with the local
 * helper must publish the same tools/list bytes (recorded on the server side of the in-memory transport), while the
 * helper accepts 47 as "47" and rejects what the plain schema rejects, with the same message.
 */
import { symlinkSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { afterAll, describe, expect, it } from 'vitest';
import * as zod4 from 'zod';
import * as zod3 from 'zod/v3';
import * as zodV4 from 'zod/v4';
import * as zodMini from 'zod/mini';
import { localGuardHelperText } from '../../../codemods/utils/local-guard-helper.ts';
import type { ZodFlavour } from '../../../src/model/zod-flavour.ts';
import { guardId, guardNumberId } from '../../../src/guard/guard-id.ts';
import { toolsListWire } from '../../../src/testing/index.ts';
import { repoRoot } from '../../support/run-cli.ts';
import { makeTempTree, removeTempTrees } from '../runner/temp-tree.ts';

afterAll(removeTempTrees);

/** Every flavour's schema, as the guards take it at run time (their overloads pick the flavour). */
type Guard = (inner: object) => unknown;
const packageGuard = guardId as Guard;
const packageNumberGuard = guardNumberId as Guard;

interface Case {
  readonly label: string;
  readonly flavour: ZodFlavour;
  readonly specifier: string;
  /** The field as a server author writes it, built afresh for each server. */
  readonly field: () => object;
  /** A number id field of the same flavour, for `guardNumberId`. */
  readonly numberField: () => object;
  readonly optional: (schema: unknown) => unknown;
}

const CASES: readonly Case[] = [
  {
    label: 'zod 4 (zod)',
    flavour: 'zod4',
    specifier: 'zod',
    field: () => zod4.z.string().min(1).describe('The ticket'),
    numberField: () => zod4.z.number().int().describe('The board'),
    optional: (schema) => (schema as zod4.ZodType).optional(),
  },
  {
    label: 'zod 4 (zod/v4)',
    flavour: 'zod4',
    specifier: 'zod/v4',
    field: () => zodV4.z.string().regex(/^\d+$/),
    numberField: () => zodV4.z.number().int().positive(),
    optional: (schema) => (schema as zodV4.ZodType).optional(),
  },
  {
    label: 'zod 3 (zod/v3)',
    flavour: 'zod3',
    specifier: 'zod/v3',
    field: () => zod3.z.string().min(1).describe('The ticket'),
    numberField: () => zod3.z.number().int().describe('The board'),
    optional: (schema) => (schema as zod3.ZodTypeAny).optional(),
  },
  {
    label: 'zod mini (zod/mini)',
    flavour: 'zod4-mini',
    specifier: 'zod/mini',
    field: () => zodMini.z.string().check(zodMini.z.minLength(1)),
    numberField: () => zodMini.z.number().check(zodMini.z.positive()),
    optional: (schema) => zodMini.z.optional(schema as zodMini.ZodMiniType),
  },
];

interface LocalGuards {
  readonly guardId: Guard;
  readonly guardNumberId: Guard;
}

async function localHelper(flavour: ZodFlavour, specifier: string): Promise<LocalGuards> {
  const root = await makeTempTree({});
  symlinkSync(path.join(repoRoot, 'node_modules'), path.join(root, 'node_modules'), 'dir');
  const file = path.join(root, 'agent-contract-guard.ts');
  await writeFile(file, localGuardHelperText(flavour, specifier, { quote: "'", semicolon: true }));
  return (await import(pathToFileURL(file).href)) as LocalGuards;
}

async function publishedWith(field: () => unknown): Promise<string> {
  const server = new McpServer({ name: 'bytes', version: '1.0.0' });
  server.registerTool('get_ticket', { inputSchema: { ticketId: field() as zod4.ZodString } }, async () => ({
    content: [],
  }));
  const wire = await toolsListWire(server);
  await server.close();
  return wire;
}

function parseWith(schema: unknown, value: unknown): { success: boolean; data?: unknown; message?: string } {
  const result = (schema as zod4.ZodType).safeParse(value);
  return result.success
    ? { success: true, data: result.data }
    : { success: false, message: result.error.issues[0]?.message ?? '' };
}

describe.each(CASES)('the local helper on $label', ({ flavour, specifier, field, numberField, optional }) => {
  it('publishes the bytes of the plain field and of the package guard, required and optional', async () => {
    const local = (await localHelper(flavour, specifier)).guardId;
    const plain = await publishedWith(field);
    expect(await publishedWith(() => packageGuard(field()))).toBe(plain);
    expect(await publishedWith(() => local(field()))).toBe(plain);
    const optionalPlain = await publishedWith(() => optional(field()));
    expect(await publishedWith(() => optional(local(field())))).toBe(optionalPlain);
    expect(await publishedWith(() => optional(packageGuard(field())))).toBe(optionalPlain);
  });

  it('accepts a positive integer as its decimal string and rejects the rest as the plain schema does', async () => {
    const local = (await localHelper(flavour, specifier)).guardId;
    expect(parseWith(local(field()), 47)).toEqual({ success: true, data: '47' });
    expect(parseWith(local(field()), '47')).toEqual({ success: true, data: '47' });
    for (const value of [null, undefined, {}, '', 0, -1, 1.5, 2 ** 53, Number.NaN])
      expect(parseWith(local(field()), value)).toEqual(parseWith(field(), value));
  });

  it('guardNumberId publishes the bytes of the plain number field and of the package guardNumberId', async () => {
    const local = (await localHelper(flavour, specifier)).guardNumberId;
    const plain = await publishedWith(numberField);
    expect(await publishedWith(() => packageNumberGuard(numberField()))).toBe(plain);
    expect(await publishedWith(() => local(numberField()))).toBe(plain);
    const optionalPlain = await publishedWith(() => optional(numberField()));
    expect(await publishedWith(() => optional(local(numberField())))).toBe(optionalPlain);
  });

  it('guardNumberId accepts "5812" as 5812 and parses the rest as the package guardNumberId does', async () => {
    const local = (await localHelper(flavour, specifier)).guardNumberId;
    expect(parseWith(local(numberField()), '5812')).toEqual({ success: true, data: 5812 });
    const values = [null, undefined, {}, '', ' 7', '07', '1e3', '0x1F', '-0', '-5', 'abc', '9007199254740993', 0, 47];
    for (const value of values)
      expect(parseWith(local(numberField()), value)).toEqual(parseWith(packageNumberGuard(numberField()), value));
  });
});
