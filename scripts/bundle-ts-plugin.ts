/**
 * Bundles the TypeScript language-service plugin: `tsx scripts/bundle-ts-plugin.ts` (`npm run build` runs it). Writes
 * dist/ts-plugin/index.cjs, one CommonJS file, because tsserver loads plugins with `require` and resolves their names
 * without package.json `exports` (the `ts-plugin/package.json` folder at the package root is what it finds). Every
 * `import ts from 'typescript'` in it is pointed at src/ts-plugin/host-typescript.ts, which answers with the TypeScript
 * of the server that loaded the plugin: the plugin never loads a copy of its own.
 */
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'src/ts-plugin/index.cts');
const outfile = join(root, 'dist/ts-plugin/index.cjs');
const hostTypeScript = join(root, 'src/ts-plugin/host-typescript.ts');

if (!existsSync(entry)) {
  console.error('bundle-ts-plugin: src/ts-plugin/index.cts is missing');
  process.exit(2);
}
await rm(dirname(outfile), { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: [entry],
  outfile,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  sourcemap: false,
  plugins: [
    {
      name: 'host-typescript',
      setup(build) {
        build.onResolve({ filter: /^typescript$/ }, () => ({ path: hostTypeScript }));
      },
    },
  ],
  legalComments: 'eof',
  // Whitespace only, as the CLI bundle: names and syntax stay as written, so stack frames still name the functions, and
  // the installed package stays under its size cap (test/package/runtime-install.test.ts).
  minifyWhitespace: true,
  logLevel: 'warning',
});
if (result.errors.length > 0 || result.warnings.length > 0) {
  console.error(
    `bundle-ts-plugin: esbuild reported ${result.errors.length} errors and ${result.warnings.length} warnings; see above`,
  );
  process.exit(1);
}
