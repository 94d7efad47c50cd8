/**
 * Which files are tests, by their path inside the project: `*.test.ts`, `*.spec.tsx`, anything under `__tests__/`,
 * `test/` or `tests/`. `TEST_FILE_GLOBS` says the same in globs, for tools that match files that way (the ESLint
 * plugin's `tests` config). The lint rules, the codemods and the audit all ask this one function.
 */
const TEST_NAME = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const TEST_FOLDER = /(?:^|[\\/])(?:__tests__|tests?)[\\/]/;
const TESTS_FOLDER = /(?:^|[\\/])__tests__[\\/]/;

/**
 * True for test code. `filePath` is relative to the project root; pass `root` when it is absolute. Without a root an
 * absolute path is judged by its name and `__tests__/` only, since a `test/` folder above the project says nothing.
 */
export function isTestFile(filePath: string, root?: string): boolean {
  if (TEST_NAME.test(filePath)) return true;
  const inside = root === undefined ? relativeOrUndefined(filePath) : insideOf(filePath, root);
  return inside === undefined ? TESTS_FOLDER.test(filePath) : TEST_FOLDER.test(inside);
}

function isAbsolute(filePath: string): boolean {
  return filePath.startsWith('/') || filePath.startsWith('\\') || /^[A-Za-z]:[\\/]/.test(filePath);
}

function relativeOrUndefined(filePath: string): string | undefined {
  return isAbsolute(filePath) ? undefined : filePath;
}

/** `filePath` below `root`, or undefined when it lies elsewhere. */
function insideOf(filePath: string, root: string): string | undefined {
  const base = root.replace(/[\\/]+$/, '');
  const rest = filePath.slice(base.length);
  return filePath.startsWith(base) && /^[\\/]/.test(rest) ? rest.slice(1) : relativeOrUndefined(filePath);
}

/** The files `isTestFile` accepts, as globs (ESLint matches them relative to the folder of its config). */
export const TEST_FILE_GLOBS: readonly string[] = [
  '**/*.{test,spec}.?(c|m)[jt]s?(x)',
  '**/__tests__/**',
  '**/test/**',
  '**/tests/**',
];
