import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { isTestFile } from '../../model/test-files.ts';
import { relativeTo, typeScriptFilesUnder, type AuditProject } from './load-project.ts';

const read = new WeakMap<AuditProject, readonly ts.SourceFile[]>();

/**
 * Every test file of a project: those in its program, and those its tsconfig leaves out (read from disk and parsed
 * alone, up to `limit` files), since a test outside the build shows what its author saw all the same. Parsed once
 * per project: the defensive-cast findings and the chain evidence read the same files. An editor, which reads a new
 * program at each edit, asks for the program's own (`onDisk: false`).
 */
export function projectTestFiles(
  project: AuditProject,
  { onDisk = true, limit = 5_000 }: { readonly onDisk?: boolean; readonly limit?: number } = {},
): readonly ts.SourceFile[] {
  const known = onDisk ? read.get(project) : undefined;
  if (known !== undefined) return known;
  const { root } = project;
  const files: ts.SourceFile[] = [];
  const inProgram = new Set<string>();
  for (const file of project.sourceFiles) {
    inProgram.add(path.resolve(file.fileName));
    if (isTestFile(relativeTo(root, file.fileName))) files.push(file);
  }
  if (!onDisk) return files;
  for (const fileName of typeScriptFilesUnder(root, limit)) {
    if (inProgram.has(fileName) || !isTestFile(relativeTo(root, fileName))) continue;
    files.push(ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true));
  }
  read.set(project, files);
  return files;
}
