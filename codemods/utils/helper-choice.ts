import path from 'node:path';
import { agentContractInstallFor } from '../../src/adapters/packages/index.ts';
import { isTestFile } from '../../src/model/test-files.ts';
import type { CodemodNewFile, CodemodPlan, CodemodProject } from '../codemod.ts';

/**
 * The `--helper` a run gets when it names neither `--helper` nor `--import-from`: a local helper when the project
 * lists `agent-contract` as a devDependency only, because an import of the package would fail after
 * `npm ci --omit=dev`; none (import the package) when it is a dependency or listed nowhere. The run says so in a note.
 */
function helperByInstall(
  project: CodemodProject,
  options: { readonly importFrom?: string; readonly helper?: { readonly path?: string } },
  what: string,
): { readonly path?: string } | undefined {
  if (options.helper !== undefined || options.importFrom !== undefined) return options.helper;
  const source = project.files.find((file) => !isTestFile(file)) ?? project.files[0];
  if (source === undefined) return undefined;
  const install = agentContractInstallFor(path.dirname(source));
  if (install.kind !== 'devDependency') return undefined;
  project.note(
    `agent-contract is only a devDependency here, so ${what} come from a local helper module the deploy resolves (as with --helper local); pass --import-from agent-contract to import the package anyway`,
    install.packageJson,
  );
  return {};
}

/** The specifier to import from in `filePath`: `fallback` when none is given; an absolute path becomes relative. */
export function importSpecifierFor(importFrom: string | undefined, filePath: string, fallback: string): string {
  if (importFrom === undefined || importFrom === '') return fallback;
  if (!path.isAbsolute(importFrom)) return importFrom;
  const relative = path
    .relative(path.dirname(path.resolve(filePath)), importFrom)
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}

interface HelperOptions {
  readonly importFrom?: string;
  readonly helper?: { readonly path?: string };
}

/**
 * A codemod's `plan` for its local helper: the helper `helperByInstall` asks for, planned by `planHelper` (where it
 * goes, whether to write it) and turned into `importFrom`; the options as they are when no helper is wanted.
 */
export function planHelperByInstall<Options extends HelperOptions>(
  project: CodemodProject,
  options: Options,
  what: string,
  planHelper: (
    project: CodemodProject,
    requested: string | undefined,
  ) => { readonly importFrom: string; readonly newFile: CodemodNewFile | undefined },
): CodemodPlan<Options> {
  const helper = helperByInstall(project, options, what);
  if (helper === undefined) return { options, newFiles: [] };
  const { helper: _requested, ...rest } = options;
  const planned = planHelper(project, helper.path);
  return {
    options: { ...rest, importFrom: planned.importFrom } as Options,
    newFiles: planned.newFile === undefined ? [] : [planned.newFile],
  };
}
