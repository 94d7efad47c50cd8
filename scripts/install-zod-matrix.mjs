#!/usr/bin/env node
// Installs every test/zod-matrix/<name>/ folder from its own package-lock.json, so each folder's MCP SDK renders
// with that folder's zod copy, and the other fixture projects with a lockfile of their own (test/typescript-7: a
// project on TypeScript 7 with @typescript/typescript6 beside it; test/sdk-v2: one on MCP SDK v2 alone; test/fastmcp:
// fastmcp for the front-end matrix). A folder whose node_modules is newer than its lock file is left alone.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const matrixRoot = path.join(repoRoot, 'test', 'zod-matrix');
/** Fixture projects outside the zod matrix, each with its own package-lock.json. */
const FIXTURE_PROJECTS = [
  path.join(repoRoot, 'test', 'typescript-7'),
  path.join(repoRoot, 'test', 'sdk-v2'),
  path.join(repoRoot, 'test', 'fastmcp'),
];

function matrixFolders() {
  if (!existsSync(matrixRoot)) return [];
  return readdirSync(matrixRoot, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(matrixRoot, entry.name, 'package-lock.json')))
    .map((entry) => path.join(matrixRoot, entry.name))
    .sort();
}

function fixtureProjects() {
  return FIXTURE_PROJECTS.filter((folder) => existsSync(path.join(folder, 'package-lock.json')));
}

/** npm writes node_modules/.package-lock.json last on every install, so its age is the install's age. */
function isInstalled(folder) {
  const installedLock = path.join(folder, 'node_modules', '.package-lock.json');
  if (!existsSync(installedLock)) return false;
  return statSync(installedLock).mtimeMs >= statSync(path.join(folder, 'package-lock.json')).mtimeMs;
}

function npmCommand() {
  // Under `npm test` (its pretest) this is the npm that is running us; otherwise the one on PATH.
  const npmCli = process.env.npm_execpath;
  if (npmCli && /\.(c|m)?js$/.test(npmCli)) return { command: process.execPath, prefixArgs: [npmCli] };
  return { command: process.platform === 'win32' ? 'npm.cmd' : 'npm', prefixArgs: [] };
}

/** Settings a parent `npm install` passes to its scripts that would redirect or skip this nested install. */
const INHERITED_NPM_SETTINGS = [
  'npm_config_prefix',
  'npm_config_local_prefix',
  'npm_config_global',
  'npm_config_location',
  'npm_config_workspace',
  'npm_config_workspaces',
  'npm_config_include_workspace_root',
  'npm_config_package_lock_only',
  'npm_config_dry_run',
  'npm_config_omit',
  'npm_config_include',
  'npm_config_production',
  'npm_config_ignore_scripts',
];

/** npm's first explanatory error line, e.g. "EUSAGE: `npm ci` can only install packages when ... are in sync." */
function npmReason(output) {
  const errorLines = [];
  for (const line of output.split('\n')) {
    const message = /^npm (?:error|ERR!)\s*(.*)$/.exec(line)?.[1]?.trim();
    if (message) errorLines.push(message);
  }
  const code = errorLines.find((line) => line.startsWith('code '))?.slice('code '.length);
  const reason = errorLines.find((line) => !line.startsWith('code ')) ?? output.trim().split('\n').at(-1) ?? '';
  return code ? `${code}: ${reason}` : reason;
}

function runNpmCi(folder) {
  const { command, prefixArgs } = npmCommand();
  const env = { ...process.env };
  for (const name of Object.keys(env)) {
    if (INHERITED_NPM_SETTINGS.includes(name.toLowerCase())) delete env[name];
  }
  return new Promise((resolve) => {
    const child = spawn(command, [...prefixArgs, 'ci', '--no-audit', '--no-fund', '--prefix', folder], {
      cwd: folder,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: process.platform === 'win32' && prefixArgs.length === 0,
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', (error) => resolve({ ok: false, detail: error.message }));
    child.on('close', (code) => {
      resolve({ ok: code === 0, detail: code === 0 ? '' : `exit ${code}, ${npmReason(output)}` });
    });
  });
}

async function installFolder(folder) {
  const name = path.relative(repoRoot, folder);
  if (isInstalled(folder)) {
    console.log(`install-fixtures ${name}: up to date`);
    return true;
  }
  const started = performance.now();
  const result = await runNpmCi(folder);
  if (!result.ok) {
    console.error(
      `install-fixtures ${name}: npm ci failed (${result.detail}); run "npm ci" in ${name} to see the whole log`,
    );
    return false;
  }
  console.log(`install-fixtures ${name}: installed in ${((performance.now() - started) / 1000).toFixed(1)}s`);
  return true;
}

const folders = matrixFolders();
if (folders.length === 0) {
  console.error(`zod-matrix: no folder with a package-lock.json under ${path.relative(repoRoot, matrixRoot)}`);
  process.exit(1);
}
const results = await Promise.all([...folders, ...fixtureProjects()].map(installFolder));
if (results.includes(false)) process.exit(1);
