import ts from 'typescript';
import { LOCAL_GUARD_MODULE_NAME } from '../../model/zod-imports.ts';
import { helperSpecifier, runtimeImportFor } from '../packages/runtime-import.ts';
import { acceptorGuardOf } from './acceptor-guard.ts';
import { ProgramChains, spanOf, type FindingSpan } from './chain-findings.ts';
import { GUARD_MODULE, type TextEdit } from './guard-edit.ts';
import type { HandlerReads } from './handler-reads.ts';
import { missingEntriesOf } from './missing-disposition-entries.ts';
import {
  createChainReadCache,
  projectChainsOf,
  projectOfProgram,
  type ChainSide,
  type ProjectChains,
} from './project-chains.ts';
import {
  dispositionTableOf,
  dispositionTablesIn,
  handlerReadsOf,
  publishedFieldFindingsOf,
  type DispositionTable,
  type DispositionTables,
} from './published-fields.ts';

/**
 * What the editor plugin reads of one program, read once per program: its chains and its disposition tables. The
 * plugin holds it whole and asks it for the findings, the places and the edits of one file, in plain facts.
 */
export class EditorReading {
  /** The chains of the program, as findings in one file. */
  readonly chains: ProgramChains;
  readonly #chains: ProjectChains;
  readonly #tables: DispositionTables;
  readonly #checker: ts.TypeChecker;

  constructor(chains: ProjectChains, tables: DispositionTables, checker: ts.TypeChecker) {
    this.chains = new ProgramChains(chains);
    this.#chains = chains;
    this.#tables = tables;
    this.#checker = checker;
  }

