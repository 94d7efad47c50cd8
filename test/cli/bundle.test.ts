import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';

// The shipped command is the bundle scripts/bundle-cli.ts writes to dist/cli (npm run build): these read what it wrote.

const bundle = join(repoRoot, 'dist/cli');
const meta = JSON.parse(readFileSync(join(bundle, 'meta.json'), 'utf8')) as { inputs: Record<string, unknown>; outputs: Record<string, unknown> };

/** The packages with code in the bundle, by name, from the inputs esbuild recorded. */
function bundledPackages(): string[] {
  const names = new Set<string>();
  for (const input of Object.keys(meta.inputs)) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match !== null) names.add(match[1] as string);
  }
  return [...names].sort();
}

describe('the bundled command-line tool', () => {
  it('starts with a shebang and is executable, as package.json bin points at it', () => {
    const pkg = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as { bin: Record<string, string> };
    expect(pkg.bin['agent-contract']).toBe('./dist/cli/main.js');
    expect(readFileSync(join(bundle, 'main.js'), 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(join(bundle, 'main.js')).mode & 0o111).not.toBe(0);
  });

  it('carries the MCP SDK client and commander, and leaves the peers typescript and eslint to the user', () => {
    const packages = bundledPackages();
    expect(packages).toEqual(expect.arrayContaining(['@modelcontextprotocol/sdk', 'commander', 'zod']));
    for (const peer of ['typescript', 'eslint', 'jscodeshift', 'ts-morph']) expect(packages).not.toContain(peer);
  });

  it('names every bundled package with its licence text in THIRD-PARTY-NOTICES.md', () => {
    const notices = readFileSync(join(bundle, 'THIRD-PARTY-NOTICES.md'), 'utf8');
    const headings = [...notices.matchAll(/^## ((?:@[^/@\s]+\/)?[^@\s]+)@\S+ \((.+)\)$/gm)].map((match) => match[1]);
    expect(headings).toEqual(bundledPackages());
    expect(notices).not.toContain('no licence file in the package');
  });
});
