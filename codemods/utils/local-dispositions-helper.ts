import { existsSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_DISPOSITIONS_MODULE_NAME } from '../../src/model/zod-imports.ts';
import { type CodemodNewFile, type CodemodProject, CodemodRefusal } from '../codemod.ts';
import { commonSourceFolder, helperImportFrom, type HelperStyle, projectHelperStyle } from './local-guard-helper.ts';

/**
 * The helper module `dispositions --helper local` writes into a project (and writes by itself when `agent-contract` is
 * only a devDependency): `honored`, `warned`, `refused`, `offeredShape`, `dispositionsFor` and their types, as
 * src/dispositions holds them, so a disposition table needs no runtime dependency on agent-contract. The readers
 * recognise the helpers by name, whatever module they come from.
 */

/** The helper's first line: what wrote it. A file at the helper's path without it is the user's and is never replaced. */
export const LOCAL_DISPOSITIONS_MARKER = '// Written by `agent-contract codemod dispositions --helper local`.';

/** The helper in the project's quote and semicolon style. */
export function localDispositionsHelperText(style: HelperStyle): string {
  const lines = [
    LOCAL_DISPOSITIONS_MARKER,
    '',
    '/**',
    ' * One recorded decision per tool input field: agent-contract disposition helpers, without a runtime dependency on',
    ' * agent-contract. `honored` fields do what they say, `warned` fields are accepted but not (fully) honoured and say',
    ' * so, `refused` fields are answered with an error naming the alternative.',
    ' */',
    'export interface Honored {',
    "  readonly decision: 'honored';",
    '}',
    '',
    "export type WarnTrigger = 'present' | 'differs-from-default';",
    '',
    'export interface Warned {',
    "  readonly decision: 'warned';",
    '  readonly message: string;',
    '  readonly trigger: WarnTrigger;',
    '  readonly default?: unknown;',
    '}',
    '',
    'export interface Refused {',
    "  readonly decision: 'refused';",
    '  readonly reason: string;',
    '  readonly instead: string;',
    '}',
    '',
    'export type Disposition = Honored | Warned | Refused;',
    '',
    "export const honored: Honored = Object.freeze({ decision: 'honored' });",
    '',
    'export function warned(',
    '  message: string,',
    '  options: { readonly trigger?: WarnTrigger; readonly default?: unknown } = {},',
    '): Warned {',
    '  return {',
    "    decision: 'warned',",
    '    message,',
    "    trigger: options.trigger ?? 'present',",
    "    ...('default' in options ? { default: options.default } : {}),",
    '  };',
    '}',
    '',
    'export function refused(reason: string, options: { readonly instead: string }): Refused {',
    "  return { decision: 'refused', reason, instead: options.instead };",
    '}',
    '',
    '/** A decision for every key of `Shape`, and no other key. */',
    'export type DispositionTable<Shape> = { readonly [Key in keyof Shape]: Disposition };',
    '',
    '/** Declares a table the compiler checks is complete against its shape. */',
    'export function dispositionsFor<Shape extends object>(_shape: Shape) {',
    '  return <const Table extends DispositionTable<Shape>>(',
    '    table: Table & Record<Exclude<keyof Table, keyof Shape>, never>,',
    '  ): Table => table;',
    '}',
    '',
    '/** The keys of `Table` whose decision is `refused`. */',
    'export type RefusedKeys<Table> = {',
    "  [Key in keyof Table]: Table[Key] extends { readonly decision: 'refused' } ? Key : never;",
    '}[keyof Table];',
    '',
    '/** The shape to offer an agent: the accepted shape minus every refused field. */',
    'export function offeredShape<Shape extends object, const Table extends DispositionTable<Shape>>(',
    '  shape: Shape,',
    '  dispositions: Table,',
    '): Omit<Shape, RefusedKeys<Table>> {',
    '  const offered: Record<string, unknown> = {};',
    '  for (const [key, schema] of Object.entries(shape)) {',
    '    const disposition = (dispositions as Record<string, { decision: string } | undefined>)[key];',
    '    if (disposition === undefined) {',
    '      throw new TypeError(',
    '        `offeredShape: the field "${key}" has no disposition; add it to the table (honored, warned or refused)`,',
    '      );',
    '    }',
    "    if (disposition.decision !== 'refused') offered[key] = schema;",
    '  }',
    '  return offered as Omit<Shape, RefusedKeys<Table>>;',
    '}',
    '',
  ];
  return lines
    .map((line) =>
      line.startsWith('//') || line.startsWith(' *') || line.startsWith('/**') ? line : restyle(line, style),
    )
    .join('\n');
}

function restyle(line: string, style: HelperStyle): string {
  const quoted = style.quote === "'" ? line : line.replace(/'([^'\n]*)'/g, '"$1"');
  return style.semicolon ? quoted : quoted.replace(/;$/, '');
}

const HELPER_FILE = new RegExp(`^${LOCAL_DISPOSITIONS_MODULE_NAME}\\.[cm]?ts$`);

export interface LocalDispositionsHelperPlan {
  /** The helper module as `--import-from` takes it: absolute, with the extension the project's imports spell. */
  readonly importFrom: string;
  /** The file to write; undefined when the helper is already there. */
  readonly newFile: CodemodNewFile | undefined;
}

/**
 * Where the helper goes: `requested` (absolute; a folder or a file named `agent-contract-dispositions.ts`), else the
 * project's existing one, else the deepest folder holding every source file. Throws `CodemodRefusal` when the path
 * holds a file this codemod did not write.
 */
export function planLocalDispositionsHelper(
  project: CodemodProject,
  requested: string | undefined,
): LocalDispositionsHelperPlan {
  const style = projectHelperStyle(project);
  const existing = project.files.find((file) => HELPER_FILE.test(path.basename(file)));
  const fileName = `${LOCAL_DISPOSITIONS_MODULE_NAME}${style.fileExtension}`;
  let helperPath: string;
  if (requested === undefined) helperPath = existing ?? path.join(commonSourceFolder(project.files) ?? '.', fileName);
  else if (HELPER_FILE.test(path.basename(requested))) helperPath = requested;
  else if (requested.endsWith(path.sep) || requested.endsWith('/') || path.extname(requested) === '')
    helperPath = path.join(requested, fileName);
  else
    throw new CodemodRefusal(
      `the helper must be named ${LOCAL_DISPOSITIONS_MODULE_NAME}.ts (or .mts, .cts); name a folder or such a file`,
      requested,
    );
  if (!existsSync(path.dirname(helperPath)))
    throw new CodemodRefusal('its folder does not exist; create it first or name another folder', helperPath);
  let newFile: CodemodNewFile | undefined;
  if (existsSync(helperPath)) {
    if (!(project.read(helperPath) ?? '').startsWith(LOCAL_DISPOSITIONS_MARKER))
      throw new CodemodRefusal(
        'exists and is not a helper dispositions --helper local wrote, so it is left alone; move it away, or name another folder with --helper local=<folder>',
        helperPath,
      );
  } else newFile = { path: helperPath, text: localDispositionsHelperText(style) };
  return { importFrom: helperImportFrom(project, helperPath), newFile };
}
