/**
 * Which files are tests, by path: `*.test.ts`, `*.spec.tsx`, anything under `__tests__/`. The same files the ESLint
 * plugin's `tests` config matches with globs (eslint-plugin/configs.ts `TEST_FILES`).
 */
const TEST_FILE = /(?:^|[\\/])__tests__[\\/]|\.(?:test|spec)\.[cm]?[jt]sx?$/;

export function isTestFilePath(filePath: string): boolean {
  return TEST_FILE.test(filePath);
}
