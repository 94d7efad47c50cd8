// `node --import <this file>` with RECORD_IMPORTS=<file>: appends the URL of every module the process imports (ESM
// resolution, which is how the CLI loads its own modules and the packages it imports) to that file, one a line.
import { appendFileSync } from 'node:fs';
import { register } from 'node:module';
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

// Hooks run on a thread of their own, which loads this file again.
if (isMainThread) register(import.meta.url, { data: { file: process.env.RECORD_IMPORTS } });
