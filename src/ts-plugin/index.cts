// The module tsserver loads for `"plugins": [{ "name": "agent-contract/ts-plugin" }]`: it `require`s it and calls the
// export with the TypeScript it runs on. That copy is handed over before the plugin's code is loaded, so every module
// the plugin reads with (the audit's readers included) uses it from its first line.
import type TypeScript from 'typescript';
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file is the CommonJS entry point
import host = require('./host-typescript.ts');

function init(modules: { typescript: typeof TypeScript }): TypeScript.server.PluginModule {
  host.useTypeScript(modules.typescript);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded only once the server's TypeScript is set
  const { createPlugin } = require('./plugin.ts') as typeof import('./plugin.ts');
  return createPlugin();
}

export = init;
