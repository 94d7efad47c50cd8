import path from 'node:path';
import ts from 'typescript';
import { SourceParseError } from '../../model/source-parse-error.ts';

function scriptKindOf(filePath: string): ts.ScriptKind {
  switch (path.extname(filePath).toLowerCase()) {
    case '.tsx':
      return ts.ScriptKind.TSX;
    case '.jsx':
      return ts.ScriptKind.JSX;
    case '.js':
    case '.mjs':
    case '.cjs':
      return ts.ScriptKind.JS;
    default:
      return ts.ScriptKind.TS;
  }
}

export { SourceParseError };

/**
 * Parses one file with the script kind of its extension, or throws `SourceParseError` at its first syntax error.
 * No setParentNodes: `schemaShapesOf` sets the parent pointers in the walk it makes anyway. No JSDoc either (from
 * TypeScript 5.3): nothing here reads it, and skipping it saves a tenth of the parse.
 */
export function parseSource(source: string, filePath: string): ts.SourceFile {
  const jsDocParsingMode = (ts as { JSDocParsingMode?: typeof ts.JSDocParsingMode }).JSDocParsingMode?.ParseNone;
  const options: ts.CreateSourceFileOptions =
    jsDocParsingMode === undefined
      ? { languageVersion: ts.ScriptTarget.Latest }
      : { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode };
  const sourceFile = ts.createSourceFile(filePath, source, options, false, scriptKindOf(filePath));
  throwParseError(sourceFile, filePath);
  return sourceFile;
}

/** Throws `SourceParseError` at the file's first syntax error, if it has one. */
export function throwParseError(sourceFile: ts.SourceFile, filePath: string): void {
  // `parseDiagnostics` is where the parser leaves syntax errors; the public API only exposes them through a Program.
  const [first] =
    (sourceFile as unknown as { parseDiagnostics?: readonly ts.DiagnosticWithLocation[] }).parseDiagnostics ?? [];
  if (first === undefined) return;
  const { line, character } = sourceFile.getLineAndCharacterOfPosition(first.start);
  throw new SourceParseError(
    filePath,
    ts.flattenDiagnosticMessageText(first.messageText, '\n'),
    line + 1,
    character + 1,
  );
}
