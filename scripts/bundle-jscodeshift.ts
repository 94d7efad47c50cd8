/**
 * Bundles the jscodeshift transform: `tsx scripts/bundle-jscodeshift.ts` (`npm run build` runs it). Writes
 * dist/codemods/jscodeshift/guard-ids.js, the file the README points jscodeshift at, from codemods/jscodeshift/guard-ids.ts
 * (which tsconfig.build.json leaves out, so tsc never writes over it), as one CommonJS file with a package.json beside it
 * saying so:
 *
 * - jscodeshift loads a transform with `require`, and with Babel on (its default) compiles it to CommonJS first, which
 *   leaves no room for `import.meta` or a top-level await; a CommonJS file needs neither;
 * - every `import ts from 'typescript'` is pointed at src/adapters/typescript/engine.ts, as in the command-line bundle,
 *   so the transform reads code with `@typescript/typescript6` or the project's TypeScript 5.x/6.0, and in a project on
 *   TypeScript 7 alone stops, as the command does, with the engine's one line naming the install step and exit 2
 *   (the entry below requires the transform inside a try, so the engine is picked there).
 */
import { existsSync } from 'node:fs';
import { rm, writeFile } from 'node:fs/promises';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const source = join(root, 'codemods/jscodeshift/guard-ids.ts');
const outdir = join(root, 'dist/codemods/jscodeshift');
const typescriptEngine = join(root, 'src/adapters/typescript/engine.ts');

for (const file of [source, typescriptEngine]) {
  if (!existsSync(file)) {
    console.error(`bundle-jscodeshift: ${relative(root, file)} is missing`);
    process.exit(2);
  }
}

/** The file jscodeshift requires: the transform, or the engine's error as one line and exit 2. */
const entry = `let transform;
try {
  transform = require('./guard-ids.ts').default;
} catch (error) {
  if (error?.name !== 'TypeScriptEngineError') throw error;
  process.stderr.write('agent-contract: ' + error.message + '\\n');
  process.exit(2);
}
module.exports = transform;
`;

await rm(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  stdin: { contents: entry, resolveDir: dirname(source), sourcefile: 'jscodeshift-entry.cjs', loader: 'js' },
  outfile: join(outdir, 'guard-ids.js'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  packages: 'external',
  // Whitespace and syntax only: names stay, so a stack trace from it still reads.
  minifyWhitespace: true,
  minifySyntax: true,
  // The engine looks packages up from its own file: in CommonJS that is __filename.
  define: { 'import.meta.url': 'importMetaUrl' },
  banner: { js: "const importMetaUrl = require('node:url').pathToFileURL(__filename).href;" },
  plugins: [
    {
      name: 'typescript-engine',
      setup(build) {
        build.onResolve({ filter: /^typescript$/ }, () => ({ path: typescriptEngine }));
      },
    },
  ],
  legalComments: 'eof',
  logLevel: 'warning',
});
if (result.errors.length > 0 || result.warnings.length > 0) {
  console.error(
    `bundle-jscodeshift: esbuild reported ${result.errors.length} errors and ${result.warnings.length} warnings; see above`,
  );
  process.exit(1);
}
// The package is "type": "module"; this folder's one file is CommonJS.
await writeFile(join(outdir, 'package.json'), `${JSON.stringify({ type: 'commonjs' })}\n`);
