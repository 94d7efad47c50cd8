import path from 'node:path';
import { writeFileAtomic } from '../files/write-atomic.ts';
import type { McpContract } from './contract-types.ts';

// Writing a contract needs none of the validator that reading one does (contract-file.ts): a snapshot writes its file
// with this module and the shared writer alone.

/** The file's text: two-space JSON with a final newline, keys in the order the contract was built in. */
export function serializeContract(contract: McpContract): string {
  return `${JSON.stringify(contract, null, 2)}\n`;
}

export interface WriteContractOptions {
  /** Folders the file may be written in, symbolic links followed; the file's own folder is always one. */
  readonly roots?: readonly string[];
  /** Ends a wait for a FIFO's reader. */
  readonly signal?: AbortSignal;
}

/**
 * Writes the file atomically with the shared writer (src/files/write-atomic.ts): a reader never sees half a contract,
 * an existing file keeps its mode, a symbolic link inside the roots is written through, a read-only file is refused,
 * and a character device or FIFO (`--out /dev/null`) is written in place, never replaced. Throws `AtomicWriteError`.
 */
export async function writeContractFile(
  file: string,
  contract: McpContract,
  options: WriteContractOptions = {},
): Promise<void> {
  const roots = [path.dirname(path.resolve(file)), ...(options.roots ?? [])];
  await writeFileAtomic(file, serializeContract(contract), {
    roots,
    create: true,
    ...(options.signal === undefined ? {} : { signal: options.signal }),
  });
}

/** The temporary file a write beside `file` uses (the shared writer's naming). */
export { temporaryFileFor } from '../files/write-atomic.ts';
