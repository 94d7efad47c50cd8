import { TypeScriptSchemaReader } from './from-typescript.ts';
import type { SchemaRole } from '../../model/schema-role.ts';
import { importedSchemaUsesOf } from './shapes-from-typescript.ts';
import { isTestFile } from '../../model/test-files.ts';
import { parseSource } from './parse-file.ts';

/**
 * Which exported consts of which file other files of a project use as a tool input or as an output, so a codemod
 * that works one file at a time can still tell a schema module's input schemas from its output schemas. Reading is
 * cheap first: exports and imports are found in the text, and only a file that imports a name some schema file
 * exports (or a whole module, `import * as schemas`) is parsed; the roles of its uses come from the shared model
 * (`importedSchemaUsesOf`).
 */

/** A project's files as a front end that works one file at a time holds them (the codemods' project). */
export interface ProjectFiles {
  /** Every TypeScript file of the project, absolute. */
  readonly files: readonly string[];
  /** A file's text, or undefined when it cannot be read. */
  read(filePath: string): string | undefined;
  /** The file `specifier` names from `fromFile`; undefined when it does not resolve. */
  resolveModule(specifier: string, fromFile: string): string | undefined;
}

/** One use of an exported const in another file. */
export interface SchemaUse {
  readonly role: SchemaRole;
  /** Output because the value leaves a function (`return TicketSchema.parse(data)`), not because of an output key. */
  readonly emitted: boolean;
  /** Absolute path of the file with the use. */
  readonly filePath: string;
  /** 1-based. */
  readonly line: number;
  readonly column: number;
}

/** Per declaring file (absolute path), per local const name: its uses in other files. */
export type ProjectSchemaUses = ReadonlyMap<string, ReadonlyMap<string, readonly SchemaUse[]>>;

const IDENTIFIER = '[A-Za-z_$][\\w$]*';
const EXPORTED_DECLARATION = new RegExp(`\\bexport\\s+(?:declare\\s+)?(?:const|let|var)\\s+(${IDENTIFIER})`, 'g');
const EXPORT_LIST = /\bexport\s*\{([^}]*)\}(?!\s*from)/g;
const RE_EXPORT = /\bexport\s+(?!type\b)(\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})\s*from\s*['"]([^'"]+)['"]/g;
const HAS_RE_EXPORT = /\bexport\s+(?!type\b)(?:\*|\{[^}]*\})\s*from\b/;
const VALUE_IMPORT = /\bimport\s+(?!type\b)([\w$*{}\s,]+?)\s*from\s*['"]([^'"]+)['"]/g;

/** `A`, `A as B`, `type A`, `default as A` in a `{...}` list: exported (or imported) name -> local name. */
function listNames(list: string, exportSide: 'left' | 'right'): Map<string, string> {
  const names = new Map<string, string>();
  for (const part of list.replace(/[{}]/g, '').split(',')) {
    const words = part.trim().split(/\s+/);
    if (words[0] === 'type' || words[0] === '' || words[0] === undefined) continue;
    const [left, , right = left] = words as [string, string?, string?];
    if (exportSide === 'right') names.set(right, left);
    else names.set(left, right);
  }
  return names;
}

/** Exported name -> local const name, from the text: `export const A`, `export { A as B }`. */
function exportedConsts(source: string): Map<string, string> {
  const names = new Map<string, string>();
  for (const match of source.matchAll(EXPORTED_DECLARATION)) names.set(match[1] as string, match[1] as string);
  for (const match of source.matchAll(EXPORT_LIST))
    for (const [exported, local] of listNames(match[1] as string, 'right')) names.set(exported, local);
  return names;
}

class UsesFinder {
  /** Declaring file -> exported name -> local const name. */
  private readonly declared = new Map<string, Map<string, string>>();
  private readonly exportedNames = new Set<string>();
  private readonly uses = new Map<string, Map<string, SchemaUse[]>>();

  constructor(
    private readonly project: ProjectFiles,
    private readonly declaresSchemas: (source: string) => boolean,
  ) {}

