import { createRequire } from 'node:module';
import path from 'node:path';
import type TypeScript from 'typescript';

/**
 * The TypeScript compiler API the command-line tool and the jscodeshift transform read projects with. Their bundles
 * (scripts/bundle-cli.ts, scripts/bundle-jscodeshift.ts) point every `import ts from 'typescript'` of the audit and the
 * codemods here, so this module is the one place that decides which copy runs:
 *
 * 1. `@typescript/typescript6`, TypeScript's own package for running 6.0 beside 7 (`npm i -D @typescript/typescript6`),
 *    when it is installed: the one install step a TypeScript 7 project needs;
 * 2. otherwise the project's `typescript`, when it has the JavaScript API (5.x, 6.0);
 * 3. otherwise a one-line error: for a `typescript` without the API (7.x, the Go port), naming the step above and the
 *    npx command that runs this package beside TypeScript 6 without installing either in the project; for no
 *    `typescript` at all, Node's `Cannot find package 'typescript'`, which the CLI turns into its "install it" line.
 *
 * Either way the project is read with its own tsconfig. Packages are looked up from this file (as Node resolves the
 * package's own imports) and then from the working folder.
 */

/** TypeScript's package of the 6.0 compiler API under another name, installable beside typescript@7. */
export const ENGINE_PACKAGE = '@typescript/typescript6';
/** The install step the error for a TypeScript 7 project names. */
export const ENGINE_INSTALL = `npm i -D ${ENGINE_PACKAGE}`;
/**
 * The way round it that installs nothing in the project: npx puts both packages in one folder of its own, where this
 * module finds TypeScript 6 beside itself (and the project's other packages from the working folder).
 */
export const ENGINE_NPX = `npx -p agent-contract -p ${ENGINE_PACKAGE} agent-contract <command>`;

type TypeScriptApi = typeof TypeScript;

/** A package found on disk: the file it resolves to and what importing it gives. */
export interface FoundPackage {
  readonly file: string;
  readonly exports: unknown;
}

export class TypeScriptEngineError extends Error {
  override readonly name = 'TypeScriptEngineError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

function hasCompilerApi(exports: unknown): exports is TypeScriptApi {
  const api = exports as Partial<TypeScriptApi> | undefined;
  return (
    typeof api?.createProgram === 'function' &&
    typeof api.findConfigFile === 'function' &&
    typeof api.version === 'string' &&
    Number.parseInt(api.version, 10) < 7
  );
}

function versionOf(exports: unknown): string {
  const version = (exports as { version?: unknown } | undefined)?.version;
  return typeof version === 'string' ? version : 'of unknown version';
}

/**
 * Picks the compiler API from what `find` returns for each package name (undefined: not installed). Throws
 * `TypeScriptEngineError` with the one line to show when none fits. Synchronous, so that a module importing this one
 * has no top-level await and can be loaded with `require` (jscodeshift loads its transforms so).
 */
export function pickEngine(find: (name: string) => FoundPackage | undefined): { ts: TypeScriptApi; from: string } {
  const engine = find(ENGINE_PACKAGE);
  if (engine !== undefined && hasCompilerApi(engine.exports)) return { ts: engine.exports, from: engine.file };
  const project = find('typescript');
  if (project !== undefined && hasCompilerApi(project.exports)) return { ts: project.exports, from: project.file };
  if (engine !== undefined) {
    throw new TypeScriptEngineError(
      `${ENGINE_PACKAGE} ${versionOf(engine.exports)} (${engine.file}) has no TypeScript compiler API to read the project with; reinstall it (${ENGINE_INSTALL}@6) and run again`,
    );
  }
  if (project !== undefined) {
    throw new TypeScriptEngineError(
      `the project's typescript is ${versionOf(project.exports)}, which has no JavaScript compiler API to read the project with (TypeScript 7 is the Go port); install TypeScript 6 beside it (${ENGINE_INSTALL}) and run again, or run agent-contract beside it from npx, which installs nothing in the project (${ENGINE_NPX})`,
    );
  }
  // The CLI says what to install when Node cannot find the package (src/cli/errors.ts, missingPeerError).
  throw new TypeScriptEngineError(`Cannot find package 'typescript' (nor ${ENGINE_PACKAGE})`, 'ERR_MODULE_NOT_FOUND');
}

/** Resolves `name` as a CommonJS `require` from each of `from` (files or file URLs) in turn, and imports the first one found. */
export function packageFinder(from: readonly string[]): (name: string) => FoundPackage | undefined {
  return (name) => {
    for (const base of from) {
      let file: string;
      try {
        file = createRequire(base).resolve(name);
      } catch {
        continue;
      }
      // `require`, not `import()`: an ES import of TypeScript's 9 MB CommonJS file first scans it for its export
      // names (cjs-module-lexer), which doubles the load time (bench:audit).
      return { file, exports: createRequire(base)(file) as unknown };
    }
    return undefined;
  };
}

const picked = pickEngine(packageFinder([import.meta.url, path.join(process.cwd(), 'package.json')]));

/** The compiler API in use, as `import ts from 'typescript'` gives it. */
const ts: TypeScriptApi = picked.ts;
/** The file it was loaded from. */
export const engineFile: string = picked.from;
export default ts;
