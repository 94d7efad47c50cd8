// `node --import <this file>` with RECORD_IMPORTS=<file>: appends the URL of every module the process imports (ESM
// resolution, which is how the CLI loads its own modules and the packages it imports, and CommonJS `require`, which is
// how it loads typescript) to that file, one a line,
// `spawn <command>` when the process starts a child process, and `enableCompileCache` when it turns on Node's compile
// cache (on a Node without one, a stand-in records the call), where that happens among the imports.
import { appendFileSync } from 'node:fs';
import { createRequire, register, syncBuiltinESMExports } from 'node:module';
import { pathToFileURL } from 'node:url';
import { isMainThread } from 'node:worker_threads';

let file;

export function initialize(data) {
  file = data.file;
}

export async function resolve(specifier, context, nextResolve) {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(file, `${resolved.url}\n`);
  return resolved;
}

/** Records each file `require` loads too (the CLI requires typescript), as the URL an import would have resolved to. */
function recordRequires(file) {
  const { Module } = createRequire(import.meta.url)('node:module');
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function (...args) {
    const resolved = resolveFilename.apply(this, args);
    if (typeof resolved === 'string' && resolved.startsWith('/'))
      appendFileSync(file, `${pathToFileURL(resolved).href}\n`);
    return resolved;
  };
}

/** Marks each spawn in the file. An import requested after a spawn is resolved after it, so the order is the real one. */
function recordSpawns(file) {
  const childProcess = createRequire(import.meta.url)('node:child_process');
  const spawn = childProcess.spawn;
  childProcess.spawn = function (command, ...rest) {
    appendFileSync(file, `spawn ${command}\n`);
    return spawn.call(this, command, ...rest);
  };
  // `import { spawn } from 'node:child_process'` sees the wrapper too.
  syncBuiltinESMExports();
}

/** Marks the call of `module.enableCompileCache` (Node 22.1+), which the CLI's entry makes before it loads the program. */
function recordCompileCache(file) {
  const nodeModule = createRequire(import.meta.url)('node:module');
  const enable = nodeModule.enableCompileCache;
  nodeModule.enableCompileCache = function (...args) {
    appendFileSync(file, 'enableCompileCache\n');
    return enable?.apply(this, args);
  };
}

// Only the process that loaded this first records: a server the CLI starts inherits NODE_OPTIONS, and its imports are
// its own. Hooks run on a thread of their own, which loads this file again.
const owner = (process.env.RECORD_IMPORTS_OWNER ??= String(process.pid));
if (isMainThread && owner === String(process.pid)) {
  register(import.meta.url, { data: { file: process.env.RECORD_IMPORTS } });
  recordSpawns(process.env.RECORD_IMPORTS);
  recordRequires(process.env.RECORD_IMPORTS);
  recordCompileCache(process.env.RECORD_IMPORTS);
}
