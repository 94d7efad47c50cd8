/**
 * Facts about the file being linted, per module name (`importFrom`), worked out once and shared by every rule.
 * ESLint creates and runs the rules of one file before it moves on to the next, so only that file is remembered:
 * a weak map over every file cost the garbage collector more than the facts cost to build (measured with
 * `npm run bench:lint`).
 */
export function perLintedFile<T>(
  build: (sourceCode: object, module: string) => T,
): (sourceCode: object, module: string) => T {
  let file: object | undefined;
  // Nearly every file is asked about one module (the rules' default `importFrom`): that one needs no map.
  let firstModule: string | undefined;
  let firstFacts: T | undefined;
  let others: Map<string, T> | undefined;
  return (sourceCode, module) => {
    if (file !== sourceCode) {
      file = sourceCode;
      firstModule = undefined;
      firstFacts = undefined;
      others = undefined;
    }
    if (module === firstModule) return firstFacts as T;
    if (firstModule === undefined) {
      firstFacts = build(sourceCode, module);
      firstModule = module;
      return firstFacts;
    }
    others ??= new Map();
    if (others.has(module)) return others.get(module) as T;
    const built = build(sourceCode, module);
    others.set(module, built);
    return built;
  };
}
