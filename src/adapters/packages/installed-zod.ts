import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

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
    for (let dir = dirname(entry); dir !== dirname(dir); dir = dirname(dir)) {
      try {
        const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
        if (json.name !== 'zod') continue;
        const first = Number(json.version?.split('.')[0]);
        major = first === 3 ? 3 : first >= 4 ? 4 : undefined;
        break;
      } catch {
        // No package.json at this level; keep walking up.
      }
    }
  } catch {
    major = undefined;
  }
  byDirectory.set(directory, major);
  return major;
}