  /** The published-field findings at fields written in `fileName`, of every tool whose input has one there. */
  publishedFieldPlacesIn(fileName: string): PlacedFieldFinding[] {
    return publishedFieldPlacesIn(this.#chains, this.#tables, this.#checker, fileName);
  }

  /**
   * The fixes at an acceptor between `start` and `end` that a broken or suspect chain ends in: its schema wrapped in
   * `guardId(...)`, or in `guardNumberId(...)` for a number schema.
   */
  guardFixesAt(fileName: string, start: number, end: number): EditorFix[] {
    return guardFixesAt(this.#chains, fileName, start, end);
  }

  /**
   * The fixes for a disposition table between `start` and `end` that lacks entries: each missing entry, with the
   * decision the dispositions codemod writes for it (`honored` for a field the handler reads, `warned` to review for
   * one it never reads), so the fix and the codemod agree field for field.
   */
  dispositionEntryFixesAt(fileName: string, start: number, end: number): EditorFix[] {
    return dispositionEntryFixesAt(this.#chains, this.#checker, fileName, start, end);
  }
}

/**
 * Reads the programs of one language service for the editor: each program once, and after an edit only the tools of
 * the edited files (its cache spans the programs).
 */
export class EditorReader {
  readonly #cache = createChainReadCache();
  readonly #root: string;
  readonly #tsconfig: string | undefined;

  constructor(root: string, tsconfig: string | undefined) {
    this.#root = root;
    this.#tsconfig = tsconfig;
  }

  readingOf(program: ts.Program): EditorReading {
    const project = projectOfProgram(program, this.#root, this.#tsconfig);
    // Tests outside the program are not reread from disk at every edit; the audit reads them.
    const chains = projectChainsOf(project, { cache: this.#cache, testsOnDisk: false });
    const tables = dispositionTablesIn(chains.surface.serverFiles, project.checker, chains.surface.resolver);
    return new EditorReading(chains, tables, project.checker);
  }
}

/** A code fix as the editor offers it: the edits of one file. */
export interface EditorFix {
  readonly description: string;
  readonly fileName: string;
  readonly edits: readonly TextEdit[];
}

/** A published field a tool does not stand behind, placed in its file; for a refused field, the entry that refuses it. */
export interface PlacedFieldFinding {
  readonly kind: 'unread' | 'refused';
  readonly message: string;
  readonly span: FindingSpan;
  readonly refusedAt?: { readonly fileName: string; readonly span: FindingSpan; readonly message: string };
}

function propertyNamed(table: ts.ObjectLiteralExpression, key: string): ts.ObjectLiteralElementLike | undefined {
  return table.properties.find(
    (property) =>
      property.name !== undefined &&
      (ts.isIdentifier(property.name) || ts.isStringLiteral(property.name)) &&
      property.name.text === key,
  );
}

function publishedFieldPlacesIn(
  chains: ProjectChains,
  tables: DispositionTables,
  checker: ts.TypeChecker,
  fileName: string,
): PlacedFieldFinding[] {
  const found: PlacedFieldFinding[] = [];
  for (const { tool, input } of chains.tools) {
    if (!input.fields.some((field) => field.node.getSourceFile().fileName === fileName)) continue;
    for (const finding of publishedFieldFindingsOf(tool, input, tables, checker)) {
      if (finding.node.getSourceFile().fileName !== fileName) continue;
      const entry = finding.table === undefined ? undefined : propertyNamed(finding.table.literal, finding.field);
      found.push({
        kind: finding.kind,
        message: finding.message,
        span: spanOf(finding.node),
        ...(entry === undefined || finding.table === undefined
          ? {}
          : {
              refusedAt: {
                fileName: entry.getSourceFile().fileName,
                span: spanOf(entry),
                message: `${finding.table.name} refuses ${finding.field} here`,
              },
            }),
      });
    }
  }
  return found;
}

function overlaps(node: ts.Node, start: number, end: number): boolean {
  const span = spanOf(node);
  return span.start <= end && start <= span.start + span.length;
}

/**
 * Where the fix imports the guard from in `file` so that the deploy resolves it: the package when it is a dependency,
 * the project's local helper when agent-contract is only a devDependency; undefined when it is a devDependency and
 * the project has no helper yet (the acceptor's diagnostic then says how to write one).
 */
function guardSpecifierFor(file: ts.SourceFile): string | undefined {
  const choice = runtimeImportFor(file.fileName, LOCAL_GUARD_MODULE_NAME, 'guard-ids');
  if (choice.kind === 'missing') return undefined;
  return choice.kind === 'package' ? GUARD_MODULE : helperSpecifier(file.fileName, choice.helper, file.text);
}

function guardFixesAt(chains: ProjectChains, fileName: string, start: number, end: number): EditorFix[] {
  const fixes: EditorFix[] = [];
  const seen = new Set<ChainSide>();
  for (const chain of chains.chains) {
    const acceptor = chain.to;
    if (chain.verdict !== 'broken' && chain.verdict !== 'suspect') continue;
    const node = acceptor.node;
    if (node === undefined || seen.has(acceptor) || node.getSourceFile().fileName !== fileName) continue;
    if (!overlaps(node, start, end)) continue;
    seen.add(acceptor);
    const specifier = guardSpecifierFor(node.getSourceFile());
    const guard = specifier === undefined ? undefined : acceptorGuardOf(acceptor, specifier);
    if (guard === undefined) continue;
    fixes.push({
      description: `Wrap ${acceptor.label} of ${acceptor.tool} in ${guard.guard}(...)`,
      fileName: guard.fileName,
      edits: guard.edits,
    });
  }
  return fixes;
}

/** The table whose declaration holds `start`..`end`. */
function tableAt(
  file: ts.SourceFile,
  start: number,
  end: number,
  chains: ProjectChains,
  checker: ts.TypeChecker,
): DispositionTable | undefined {
  let found: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (node.end < start || node.getStart(file) > end) return;
    if (ts.isVariableDeclaration(node)) found = node;
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found === undefined ? undefined : dispositionTableOf(found, checker, chains.surface.resolver);
}

/** What the handler of the tool whose input is the table's shape reads; `all` when no tool has it as its input. */
function readsOfShape(table: DispositionTable, chains: ProjectChains, checker: ts.TypeChecker): HandlerReads {
  for (const { tool, input } of chains.tools) {
    if (input.fields.some((field) => field.path.length === 1 && field.node.parent === table.shape))
      return handlerReadsOf(tool, input, checker);
  }
  return { kind: 'all', reason: 'no tool takes the shape as its input' };
}

function dispositionEntryFixesAt(
  chains: ProjectChains,
  checker: ts.TypeChecker,
  fileName: string,
  start: number,
  end: number,
): EditorFix[] {
  const file = chains.surface.serverFiles.find((candidate) => candidate.fileName === fileName);
  if (file === undefined) return [];
  const table = tableAt(file, start, end, chains, checker);
  if (table === undefined) return [];
  return missingEntriesOf(table, readsOfShape(table, chains, checker), checker).map((entry) => ({
    description: `Add ${entry.decision === 'honored' ? entry.text : `${entry.key}: warned(...)`} to ${table.name}`,
    fileName,
    edits: entry.edits,
  }));
}
