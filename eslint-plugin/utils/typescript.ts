import { createRequire } from 'node:module';
import type TypeScript from 'typescript';

/**
 * The TypeScript the type-aware rule reads programs with. The plugin's bundle (scripts/bundle-eslint-plugin.ts) points
 * every `import ts from 'typescript'` of the code it holds here, for two reasons:
 *
 * - The copy must be typescript-eslint's own, the one that built the program the rule is handed: syntax kinds and
 *   flags are numbers that differ between versions. It is resolved from `@typescript-eslint/typescript-estree`.
 * - `require` finds it already loaded by the parser. An ES `import` of TypeScript's 9 MB CommonJS file scans it for
 *   export names first, which cost every lint run about a second before any rule ran.
 *
 * Rules that read syntax alone never touch it: where no TypeScript is installed, only the type-aware rule fails, with
 * the step that fixes it.
 */
function loadTypeScript(): typeof TypeScript | Error {
  const require = createRequire(import.meta.url);
  try {
    return createRequire(require.resolve('@typescript-eslint/typescript-estree'))('typescript') as typeof TypeScript;
  } catch {
    try {
      return require('typescript') as typeof TypeScript;
    } catch (error) {
      return error as Error;
    }
  }
}

const loaded = loadTypeScript();

const ts: typeof TypeScript =
  loaded instanceof Error
    ? new Proxy({} as typeof TypeScript, {
        get() {
          throw new Error(
            'agent-contract/eslint-plugin: the type-aware rules need TypeScript, and none could be loaded; run npm i -D typescript',
          );
        },
      })
    : loaded;

export default ts;
