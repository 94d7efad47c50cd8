import type ts from 'typescript';
import type { SourceSpan } from '../../model/source-span.ts';

/** Where `node` stands, as the face hands it out: no node crosses it. */
export function spanOf(node: ts.Node): SourceSpan {
  const sourceFile = node.getSourceFile();
  const start = node.getStart(sourceFile);
  return {
    file: sourceFile.fileName,
    start,
    length: node.getEnd() - start,
    line: sourceFile.getLineAndCharacterOfPosition(start).line + 1,
  };
}

/** `spanOf` for a node that may be missing. */
export function spanOfOptional(node: ts.Node | undefined): SourceSpan | undefined {
  return node === undefined ? undefined : spanOf(node);
}
