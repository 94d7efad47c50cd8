/**
 * Which files are tests, by path: `*.test.ts`, `*.spec.tsx`, anything under `__tests__/`. `TEST_FILE_GLOBS` says the
 * same in globs, for tools that match files that way (the ESLint plugin's `tests` config).
 */
const TEST_FILE = /(?:^|[\\/])__tests__[\\/]|\.(?:test|spec)\.[cm]?[jt]sx?$/;

export function isTestFilePath(filePath: string): boolean {
  return TEST_FILE.test(filePath);
}

/** The files `isTestFilePath` accepts, as globs. */
export const TEST_FILE_GLOBS: readonly string[] = ['**/*.{test,spec}.?(c|m)[jt]s?(x)', '**/__tests__/**'];
