import ts from 'typescript';
import { EditorReader, type EditorFix, type EditorReading } from '../adapters/typescript/index.ts';
import { CHAIN_CODES, chainErrorsFor, chainSuggestionsFor, GUARDABLE_CODES } from './chain-diagnostics.ts';
import { DISPOSITION_FIX_NAME, TABLE_ERROR_CODES } from './disposition-fix.ts';
import { FIELD_CODES, fieldDiagnosticsFor } from './field-diagnostics.ts';
import { createFileFilter, pluginOptionsOf, type FindingKind, type PluginOptions, type Severity } from './options.ts';

/**
 * `agent-contract/ts-plugin`: the chain audit in the editor. It adds the chains of the language service's own program
 * to the diagnostics of the file asked about, and offers `guardId(...)` as the fix at an acceptor; it marks the
 * published fields a tool does not stand behind (never read, or refused by its disposition table), and offers the
 * missing entry where TypeScript says a disposition table lacks one. The chains are read
 * once per program (tsserver asks file by file, and builds a new program only after an edit), after an edit only for
 * the tools of the edited file (`ChainReadCache`), and never with a type check of their own. A failure is logged once
 * per file to the server's log and answered with TypeScript's own diagnostics, never thrown into the editor. The
 * entry's options (src/ts-plugin/options.ts) set each finding's severity and the files it reports in.
 */

export const GUARD_FIX_NAME = 'agentContractGuardId';

/** What the plugin reads of one program: the adapter's reading, and the program to place diagnostics in. */
interface ProgramReading {
  readonly reading: EditorReading;
  readonly program: ts.Program;
}

export function createPlugin(): ts.server.PluginModule {
  return { create: decorate };
}

function decorate(info: ts.server.PluginCreateInfo): ts.LanguageService {
  const service = info.languageService;
  const logger = info.project.projectService.logger;
  const read = new WeakMap<ts.Program, ProgramReading>();
  const reader = new EditorReader(info.project.getCurrentDirectory(), info.project.getProjectName());
  const logged = new Set<string>();
  const options = pluginOptionsOf(info.config, (line) => logger.info(line));
  const reportsIn = createFileFilter(options, info.project.getCurrentDirectory());

  function failed(fileName: string, error: unknown): void {
    if (logged.has(fileName)) return;
    logged.add(fileName);
    const detail = error instanceof Error ? (error.stack ?? error.message) : String(error);
    logger.info(`agent-contract/ts-plugin: no chain diagnostics for ${fileName}: ${detail}`);
  }

  function readingOf(program: ts.Program): ProgramReading {
    const cached = read.get(program);
    if (cached !== undefined) return cached;
    const reading = { reading: reader.readingOf(program), program };
    read.set(program, reading);
    return reading;
  }

  /** TypeScript's answer plus the plugin's; on a failure, TypeScript's answer alone. */
  function withChains<T>(fileName: string, own: readonly T[], extra: (reading: ProgramReading) => readonly T[]): T[] {
    try {
      const program = service.getProgram();
      if (program === undefined || program.getSourceFile(fileName) === undefined || !reportsIn(fileName))
        return [...own];
      return [...own, ...extra(readingOf(program))];
    } catch (error) {
      failed(fileName, error);
      return [...own];
    }
  }

  const proxy: ts.LanguageService = Object.create(null) as ts.LanguageService;
  for (const key of Object.keys(service) as (keyof ts.LanguageService)[]) {
    const member = service[key];
    if (typeof member === 'function')
      (proxy as unknown as Record<string, unknown>)[key] = (...args: unknown[]) =>
        (member as (...args: unknown[]) => unknown).apply(service, args);
  }

  proxy.getSemanticDiagnostics = (fileName) =>
    withChains(fileName, service.getSemanticDiagnostics(fileName), (reading) =>
      chainDiagnosticsFor(reading, fileName, options, 'semantic'),
    );

  proxy.getSuggestionDiagnostics = (fileName) =>
    withChains(fileName, service.getSuggestionDiagnostics(fileName), (reading) =>
      chainDiagnosticsFor(reading, fileName, options, 'suggestion').map((found) => ({
        ...found,
        file: found.file as ts.SourceFile,
        start: found.start as number,
        length: found.length as number,
      })),
    );

  proxy.getSupportedCodeFixes = (fileName) => [
    ...new Set([
      ...service.getSupportedCodeFixes(fileName),
      ...GUARDABLE_CODES.map(String),
      ...TABLE_ERROR_CODES.map(String),
    ]),
  ];

  proxy.getCodeFixesAtPosition = (fileName, start, end, errorCodes, formatOptions, preferences) => {
    const others = errorCodes.filter((code) => !GUARDABLE_CODES.includes(code));
    const own =
      others.length === 0
        ? []
        : service.getCodeFixesAtPosition(fileName, start, end, others, formatOptions, preferences);
    const guard = errorCodes.some((code) => GUARDABLE_CODES.includes(code));
    const table = errorCodes.some((code) => TABLE_ERROR_CODES.includes(code));
    if (!guard && !table) return own;
    return withChains(fileName, own, ({ reading }) => [
      ...(guard ? reading.guardFixesAt(fileName, start, end).map((fix) => codeFixOf(GUARD_FIX_NAME, fix)) : []),
      ...(table
        ? reading.dispositionEntryFixesAt(fileName, start, end).map((fix) => codeFixOf(DISPOSITION_FIX_NAME, fix))
        : []),
    ]);
  };

  return proxy;
}

