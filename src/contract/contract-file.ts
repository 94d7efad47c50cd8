import { open } from 'node:fs/promises';
import { firstContractProblem } from './contract-file-validator.ts';
import { MAX_JSON_DEPTH, nestedDeeperThan } from './json-depth.ts';

export type {
  CompatibilityFinding,
  ContractRuntime,
  ContractTool,
  FieldAcceptance,
  JsonObject,
  JsonValue,
  McpContract,
} from './contract-types.ts';
export {
  CONTRACT_FILE_SCHEMA,
  CONTRACT_FORMAT,
  CONTRACT_FORMAT_VERSION,
  CONTRACT_FORMAT_VERSIONS,
  DEFAULT_CONTRACT_FILE,
} from './contract-file-schema.ts';
export { serializeContract, writeContractFile } from './contract-file-writer.ts';
import { CONTRACT_FORMAT, CONTRACT_FORMAT_VERSION } from './contract-file-schema.ts';
import type { JsonValue, McpContract } from './contract-types.ts';

/** A contract file that cannot be used; `message` is one line naming the file, the reason and the next step. */
export class ContractFileError extends Error {
  override readonly name = 'ContractFileError';
  readonly file: string;

  constructor(file: string, message: string) {
    super(message);
    this.file = file;
  }
}

const REGENERATE = 'regenerate it with agent-contract contract snapshot --out <file> -- <server command>';

/** Checks that `value` is a contract this version can read; throws a `ContractFileError` that says what to do if not. */
export function assertContract(value: unknown, source: string): McpContract {
  const record =
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  if (record?.['format'] !== CONTRACT_FORMAT) {
    throw new ContractFileError(
      source,
      `${source} is not an agent-contract contract (no "format": "${CONTRACT_FORMAT}"); ${REGENERATE}`,
    );
  }
  const version = record['formatVersion'];
  if (typeof version === 'number' && Number.isInteger(version) && version > CONTRACT_FORMAT_VERSION) {
    throw new ContractFileError(
      source,
      `${source} uses contract format ${version}, written by a newer agent-contract (this one reads format ${CONTRACT_FORMAT_VERSION}); upgrade agent-contract`,
    );
  }
  const problem = firstContractProblem(value);
  if (problem !== undefined) {
    const where = problem.path === '' ? 'the top level' : problem.path;
    throw new ContractFileError(source, `${source} is not a valid contract: ${where} ${problem.reason}; ${REGENERATE}`);
  }
  const tools = (value as McpContract).tools;
  const deep = tools.findIndex((tool) => nestedDeeperThan(tool as unknown as JsonValue));
  if (deep >= 0)
    throw new ContractFileError(
      source,
      `${source} is not a valid contract: /tools/${deep} is nested more than ${MAX_JSON_DEPTH} levels deep, more than agent-contract reads; ${REGENERATE}`,
    );
  return value as McpContract;
}

/** Parses the text of a contract file. */
export function parseContract(text: string, source: string): McpContract {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ContractFileError(source, `${source} is not valid JSON (${(error as Error).message}); ${REGENERATE}`);
  }
  return assertContract(value, source);
}

/**
 * The largest contract file read: a contract of thousands of tools is a few megabytes, and a device that never ends
 * (`--base /dev/zero`) must not fill the memory. Read in chunks, so that a pipe (`--base <(git show main:mcp-contract.json)`)
 * is read as it comes.
 */
export const MAX_CONTRACT_BYTES = 64 * 1024 * 1024;

async function readBounded(file: string): Promise<string | undefined> {
  const handle = await open(file, 'r');
  try {
    const chunks: Buffer[] = [];
    let total = 0;
    for (;;) {
      const chunk = Buffer.allocUnsafe(1024 * 1024);
      const { bytesRead } = await handle.read(chunk, 0, chunk.length, null);
      if (bytesRead === 0) return Buffer.concat(chunks, total).toString('utf8');
      total += bytesRead;
      if (total > MAX_CONTRACT_BYTES) return undefined;
      chunks.push(chunk.subarray(0, bytesRead));
    }
  } finally {
    await handle.close();
  }
}

export async function readContractFile(file: string): Promise<McpContract> {
  let text: string | undefined;
  try {
    text = await readBounded(file);
  } catch (error) {
    const code = (error as { code?: string }).code;
    const reason = code === 'ENOENT' ? 'no such file' : code === 'EISDIR' ? 'is a directory' : 'cannot be read';
    throw new ContractFileError(
      file,
      `${file}: ${reason}; create it with agent-contract contract snapshot --out ${file} -- <server command>`,
    );
  }
  if (text === undefined)
    throw new ContractFileError(
      file,
      `${file} is larger than ${MAX_CONTRACT_BYTES / 1024 / 1024} MB, more than a contract file holds; name the contract file agent-contract contract snapshot wrote`,
    );
  return parseContract(text, file);
}
