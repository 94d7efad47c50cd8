import { existsSync } from 'node:fs';
import path from 'node:path';
import { findPackageUp } from '../../files/find-package.ts';

/**
 * Where the code a writer adds to a server file (`guardId`, `honored`, `offeredShape`) may be imported from so that
 * the deploy resolves it: `agent-contract` when the project's package.json lists it as a dependency, the project's
 * own local helper module when there is one, and otherwise nothing yet, because a devDependency is gone after
 * `npm ci --omit=dev`. Every writer (the codemods, the editor's quick fix, the lint rules' fixes and the audit's fix
 * line) asks here, so they agree.
 */

const PACKAGE = 'agent-contract';
const HELPER_EXTENSIONS = ['.ts', '.mts', '.cts'] as const;

/** How the nearest package.json that names `agent-contract` lists it. */
export type AgentContractInstall =
  /** `dependencies`, `peerDependencies` or `optionalDependencies`, or the package itself: present at run time. */
  | { readonly kind: 'dependency'; readonly packageJson: string }
  /** `devDependencies` alone: absent after `npm ci --omit=dev`. */
  | { readonly kind: 'devDependency'; readonly packageJson: string }
  /** No package.json above names it (run through `npx`, or a fixture): nothing to go by. */
  | { readonly kind: 'unlisted' };

function lists(json: Readonly<Record<string, unknown>>, key: string): boolean {
  const section = json[key];
  return typeof section === 'object' && section !== null && Object.hasOwn(section, PACKAGE);
}

const RUNTIME_SECTIONS = ['dependencies', 'peerDependencies', 'optionalDependencies'];

/** How `agent-contract` is installed for `file` (a file or a folder), from the nearest package.json naming it. */
export function agentContractInstallFor(file: string): AgentContractInstall {
  const found = findPackageUp(
    path.resolve(file),
    (json) =>
      json['name'] === PACKAGE || [...RUNTIME_SECTIONS, 'devDependencies'].some((section) => lists(json, section)),
  );
  if (found === undefined) return { kind: 'unlisted' };
  const packageJson = path.join(found.dir, 'package.json');
  if (found.json['name'] === PACKAGE || RUNTIME_SECTIONS.some((section) => lists(found.json, section)))
    return { kind: 'dependency', packageJson };
  return { kind: 'devDependency', packageJson };
}

/**
 * The local helper module named `moduleName` (`agent-contract-guard`) in the folder of `file` or a folder above it,
 * up to the folder of the nearest package.json: where the codemods write it by default (the deepest folder holding
 * every source file), so every source file finds it above itself.
 */
export function localHelperAbove(file: string, moduleName: string): string | undefined {
  const root = findPackageUp(path.dirname(path.resolve(file)), () => true)?.dir;
  for (let folder = path.dirname(path.resolve(file)); ; folder = path.dirname(folder)) {
    for (const extension of HELPER_EXTENSIONS) {
      const candidate = path.join(folder, `${moduleName}${extension}`);
      if (existsSync(candidate)) return candidate;
    }
    if (folder === root || path.dirname(folder) === folder) return undefined;
  }
}

/** What a writer imports the package's runtime helpers from in one file. */
export type RuntimeImport =
  /** `agent-contract` itself. */
  | { readonly kind: 'package' }
  /** The project's helper module, absolute. */
  | { readonly kind: 'local'; readonly helper: string }
  /** Neither resolves in production: the helper is to be written first (`advice` says how, in one line). */
  | { readonly kind: 'missing'; readonly packageJson: string; readonly advice: string };

/**
 * The import for `file`: the package when it is a dependency (or listed nowhere), else the local helper named
 * `moduleName` when the project has one, else `missing` with the command that writes it.
 */
export function runtimeImportFor(file: string, moduleName: string, writeCommand: string): RuntimeImport {
  const install = agentContractInstallFor(path.dirname(path.resolve(file)));
  if (install.kind !== 'devDependency') return { kind: 'package' };
  const helper = localHelperAbove(file, moduleName);
  if (helper !== undefined) return { kind: 'local', helper };
  return {
    kind: 'missing',
    packageJson: install.packageJson,
    advice: `agent-contract is only a devDependency, so an import of it fails after npm ci --omit=dev: run \`npx agent-contract codemod ${writeCommand} --helper local\` to write a local helper, or move agent-contract to dependencies`,
  };
}

/**
 * The specifier `fromFile` imports the helper at `helper` by: relative, ending as the file's own relative imports
 * end (`.js` when it has none to copy, which every TypeScript module resolution maps to the `.ts` file).
 */
export function helperSpecifier(fromFile: string, helper: string, fileText: string): string {
  const endings = [...fileText.matchAll(/\bfrom\s*(['"])(\.{1,2}\/[^'"\n]+)\1/g)].map((match) =>
    path.extname(match[2] ?? ''),
  );
  const ending = endings.some((extension) => /^\.[cm]?js$/.test(extension))
    ? 'js'
    : endings.some((extension) => /^\.[cm]?ts$/.test(extension))
      ? 'ts'
      : endings.length > 0 && endings.every((extension) => extension === '')
        ? ''
        : 'js';
  const extension = path.extname(helper);
  const spelled = ending === '' ? '' : ending === 'ts' ? extension : extension.replace('t', 'j');
  const target = path.join(path.dirname(helper), `${path.basename(helper, extension)}${spelled}`);
  const relative = path
    .relative(path.dirname(path.resolve(fromFile)), target)
    .split(path.sep)
    .join('/');
  return relative.startsWith('.') ? relative : `./${relative}`;
}
