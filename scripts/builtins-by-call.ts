/**
 * Node's own modules, read with `process.getBuiltinModule` instead of `import`. On Node 20 and 22 an ES import of a
 * builtin builds a module facade that reads every export once: `import process from 'node:process'` (commander's)
 * creates the stdin, stdout and stderr streams and costs some 10 ms, `node:fs` 4 ms, against 0.1 ms each for the module
 * itself (docs/benchmarks.md). esbuild writes each static import of a builtin as one `import ... from "node:x";` line; each
 * becomes a `const` at the top of its file, which holds the same values (a builtin's default export is the module, its
 * named exports its properties). Node >= 20.16 has `process.getBuiltinModule`; package.json asks for 20.19.
 *
 * `expected`: the builtins esbuild's metafile says the file imports. An import in a form this does not know, or a set
 * of rewritten builtins other than that, stops the build rather than leaving the file half done.
 */
export function builtinsByCall(text: string, name: string, expected: readonly string[]): string {
  const declarations: string[] = [];
  const rewrittenSpecifiers = new Set<string>();
  const rewritten = text.replace(/^import\s+([^;"]+?)\s+from\s+"(node:[\w/]+)";\n/gm, (_line, clause: string, specifier: string) => {
    const parts = /^(?:([\w$]+)|\{([^}]*)\})$/.exec(clause.trim());
    if (parts === null) throw new Error(`bundle-cli: ${name}: cannot rewrite \`import ${clause} from "${specifier}"\`; extend builtinsByCall`);
    rewrittenSpecifiers.add(specifier);
    const module = `process.getBuiltinModule(${JSON.stringify(specifier)})`;
    if (parts[1] !== undefined) {
      declarations.push(`const ${parts[1]} = ${module};`);
    } else {
      const names = (parts[2] as string).split(',').map((part) => part.trim()).filter((part) => part !== '');
      const bindings = names.map((part) => {
        const [imported, local] = part.split(/\s+as\s+/);
        return local === undefined ? imported : `${imported}: ${local}`;
      });
      declarations.push(`const { ${bindings.join(', ')} } = ${module};`);
    }
    return '';
  });
  // A dynamic import("node:x") (pkce-challenge's, in the HTTP transport) is left alone: it runs when it is needed.
  if (/^(?:import|export)\s[^;]*"node:/m.test(rewritten)) {
    throw new Error(`bundle-cli: ${name}: an import of a Node builtin was left as it is; extend builtinsByCall`);
  }
  const want = [...new Set(expected)].sort().join(', ');
  const got = [...rewrittenSpecifiers].sort().join(', ');
  if (want !== got) throw new Error(`bundle-cli: ${name}: rewrote imports of [${got}], but esbuild says it imports [${want}]; extend builtinsByCall`);
  if (declarations.length === 0) return text;
  // After the shebang; imports of other chunks are hoisted either way.
  const shebang = /^#!.*\n/.exec(rewritten)?.[0] ?? '';
  return `${shebang}${declarations.join('\n')}\n${rewritten.slice(shebang.length)}`;
}
