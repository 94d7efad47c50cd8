import { rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { McpContract } from './contract-types.ts';

// Writing a contract needs none of the validator that reading one does (contract-file.ts): a snapshot writes its file
// with this module alone.

/** The file's text: two-space JSON with a final newline, keys in the order the contract was built in. */
export function serializeContract(contract: McpContract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

/**
 * The temporary file `writeContractFile` writes beside `file` before renaming it. The name needs to be unique, not
 * secret: `wx` refuses to reuse one that exists, and the pid and time set it apart (node:crypto would cost a snapshot
 * some 8 ms to load).
 */
export function temporaryFileFor(file: string): string {
  const unique = `${process.pid}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  return join(dirname(file), `.${basename(file)}.${unique}.tmp`);
}

/** Writes the file atomically: a temporary file beside it, then a rename, so a reader never sees half a contract. */
export async function writeContractFile(file: string, contract: McpContract): Promise<void> {
  const temporary = temporaryFileFor(file);
  try {
    await writeFile(temporary, serializeContract(contract), { encoding: 'utf8', flag: 'wx' });
    await rename(temporary, file);
  } catch (error) {
    // EEXIST: the name was taken, and the file is someone else's.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') await unlink(temporary).catch(() => undefined);
    throw error;
  }
}
