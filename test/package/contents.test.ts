import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { join } from 'node:path';
import { build } from 'esbuild';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';

// What `npm pack` puts in the tarball and what its package.json promises, read without installing it.

interface Manifest {
  name: string;
  repository?: { type: string; url: string };
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  exports: Record<string, unknown>;
}

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const REPOSITORY = 'https://github.com/agent-contract/agent-contract';
/** The built files package.json's exports point at, and the jscodeshift transform docs/codemods/guard-ids.md names. */
const UNBUNDLED_ENTRIES = [
  'dist/src/index.js',
  'dist/eslint-plugin/index.js',
  'dist/src/testing/index.js',
  'dist/src/contract/index.js',
  'dist/codemods/jscodeshift/guard-ids.js',
];
let shipped: Set<string>;

beforeAll(() => {
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const [packed] = JSON.parse(
    execFileSync(npm, ['pack', '--dry-run', '--ignore-scripts', '--json'], { cwd: repoRoot, encoding: 'utf8' }),
  ) as {
    files: { path: string }[];
  }[];
  shipped = new Set(packed?.files.map((file) => file.path));
}, 60_000);

/** The package names a built entry point imports, statically or lazily, through its own files. */
async function packagesImportedBy(entry: string): Promise<string[]> {
  const result = await build({
    entryPoints: [join(repoRoot, entry)],
    bundle: true,
    write: false,
    platform: 'node',
    format: 'esm',
    packages: 'external',
    metafile: true,
    outdir: 'out',
    splitting: true,
    logLevel: 'silent',
  });
  const names = new Set<string>();
  for (const output of Object.values(result.metafile.outputs)) {
    for (const imported of output.imports) {
      if (imported.external !== true || isBuiltin(imported.path)) continue;
      names.add(/^(?:@[^/]+\/)?[^/]+/.exec(imported.path)?.[0] ?? imported.path);
    }
  }
  return [...names].sort();
}

describe('package.json', () => {
  it('runs no script on install: no prepare, preinstall, install or postinstall (the build runs on prepack)', () => {
    for (const script of ['prepare', 'preinstall', 'install', 'postinstall', 'prepublish'])
      expect(manifest.scripts?.[script], script).toBeUndefined();
    expect(manifest.scripts?.['prepack']).toMatch(/&& npm run build$/);
  });

  it('names the repository, which the rule docs URLs point into', () => {
    expect(manifest.repository).toEqual({ type: 'git', url: `git+${REPOSITORY}.git` });
  });

  it('has zod as its one required peer; every other peer is optional', () => {
    const required = Object.keys(manifest.peerDependencies ?? {}).filter(
      (name) => manifest.peerDependenciesMeta?.[name]?.optional !== true,
    );
    expect(required).toEqual(['zod']);
  });

  it('depends only on what an unbundled entry point imports, nothing the command-line bundle alone needs', async () => {
    const imported = new Set((await Promise.all(UNBUNDLED_ENTRIES.map(packagesImportedBy))).flat());
    expect(Object.keys(manifest.dependencies ?? {}).filter((name) => !imported.has(name))).toEqual([]);
  });
});

describe('the entry points', () => {
  it('the runtime entry (agent-contract) imports no package but the zod peer', async () => {
    expect(await packagesImportedBy('dist/src/index.js')).toEqual(['zod']);
  });

  it('every package an entry point imports is a dependency or a peer', async () => {
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    for (const entry of UNBUNDLED_ENTRIES) {
      expect(
        (await packagesImportedBy(entry)).filter((name) => !declared.has(name)),
        entry,
      ).toEqual([]);
    }
  });

  it('the command-line bundle imports only dependencies and peers', () => {
    const meta = JSON.parse(readFileSync(join(repoRoot, 'dist/cli/meta.json'), 'utf8')) as {
      outputs: Record<string, { imports: { path: string; external?: boolean }[] }>;
    };
    const imported = new Set<string>();
    for (const output of Object.values(meta.outputs)) {
      for (const { path, external } of output.imports) {
        if (external === true && !isBuiltin(path)) imported.add(/^(?:@[^/]+\/)?[^/]+/.exec(path)?.[0] ?? path);
      }
    }
    const declared = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.peerDependencies ?? {}),
    ]);
    expect([...imported].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('every file exports, main and types name ships', () => {
    const targets = JSON.stringify([
      manifest.exports,
      (manifest as unknown as Record<string, unknown>)['main'],
      (manifest as unknown as Record<string, unknown>)['types'],
      (manifest as unknown as Record<string, unknown>)['typesVersions'],
    ]);
    const files = [...targets.matchAll(/"\.\/([^"*]+\.[a-z]+)"/g)].map((match) => match[1] as string);
    expect(files.length).toBeGreaterThan(8);
    expect(files.filter((file) => !shipped.has(file))).toEqual([]);
  });
});

