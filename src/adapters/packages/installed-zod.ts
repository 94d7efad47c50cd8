import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findPackageUp } from '../../files/find-package.ts';

const byDirectory = new Map<string, 3 | 4 | undefined>();

/**
 * The major version of the `zod` a file would import, found from the file's own folder like Node would. Only asked
 * when a bare `'zod'` import decides a verdict, and cached per folder, so linting stays AST-only in cost.
 */
export function installedZodMajor(filename: string): 3 | 4 | undefined {
  const directory = dirname(filename);
  if (byDirectory.has(directory)) return byDirectory.get(directory);
  let major: 3 | 4 | undefined;
  try {
    const entry = createRequire(join(directory, 'noop.js')).resolve('zod');
    const version = findPackageUp(dirname(entry), (json) => json['name'] === 'zod')?.json['version'];
    const first = typeof version === 'string' ? Number(version.split('.')[0]) : Number.NaN;
    major = first === 3 ? 3 : first >= 4 ? 4 : undefined;
  } catch {
    major = undefined;
  }
  byDirectory.set(directory, major);
  return major;
}
