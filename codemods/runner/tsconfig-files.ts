import path from 'node:path';
import { CodemodRunError } from './errors.ts';

/** TypeScript's "No inputs were found in config file": an empty project is nothing to do, not a broken tsconfig. */
const NO_INPUTS_FOUND = 18003;

/** `tsconfig.json`, `tsconfig.build.json`, `tsconfig-app.json`: a path argument with such a name means the files it includes. */
export function isTsconfigName(fileName: string): boolean {
  return /^tsconfig.*\.json$/.test(path.basename(fileName));
}

/**
 * The absolute paths of the files a tsconfig includes, as `tsc -p` would compile them (`files`, `include`, `exclude`,
 * `extends`), read with the TypeScript compiler API. `displayPath` is how the user wrote the argument.
 */
export async function readTsconfigFileNames(tsconfigPath: string, displayPath: string): Promise<string[]> {
  // typescript is an optional peer: load it only when a tsconfig is named.
  let ts: typeof import('typescript');
  try {
    ts = (await import('typescript')).default;
  } catch {
    throw new CodemodRunError(
      `${displayPath}: reading a tsconfig needs the typescript package; install it (npm i -D typescript) or pass folders instead`,
    );
  }
  const describe = (diagnostic: import('typescript').Diagnostic) =>
    ts.flattenDiagnosticMessageText(diagnostic.messageText, ' ');
  const read = ts.readConfigFile(tsconfigPath, (file) => ts.sys.readFile(file));
  if (read.error !== undefined) {
    throw new CodemodRunError(
      `${displayPath}: the tsconfig does not load (${describe(read.error)}); fix it, or pass its folders instead`,
    );
  }
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    path.dirname(tsconfigPath),
    undefined,
    tsconfigPath,
  );
  const [error] = parsed.errors.filter((diagnostic) => diagnostic.code !== NO_INPUTS_FOUND);
  if (error !== undefined) {
    throw new CodemodRunError(
      `${displayPath}: the tsconfig does not load (${describe(error)}); fix it, or pass its folders instead`,
    );
  }
  return parsed.fileNames.map((fileName) => path.resolve(fileName));
}
