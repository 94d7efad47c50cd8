import type TypeScript from 'typescript';

/**
 * The TypeScript the language service runs on. A plugin must build its answers with the compiler of the server that
 * loaded it (VS Code's bundled one or the workspace's), never a copy of its own: syntax kinds and flags are numbers
 * that differ between versions. The plugin's bundle (scripts/bundle-ts-plugin.ts) points every
 * `import ts from 'typescript'` of the code it reads with here, and the entry sets the server's copy before loading it.
 */

let host: typeof TypeScript | undefined;

export function useTypeScript(typescript: typeof TypeScript): void {
  host = typescript;
}

const ts = new Proxy({} as typeof TypeScript, {
  get(_target, key) {
    if (host === undefined)
      throw new Error('agent-contract/ts-plugin: read before the language service handed over its TypeScript');
    return Reflect.get(host, key) as unknown;
  },
});

export default ts;
