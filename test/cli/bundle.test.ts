import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtinsByCall } from '../../scripts/builtins-by-call.ts';
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

  it("builds the SDK client's output validator when it is first used: the SDK's ajv provider is the shim's, from its CommonJS build", () => {
    const inputs = Object.keys(meta.inputs);
    expect(inputs).toContain('scripts/bundle-shims/ajv-provider.js');
    expect(inputs).toContain('node_modules/@modelcontextprotocol/sdk/dist/cjs/validation/ajv-provider.js');
    expect(inputs).not.toContain('node_modules/@modelcontextprotocol/sdk/dist/esm/validation/ajv-provider.js');
  });

  it('reads Node builtins with process.getBuiltinModule: no file of the bundle imports one statically', () => {
    const files = Object.keys(meta.outputs).filter((file) => file.endsWith('.js'));
    expect(files.length).toBeGreaterThan(5);
    const rewritten = files.filter((file) => readFileSync(join(bundle, file), 'utf8').includes('process.getBuiltinModule("node:'));
    expect(rewritten).toContain('main.js');
    for (const file of files) expect(readFileSync(join(bundle, file), 'utf8'), file).not.toMatch(/^(?:import|export)\s[^;]*"node:/m);
  });
});

describe('builtinsByCall', () => {
  const chunk = [
    '#!/usr/bin/env node',
    'import { a } from "./chunks/chunk-A.js";',
    '// node_modules/some/lib.js',
    'import fs from "node:fs";',
    'import { join, dirname as dirname2 } from "node:path";',
    'console.log(fs, join, dirname2, a);',
    '',
  ].join('\n');

  it('turns default and named imports into consts at the top, after the shebang, and leaves other imports alone', () => {
    expect(builtinsByCall(chunk, 'main.js', ['node:fs', 'node:path'])).toBe(
      [
        '#!/usr/bin/env node',
        'const fs = process.getBuiltinModule("node:fs");',
        'const { join, dirname: dirname2 } = process.getBuiltinModule("node:path");',
        'import { a } from "./chunks/chunk-A.js";',
        '// node_modules/some/lib.js',
        'console.log(fs, join, dirname2, a);',
        '',
      ].join('\n'),
    );
    expect(builtinsByCall('export const x = 1;\n', 'chunk.js', [])).toBe('export const x = 1;\n');
  });

  it('stops on an import form it does not know, and when what it rewrote is not what esbuild says the file imports', () => {
    expect(() => builtinsByCall('import * as fs from "node:fs";\n', 'chunk.js', ['node:fs'])).toThrow(/chunk\.js: cannot rewrite `import \* as fs from "node:fs"`/);
    expect(() => builtinsByCall(chunk, 'main.js', ['node:fs', 'node:path', 'node:os'])).toThrow(/main\.js: rewrote imports of \[node:fs, node:path\], but esbuild says it imports \[node:fs, node:os, node:path\]/);
  });
});
