import { randomBytes } from 'node:crypto';
import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { McpContract } from './contract-file.ts';

// Writing a contract needs none of the validator that reading one does (contract-file.ts): a snapshot writes its file
// with this module alone.

/** The file's text: two-space JSON with a final newline, keys in the order the contract was built in. */
export function serializeContract(contract: McpContract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

/** Writes the file atomically: a temporary file beside it, then a rename, so a reader never sees half a contract. */
export async function writeContractFile(file: string, contract: McpContract): Promise<void> {
  const temporary = join(dirname(file), `.${basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`);
  try {
    await writeFile(temporary, serializeContract(contract), 'utf8');
    await rename(temporary, file);
  } catch (error) {
    await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
