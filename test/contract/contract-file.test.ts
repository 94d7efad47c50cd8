import { appendFile, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ContractFileError,
  parseContract,
  readContractFile,
  serializeContract,
  writeContractFile,
  type McpContract,
} from '../../src/contract/contract-file.ts';
import { runtimeFromReport, runtimeProbeEnv, runtimeReportReader } from '../../src/contract/runtime-probe.ts';
import { temporaryFileFor } from '../../src/contract/contract-file-writer.ts';
import { contractFromToolsList } from '../../src/contract/snapshot.ts';

const contract: McpContract = contractFromToolsList(
  [
    { name: 'zeta', inputSchema: { type: 'object', properties: {} } },
    {
      name: 'alpha',
      description: 'First.',
      inputSchema: {
        $schema: 'http://json-schema.org/draft-07/schema#',
        type: 'object',
        properties: { b: { type: 'string' }, a: { type: 'string' } },
      },
      annotations: { readOnlyHint: true },
    },
  ],
  { serverName: 'files' },
);

function parseError(text: string): string {
  try {
    parseContract(text, 'mcp-contract.json');
  } catch (error) {
    expect(error).toBeInstanceOf(ContractFileError);
    return (error as Error).message;
  }
  throw new Error('parseContract accepted the text');
}

describe('contract files', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'contract-file-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  it('serialises sorted tools in a fixed key order and reads them back', async () => {
    expect(contract.tools.map((tool) => tool.name)).toEqual(['alpha', 'zeta']);
    const text = serializeContract(contract);
    expect(
      text.startsWith(
        '{\n  "format": "agent-contract/mcp-contract",\n  "formatVersion": 2,\n  "server": {\n    "name": "files"\n  },\n  "tools": [\n',
      ),
    ).toBe(true);
    expect(text).toContain(
      '"name": "alpha",\n      "description": "First.",\n      "dialect": {\n        "input": "draft-07"\n      },\n      "inputSchema"',
    );
    const file = join(folder, 'mcp-contract.json');
    await writeContractFile(file, contract);
    expect(await readFile(file, 'utf8')).toBe(text);
    expect(await readContractFile(file)).toEqual(contract);
    expect(await readdir(folder)).toEqual(['mcp-contract.json']);
  });

  it('leaves neither the file nor a temporary one behind when the write fails', async () => {
    await expect(writeContractFile(join(folder, 'missing', 'mcp-contract.json'), contract)).rejects.toThrow(/ENOENT/);
    expect(await readdir(folder)).toEqual([]);
  });

  it('never overwrites nor removes a temporary file of the same name', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_700_000_000_000);
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.5);
    try {
      // With the clock and the random numbers held, the writer picks this name again.
      const taken = temporaryFileFor(join(folder, 'mcp-contract.json'));
      await writeFile(taken, 'another writer', 'utf8');
      await expect(writeContractFile(join(folder, 'mcp-contract.json'), contract)).rejects.toThrow(/EEXIST/);
      expect(await readFile(taken, 'utf8')).toBe('another writer');
      expect(await readdir(folder)).toEqual([basename(taken)]);
    } finally {
      now.mockRestore();
      random.mockRestore();
    }
  });

  it.each([
    [
      'not JSON',
      '{ nope',
      /^mcp-contract\.json is not valid JSON \(.+\); regenerate it with agent-contract contract snapshot --out <file> -- <server command>$/,
    ],
    [
      'another JSON file',
      '{"name":"my-package"}',
      /^mcp-contract\.json is not an agent-contract contract \(no "format": "agent-contract\/mcp-contract"\); regenerate it/,
    ],
    [
      'a newer format version',
      '{"format":"agent-contract/mcp-contract","formatVersion":3}',
      /^mcp-contract\.json uses contract format 3, written by a newer agent-contract \(this one reads format 2\); upgrade agent-contract$/,
    ],
  ])('rejects %s with one line naming the file and the next step', (_name, text, message) => {
    expect(parseError(text)).toMatch(message);
  });

  const head = '"format":"agent-contract/mcp-contract","formatVersion":1';
  const next = '; regenerate it with agent-contract contract snapshot --out <file> -- <server command>';
  it.each([
    [
      'a contract without tools',
      `{${head},"server":{"name":"x"},"compatibility":[]}`,
      '/tools is missing, expected an array of tools',
    ],
    [
      'a tool without a name',
      `{${head},"server":{"name":"x"},"tools":[{"inputSchema":{}}],"compatibility":[]}`,
      '/tools/0/name is missing, expected a string (the tool name)',
    ],
    [
      'a format version that is not a number',
      '{"format":"agent-contract/mcp-contract","formatVersion":"1","server":{"name":"x"},"tools":[],"compatibility":[]}',
      '/formatVersion is the string "1", expected 1 or 2',
    ],
    [
      'a server name that is a number',
      `{${head},"server":{"name":3},"tools":[],"compatibility":[]}`,
      '/server/name is the number 3, expected a string',
    ],
    [
      'a key the format does not have',
      `{${head},"server":{"name":"x"},"tools":[{"name":"a","inputSchema":{},"input/schema":{}}],"compatibility":[]}`,
      '/tools/0/input~1schema is not a field of a tool (its fields are name, title, description, dialect, inputSchema, outputSchema, annotations)',
    ],
    [
      'an empty tool name',
      `{${head},"server":{"name":"x"},"tools":[{"name":"","inputSchema":true}],"compatibility":[]}`,
      '/tools/0/name is the string "", expected a tool name with a character other than a line break',
    ],
    [
      'a finding whose paths are not strings',
      `{${head},"server":{"name":"x"},"tools":[],"compatibility":[{"rule":"r","tool":"t","paths":[7],"clients":[],"message":"m"}]}`,
      '/compatibility/0/paths/0 is the number 7, expected a string',
    ],
  ])('rejects %s naming the JSON path, what the format expects there and the next step', (_name, text, reason) => {
    expect(parseError(text)).toBe(`mcp-contract.json is not a valid contract: ${reason}${next}`);
  });

  it('says how to create a missing file', async () => {
    await expect(readContractFile(join(folder, 'nope.json'))).rejects.toThrow(
      `${join(folder, 'nope.json')}: no such file; create it with agent-contract contract snapshot --out ${join(folder, 'nope.json')} -- <server command>`,
    );
  });
});

