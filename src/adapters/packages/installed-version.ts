import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { findPackageUp } from '../../files/find-package.ts';

/**
 * The major version of package `name` as Node resolves it from `directory` (through its main file, so a package whose
 * exports hide package.json is found too); undefined when it is not installed there or says no version.
 */
export function installedMajor(name: string, directory: string): number | undefined {
  try {
    const entry = createRequire(join(directory, 'noop.js')).resolve(name);
    const version = findPackageUp(dirname(entry), (json) => json['name'] === name)?.json['version'];
    const major = typeof version === 'string' ? Number.parseInt(version, 10) : Number.NaN;
    return Number.isNaN(major) ? undefined : major;
  } catch {
    return undefined;
  }
}
