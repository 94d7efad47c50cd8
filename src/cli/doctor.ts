import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { EXIT_FINDINGS, EXIT_OK, UsageError } from './errors.ts';

/**
 * `agent-contract doctor [project]`: whether the chain diagnostics can reach the editor and the tools can read the
 * project. One line per check, a mark, what was found, and the fix when it failed. It reads package.json files and
 * the tsconfig; it loads no TypeScript.
 */

export const PLUGIN_NAME = 'agent-contract/ts-plugin';
const ENGINE_PACKAGE = '@typescript/typescript6';
/** VS Code's switch to TypeScript 7's native language server (the TypeScript Native Preview extension). */
const NATIVE_PREVIEW_SETTING = 'typescript.experimental.useTsgo';

export interface DoctorCheck {
  readonly name: string;
  readonly pass: boolean;
  readonly found: string;
  /** What to do, for a check that failed. */
  readonly fix?: string;
}

interface InstalledPackage {
  readonly name: string;
  readonly version: string;
  /** The package's folder. */
  readonly folder: string;
}

/** A file as a line shows it: relative to the project when inside it, else absolute. */
function shown(folder: string, file: string): string {
  const relative = path.relative(folder, file);
  return relative.startsWith('..') || path.isAbsolute(relative) ? file : relative.split(path.sep).join('/');
}

function majorOf(version: string): number {
  return Number.parseInt(version, 10);
}

/** The package `name` as Node resolves it from `folder`, or undefined when it is not installed there. */
function installed(folder: string, name: string): InstalledPackage | undefined {
  const require = createRequire(path.join(folder, 'package.json'));
  let manifest: string;
  try {
    manifest = require.resolve(`${name}/package.json`);
  } catch {
    // A package whose exports hide package.json is found through its main file instead.
    try {
      let dir = path.dirname(require.resolve(name));
      while (!existsSync(path.join(dir, 'package.json')) && path.dirname(dir) !== dir) dir = path.dirname(dir);
      manifest = path.join(dir, 'package.json');
    } catch {
      return undefined;
    }
  }
  const json = JSON.parse(readFileSync(manifest, 'utf8')) as { version?: unknown };
  return { name, version: typeof json.version === 'string' ? json.version : 'unknown', folder: path.dirname(manifest) };
}

/** JSON with comments and trailing commas, as tsconfig files are written. */
function parseJsonc(text: string): unknown {
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index] as string;
    if (char === '"') {
      const end = /^"(?:[^"\\]|\\.)*"/.exec(text.slice(index))?.[0] ?? char;
      out += end;
      index += end.length - 1;
    } else if (char === '/' && text[index + 1] === '/') {
      while (index < text.length && text[index] !== '\n') index += 1;
      out += '\n';
    } else if (char === '/' && text[index + 1] === '*') {
      const end = text.indexOf('*/', index + 2);
      index = end === -1 ? text.length : end + 1;
    } else out += char;
  }
  return JSON.parse(out.replace(/,(\s*[}\]])/g, '$1')) as unknown;
}

interface PluginEntry {
  readonly name?: unknown;
}

/** The `compilerOptions.plugins` a tsconfig ends up with, following relative `extends`; undefined when unreadable. */
function pluginsOf(tsconfig: string, seen = new Set<string>()): { plugins: PluginEntry[]; from: string } | undefined {
  if (seen.has(tsconfig) || !existsSync(tsconfig)) return undefined;
  seen.add(tsconfig);
  let config: { extends?: unknown; compilerOptions?: { plugins?: unknown } };
  try {
    config = parseJsonc(readFileSync(tsconfig, 'utf8')) as typeof config;
  } catch {
    return undefined;
  }
  const own = config.compilerOptions?.plugins;
  if (Array.isArray(own)) return { plugins: own as PluginEntry[], from: tsconfig };
  const parents =
    typeof config.extends === 'string' ? [config.extends] : Array.isArray(config.extends) ? config.extends : [];
  for (const parent of [...parents].reverse()) {
    if (typeof parent !== 'string' || !parent.startsWith('.')) continue;
    const file = path.resolve(path.dirname(tsconfig), parent.endsWith('.json') ? parent : `${parent}.json`);
    const found = pluginsOf(file, seen);
    if (found !== undefined) return found;
  }
  return { plugins: [], from: tsconfig };
}