describe('runtimeFromReport', () => {
  let folder: string;
  beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'runtime-'));
  });
  afterEach(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  async function pkg(path: string, name: string, version: string): Promise<string> {
    const root = join(folder, path);
    await mkdir(root, { recursive: true });
    await writeFile(join(root, 'package.json'), JSON.stringify({ name, version }));
    return root;
  }

  it("tells the server's zod from the SDK's and from the SDK's own dependencies", async () => {
    const sdk = await pkg('node_modules/@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk', '1.32.2');
    const zod4 = await pkg('node_modules/zod', 'zod', '4.6.7');
    const zod3 = await pkg('node_modules/zod3', 'zod', '3.25.76');
    const zodToJsonSchema = await pkg('node_modules/zod-to-json-schema', 'zod-to-json-schema', '3.25.2');
    const app = join(folder, 'src/server.js');
    const line = (specifier: string, resolved: string, parent: string) =>
      JSON.stringify({ specifier, resolved: `${resolved}/index.js`, parent });
    const report = [
      line('@modelcontextprotocol/sdk/server/mcp.js', sdk, app),
      line('zod3', zod3, app),
      line('zod', zod4, `${sdk}/dist/esm/server/mcp.js`),
      line('zod/v4-mini', zod4, `${sdk}/dist/esm/server/zod-compat.js`),
      line('zod-to-json-schema', zodToJsonSchema, `${sdk}/dist/esm/server/zod-json-schema-compat.js`),
      line('zod/v3', zod4, `${zodToJsonSchema}/dist/index.js`),
      'not json',
    ].join('\n');
    expect(runtimeFromReport(report)).toEqual({
      sdk: ['@modelcontextprotocol/sdk@1.32.2'],
      zod: ['3.25.76'],
      sdkZod: ['4.6.7'],
    });
    expect(runtimeFromReport(`${line('zod/v3', zod4, app)}\n`)).toEqual({
      sdk: [],
      zod: ['4.6.7 (zod/v3)'],
      sdkZod: [],
    });
    expect(runtimeFromReport('')).toBeUndefined();
  });

  it('reads a report as it grows, interpreting it again only when it has changed', async () => {
    const sdk = await pkg('node_modules/@modelcontextprotocol/sdk', '@modelcontextprotocol/sdk', '1.32.2');
    const zod = await pkg('node_modules/zod', 'zod', '4.6.7');
    const app = join(folder, 'src/server.js');
    const line = (specifier: string, resolved: string) =>
      `${JSON.stringify({ specifier, resolved: `${resolved}/index.js`, parent: app })}\n`;
    const report = join(folder, 'runtime.jsonl');
    const read = runtimeReportReader(report);
    expect(await read()).toBeUndefined(); // not written yet
    await writeFile(report, line('@modelcontextprotocol/sdk/server/mcp.js', sdk));
    const first = await read();
    expect(first).toEqual({ sdk: ['@modelcontextprotocol/sdk@1.32.2'], zod: [], sdkZod: [] });
    expect(await read()).toBe(first);
    await appendFile(report, line('zod', zod));
    expect(await read()).toEqual({ sdk: ['@modelcontextprotocol/sdk@1.32.2'], zod: ['4.6.7'], sdkZod: [] });
  });

  it('hands the probe to the server through NODE_OPTIONS, keeping the options it already has and leaving NODE_DEBUG alone', () => {
    const fresh = runtimeProbeEnv('/tmp/report.jsonl', {});
    expect(Object.keys(fresh).sort()).toEqual(['AGENT_CONTRACT_RUNTIME_REPORT', 'NODE_OPTIONS']);
    expect(fresh.AGENT_CONTRACT_RUNTIME_REPORT).toBe('/tmp/report.jsonl');
    expect(fresh.NODE_OPTIONS).toMatch(/^--import=data:text\/javascript;base64,[A-Za-z0-9+/=]+$/);
    const kept = runtimeProbeEnv('/tmp/report.jsonl', { NODE_OPTIONS: '--max-old-space-size=512', NODE_DEBUG: 'http' });
    expect(kept.NODE_OPTIONS?.startsWith('--max-old-space-size=512 --import=data:')).toBe(true);
    // The server's own debug sections, and the log they write to stderr, are the server's: the probe turns none on.
    expect(kept).not.toHaveProperty('NODE_DEBUG');
    expect(runtimeProbeEnv('/tmp/report.jsonl', { NODE_DEBUG: 'esm' })).not.toHaveProperty('NODE_DEBUG');
  });
});