  run(): ProjectSchemaUses {
    for (const filePath of this.project.files) {
      const source = this.project.read(filePath);
      if (source === undefined || !this.declaresSchemas(source)) continue;
      const names = exportedConsts(source);
      if (names.size === 0) continue;
      this.declared.set(filePath, names);
      for (const name of names.keys()) this.exportedNames.add(name);
    }
    if (this.declared.size === 0) return this.uses;
    for (const filePath of this.project.files) {
      const source = this.project.read(filePath);
      if (source !== undefined && this.mayUseDeclared(source, filePath)) this.collect(source, filePath);
    }
    return this.uses;
  }

  /** From the text alone: an import that names an exported schema const, or a whole module that declares some. */
  private mayUseDeclared(source: string, filePath: string): boolean {
    if (!source.includes('import')) return false;
    for (const match of source.matchAll(VALUE_IMPORT)) {
      const clause = match[1] as string;
      const specifier = match[2] as string;
      const braces = /\{([^}]*)\}/.exec(clause);
      if (
        braces !== null &&
        [...listNames(braces[1] as string, 'left').keys()].some((name) => this.exportedNames.has(name))
      )
        return true;
      const whole = clause.replace(/\{[^}]*\}/, '').trim();
      if (whole !== '' && whole !== ',' && this.declaresAnything(specifier, filePath)) return true;
    }
    return false;
  }

  private declaresAnything(specifier: string, fromFile: string): boolean {
    const target = this.project.resolveModule(specifier, fromFile);
    return target !== undefined && (this.declared.has(target) || HAS_RE_EXPORT.test(this.project.read(target) ?? ''));
  }

  private collect(source: string, filePath: string): void {
    let reader: TypeScriptSchemaReader;
    try {
      reader = new TypeScriptSchemaReader(parseSource(source, filePath));
    } catch {
      return;
    }
    // Tests parse values in arrows all the time (`expect(() => Args.parse(v)).toThrow()`): that is no emitter.
    const isTest = isTestFile(filePath);
    for (const use of importedSchemaUsesOf(reader, filePath)) {
      if (isTest && use.emitted) continue;
      const target = this.resolveExport(use.module, use.imported, filePath, 0);
      if (target === undefined || target.file === filePath) continue;
      let byName = this.uses.get(target.file);
      if (byName === undefined) {
        byName = new Map();
        this.uses.set(target.file, byName);
      }
      const { line, character } = reader.sourceFile.getLineAndCharacterOfPosition(use.node.getStart(reader.sourceFile));
      const list = byName.get(target.local) ?? [];
      list.push({ role: use.role, emitted: use.emitted, filePath, line: line + 1, column: character + 1 });
      byName.set(target.local, list);
    }
  }

  /** The file and local const an imported name stands for, through re-exports (`export * from`, `export { A } from`). */
  private resolveExport(
    specifier: string,
    name: string,
    fromFile: string,
    depth: number,
  ): { file: string; local: string } | undefined {
    const file = this.project.resolveModule(specifier, fromFile);
    if (file === undefined || depth > 5) return undefined;
    const local = this.declared.get(file)?.get(name);
    if (local !== undefined) return { file, local };
    const source = this.project.read(file) ?? '';
    for (const match of source.matchAll(RE_EXPORT)) {
      const clause = match[1] as string;
      const next = match[2] as string;
      if (clause.startsWith('{')) {
        const original = listNames(clause, 'right').get(name);
        if (original !== undefined) return this.resolveExport(next, original, file, depth + 1);
      } else if (clause === '*') {
        const found = this.resolveExport(next, name, file, depth + 1);
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }
}

/**
 * The uses other files make of each exported const of the files `declaresSchemas` accepts (a cheap text test, the
 * codemod's `mightMatch`). Only uses that give a role are kept (see `importedSchemaUsesOf`).
 */
export function projectSchemaUses(
  project: ProjectFiles,
  declaresSchemas: (source: string) => boolean,
): ProjectSchemaUses {
  return new UsesFinder(project, declaresSchemas).run();
}
