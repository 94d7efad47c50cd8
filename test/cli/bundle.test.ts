import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';

// The shipped command is the bundle scripts/bundle-cli.ts writes to dist/cli (npm run build): these read what it wrote.

const bundle = join(repoRoot, 'dist/cli');
interface BundleOutput {
  readonly inputs: Record<string, unknown>;
  readonly imports: readonly { readonly path: string; readonly kind: string; readonly external?: boolean }[];
}
const meta = JSON.parse(readFileSync(join(bundle, 'meta.json'), 'utf8')) as {
  inputs: Record<string, unknown>;
  outputs: Record<string, BundleOutput>;
};

/** The packages with code in the files an output loads: its static imports only, or its dynamic imports too. */
function packagesLoadedBy(output: string, withDynamic: boolean): string[] {
  const names = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const entry = meta.outputs[file];
    if (entry === undefined) throw new Error(`dist/cli/${file} is not in dist/cli/meta.json; run npm run build`);
    for (const input of Object.keys(entry.inputs)) {
      const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input);
      if (match !== null) names.add(match[1] as string);
    }
    for (const imported of entry.imports) {
      // Imports of other bundle files are written relative to the working directory: dist/cli/chunks/x.js.
      if (imported.external !== true && (withDynamic || imported.kind === 'import-statement'))
        visit(imported.path.replace(/^dist\/cli\//, ''));
    }
  };
  visit(output);
  return [...names].sort();
}

/** The bundle file that holds the given source module as its entry. */
function outputFor(source: string): string {
  const found = Object.entries(meta.outputs).find(
    ([, output]) => (output as { entryPoint?: string }).entryPoint === source,
  )?.[0];
  if (found === undefined) throw new Error(`no file of dist/cli has ${source} as its entry; run npm run build`);
  return found;
}

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

  it("keeps the MCP SDK client, zod and ajv out of the command modules' static graphs: a command loads them when it connects", () => {
    for (const command of [
      'dist/src/cli/main.js',
      'dist/src/cli/contract.js',
      'dist/src/contract/snapshot.js',
      'dist/src/cli/chains.js',
    ]) {
      const loaded = packagesLoadedBy(outputFor(command), false);
      for (const name of ['@modelcontextprotocol/sdk', 'zod', 'ajv']) expect(loaded, command).not.toContain(name);
    }
    expect(packagesLoadedBy(outputFor('dist/src/contract/snapshot.js'), true)).toEqual(
      expect.arrayContaining(['@modelcontextprotocol/sdk', 'zod', 'ajv']),
    );
  });
});
