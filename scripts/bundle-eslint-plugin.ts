/**
 * Bundles the ESLint plugin: `tsx scripts/bundle-eslint-plugin.ts`, after `tsc -p tsconfig.build.json` (`npm run build`
 * runs both). Rewrites dist/eslint-plugin/index.js, which tsc emitted, as one ES module holding the rules and the
 * model and adapter code they read with, and removes the other JavaScript tsc wrote there (their declarations stay, for
 * the plugin's types). Every `import ts from 'typescript'` in it is pointed at eslint-plugin/utils/typescript.ts, which
 * takes typescript-eslint's copy with `require`; `@typescript-eslint/*`, `eslint` and `zod` stay the user's.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const folder = join(root, 'dist/eslint-plugin');
const entry = join(folder, 'index.js');
const typescriptModule = join(folder, 'utils/typescript.js');
/** What the bundle leaves to the user's node_modules. */
const EXTERNAL = ['eslint', '@typescript-eslint/*', 'zod', 'zod/*'];
/** The files tsc emitted that stay: the CommonJS entry, which requires index.js. */
const KEEP = new Set(['index.js', 'index.cjs']);

for (const built of [entry, typescriptModule]) {
  if (!existsSync(built)) {
    console.error(`bundle-eslint-plugin: ${built} is missing; run tsc -p tsconfig.build.json first`);
    process.exit(2);
  }
}
const result = await build({
  absWorkingDir: root,
  entryPoints: [entry],
  outfile: entry,
  allowOverwrite: true,
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: EXTERNAL,
  sourcemap: false,
  plugins: [
    {
      name: 'eslint-typescript',
      setup(build) {
        build.onResolve({ filter: /^typescript$/ }, () => ({ path: typescriptModule }));
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
    `bundle-eslint-plugin: esbuild reported ${result.errors.length} errors and ${result.warnings.length} warnings; see above`,
  );
  process.exit(1);
}
for (const file of await readdir(folder, { recursive: true })) {
  if (/\.js(?:\.map)?$/.test(file) && !KEEP.has(file)) await rm(join(folder, file));
}
