import { describe, expect, it } from 'vitest';
import { isTestFilePath } from '../../src/model/test-files.ts';

describe('isTestFilePath', () => {
  it.each([
    ['/p/src/tool-execution-error.test.ts', true],
    ['/p/src/tools/find-tasks.spec.tsx', true],
    ['/p/src/tools/__tests__/find-tasks.ts', true],
    ['C:\\p\\src\\__tests__\\x.mts', true],
    ['/p/test/helpers.ts', false],
    ['/p/src/tools/latest.ts', false],
    ['/p/src/contest.ts', false],
  ])('%s -> %s', (filePath, expected) => expect(isTestFilePath(filePath)).toBe(expected));
});
