import { dirname } from 'node:path';
import { installedMajor } from './installed-version.ts';

const byDirectory = new Map<string, 3 | 4 | undefined>();

/**
 * The major version of the `zod` a file would import, found from the file's own folder like Node would. Only asked
 * when a bare `'zod'` import decides a verdict, and cached per folder, so linting stays AST-only in cost.
 */
export function installedZodMajor(filename: string): 3 | 4 | undefined {
  const directory = dirname(filename);
  if (byDirectory.has(directory)) return byDirectory.get(directory);
  const first = installedMajor('zod', directory);
  const major = first === 3 ? 3 : first !== undefined && first >= 4 ? 4 : undefined;
  byDirectory.set(directory, major);
  return major;
}
