import path from 'node:path';
import { analyseGuardIds } from '../guard-ids.ts';

/**
 * The `guard-ids` codemod as a jscodeshift transform:
 * `jscodeshift -t node_modules/agent-contract/dist/codemods/jscodeshift/guard-ids.js src/`.
 * The transform parses each file itself with the TypeScript compiler, so jscodeshift's `--parser` does not matter
 * and no `parser` is exported. Notes go to jscodeshift's report; a file that does not parse is an error.
 */

/** The parts of jscodeshift's transform contract this adapter uses. */
export interface JscodeshiftFile {
  readonly path: string;
  readonly source: string;
}

export interface JscodeshiftApi {
  report(message: string): void;
}

/**
 * `--import-from=<module>` (or `importFrom`): the module `guardId` is imported from. A relative path (`./src/lib/guard-id.ts`)
 * is taken from the directory jscodeshift runs in, so each file gets its own relative import.
 */
function importFromOption(options: Readonly<Record<string, unknown>>): string | undefined {
  const value = options['import-from'] ?? options['importFrom'];
  if (typeof value !== 'string' || value === '') return undefined;
  return value.startsWith('./') || value.startsWith('../') ? path.resolve(value) : value;
}

export default function guardIdsTransform(
  file: JscodeshiftFile,
  api: JscodeshiftApi,
  options: Readonly<Record<string, unknown>> = {},
): string | undefined {
  const importFrom = importFromOption(options);
  // `--number-ids`: every number id of a tool input gets guardNumberId (one file alone shows no emitter's chains).
  const numberIds = options['number-ids'] === true || options['numberIds'] === true;
  const outcome = analyseGuardIds(file.source, file.path, {
    ...(importFrom === undefined ? {} : { importFrom }),
    ...(numberIds ? { numberIds } : {}),
  });
  for (const note of outcome.notes)
    api.report(`${note.kind} at ${file.path}:${note.line}:${note.column}: ${note.message}`);
  return outcome.output;
}
