import { dirname } from 'node:path';
import ts from 'typescript';

/**
 * Type-checked views of single files, for front ends that analyse one file at a time but need the checker (the
 * dispositions codemod resolving spread and `.extend()` keys). One language service per tsconfig is kept, so a run
 * over many files of one project reuses the program instead of rebuilding it per file.
 */
interface ServiceEntry {
  readonly service: ts.LanguageService;
  readonly overlays: Map<string, { text: string; version: number }>;
  readonly roots: Set<string>;
}

export class TypedFiles {
  private readonly services = new Map<string, ServiceEntry>();
  private readonly registry = ts.createDocumentRegistry();

  private serviceFor(filePath: string): ServiceEntry {
    const configPath = ts.findConfigFile(dirname(filePath), ts.sys.fileExists) ?? '';
    let entry = this.services.get(configPath);
    if (entry === undefined) {
      let options: ts.CompilerOptions = {
        strict: true,
        module: ts.ModuleKind.NodeNext,
        moduleResolution: ts.ModuleResolutionKind.NodeNext,
        target: ts.ScriptTarget.ES2022,
        skipLibCheck: true,
      };
      if (configPath !== '') {
        const read = ts.readConfigFile(configPath, ts.sys.readFile);
        if (read.error === undefined)
          options = ts.parseJsonConfigFileContent(read.config, ts.sys, dirname(configPath)).options;
      }
      options = { ...options, noEmit: true, skipLibCheck: true };
      const overlays = new Map<string, { text: string; version: number }>();
      const roots = new Set<string>();
      const host: ts.LanguageServiceHost = {
        getCompilationSettings: () => options,
        getScriptFileNames: () => [...roots],
        getScriptVersion: (name) => String(overlays.get(name)?.version ?? 0),
        getScriptSnapshot: (name) => {
          const overlay = overlays.get(name);
          if (overlay !== undefined) return ts.ScriptSnapshot.fromString(overlay.text);
          const text = ts.sys.readFile(name);
          return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
        },
        getCurrentDirectory: () => (configPath === '' ? dirname(filePath) : dirname(configPath)),
        getDefaultLibFileName: (settings) => ts.getDefaultLibFilePath(settings),
        fileExists: (name) => overlays.has(name) || ts.sys.fileExists(name),
        readFile: (name) => overlays.get(name)?.text ?? ts.sys.readFile(name),
        readDirectory: ts.sys.readDirectory,
        directoryExists: ts.sys.directoryExists,
        getDirectories: ts.sys.getDirectories,
      };
      const service = ts.createLanguageService(host, this.registry);
      entry = { service, overlays, roots };
      this.services.set(configPath, entry);
    }
    return entry;
  }

  /** The checker and the parsed file for `filePath` with `text` as its content (unsaved edits included). */
  open(filePath: string, text: string): { sourceFile: ts.SourceFile; checker: ts.TypeChecker } {
    const entry = this.serviceFor(filePath);
    const previous = entry.overlays.get(filePath);
    if (previous === undefined || previous.text !== text)
      entry.overlays.set(filePath, { text, version: (previous?.version ?? 0) + 1 });
    entry.roots.add(filePath);
    const program = entry.service.getProgram();
    const sourceFile = program?.getSourceFile(filePath);
    if (program === undefined || sourceFile === undefined)
      throw new Error(`${filePath}: the TypeScript program could not load this file`);
    return { sourceFile, checker: program.getTypeChecker() };
  }
}
