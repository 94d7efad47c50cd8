import path from 'node:path';
import { ASTUtils, AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import type { GuardName } from '../../src/model/guard-rewrite.ts';
import { perLintedFile } from './per-linted-file.ts';
import { helperSpecifier, runtimeImportFor, type RuntimeImport } from '../../src/adapters/packages/index.ts';
import { LOCAL_GUARD_MODULE_NAME } from '../../src/model/zod-imports.ts';
import { DEFAULT_GUARD_MODULE } from './rule-options.ts';

type Node = TSESTree.Node;

/** How a fix calls `guardId` at a node, and the import edit it needs first (none when the name is already there). */
export interface GuardCallee {
  readonly callee: string;
  readonly addImport?: (fixer: TSESLint.RuleFixer) => TSESLint.RuleFix;
}

function importsFrom(program: TSESTree.Program, source: string): TSESTree.ImportDeclaration[] {
  return program.body.filter(
    (statement): statement is TSESTree.ImportDeclaration =>
      statement.type === AST_NODE_TYPES.ImportDeclaration &&
      statement.source.value === source &&
      statement.importKind !== 'type',
  );
}

const LINE_BREAK = /[\n\r\u2028\u2029]/g;

/**
 * The end of `statement`'s line, past any comment that trails it there, so inserted text never adopts that comment.
 * Read from the text: only blanks and comments can follow a statement before the next token on its line.
 */
export function endOfLine(text: string, statement: Node): number {
  let end = statement.range[1];
  for (;;) {
    let at = end;
    while (text[at] === ' ' || text[at] === '\t') at += 1;
    if (text.startsWith('//', at)) {
      LINE_BREAK.lastIndex = at;
      return LINE_BREAK.exec(text)?.index ?? text.length;
    }
    if (!text.startsWith('/*', at)) return end;
    const close = text.indexOf('*/', at + 2);
    if (close === -1) return end;
    end = close + 2;
    // A comment that runs onto later lines ends the statement's line; what follows it is on another.
    LINE_BREAK.lastIndex = at;
    const lineBreak = LINE_BREAK.exec(text);
    if (lineBreak !== null && lineBreak.index < end) return end;
  }
}

/** What a file offers for `guardId` from one module, whatever node a fix is at. */
interface FileGuard {
  /** An import of `guardId` from the module (renamed or not, or a namespace import), and the local name it binds. */
  readonly imported?: { readonly callee: GuardCallee; readonly local: string };
  /**
   * True when a declaration in the file may stand for another `guardId` (or hide the import's local name) at some
   * node, so the scope at a node decides; false lets every node skip the scope look-up.
   */
  readonly declared: boolean;
  /** How to add the import when nothing in scope is named `guardId`. */
  readonly added: GuardCallee;
}

function fileGuardOf(sourceCode: Readonly<TSESLint.SourceCode>, importFrom: string, guard: GuardName): FileGuard {
  const program = sourceCode.ast;
  const declarations = importsFrom(program, importFrom);
  const scopes = sourceCode.scopeManager?.scopes ?? [];
  for (const declaration of declarations) {
    for (const specifier of declaration.specifiers) {
      const isGuard =
        specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ||
        (specifier.type === AST_NODE_TYPES.ImportSpecifier &&
          specifier.importKind !== 'type' &&
          (specifier.imported.type === AST_NODE_TYPES.Identifier
            ? specifier.imported.name
            : specifier.imported.value) === guard);
      if (!isGuard) continue;
      const local = specifier.local.name;
      const callee = {
        callee: specifier.type === AST_NODE_TYPES.ImportNamespaceSpecifier ? `${local}.${guard}` : local,
      };
      // An import lives in the module scope; only an inner scope can hide it.
      const hidden = scopes.some((scope) => scope.type !== 'module' && scope.type !== 'global' && scope.set.has(local));
      return { imported: { callee, local }, declared: hidden, added: { callee: guard } };
    }
  }
  // No scope can declare a name the text never spells.
  const declared = sourceCode.text.includes(guard) && scopes.some((scope) => scope.set.has(guard));
  const named = declarations.find((declaration) =>
    declaration.specifiers.some((specifier) => specifier.type === AST_NODE_TYPES.ImportSpecifier),
  );
  if (named !== undefined) {
    const last = named.specifiers.at(-1) as TSESTree.ImportSpecifier;
    return { declared, added: { callee: guard, addImport: (fixer) => fixer.insertTextAfter(last, `, ${guard}`) } };
  }
  const imports = program.body.filter((statement) => statement.type === AST_NODE_TYPES.ImportDeclaration);
  const lastImport = imports.at(-1);
  const quote = lastImport === undefined ? "'" : (lastImport.source.raw[0] ?? "'");
  const semicolon = lastImport === undefined || sourceCode.getText(lastImport).trimEnd().endsWith(';') ? ';' : '';
  const statement = `import { ${guard} } from ${quote}${importFrom}${quote}${semicolon}`;
  if (lastImport === undefined)
    return {
      declared,
      added: { callee: guard, addImport: (fixer) => fixer.insertTextBeforeRange([0, 0], `${statement}\n`) },
    };
  const at = endOfLine(sourceCode.text, lastImport);
  return {
    declared,
    added: { callee: guard, addImport: (fixer) => fixer.insertTextAfterRange([at, at], `\n${statement}`) },
  };
}

/** The file-wide guard facts, per guard and module, of the file being linted. */
const fileGuardFor: Record<GuardName, (sourceCode: object, module: string) => FileGuard> = {
  guardId: perLintedFile((sourceCode, importFrom) =>
    fileGuardOf(sourceCode as Readonly<TSESLint.SourceCode>, importFrom, 'guardId'),
  ),
  guardNumberId: perLintedFile((sourceCode, importFrom) =>
    fileGuardOf(sourceCode as Readonly<TSESLint.SourceCode>, importFrom, 'guardNumberId'),
  ),
};

/**
 * Finds or creates the name a fix at `node` uses for `guardId` (or `guard`, such as `guardNumberId`): an existing import from `importFrom` (renamed or
 * not, or a namespace import: `ac.guardId`), an existing local `guardId`, or a new import inserted as text after the
 * last import, in the file's own quote and semicolon style. Undefined when `guardId` is taken by something else.
 * The file-wide part is worked out once per file; only a file that declares a `guardId` of its own needs the scope
 * at `node`.
 */
export function guardCalleeAt(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: Node,
  importFrom: string,
  guard: GuardName = 'guardId',
): GuardCallee | undefined {
  const file = fileGuardFor[guard](sourceCode, importFrom);
  if (file.imported !== undefined) {
    if (!file.declared) return file.imported.callee;
    const variable = ASTUtils.findVariable(sourceCode.getScope(node), file.imported.local);
    return variable?.defs.some((definition) => definition.type === 'ImportBinding') === true
      ? file.imported.callee
      : undefined;
  }
  if (file.declared) {
    const existing = ASTUtils.findVariable(sourceCode.getScope(node), guard);
    if (existing !== null && existing.defs.length > 0) {
      // A local helper named guardId (or an import of it from another module) is the author's own choice: reuse it.
      return existing.scope.type === 'module' || existing.scope.type === 'global' ? { callee: guard } : undefined;
    }
  }
  return file.added;
}

/** The fix that wraps `node` as `guardId(<node>)`, adding the import when the file lacks it. */
export function wrapInGuard(
  sourceCode: Readonly<TSESLint.SourceCode>,
  node: Node,
  guard: GuardCallee,
  inner = sourceCode.getText(node),
): TSESLint.ReportFixFunction {
  return (fixer) => {
    const wrap = fixer.replaceText(node, `${guard.callee}(${inner})`);
    return guard.addImport === undefined ? wrap : [guard.addImport(fixer), wrap];
  };
}

/** The import choice per folder: one lint run reads each package.json and helper folder once. */
const choiceByFolder = new Map<string, RuntimeImport>();

/**
 * The module a fix imports the guard from in the linted file: `importFrom` as configured, except that the package
 * itself is written only where the deploy resolves it (`runtimeImportFor`): where agent-contract is only a
 * devDependency, the project's local helper instead, and undefined (no fix; the rule doc says how to write the
 * helper) when there is none.
 */
export function fixModuleFor(filename: string, text: string, importFrom: string): string | undefined {
  if (importFrom !== DEFAULT_GUARD_MODULE) return importFrom;
  const folder = path.dirname(path.resolve(filename));
  let choice = choiceByFolder.get(folder);
  if (choice === undefined) {
    choice = runtimeImportFor(filename, LOCAL_GUARD_MODULE_NAME, 'guard-ids');
    choiceByFolder.set(folder, choice);
  }
  if (choice.kind === 'missing') return undefined;
  return choice.kind === 'package' ? importFrom : helperSpecifier(filename, choice.helper, text);
}
