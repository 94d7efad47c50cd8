import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from '../support/run-cli.ts';
import {
  command,
  folderBytes,
  installedPackages,
  installProject,
  pack,
  repositoryVersionOf,
  runCommand,
  type InstalledPackage,
} from './packed.ts';

// `npm i agent-contract zod` in an empty project, as a server that calls guardId at run time installs it: the runtime
// entry needs the zod peer and nothing else, so the install stays small.

const MAX_PACKAGES_BESIDES_ZOD = 5;
// The ceiling keeps the runtime install free of heavy packages; the bundles grow with the audit's reading (3.15 MB on
// 2026-12-06), and docs/install.md states the size measured.
const MAX_BYTES_BESIDES_ZOD = 3.5 * 1024 * 1024;

let project: string;
let installed: InstalledPackage[];

beforeAll(async () => {
  const { tarball } = await pack();
  project = await installProject('agent-contract-runtime', [tarball, `zod@${await repositoryVersionOf('zod')}`]);
  installed = await installedPackages(project);
  await rm(dirname(tarball), { recursive: true, force: true });
}, 180_000);

afterAll(async () => {
  if (project !== undefined) await rm(project, { recursive: true, force: true });
});

describe('npm i agent-contract zod', () => {
  it(`adds at most ${MAX_PACKAGES_BESIDES_ZOD} packages besides zod, none of them ESLint or TypeScript`, () => {
    const besidesZod = installed.filter((entry) => entry.name !== 'zod').map((entry) => entry.path);
    expect(besidesZod.length, besidesZod.join(', ')).toBeLessThanOrEqual(MAX_PACKAGES_BESIDES_ZOD);
    expect(besidesZod).toContain('node_modules/agent-contract');
    for (const heavy of [
      'typescript',
      'eslint',
      '@typescript-eslint/utils',
      'commander',
      '@modelcontextprotocol/sdk',
    ]) {
      expect(besidesZod).not.toContain(`node_modules/${heavy}`);
    }
  });

  it('adds at most 3.5 MB besides zod, within 0.15 MB of the size docs/install.md states', async () => {
    const total = await folderBytes(join(project, 'node_modules'));
    const zod = await folderBytes(join(project, 'node_modules', 'zod'));
    expect(total - zod).toBeLessThanOrEqual(MAX_BYTES_BESIDES_ZOD);
    const readme = await readFile(join(repoRoot, 'docs/install.md'), 'utf8');
    const stated = /the install adds agent-contract and picocolors\s+\(two packages, (\d+\.\d) MB unpacked\)/.exec(
      readme,
    )?.[1];
    expect(stated, 'docs/install.md states the install size').toBeDefined();
    expect(
      Math.abs((total - zod) / 1e6 - Number(stated)),
      `${total - zod} bytes, docs/install.md: ${stated} MB`,
    ).toBeLessThanOrEqual(0.15);
  });

  it("runs `import { guardId } from 'agent-contract'` and accepts 47 as '47'", async () => {
    await writeFile(
      join(project, 'server.js'),
      [
        "import { z } from 'zod';",
        "import { guardId } from 'agent-contract';",
        'const ticketId = guardId(z.string().min(1));',
        'console.log(JSON.stringify([ticketId.parse(47), ticketId.safeParse(-1).success, ticketId.safeParse(null).success]));',
        '',
      ].join('\n'),
    );
    expect(await command(process.execPath, ['server.js'], project)).toBe('["47",false,false]\n');
  });

  it('runs the command-line tool, which carries its own dependencies', async () => {
    const version = await command(
      process.execPath,
      [join(project, 'node_modules', 'agent-contract', 'dist', 'cli', 'main.js'), '--version'],
      project,
    );
    const { version: packageVersion } = JSON.parse(await readFile(join(repoRoot, 'package.json'), 'utf8')) as {
      version: string;
    };
    expect(version.trim()).toBe(packageVersion);
  });

  it('says in one line what to install when a command needs the typescript peer', async () => {
    await mkdir(join(project, 'tools'), { recursive: true });
    await writeFile(join(project, 'tools', 'tools.ts'), "export const toolNames = ['get_ticket'];\n");
    const audit = await runCommand(
      process.execPath,
      [join(project, 'node_modules', 'agent-contract', 'dist', 'cli', 'main.js'), 'audit', 'tools'],
      project,
    );
    expect(audit.stderr).toBe(
      'agent-contract: reading a TypeScript project needs the typescript package, which is not installed; install it next to agent-contract (npm i -D typescript@6) and run again\n',
    );
    expect(audit.code).toBe(2);
  });

  it('says in one line, on Windows, that a command starting a server needs the cross-spawn peer', async () => {
    // The one platform difference is which spawn runs; a preload makes this process report win32 before the CLI loads.
    await writeFile(
      join(project, 'as-windows.mjs'),
      "Object.defineProperty(process, 'platform', { value: 'win32' });\n",
    );
    const cli = join(project, 'node_modules', 'agent-contract', 'dist', 'cli', 'main.js');
    const args = ['--import', './as-windows.mjs', cli, 'contract', 'snapshot', '--out', '-', '--', 'node', 'server.js'];
    // os.tmpdir() reads TEMP on Windows.
    const snapshot = await runCommand(process.execPath, args, project, { TEMP: tmpdir() });
    expect(snapshot.stderr).toBe(
      'agent-contract: starting a server on Windows needs the cross-spawn package, which is not installed; install it next to agent-contract (npm i -D cross-spawn) and run again\n',
    );
    expect(snapshot.code).toBe(2);
  });
});