const KIND_OF_CODE: Readonly<Record<number, FindingKind>> = {
  [CHAIN_CODES.brokenAcceptor]: 'broken',
  [CHAIN_CODES.suspectAcceptor]: 'suspect',
  [CHAIN_CODES.toleratedAcceptor]: 'tolerated',
  [FIELD_CODES.unreadField]: 'unread',
  [FIELD_CODES.refusedField]: 'refused',
};

function categoryOf(severity: Exclude<Severity, 'off'>): ts.DiagnosticCategory {
  if (severity === 'error') return ts.DiagnosticCategory.Error;
  return severity === 'warning' ? ts.DiagnosticCategory.Warning : ts.DiagnosticCategory.Suggestion;
}

/**
 * The findings of `fileName` at the severities of the options: errors and warnings go with the semantic diagnostics,
 * suggestions with the suggestion diagnostics (where editors look for them), `off` nowhere.
 */
function chainDiagnosticsFor(
  { reading, program }: ProgramReading,
  fileName: string,
  options: PluginOptions,
  list: 'semantic' | 'suggestion',
): ts.Diagnostic[] {
  const shown: ts.Diagnostic[] = [];
  for (const diagnostic of [
    ...chainErrorsFor(reading.chains, program, fileName),
    ...chainSuggestionsFor(reading.chains, program, fileName),
    ...fieldDiagnosticsFor(reading, program, fileName),
  ]) {
    const kind = KIND_OF_CODE[diagnostic.code];
    const severity = kind === undefined ? 'error' : options.severity[kind];
    if (severity !== 'off') shown.push({ ...diagnostic, category: categoryOf(severity) });
  }
  return onePerPosition(shown).filter(
    (diagnostic) => (diagnostic.category === ts.DiagnosticCategory.Suggestion) === (list === 'suggestion'),
  );
}

const RANK: Readonly<Partial<Record<ts.DiagnosticCategory, number>>> = {
  [ts.DiagnosticCategory.Error]: 0,
  [ts.DiagnosticCategory.Warning]: 1,
  [ts.DiagnosticCategory.Suggestion]: 2,
};

/**
 * One diagnostic per position: where two findings fall on one field (a broken chain and an unread field, say), the
 * most severe one stays (a chain before a field finding at the same severity) and carries the others' messages as
 * related information at the same place.
 */
function onePerPosition(diagnostics: readonly ts.Diagnostic[]): ts.Diagnostic[] {
  const byPosition = new Map<number, ts.Diagnostic[]>();
  for (const diagnostic of diagnostics) {
    const at = diagnostic.start ?? 0;
    byPosition.set(at, [...(byPosition.get(at) ?? []), diagnostic]);
  }
  return [...byPosition.values()].map((group) => {
    const [kept, ...others] = [...group].sort(
      (a, b) => (RANK[a.category] ?? 3) - (RANK[b.category] ?? 3) || a.code - b.code,
    ) as [ts.Diagnostic, ...ts.Diagnostic[]];
    if (others.length === 0) return kept;
    return {
      ...kept,
      relatedInformation: [
        ...(kept.relatedInformation ?? []),
        ...others.map((other) => ({
          category: ts.DiagnosticCategory.Message,
          code: 0,
          file: other.file,
          start: other.start,
          length: other.length,
          messageText: other.messageText,
        })),
      ],
    };
  });
}

function codeFixOf(fixName: string, fix: EditorFix): ts.CodeFixAction {
  return {
    fixName,
    description: fix.description,
    changes: [
      {
        fileName: fix.fileName,
        textChanges: fix.edits.map((edit) => ({
          span: { start: edit.start, length: edit.end - edit.start },
          newText: edit.text,
        })),
      },
    ],
  };
}
