#!/usr/bin/env node
// The `agent-contract` command: package.json's `bin` is this file, bundled (scripts/bundle-cli.ts).
//
// On Node 22.1 and later, V8's compiled code for the command's modules is kept between runs in Node's compile cache
// (`module.enableCompileCache`, in the folder Node picks, or NODE_COMPILE_CACHE; NODE_DISABLE_COMPILE_CACHE=1 turns it
// off), as tsc does since TypeScript 5.7 (`npm run bench:snapshot-phases` on Node 22 shows what it saves). It must be
// on before the modules load, so the program is imported after it. Node 20 has no such cache; there this costs one
// module more.

// Node 20's type definitions do not know enableCompileCache.
const { enableCompileCache } = process.getBuiltinModule('node:module') as { enableCompileCache?: () => unknown };
enableCompileCache?.();
await import('./main.ts');
