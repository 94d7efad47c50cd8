import path from 'node:path';
import { mayImportZod, mayMentionIdName } from '../src/model/text-shortcuts.ts';
import { GUARD_MODULES } from '../src/model/zod-imports.ts';
import {
  guardIdEditsOf,
  projectSchemaUses,
  typedShapesByFile,
  type SchemaUse,
  type TypedShapes,
} from '../src/adapters/typescript/index.ts';
import { applyEdits, type Codemod, type CodemodOutcome, readingFile } from './codemod.ts';
import { typedInputsOf } from './utils/typed-inputs.ts';
import { isLocalGuardHelper, planLocalGuardHelper } from './utils/local-guard-helper.ts';
import { importSpecifierFor, planHelperByInstall } from './utils/helper-choice.ts';

/**
 * `guard-ids`: wraps the string schema of every id field a tool accepts in `guardId(...)`, so an agent that copies a
 * numeric id out of one result into the next call is accepted, while the published JSON Schema stays byte-identical.
 * What it rewrites, what it leaves alone and why: docs/codemods/guard-ids.md.
 */

export interface GuardIdsOptions {
  /**
   * The module `guardId` is imported from; `agent-contract` by default. A bare or aliased specifier (`#guard`,
   * `@/lib/guard-id`) is written as given; an absolute file path becomes a relative import from each file.
   */
  readonly importFrom?: string;
  /**
   * How other files of the project use this file's exported consts, by local const name (the runner fills it in
   * through `withProject`). A use as an output (an `outputSchema`, a returned value) keeps the const and every const
   * it uses unguarded; a use as a tool input makes it an input; a const used as both is reported for review.
   */
  readonly exportUses?: ReadonlyMap<string, readonly SchemaUse[]>;
  /**
   * What the program's tool discovery found in this file (the runner fills it in through `withProject`): the object
   * literals that declare a tool's input fields are inputs whatever the file alone shows, such as a tool class's
   * `getInputSchema() { return {...} }` or the shape a factory builds; those that declare output fields are outputs.
   */
  readonly typedShapes?: TypedShapes;
  /**
   * `--helper local[=path]`: write a helper module holding the guard into the project and import `guardId` from it,
   * so the package can stay a devDependency. `path` (absolute) is a folder or a file named `agent-contract-guard.ts`;
   * by default the project's existing helper, else one in the deepest folder holding every source file. `plan`
   * turns it into `importFrom`.
   */
  readonly helper?: { readonly path?: string };
  /**
   * `--number-ids`: wrap every number id schema of a tool input in `guardNumberId(...)`, not only those an emitter
   * is seen to feed a string, so clients that send numeric arguments as strings (`"5812"`) are accepted too.
   */
  readonly numberIds?: boolean;
  /**
   * The start offsets of this file's number id fields that some tool's emitted string id breaks (the runner fills it
   * in through `withProject`, from the audit's chains): these get `guardNumberId(...)` without `--number-ids`.
   */
  readonly stringFedNumberIds?: ReadonlySet<number>;
  /**
   * The start offsets of this file's string fields that some tool's emitted number reaches (the runner fills it in
   * through `withProject`, from the audit's broken and suspect chains), whatever their name: a record's second key
   * (`issue_number`) or a field only the server's other fields make an id. These get `guardId(...)` as ids do.
   */
  readonly numberFedStringIds?: ReadonlySet<number>;
  /**
   * The spans (`start:end`) of this file's string id elements of lists a project helper builds on the list written
   * at the field (`coerceArray(z.array(z.string()))`, the helper in another file), which the runner's checker reads
   * through the helper (filled in through `withProject`): these elements are guarded where they are written.
   */
  readonly helperListIdElements?: ReadonlySet<string>;
}

const DEFAULT_MODULE = GUARD_MODULES[0] ?? 'agent-contract';

/**
 * A file can only match when it mentions Zod and an id-like name, or the project's chains found fields in it that take
 * ids under other names; every other file is skipped unparsed.
 */
export function mightMatchGuardIds(source: string, options?: GuardIdsOptions): boolean {
  return mayImportZod(source) && (mayMentionIdName(source) || chainsFoundFields(options));
}

function chainsFoundFields(options: GuardIdsOptions | undefined): boolean {
  return (options?.numberFedStringIds?.size ?? 0) > 0 || (options?.stringFedNumberIds?.size ?? 0) > 0;
}

/** `guardIds.analyse`, importable without what `withProject` reads the project with (the jscodeshift adapter's one file). */
export function analyseGuardIds(source: string, filePath: string, options: GuardIdsOptions): CodemodOutcome {
  const nothing: CodemodOutcome = { output: undefined, edits: [], notes: [] };
  if (!mightMatchGuardIds(source, options) || isLocalGuardHelper(source)) return nothing;
  const found = readingFile(() =>
    guardIdEditsOf(source, filePath, {
      specifier: importSpecifierFor(options.importFrom, filePath, DEFAULT_MODULE),
      numberIds: options.numberIds === true,
      stringFedNumberIds: options.stringFedNumberIds ?? new Set(),
      numberFedStringIds: options.numberFedStringIds ?? new Set(),
      helperListIdElements: options.helperListIdElements ?? new Set(),
      exportUses: options.exportUses,
      typedShapes: options.typedShapes,
    }),
  );
  const output = found.edits.length === 0 ? undefined : applyEdits(source, found.edits);
  return { output, edits: found.edits, notes: found.notes };
}

export const guardIds: Codemod<GuardIdsOptions> = {
  name: 'guard-ids',
  description:
    'wrap the string schema of every id a tool accepts in guardId(...), and each number schema an emitter feeds a string in guardNumberId(...), so ids chain; published bytes stay identical',
  mightMatch: (source, options) => mightMatchGuardIds(source, options) && !isLocalGuardHelper(source),
  skipReason: (source, options) =>
    !mayImportZod(source)
      ? 'no zod import'
      : !mayMentionIdName(source) && !chainsFoundFields(options)
        ? 'no id-like name'
        : 'the local guard helper itself',
  analyse: analyseGuardIds,
  plan(project, options) {
    return planHelperByInstall(project, options, 'guardId and guardNumberId', planLocalGuardHelper);
  },
  withProject(project, options) {
    const uses = projectSchemaUses(project, mightMatchGuardIds);
    const inputs = typedInputsOf(project, { chains: true });
    const typed = typedShapesByFile(inputs.sites);
    return (filePath) => {
      const exportUses = uses.get(filePath);
      const typedShapes = typed.get(filePath);
      const stringFedNumberIds = inputs.stringFedNumberIds.get(path.resolve(filePath));
      const numberFedStringIds = inputs.numberFedStringIds.get(path.resolve(filePath));
      const helperListIdElements = inputs.helperListIdElements.get(path.resolve(filePath));
      return {
        ...options,
        ...(exportUses === undefined ? {} : { exportUses }),
        ...(typedShapes === undefined ? {} : { typedShapes }),
        ...(stringFedNumberIds === undefined ? {} : { stringFedNumberIds }),
        ...(numberFedStringIds === undefined ? {} : { numberFedStringIds }),
        ...(helperListIdElements === undefined ? {} : { helperListIdElements }),
      };
    };
  },
};

/** The plain transform: the new text of the file, or undefined when there is nothing to change. */
export function guardIdsTransform(source: string, filePath: string, options: GuardIdsOptions = {}): string | undefined {
  return guardIds.analyse(source, filePath, options).output;
}
