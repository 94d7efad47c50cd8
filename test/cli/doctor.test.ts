import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { PACKAGE_VERSION } from '../../src/package-info.ts';
import { repoRoot, runCli } from '../support/run-cli.ts';

/**
 * `agent-contract doctor` on project folders built for each case: node_modules holds links to this repository's
 * typescript and to the package itself (built), or a stand-in package.json for a TypeScript 7 install.
 */

const folders: string[] = [];
const typescriptVersion = (
  JSON.parse(readFileSync(path.join(repoRoot, 'node_modules/typescript/package.json'), 'utf8')) as { version: string }
).version;

afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

interface Setup {
  readonly typescript?: 'linked' | '7.0.2';
  readonly plugin?: boolean;
  readonly installed?: boolean;
  /** A stand-in @typescript/typescript6 6.0.2 beside the project's typescript. */
  readonly engine?: boolean;
}

function project({ typescript = 'linked', plugin = true, installed = true, engine = false }: Setup): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'agent-contract-doctor-'));
  folders.push(folder);
  mkdirSync(path.join(folder, 'node_modules'));
  writeFileSync(path.join(folder, 'package.json'), '{ "name": "server", "type": "module" }\n');
  if (typescript === 'linked') {
    symlinkSync(path.join(repoRoot, 'node_modules/typescript'), path.join(folder, 'node_modules/typescript'), 'dir');
  } else {
    mkdirSync(path.join(folder, 'node_modules/typescript'));
    writeFileSync(
      path.join(folder, 'node_modules/typescript/package.json'),
      `{ "name": "typescript", "version": "${typescript}", "main": "lib/version.cjs" }\n`,
    );
  }
  if (engine) {
    mkdirSync(path.join(folder, 'node_modules/@typescript/typescript6'), { recursive: true });
    writeFileSync(
      path.join(folder, 'node_modules/@typescript/typescript6/package.json'),
      '{ "name": "@typescript/typescript6", "version": "6.0.2", "main": "lib/typescript.js" }\n',
    );
  }
  if (installed) symlinkSync(repoRoot, path.join(folder, 'node_modules/agent-contract'), 'dir');
  const plugins = plugin ? ',\n    // the editor plugin\n    "plugins": [{ "name": "agent-contract/ts-plugin" }],' : '';
  writeFileSync(
    path.join(folder, 'tsconfig.json'),
    `{\n  "compilerOptions": {\n    "strict": true${plugins}\n  }\n}\n`,
  );
  return folder;
}

describe('agent-contract doctor', () => {
  it('passes every check for a project on TypeScript 6 with the plugin listed and installed: exit 0', async () => {
    const result = await runCli(['doctor', project({})]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.slice(0, 1))).toEqual(['✓', '✓', '✓', '✓', '✓', 'A']);
    expect(lines[0]).toBe(
      `✓ project TypeScript: typescript ${typescriptVersion}: its JavaScript server (tsserver) loads tsconfig plugins`,
    );
    expect(lines[3]).toBe('✓ plugin in tsconfig: tsconfig.json lists agent-contract/ts-plugin');
    // Node resolves the link to the package's real folder, where tsserver loads the plugin from.
    expect(lines[4]).toBe(
      `✓ plugin loadable: agent-contract ${PACKAGE_VERSION}: ${path.join(repoRoot, 'dist/ts-plugin/index.cjs')} loads`,
    );
  });

  it('fails the tsconfig check with the snippet to add when tsconfig does not list the plugin: exit 1', async () => {
    const result = await runCli(['doctor', project({ plugin: false })]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      '✗ plugin in tsconfig: tsconfig.json does not list agent-contract/ts-plugin in compilerOptions.plugins\n    fix: add it: "compilerOptions": { "plugins": [{ "name": "agent-contract/ts-plugin" }] }\n',
    );
    expect(result.stdout).toMatch(
      /\n1 of 5 checks failed; apply each fix above and run agent-contract doctor again \(docs\/editor\.md\)\.\n$/,
    );
  });

  it('on TypeScript 7 alone, fails only the tools check, whose fix is the one install step: exit 1', async () => {
    const result = await runCli(['doctor', '--json', project({ typescript: '7.0.2' })]);
    expect(result.code).toBe(1);
    const { checks } = JSON.parse(result.stdout) as { checks: { name: string; pass: boolean; fix?: string }[] };
    const failed = checks.filter((check) => !check.pass);
    expect(failed.map((check) => check.name)).toEqual(['TypeScript for audit and codemods']);
    expect(failed[0]?.fix).toBe("npm i -D @typescript/typescript6 (TypeScript 6 beside the project's 7.0.2)");
  });

  it('on TypeScript 7 with @typescript/typescript6 installed, passes and says which tsc builds the project: exit 0', async () => {
    const result = await runCli(['doctor', project({ typescript: '7.0.2', engine: true })]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines.map((line) => line.slice(0, 1))).toEqual(['✓', '✓', '✓', '✓', '✓', 'A']);
    expect(lines[0]).toBe(
      "✓ project TypeScript: typescript 7.0.2, the Go port, builds the project (node node_modules/typescript/bin/tsc; npx tsc runs @typescript/typescript6's TypeScript 6); its native server runs no plugins, so the editor shows chains on a JavaScript TypeScript server (VS Code's own, the default for a workspace with tsconfig plugins)",
    );
    expect(lines[2]).toBe('✓ TypeScript for audit and codemods: @typescript/typescript6 6.0.2');
  });

  it("fails the editor check when VS Code is switched to TypeScript 7's native server, which runs no plugins: exit 1", async () => {
    const folder = project({ typescript: '7.0.2', engine: true });
    mkdirSync(path.join(folder, '.vscode'));
    writeFileSync(path.join(folder, '.vscode/settings.json'), '{ "typescript.experimental.useTsgo": true }\n');
    const result = await runCli(['doctor', folder]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ editor TypeScript: .vscode/settings.json sets typescript.experimental.useTsgo: VS Code then runs TypeScript 7's native server, which runs no plugins\n    fix: remove typescript.experimental.useTsgo from .vscode/settings.json (or set it to false)\n",
    );
  });

  it('fails the load check when agent-contract is not in the project: exit 1', async () => {
    const result = await runCli(['doctor', project({ installed: false })]);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain(
      "✗ plugin loadable: agent-contract is not installed in the project's node_modules, where the TypeScript server looks for plugins\n    fix: npm i -D agent-contract\n",
    );
  });

  it('exits 2 on a folder that does not exist', async () => {
    const result = await runCli(['doctor', path.join(tmpdir(), 'agent-contract-no-such-folder')]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/: no such folder; run agent-contract doctor in a project folder or pass one\n$/);
  });
});
