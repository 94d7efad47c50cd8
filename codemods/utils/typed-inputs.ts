import { toolInputsOfProgram, type ToolInputSite } from '../../src/adapters/typescript/index.ts';
import type { CodemodProject } from '../codemod.ts';

/** The tool inputs the TypeScript checker finds in every program of a project (see `toolInputsOfProgram`). */
export interface TypedInputs {
  readonly sites: readonly ToolInputSite[];
  /** Per absolute file path, the start offsets of registration calls whose tools are defined elsewhere. */
  readonly followed: ReadonlyMap<string, ReadonlySet<number>>;
  /** The tsconfigs whose program could not be built or read, with why: their files get the syntax-only analysis. */
  readonly problems: readonly string[];
  /**
   * With `{ chains: true }`: per absolute file path, the start offsets of number id acceptor fields that a chain
   * breaks because an emitter sends the id as a string (`board_id: "123"` into `boardId: z.number()`).
   */
  readonly stringFedNumberIds: ReadonlyMap<string, ReadonlySet<number>>;
  /** With `{ chains: true }`: per absolute file path, the start offsets of string fields a chain feeds numbers. */
  readonly numberFedStringIds: ReadonlyMap<string, ReadonlySet<number>>;
  /** With `{ chains: true }`: per absolute file path, the spans of string id elements of lists a helper builds. */
  readonly helperListIdElements: ReadonlyMap<string, ReadonlySet<string>>;
}

/** The sentence a run-level note adds to why a tsconfig's program could not be built. */
export const SYNTAX_ONLY_NOTE =
  'its files were read by syntax alone, so tools that only the checker finds (tool classes, shape factories, configs held in consts, registration methods of a server subclass) are not seen; fix the tsconfig and run again';

/**
 * One program per tsconfig of the project; a tsconfig that does not load is a problem, not a stop: it is recorded as a
 * run-level note of the project, so the run says that its files had the syntax-only analysis.
 */
export function typedInputsOf(project: CodemodProject, options: { readonly chains?: boolean } = {}): TypedInputs {
  const sites: ToolInputSite[] = [];
  const followed = new Map<string, Set<number>>();
  const stringFedNumberIds = new Map<string, Set<number>>();
  const numberFedStringIds = new Map<string, Set<number>>();
  const helperListIdElements = new Map<string, Set<string>>();
  const problems: string[] = [];
  for (const tsconfig of project.tsconfigs) {
    try {
      const inputs = toolInputsOfProgram(tsconfig, options);
      sites.push(...inputs.sites);
      for (const [file, starts] of inputs.followed)
        followed.set(file, new Set([...(followed.get(file) ?? []), ...starts]));
      for (const [file, starts] of inputs.stringFedNumberIds)
        stringFedNumberIds.set(file, new Set([...(stringFedNumberIds.get(file) ?? []), ...starts]));
      for (const [file, starts] of inputs.numberFedStringIds)
        numberFedStringIds.set(file, new Set([...(numberFedStringIds.get(file) ?? []), ...starts]));
      for (const [file, spans] of inputs.helperListIdElements)
        helperListIdElements.set(file, new Set([...(helperListIdElements.get(file) ?? []), ...spans]));
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
  return { sites, followed, problems, stringFedNumberIds, numberFedStringIds, helperListIdElements };
}