function typescriptCheck(project: InstalledPackage | undefined, engine: InstalledPackage | undefined): DoctorCheck {
  if (project === undefined)
    return {
      name: 'project TypeScript',
      pass: false,
      found: 'the project has no typescript package',
      fix: 'npm i -D typescript@6 (the editor plugin and the tools run on TypeScript 5.x or 6.x)',
    };
  if (majorOf(project.version) >= 7)
    return {
      name: 'project TypeScript',
      pass: true,
      found: `typescript ${project.version}, the Go port, builds the project (node node_modules/typescript/bin/tsc${engine === undefined ? '' : `; npx tsc runs ${engine.name}'s TypeScript 6`}); its native server runs no plugins, so the editor shows chains on a JavaScript TypeScript server (VS Code's own, the default for a workspace with tsconfig plugins)`,
    };
  return {
    name: 'project TypeScript',
    pass: true,
    found: `typescript ${project.version}: its JavaScript server (tsserver) loads tsconfig plugins`,
  };
}

function toolsCheck(project: InstalledPackage | undefined, engine: InstalledPackage | undefined): DoctorCheck {
  const used = [engine, project].find((found) => found !== undefined && majorOf(found.version) < 7);
  if (used === undefined)
    return {
      name: 'TypeScript for audit and codemods',
      pass: false,
      found: 'no TypeScript 5.x or 6.x with a compiler API is installed',
      fix:
        project === undefined
          ? 'npm i -D typescript@6'
          : `npm i -D ${ENGINE_PACKAGE} (TypeScript 6 beside the project's ${project.version})`,
    };
  return { name: 'TypeScript for audit and codemods', pass: true, found: `${used.name} ${used.version}` };
}

function editorCheck(folder: string, project: InstalledPackage | undefined): DoctorCheck {
  const settings = path.join(folder, '.vscode', 'settings.json');
  let tsdk: unknown;
  let native: unknown;
  try {
    const read = parseJsonc(readFileSync(settings, 'utf8')) as Record<string, unknown>;
    tsdk = read['typescript.tsdk'];
    native = read[NATIVE_PREVIEW_SETTING];
  } catch {
    tsdk = undefined;
  }
  if (native === true)
    return {
      name: 'editor TypeScript',
      pass: false,
      found: `.vscode/settings.json sets ${NATIVE_PREVIEW_SETTING}: VS Code then runs TypeScript 7's native server, which runs no plugins`,
      fix: `remove ${NATIVE_PREVIEW_SETTING} from .vscode/settings.json (or set it to false)`,
    };
  if (typeof tsdk !== 'string') {
    const workspace =
      project === undefined || majorOf(project.version) >= 7
        ? ''
        : `; to run the workspace's ${project.version}, set "typescript.tsdk": "node_modules/typescript/lib" in .vscode/settings.json and pick "Use Workspace Version"`;
    return {
      name: 'editor TypeScript',
      pass: true,
      found: `VS Code runs its bundled TypeScript, which loads tsconfig plugins from the project's node_modules${workspace}`,
    };
  }
  const lib = path.resolve(folder, tsdk);
  const server = path.join(lib, 'tsserver.js');
  const version = installed(path.dirname(lib), 'typescript')?.version;
  if (!existsSync(server))
    return {
      name: 'editor TypeScript',
      pass: false,
      found: `.vscode/settings.json points typescript.tsdk at ${tsdk}, which has no tsserver.js${version === undefined ? '' : ` (typescript ${version})`}`,
      fix: "point typescript.tsdk at the lib folder of a TypeScript 5.x or 6.x (node_modules/typescript/lib), or remove it to use VS Code's bundled TypeScript",
    };
  return {
    name: 'editor TypeScript',
    pass: true,
    found: `.vscode/settings.json: typescript.tsdk is ${tsdk}${version === undefined ? '' : ` (typescript ${version})`}; pick "Use Workspace Version" in VS Code to run it`,
  };
}

