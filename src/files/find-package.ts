import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface FoundPackage {
  /** The folder that holds the package.json. */
  readonly dir: string;
  readonly json: Readonly<Record<string, unknown>>;
}

/**
 * The nearest package.json at or above `start` for which `matches` holds, as Node walks up to find a package; folders
 * without a readable package.json are passed over.
 */
export function findPackageUp(
  start: string,
  matches: (json: Readonly<Record<string, unknown>>) => boolean,
): FoundPackage | undefined {
  for (let dir = start; ; dir = dirname(dir)) {
    try {
      const json = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as unknown;
      if (
        typeof json === 'object' &&
        json !== null &&
        !Array.isArray(json) &&
        matches(json as Record<string, unknown>)
      ) {
        return { dir, json: json as Record<string, unknown> };
      }
    } catch {
      // No package.json here, or not JSON: one folder up.
    }
    if (dirname(dir) === dir) return undefined;
  }
}
