// `require('agent-contract/eslint-plugin')` (an eslint.config.cjs) gets the plugin object itself, the one `import` gives,
// instead of the module namespace around it that Node's require of an ES module returns.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- this file is the CommonJS entry point
import pluginModule = require('./index.ts');

export = pluginModule.default;
