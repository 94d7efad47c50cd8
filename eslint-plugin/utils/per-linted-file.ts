/**
 * Facts about the file being linted, per module name (`importFrom`), worked out once and shared by every rule.
 * ESLint creates and runs the rules of one file before it moves on to the next, so only that file is remembered:
 * a weak map over every file cost the garbage collector more than the facts cost to build (measured with
 * `npm run bench:lint`).
 */
export function perLintedFile<T>(build: (sourceCode: object, module: string) => T): (sourceCode: object, module: string) => T {
  let file: object | undefined;
  let facts = new Map<string, T>();
  return (sourceCode, module) => {
    if (file !== sourceCode) {
      file = sourceCode;
      facts = new Map();
    }
    if (facts.has(module)) return facts.get(module) as T;
    const built = build(sourceCode, module);
    facts.set(module, built);
    return built;
  };
}