describe('the tarball', () => {
  it('carries the MIT licence', () => {
    expect(shipped.has('LICENSE')).toBe(true);
    const licence = readFileSync(join(repoRoot, 'LICENSE'), 'utf8');
    expect(licence.startsWith('MIT License\n\nCopyright (c) 2026 agent-contract contributors\n')).toBe(true);
  });

  it('carries no source maps, whose sources it does not ship, and no test or bench code', () => {
    expect([...shipped].filter((file) => file.endsWith('.map') || /^(test|bench|scripts|src)\//.test(file))).toEqual(
      [],
    );
  });

  it('every repository path a message of the code names ships, or is named by its repository URL', () => {
    const unshipped: string[] = [];
    for (const file of sourceFiles(['src', 'eslint-plugin', 'codemods'])) {
      for (const text of stringLiterals(join(repoRoot, file))) {
        for (const path of repositoryPaths(text))
          if (!shipped.has(path) && !isShippedFolder(path)) unshipped.push(`${file}: ${path}`);
      }
    }
    expect(unshipped).toEqual([]);
  });

  it('every repository path a shipped document names ships, or is a link to it in the repository', () => {
    const unshipped: string[] = [];
    for (const doc of [...shipped].filter((file) => file.endsWith('.md'))) {
      // HTML comments are notes to the maintainers, not shown to a reader.
      const text = readFileSync(join(repoRoot, doc), 'utf8').replace(/<!--[\s\S]*?-->/g, '');
      // A link to the repository (`[test/x.test.ts](https://github.com/.../blob/main/test/x.test.ts)`) names the path as
      // a repository path, there and in the document's other mentions of it or of a file under it (a transcript).
      const linked: string[] = [];
      const withoutRepositoryLinks = text.replace(
        /\[[^\]]*\]\(https:\/\/github\.com\/agent-contract\/agent-contract\/(?:blob|tree)\/main\/([^)#\s]+)[^)]*\)/g,
        (_link, path: string) => {
          if (!trackedInRepository(path)) unshipped.push(`${doc}: ${path} (linked, not in the repository)`);
          linked.push(path);
          return '';
        },
      );
      const isLinked = (path: string) => linked.some((target) => path === target || path.startsWith(`${target}/`));
      for (const path of repositoryPaths(withoutRepositoryLinks))
        if (!shipped.has(path) && !isShippedFolder(path) && !isLinked(path)) unshipped.push(`${doc}: ${path}`);
      for (const [, target] of withoutRepositoryLinks.matchAll(/\]\((?!https?:|#|mailto:)([^)#\s]+)/g)) {
        const resolved = join(doc, '..', target as string)
          .split('\\')
          .join('/');
        if (!shipped.has(resolved) && !isShippedFolder(resolved)) unshipped.push(`${doc}: link to ${target}`);
      }
    }
    expect(unshipped).toEqual([]);
  });
});

/** Paths into this repository's own folders: `examples/helpdesk/samples.json`, `test/guard/x.test.ts`, `docs/cli.md`. */
function repositoryPaths(text: string): string[] {
  return [
    ...text.matchAll(
      /(?<![\w./-])(?:docs|examples|test|bench|scripts|eslint-plugin\/docs|\.ci)\/[\w.-]+(?:\/[\w.-]+)*/g,
    ),
  ].map((match) => match[0].replace(/[.]$/, ''));
}

function isShippedFolder(path: string): boolean {
  const folder = path.endsWith('/') ? path : `${path}/`;
  return [...shipped].some((file) => file.startsWith(folder));
}

function trackedInRepository(path: string): boolean {
  return execFileSync('git', ['ls-files', '--', path], { cwd: repoRoot, encoding: 'utf8' }).trim() !== '';
}

function sourceFiles(folders: readonly string[]): string[] {
  return execFileSync(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '--', ...folders.map((folder) => `${folder}/*.ts`)],
    { cwd: repoRoot, encoding: 'utf8' },
  )
    .split('\n')
    .filter((file) => file !== '' && !file.endsWith('.d.ts'));
}

/** The text of every string and template literal in a TypeScript file (not its comments). */
function stringLiterals(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const texts: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node))
      texts.push(node.text);
    if (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) return;
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}
