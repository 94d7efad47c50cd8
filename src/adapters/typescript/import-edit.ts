import ts from 'typescript';

/** A text edit: replace `start`..`end` of the file with `text`. */
export interface ImportEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** A name to import: `honored`, or `type Disposition`. */
export interface ImportName {
  readonly name: string;
  readonly typeOnly?: boolean;
}

function specifierText(name: ImportName): string {
  return name.typeOnly === true ? `type ${name.name}` : name.name;
}

function importedNames(statement: ts.ImportDeclaration): Set<string> {
  const named = statement.importClause?.namedBindings;
  if (named === undefined || !ts.isNamedImports(named)) return new Set();
  return new Set(named.elements.map((element) => (element.propertyName ?? element.name).text));
}

/**
 * The one edit that makes `names` importable from `specifier` in `file`, written as text in the file's own style:
 * appended to an existing named import from that module when there is one, otherwise a new declaration after the last
 * import (past any comment trailing it on its line), quoted and terminated like the file's Zod import. Undefined when
 * every name is already imported.
 */
export function namedImportEdit(
  file: ts.SourceFile,
  specifier: string,
  names: readonly ImportName[],
): ImportEdit | undefined {
  const text = file.text;
  const imports = file.statements.filter(ts.isImportDeclaration);
  const fromModule = imports.filter(
    (statement) => ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text === specifier,
  );
  const present = new Set(fromModule.flatMap((statement) => [...importedNames(statement)]));
  const missing = names.filter((name) => !present.has(name.name));
  if (missing.length === 0) return undefined;
  const existing = fromModule.find(
    (statement) =>
      statement.importClause !== undefined &&
      !statement.importClause.isTypeOnly &&
      statement.importClause.namedBindings !== undefined &&
      ts.isNamedImports(statement.importClause.namedBindings),
  );
  const named = existing?.importClause?.namedBindings;
  if (named !== undefined && ts.isNamedImports(named)) {
    const added = missing.map(specifierText);
    const last = named.elements.at(-1);
    if (last === undefined) return { start: named.getStart(file), end: named.end, text: `{ ${added.join(', ')} }` };
    if (named.elements.hasTrailingComma) {
      const lineStart = text.lastIndexOf('\n', last.getStart(file)) + 1;
      const indent = /^[ \t]*/.exec(text.slice(lineStart))?.[0] ?? '';
      const multiline = text.slice(named.getStart(file), named.end).includes('\n');
      return {
        start: named.elements.end,
        end: named.elements.end,
        text: multiline ? added.map((name) => `\n${indent}${name},`).join('') : ` ${added.join(', ')},`,
      };
    }
    return { start: last.end, end: last.end, text: `, ${added.join(', ')}` };
  }
  const anchor = imports.at(-1);
  const zodImport = imports.find(
    (statement) => ts.isStringLiteral(statement.moduleSpecifier) && statement.moduleSpecifier.text.startsWith('zod'),
  );
  const quote = text.charAt((zodImport ?? anchor)?.moduleSpecifier.getStart(file) ?? 0) === '"' ? '"' : "'";
  const semicolon = anchor === undefined || text.charAt(anchor.end - 1) === ';' ? ';' : '';
  const newline = text.includes('\r\n') ? '\r\n' : '\n';
  const declaration = `import { ${missing.map(specifierText).join(', ')} } from ${quote}${specifier}${quote}${semicolon}`;
  if (anchor === undefined) return { start: 0, end: 0, text: `${declaration}${newline}` };
  let after = anchor.end;
  for (const comment of ts.getTrailingCommentRanges(text, anchor.end) ?? []) after = Math.max(after, comment.end);
  const lineEnd = text.indexOf('\n', after);
  if (lineEnd === -1) return { start: text.length, end: text.length, text: `${newline}${declaration}` };
  return { start: lineEnd + 1, end: lineEnd + 1, text: `${declaration}${newline}` };
}
