import { describe, expect, it } from 'vitest';
import { isTestFile } from '../../src/model/test-files.ts';

describe('isTestFile', () => {
  it.each([
    ['src/tool-execution-error.test.ts', true],
    ['src/tools/find-tasks.spec.tsx', true],
    ['src/tools/__tests__/find-tasks.ts', true],
    ['test/helpers.ts', true],
    ['packages/api/tests/server.ts', true],
    ['src/tools/latest.ts', false],
    ['src/contest.ts', false],
    ['src/testing/report.ts', false],
  ])('%s -> %s', (filePath, expected) => expect(isTestFile(filePath)).toBe(expected));

  it.each([
    ['/p/test/helpers.ts', '/p', true],
    ['C:\\p\\src\\__tests__\\x.mts', 'C:\\p', true],
    ['/home/test/p/src/server.ts', '/home/test/p', false],
    ['/home/test/p/src/server.ts', '/home/test/p/', false],
  ])('%s under %s -> %s', (filePath, root, expected) => expect(isTestFile(filePath, root)).toBe(expected));

  it('judges an absolute path without a root by its name and __tests__ only', () => {
    expect(isTestFile('/home/test/p/src/server.ts')).toBe(false);
    expect(isTestFile('/home/p/src/__tests__/server.ts')).toBe(true);
    expect(isTestFile('/home/p/src/server.spec.ts')).toBe(true);
  });
});
