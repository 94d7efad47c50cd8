import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';

// package.json's `engines.node` is a promise to users and to the CI machine (Node 20): every package the lockfile
// installs, development tools included, supports its lowest version, so `npm ci` prints no EBADENGINE warning.

interface Manifest {
  readonly engines?: { readonly node?: string };
}

const read = (file: string): unknown => JSON.parse(readFileSync(join(repoRoot, file), 'utf8'));

describe('engines.node', () => {
  const declared = (read('package.json') as Manifest).engines?.node ?? '';
  const lowest = semver.minVersion(declared)?.version ?? '';

  it('is a range with a lowest version', () => {
    expect(declared).not.toBe('');
    expect(lowest).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('admits every package in package-lock.json at that lowest version', () => {
    const { packages } = read('package-lock.json') as { packages: Record<string, Manifest> };
    const refusing = Object.entries(packages)
      .filter(([path, entry]) => path !== '' && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(lowest, entry.engines?.node ?? '*'))
      .map(([path, entry]) => `${path} requires node ${entry.engines?.node}`);
    expect(refusing).toEqual([]);
  });
});
