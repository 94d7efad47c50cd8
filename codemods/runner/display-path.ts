import path from 'node:path';

/** How a file is named in every report: relative to the working folder, with forward slashes. */
export function displayPath(filePath: string, cwd: string): string {
  return (path.relative(cwd, filePath) || path.basename(filePath)).split(path.sep).join('/');
}
