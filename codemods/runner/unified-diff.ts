import { createTwoFilesPatch, FILE_HEADERS_ONLY } from 'diff';
import type { Colors } from './colors.ts';

/**
 * A unified diff of one file, both sides labelled with the same path (relative to the working folder), three lines of
 * context as git uses: `patch -p0` and `git apply -p0` take it as it is.
 */
export function unifiedDiff(label: string, before: string, after: string, colors?: Colors): string {
  const patch = createTwoFilesPatch(label, label, before, after, undefined, undefined, {
    context: 3,
    headerOptions: FILE_HEADERS_ONLY,
  });
  if (colors === undefined) return patch;
  return patch
    .split('\n')
    .map((line) => {
      if (line.startsWith('--- ') || line.startsWith('+++ ')) return colors.bold(line);
      if (line.startsWith('@@')) return colors.cyan(line);
      if (line.startsWith('+')) return colors.green(line);
      if (line.startsWith('-')) return colors.red(line);
      return line;
    })
    .join('\n');
}
