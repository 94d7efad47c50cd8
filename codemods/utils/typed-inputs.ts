import { loadProject } from '../../src/adapters/typescript/load-project.ts';
import {
  discoverProjectTools,
  followedRegistrationsOf,
  toolInputSitesOf,
  type ToolInputSite,
} from '../../src/adapters/typescript/tool-surface.ts';
import type { CodemodProject } from '../codemod.ts';

/**
 * The tool inputs the TypeScript checker finds in a project, for codemods that rewrite one file at a time: the same
 * discovery the audit runs (tool classes and their input methods, shape factories, configs held in consts,
 * registration methods of an `McpServer` subclass), so a shape the audit reads as an input is one for the codemod too.
 */

export interface TypedInputs {
  readonly sites: readonly ToolInputSite[];
  /** Per absolute file path, the start offsets of registration calls whose tools are defined elsewhere. */
  readonly followed: ReadonlyMap<string, ReadonlySet<number>>;
  /** The tsconfigs whose program could not be built or read, with why: their files get the syntax-only analysis. */
  readonly problems: readonly string[];
}

/** The sentence a run-level note adds to why a tsconfig's program could not be built. */
export const SYNTAX_ONLY_NOTE =
  'its files were read by syntax alone, so tools that only the checker finds (tool classes, shape factories, configs held in consts, registration methods of a server subclass) are not seen; fix the tsconfig and run again';

/**
 * One program per tsconfig of the project; a tsconfig that does not load is a problem, not a stop: it is recorded as a
 * run-level note of the project, so the run says that its files had the syntax-only analysis.
 */
export function typedInputsOf(project: CodemodProject): TypedInputs {
  const sites: ToolInputSite[] = [];
  const followed = new Map<string, Set<number>>();
  const problems: string[] = [];
  for (const tsconfig of project.tsconfigs) {
    try {
      const tools = discoverProjectTools(loadProject(tsconfig));
      sites.push(...toolInputSitesOf(tools));
      for (const [file, starts] of followedRegistrationsOf(tools))
        followed.set(file, new Set([...(followed.get(file) ?? []), ...starts]));
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      problems.push(`${tsconfig}: ${message}`);
      const why = (message.startsWith(`${tsconfig}: `) ? message.slice(tsconfig.length + 2) : message).replace(
        /; fix the tsconfig or pass another one$/,
        '',
      );
      project.note(`the program could not be built (${why}); ${SYNTAX_ONLY_NOTE}`, tsconfig);
    }
  }
  return { sites, followed, problems };
}
