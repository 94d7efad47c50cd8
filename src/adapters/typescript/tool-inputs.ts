import path from 'node:path';
import ts from 'typescript';
import type { AcceptorField } from './acceptors.ts';
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
  /**
   * With `{ chains: true }`: per absolute file path, the start offsets of string acceptor fields that a broken or
   * suspect chain feeds numbers, whatever their name (`issue_number: z.string()` fed an issue's `number`, `guest` fed a
   * VM's `vmid`): the chains make them ids where their own name and description do not.
   */
  readonly numberFedStringIds: ReadonlyMap<string, ReadonlySet<number>>;
  /**
   * With `{ chains: true }`: per absolute file path, the spans (`start:end`) of the string id elements of lists a
   * project helper builds on the list written at the field (`coerceArray(z.array(z.string()))`, the helper in another
   * file): the checker reads through the helper, a codemod reading one file cannot.
   */
  readonly helperListIdElements: ReadonlyMap<string, ReadonlySet<string>>;
}

/** Builds the program of `tsconfig` and reads its tool inputs; throws `ProjectError` when the program cannot be built. */
export function toolInputsOfProgram(tsconfig: string, options: { readonly chains?: boolean } = {}): ProgramToolInputs {
  const program = loadProject(tsconfig);
  const tools = discoverProjectTools(program);
  const stringFedNumberIds = new Map<string, Set<number>>();
  const numberFedStringIds = new Map<string, Set<number>>();
  const helperListIdElements = new Map<string, Set<string>>();
  if (options.chains === true) {
    for (const chain of projectChainsOf(program, { surface: tools }).chains) {
      const acceptor = chain.to.acceptor;
      const element = acceptor === undefined ? undefined : helperListIdElementOf(acceptor);
      if (element !== undefined) {
        const file = path.resolve(element.getSourceFile().fileName);
        const span = `${element.getStart()}:${element.getEnd()}`;
        helperListIdElements.set(file, new Set([...(helperListIdElements.get(file) ?? []), span]));
      }
      if (acceptor === undefined) continue;
      const sent =
        chain.verdict === 'broken'
          ? chain.from.field.types
          : chain.verdict === 'suspect'
            ? (chain.from.suspects ?? [])
            : [];
      const found =
        acceptor.type === 'number' && chain.verdict === 'broken' && sent.includes('string')
          ? stringFedNumberIds
          : acceptor.type === 'string' && sent.includes('number')
            ? numberFedStringIds
            : undefined;
      if (found === undefined) continue;
      const file = path.resolve(acceptor.node.getSourceFile().fileName);
      found.set(file, new Set([...(found.get(file) ?? []), acceptor.node.getStart()]));
    }
  }
  return {
    sites: toolInputSitesOf(tools),
    followed: followedRegistrationsOf(tools),
    stringFedNumberIds,
    numberFedStringIds,
    helperListIdElements,
  };
}

/**
 * The element node of a string id list the field's value builds through a call (`coerceArray(z.array(z.string()))`),
 * written inside the field itself: what a one-file reading of the field cannot reach.
 */
function helperListIdElementOf(acceptor: AcceptorField): ts.Node | undefined {
  if (acceptor.type !== 'string' || !acceptor.many || acceptor.value === undefined) return undefined;
  const field = acceptor.node;
  if (!ts.isPropertyAssignment(field) || !containsCall(field.initializer)) return undefined;
  const element = acceptor.value.node as ts.Node;
  const inside =
    element.getSourceFile() === field.getSourceFile() &&
    element.getStart() >= field.initializer.getStart() &&
    element.getEnd() <= field.initializer.getEnd();
  return inside ? element : undefined;
}

/** Whether a method chain starts at a call of something that is not a method (`coerceArray(...)` in `coerceArray(...).optional()`). */
function containsCall(expr: ts.Expression): boolean {
  let current = expr;
  while (ts.isCallExpression(current) && ts.isPropertyAccessExpression(current.expression))
    current = current.expression.expression;
  return ts.isCallExpression(current);
}
