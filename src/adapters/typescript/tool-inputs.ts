import path from 'node:path';
import { loadProject } from './load-project.ts';
import { projectChainsOf } from './project-chains.ts';
import { discoverProjectTools, followedRegistrationsOf, toolInputSitesOf, type ToolInputSite } from './tool-surface.ts';

/**
 * The tool inputs the TypeScript checker finds in one tsconfig's program, for codemods that rewrite one file at a
 * time: the same discovery the audit runs (tool classes and their input methods, shape factories, configs held in
 * consts, registration methods of an `McpServer` subclass), so a shape the audit reads as an input is one for the
 * codemod too.
 */
export interface ProgramToolInputs {
  readonly sites: readonly ToolInputSite[];
  /** Per absolute file path, the start offsets of registration calls whose tools are defined elsewhere. */
  readonly followed: ReadonlyMap<string, ReadonlySet<number>>;
  /**
   * With `{ chains: true }`: per absolute file path, the start offsets of number id acceptor fields that a chain
   * breaks because an emitter sends the id as a string (`board_id: "123"` into `boardId: z.number()`).
   */
  readonly stringFedNumberIds: ReadonlyMap<string, ReadonlySet<number>>;
}

/** Builds the program of `tsconfig` and reads its tool inputs; throws `ProjectError` when the program cannot be built. */
export function toolInputsOfProgram(tsconfig: string, options: { readonly chains?: boolean } = {}): ProgramToolInputs {
  const program = loadProject(tsconfig);
  const tools = discoverProjectTools(program);
  const stringFedNumberIds = new Map<string, Set<number>>();
  if (options.chains === true) {
    for (const chain of projectChainsOf(program, { surface: tools }).chains) {
      const acceptor = chain.to.acceptor;
      if (chain.verdict !== 'broken' || acceptor?.type !== 'number') continue;
      if (!chain.from.field.types.includes('string')) continue;
      const file = path.resolve(acceptor.node.getSourceFile().fileName);
      stringFedNumberIds.set(file, new Set([...(stringFedNumberIds.get(file) ?? []), acceptor.node.getStart()]));
    }
  }
  return { sites: toolInputSitesOf(tools), followed: followedRegistrationsOf(tools), stringFedNumberIds };
}
