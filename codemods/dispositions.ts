import {
  dispositionScaffoldOf,
  TypedFiles,
  UNREAD_MESSAGE,
  type ToolInputSite,
} from '../src/adapters/typescript/index.ts';
import { TOOL_DEFINITION_INPUT_KEYS } from '../src/model/tool-registration.ts';
import { typedInputsOf } from './utils/typed-inputs.ts';
import { importSpecifierFor, planHelperByInstall } from './utils/helper-choice.ts';
import { planLocalDispositionsHelper } from './utils/local-dispositions-helper.ts';
import { applyEdits, readingFile, type Codemod, type CodemodOutcome } from './codemod.ts';

export interface DispositionsOptions {
  /**
   * Where `honored`, `warned`, `offeredShape` and `Disposition` are imported from; `agent-contract` by default. An
   * absolute file path becomes a relative import from each file.
   */
  readonly importFrom?: string;
  /**
   * `--helper local[=path]`: write the disposition helpers into the project (`agent-contract-dispositions.ts`) and
   * import them from there, so the package can stay a devDependency; `plan` turns it into `importFrom`. Without
   * `--helper` and `--import-from`, a project that lists agent-contract as a devDependency only gets it too.
   */
  readonly helper?: { readonly path?: string };
  /**
   * The tools whose input the program's discovery found in this file (the runner fills it in through `withProject`):
   * tool classes, configs in consts, registration methods of an `McpServer` subclass. Each gets a table like a
   * registration the file shows itself.
   */
  readonly typedSites?: readonly ToolInputSite[];
  /** The start offsets of this file's registration calls whose tools the discovery found defined elsewhere. */
  readonly followedRegistrations?: ReadonlySet<number>;
  /** The names of every tool whose input the program's discovery found, in any file (filled in by `withProject`). */
  readonly discoveredTools?: ReadonlySet<string>;
  /** The type-checked project view; one is kept per process when not given, so files of one project share a program. */
  readonly typedFiles?: TypedFiles;
}

const DEFAULT_MODULE = 'agent-contract';
export { UNREAD_MESSAGE };

let processTypedFiles: TypedFiles | undefined;

/** Tool objects (`{ name, inputSchema, handler }`) are scaffolded too: a file of them may register nothing itself. */
const DEFINITION_KEY = new RegExp(`\\b(?:${[...TOOL_DEFINITION_INPUT_KEYS].join('|')})\\s*:`);

export function mightMatchDispositions(source: string, options?: DispositionsOptions): boolean {
  if ((options?.typedSites?.length ?? 0) > 0) return true;
  return source.includes('zod') && (/\b(?:registerTool|tool|addTool)\s*\(/.test(source) || DEFINITION_KEY.test(source));
}

function analyseDispositions(source: string, filePath: string, options: DispositionsOptions): CodemodOutcome {
  if (!mightMatchDispositions(source, options)) return { output: undefined, edits: [], notes: [] };
  const typedFiles = options.typedFiles ?? (processTypedFiles ??= new TypedFiles());
  const found = readingFile(() =>
    dispositionScaffoldOf(typedFiles, source, filePath, {
      specifier: importSpecifierFor(options.importFrom, filePath, DEFAULT_MODULE),
      typedSites: options.typedSites,
      followedRegistrations: options.followedRegistrations,
      discoveredTools: options.discoveredTools,
    }),
  );
  const output = found.edits.length === 0 ? undefined : applyEdits(source, found.edits);
  return { output, edits: found.edits, notes: found.notes };
}

/**
 * Scaffolds a disposition table next to every tool input shape: one decision per field, checked by the compiler,
 * `honored` for the fields the handler reads and `warned` (to review) for the ones it never reads.
 */
export const dispositions: Codemod<DispositionsOptions> = {
  name: 'dispositions',
  description:
    'write a completeness-checked disposition table (honored / warned / refused) next to every tool input shape',
  mightMatch: mightMatchDispositions,
  skipReason: (source) => (source.includes('zod') ? 'no tool registration or definition' : 'no zod import'),
  analyse: analyseDispositions,
  plan(project, options) {
    return planHelperByInstall(project, options, 'honored, warned and offeredShape', planLocalDispositionsHelper);
  },
  withProject(project, options) {
    const typed = typedInputsOf(project);
    const byFile = new Map<string, ToolInputSite[]>();
    for (const site of typed.sites) byFile.set(site.file, [...(byFile.get(site.file) ?? []), site]);
    const discoveredTools = new Set(typed.sites.map((site) => site.tool));
    return (filePath) => {
      const typedSites = byFile.get(filePath);
      const followedRegistrations = typed.followed.get(filePath);
      return {
        ...options,
        discoveredTools,
        ...(typedSites === undefined ? {} : { typedSites }),
        ...(followedRegistrations === undefined ? {} : { followedRegistrations }),
      };
    };
  },
};

/** The plain transform: the new text, or undefined when there is nothing to scaffold. */
export function dispositionsTransform(
  source: string,
  filePath: string,
  options: DispositionsOptions = {},
): string | undefined {
  return analyseDispositions(source, filePath, options).output;
}
