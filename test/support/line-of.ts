import { readFileSync } from 'node:fs';

/**
 * The 1-based line of `file` that contains `needle` (the first one after the line containing `after`, when given), so
 * that a test names a place by what stands there and not by a number that moves when the file is edited. Throws when
 * no line has it, or, without `after`, when more than one line has it.
 */
export function lineOf(file: string, needle: string, { after }: { readonly after?: string } = {}): number {
  const lines = readFileSync(file, 'utf8').split('\n');
  const start = after === undefined ? 0 : lines.findIndex((line) => line.includes(after)) + 1;
  if (after !== undefined && start === 0) throw new Error(`${file}: no line contains ${JSON.stringify(after)}`);
  const found = lines.flatMap((line, index) => (index >= start && line.includes(needle) ? [index + 1] : []));
  if (found.length === 0 || (after === undefined && found.length > 1))
    throw new Error(`${file}: ${found.length} lines contain ${JSON.stringify(needle)}, not one`);
  return found[0] as number;
}