function configuredCheck(folder: string): DoctorCheck {
  const tsconfig = path.join(folder, 'tsconfig.json');
  const snippet = `"compilerOptions": { "plugins": [{ "name": "${PLUGIN_NAME}" }] }`;
  if (!existsSync(tsconfig))
    return {
      name: 'plugin in tsconfig',
      pass: false,
      found: 'no tsconfig.json in the project folder',
      fix: `create tsconfig.json with ${snippet}`,
    };
  const read = pluginsOf(tsconfig);
  if (read === undefined)
    return {
      name: 'plugin in tsconfig',
      pass: false,
      found: 'tsconfig.json is not valid JSON',
      fix: 'fix tsconfig.json, then add the plugin to compilerOptions.plugins',
    };
  const from = path.relative(folder, read.from).split(path.sep).join('/');
  if (read.plugins.some((entry) => entry.name === PLUGIN_NAME))
    return { name: 'plugin in tsconfig', pass: true, found: `${from} lists ${PLUGIN_NAME}` };
  return {
    name: 'plugin in tsconfig',
    pass: false,
    found: `${from} does not list ${PLUGIN_NAME} in compilerOptions.plugins`,
    fix: `add it: ${snippet}`,
  };
}

/** Loads the plugin from where tsserver finds it: `<package>/ts-plugin/package.json` under the project's node_modules. */
function loadableCheck(folder: string): DoctorCheck {
  const name = 'plugin loadable';
  const ours = installed(folder, 'agent-contract');
  if (ours === undefined)
    return {
      name,
      pass: false,
      found:
        "agent-contract is not installed in the project's node_modules, where the TypeScript server looks for plugins",
      fix: 'npm i -D agent-contract',
    };
  const manifest = path.join(ours.folder, 'ts-plugin', 'package.json');
  let entry: string;
  try {
    const main = (JSON.parse(readFileSync(manifest, 'utf8')) as { main?: unknown }).main;
    entry = path.resolve(path.dirname(manifest), typeof main === 'string' ? main : 'index.js');
  } catch {
    return {
      name,
      pass: false,
      found: `agent-contract ${ours.version} has no ts-plugin folder: a version without the editor plugin`,
      fix: 'npm i -D agent-contract@latest',
    };
  }
  try {
    const factory: unknown = createRequire(manifest)(entry);
    if (typeof factory !== 'function') throw new Error('it exports no plugin factory');
  } catch (error) {
    return {
      name,
      pass: false,
      found: `${shown(folder, entry)} did not load: ${(error as Error).message.split('\n')[0]}`,
      fix: 'reinstall agent-contract (npm i -D agent-contract); in a clone of agent-contract itself, run npm run build',
    };
  }
  return {
    name,
    pass: true,
    found: `agent-contract ${ours.version}: ${shown(folder, entry)} loads`,
  };
}

/** Every check for the project in `folder`. */
export function doctorChecks(folder: string): DoctorCheck[] {
  const project = installed(folder, 'typescript');
  const engine = installed(folder, ENGINE_PACKAGE);
  return [
    typescriptCheck(project, engine),
    editorCheck(folder, project),
    toolsCheck(project, engine),
    configuredCheck(folder),
    loadableCheck(folder),
  ];
}

export function formatDoctorCheck(check: DoctorCheck): string {
  const line = `${check.pass ? '✓' : '✗'} ${check.name}: ${check.found}`;
  return check.fix === undefined ? line : `${line}\n    fix: ${check.fix}`;
}

export interface DoctorCommandOptions {
  readonly json?: boolean;
}

export function runDoctorCommand(target: string, options: DoctorCommandOptions = {}): number {
  const folder = path.resolve(target);
  if (!existsSync(folder) || !statSync(folder).isDirectory())
    throw new UsageError(`${target}: no such folder; run agent-contract doctor in a project folder or pass one`);
  const checks = doctorChecks(folder);
  const failed = checks.filter((check) => !check.pass).length;
  if (options.json === true) {
    process.stdout.write(`${JSON.stringify({ project: folder, checks }, null, 2)}\n`);
    return failed === 0 ? EXIT_OK : EXIT_FINDINGS;
  }
  process.stdout.write(`${checks.map(formatDoctorCheck).join('\n')}\n`);
  process.stdout.write(
    failed === 0
      ? 'All checks pass: the editor shows broken chains as you type (docs/editor.md).\n'
      : `${failed} of ${checks.length} checks failed; apply each fix above and run agent-contract doctor again (docs/editor.md).\n`,
  );
  return failed === 0 ? EXIT_OK : EXIT_FINDINGS;
}
