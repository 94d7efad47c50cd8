/**
 * Bundles the command-line tool: `tsx scripts/bundle-cli.ts`, after `tsc -p tsconfig.build.json` (`npm run build` runs
 * both). Reads dist/src/cli/bin.js (which turns on Node's compile cache, then imports main.js) and writes dist/cli/,
 * which package.json's `bin` points at:
 *
 * - `main.js` and one file per command module it imports lazily, with shared code in `chunks/`, so each command still
 *   loads only what it needs;
 * - the MCP SDK client, zod, commander (CommonJS: each file gets a `require`) and the other JavaScript the commands run, inside the bundle: on Node 20 each ES
 *   module costs a resolution, a file read and a compile of its own, and the SDK client is a large graph of them
 *   (`npm run bench:contract` times the result). The CLI process never hands an SDK object to user code, so its own
 *   copy is safe; the library entry points (`agent-contract/testing`, `agent-contract/contract`) stay unbundled and use
 *   the SDK the user installed;
 * - typescript, eslint and jscodeshift stay outside: they are peers, the user's own version is the one to run. Every
 *   `import ... from 'typescript'` is pointed at src/adapters/typescript/engine.ts, which picks the copy with a compiler
 *   API: `@typescript/typescript6` (TypeScript 6 beside a project's TypeScript 7) or the project's own `typescript`;
 * - `meta.json`, esbuild's record of which inputs went into which output (the start-up tests read it), and
 *   `THIRD-PARTY-NOTICES.md` with the licence of every package inside the bundle.
 */
import { chmod, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Metafile } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'dist/src/cli/bin.js');
const outdir = join(root, 'dist/cli');

/** Packages the bundle leaves to the user's node_modules (typescript through the engine module below). */
const EXTERNAL = ['eslint', 'jscodeshift', '@typescript-eslint/*', 'ts-morph'];
/** The module every `typescript` import of the bundled code is pointed at; it loads the copy that has a compiler API. */
const typescriptEngine = join(root, 'dist/src/adapters/typescript/engine.js');

if (!existsSync(entry)) {
  console.error(
    `bundle-cli: ${relative(root, entry)} is missing; run tsc -p tsconfig.build.json first (npm run build does both)`,
  );
  process.exit(2);
}

await rm(outdir, { recursive: true, force: true });
const result = await build({
  // Paths in the metafile are relative to this folder, wherever the script is run from.
  absWorkingDir: root,
  // Written as main.js, the file package.json's bin names.
  entryPoints: { main: entry },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  entryNames: '[name]',
  chunkNames: 'chunks/[name]-[hash]',
  external: EXTERNAL,
  // commander is a CommonJS package (its release for the Node 20 this package supports); esbuild's ES module output
  // calls `require` for the Node built-ins such code loads, so each output file gets one.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  plugins: [
    {
      name: 'typescript-engine',
      setup(build) {
        build.onResolve({ filter: /^typescript$/ }, () => ({ path: typescriptEngine }));
      },
    },
  ],
  metafile: true,
  legalComments: 'eof',
  // Whitespace only (names and syntax stay as written, so stack frames still name the functions): the installed
  // package stays under its size cap (test/package/runtime-install.test.ts) with commander's CommonJS inside.
  minifyWhitespace: true,
  logLevel: 'warning',
});
if (result.errors.length > 0 || result.warnings.length > 0) {
  console.error(
    `bundle-cli: esbuild reported ${result.errors.length} errors and ${result.warnings.length} warnings; see above`,
  );
  process.exit(1);
}
await chmod(join(outdir, 'main.js'), 0o755);
await writeFile(join(outdir, 'meta.json'), `${JSON.stringify(relativeMeta(result.metafile), null, 1)}\n`);
await writeFile(join(outdir, 'THIRD-PARTY-NOTICES.md'), await notices(result.metafile));

/** The metafile with output paths relative to dist/cli (esbuild writes them relative to the working directory). */
function relativeMeta(meta: Metafile): Metafile {
  const outputs = Object.fromEntries(
    Object.entries(meta.outputs).map(([file, output]) => [
      relative(outdir, join(root, file)).split('\\').join('/'),
      output,
    ]),
  );
  return { inputs: meta.inputs, outputs };
}

/** The name, version, licence and licence text of each package with code in the bundle. */
async function notices(meta: Metafile): Promise<string> {
  const packageDirs = new Set<string>();
  for (const input of Object.keys(meta.inputs)) {
    const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (match !== null) packageDirs.add(match[1] as string);
  }
  const sections: string[] = [];
  for (const dir of [...packageDirs].sort()) {
    const json = JSON.parse(await readFile(join(root, dir, 'package.json'), 'utf8')) as {
      name: string;
      version: string;
      license?: string;
    };
    // LICENSE, LICENSE.md, LICENCE.txt, LICENSE-MIT (ignore) and the like.
    const licenceName = (await readdir(join(root, dir)))
      .sort()
      .find((name) => /^licen[cs]e(?:[-.][\w.-]+)?$/i.test(name));
    const text =
      licenceName === undefined
        ? `(no licence file in the package; package.json says ${json.license ?? 'nothing'})`
        : (await readFile(join(root, dir, licenceName), 'utf8')).trim();
    sections.push(
      `## ${json.name}@${json.version} (${json.license ?? 'unknown licence'})\n\n\`\`\`\n${text}\n\`\`\`\n`,
    );
  }
  return `# Third-party code in dist/cli\n\nThe agent-contract command-line tool is bundled; it contains these packages.\n\n${sections.join('\n')}`;
}
