import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readdir, readFile, stat, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { repoRoot } from '../support/run-cli.ts';

// The package as a user receives it: `npm pack` of the built dist/ (no lifecycle scripts, so a test never rebuilds
// dist/ under the other tests' feet), installed from the registry into an empty project. The installs use the local
// npm cache first (--prefer-offline) and the registry for what the cache lacks.

const run = promisify(execFile);
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

export interface Packed {
  /** The .tgz file. */
  readonly tarball: string;
  /** Every file in it, relative to the package root (`dist/src/index.js`). */
  readonly files: readonly string[];
}

interface PackJson {
  readonly filename: string;
  readonly files: readonly { readonly path: string }[];
}

export interface CommandRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a command in `cwd` to its end, whatever its exit code. */
export async function runCommand(
  file: string,
  args: readonly string[],
  cwd: string,
  env: Readonly<Record<string, string>> = {},
): Promise<CommandRun> {
  try {
    const { stdout, stderr } = await run(file, [...args], {
      cwd,
      env: { ...process.env, NO_COLOR: '1', ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const { code, stdout, stderr } = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof code !== 'number') throw error;
    return { code, stdout: stdout ?? '', stderr: stderr ?? '' };
  }
}

/** Runs a command in `cwd` and returns its stdout; a failure names the command and quotes its output. */
export async function command(file: string, args: readonly string[], cwd: string): Promise<string> {
  const result = await runCommand(file, args, cwd);
  if (result.code !== 0)
    throw new Error(`${file} ${args.join(' ')} exited ${result.code} in ${cwd}:\n${result.stderr}${result.stdout}`);
  return result.stdout;
}

/** Packs the repository as it is built now. */
export async function pack(): Promise<Packed> {
  for (const built of ['dist/src/index.js', 'dist/eslint-plugin/index.js', 'dist/cli/main.js']) {
    if (!existsSync(join(repoRoot, built)))
      throw new Error(`${built} is missing; run npm run build before the package tests`);
  }
  const destination = await mkdtemp(join(tmpdir(), 'agent-contract-pack-'));
  const stdout = await command(
    npm,
    ['pack', '--ignore-scripts', '--json', '--pack-destination', destination],
    repoRoot,
  );
  const [packed] = JSON.parse(stdout) as PackJson[];
  if (packed === undefined) throw new Error(`npm pack printed no package: ${stdout}`);
  return { tarball: join(destination, packed.filename), files: packed.files.map((file) => file.path).sort() };
}

/** An empty ES module project with the given packages installed by `npm install`, as a user would. */
export async function installProject(
  prefix: string,
  specs: readonly string[],
  devSpecs: readonly string[] = [],
): Promise<string> {
  const project = await mkdtemp(join(tmpdir(), `${prefix}-`));
  await writeFile(
    join(project, 'package.json'),
    `${JSON.stringify({ name: prefix, version: '1.0.0', private: true, type: 'module' }, null, 2)}\n`,
  );
  const flags = ['--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'];
  await command(npm, ['install', ...flags, ...specs], project);
  if (devSpecs.length > 0) await command(npm, ['install', '--save-dev', ...flags, ...devSpecs], project);
  return project;
}

/** The version of a package this repository installs, so the test projects install what the npm cache holds. */
export async function repositoryVersionOf(name: string): Promise<string> {
  const json = JSON.parse(await readFile(join(repoRoot, 'node_modules', name, 'package.json'), 'utf8')) as {
    version: string;
  };
  return json.version;
}

export interface InstalledPackage {
  /** `agent-contract`, `@scope/name`; a nested copy appears once per copy. */
  readonly name: string;
  /** node_modules/name, relative to the project. */
  readonly path: string;
}

/** Every package npm installed, from node_modules/.package-lock.json (npm writes it on every install). */
export async function installedPackages(project: string): Promise<InstalledPackage[]> {
  const lock = JSON.parse(await readFile(join(project, 'node_modules', '.package-lock.json'), 'utf8')) as {
    packages: Record<string, { name?: string }>;
  };
  return Object.keys(lock.packages)
    .filter((path) => path.startsWith('node_modules/'))
    .map((path) => ({ name: path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length), path }))
    .sort((first, second) => first.path.localeCompare(second.path));
}

/** The bytes of every file under a folder (its apparent size, as `du --apparent-size -b` counts it). */
export async function folderBytes(folder: string): Promise<number> {
  let total = 0;
  for (const entry of await readdir(folder, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += (await stat(join(entry.parentPath, entry.name))).size;
  }
  return total;
}

/**
 * Links each package of a fixture's installed node_modules (test/sdk-v2, test/typescript-7, a zod-matrix folder) into
 * `modules`, the scoped ones one by one, leaving out the names `skip` holds: a project on the fixture's lockfile
 * without another install.
 */
export async function linkFixturePackages(
  fixture: string,
  modules: string,
  skip: ReadonlySet<string> = new Set(),
): Promise<void> {
  const installed = join(fixture, 'node_modules');
  for (const entry of await readdir(installed, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const names = entry.name.startsWith('@')
      ? (await readdir(join(installed, entry.name))).map((inner) => `${entry.name}/${inner}`)
      : [entry.name];
    for (const name of names) {
      if (skip.has(name)) continue;
      await mkdir(join(modules, name, '..'), { recursive: true });
      await symlink(join(installed, name), join(modules, name), 'junction');
    }
  }
}

/** Copies the built package's `parts` (folders of dist/) and its package.json to `modules/agent-contract`. */
export async function copyBuiltPackage(
  modules: string,
  parts: readonly string[] = ['dist/src', 'dist/cli'],
): Promise<void> {
  const installed = join(modules, 'agent-contract');
  for (const part of parts) await cp(join(repoRoot, part), join(installed, part), { recursive: true });
  await cp(join(repoRoot, 'package.json'), join(installed, 'package.json'));
}

/** The tsconfig of the walk-through projects: a server in src/, checked on NodeNext. */
export const SERVER_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    strict: true,
    skipLibCheck: true,
  },
  include: ['src'],
} as const;

/** A client on the project's own SDK v1 (a production dependency): starts the server given as arguments, lists its tools. */
const LIST_TOOLS = `import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

const client = new Client({ name: 'deploy-check', version: '1.0.0' });
await client.connect(new StdioClientTransport({ command: process.execPath, args: process.argv.slice(2) }));
const { tools } = await client.listTools();
console.log(tools.map((tool) => tool.name).join(' '));
await client.close();
`;

/**
 * The build and deploy of a project that lists agent-contract as a devDependency only: its own `tsc` (a type error
 * throws, with tsc's output), `npm ci --omit=dev` from its lockfile (agent-contract is then gone), then the built
 * server started over stdio by a client on the project's own SDK v1, which lists its tools. Returns that run: its
 * stdout is the tool names, space-separated.
 */
export async function buildDeployAndListTools(project: string, server: readonly string[]): Promise<CommandRun> {
  await command(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'tsconfig.json'], project);
  await command(npm, ['ci', '--omit=dev', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project);
  if (existsSync(join(project, 'node_modules/agent-contract')))
    throw new Error(`npm ci --omit=dev left node_modules/agent-contract in ${project}`);
  await writeFile(join(project, 'list-tools.mjs'), LIST_TOOLS);
  return runCommand(process.execPath, ['list-tools.mjs', ...server], project);
}
