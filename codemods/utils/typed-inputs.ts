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

/** One program per tsconfig of the project; a tsconfig that does not load is a problem, not a stop. */
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
      problems.push(`${tsconfig}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return { sites, followed, problems };
}
