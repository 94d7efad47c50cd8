import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { chainMatrix, type ChainEnd, type ChainVerdict } from '../model/chain-matrix.ts';
import type { JsonType } from '../model/id-fields.ts';
import { formatPath, idFieldAt, toolNamingOf, type PathSegment } from '../model/ids.ts';
import { outputIdFieldsOf, toolInputOf, type AcceptorType } from './acceptors.ts';
import { loadAuditConfig, type AuditConfig } from '../adapters/typescript/agent-contract-config.ts';
import { discoverTools, type ToolStyle } from '../adapters/typescript/discover-tools.ts';
import { EmitterReader, type EmitChannel } from './emitters.ts';
import { defensiveCastFindings, toolFindings, type FindingRule, type RawFinding } from './findings.ts';
import { isTestFile, loadProject, relativeTo, typeErrorsOf, typeScriptFilesUnder, type AuditProject } from '../adapters/typescript/load-project.ts';
import { SchemaResolver } from '../adapters/typescript/resolve-schema.ts';

/**
 * `agent-contract audit`: the chain matrix of a whole server from its TypeScript types. Discovers the tools, reads
 * every id field each one accepts (from its Zod input schema) and emits (from the checker's types of what its
 * handler returns), pairs them by entity through the shared chain matrix, and lists the lint rules' findings beside
 * it. It reads; it never writes.
 */

export interface SourceLocation {
  /** Relative to the audited folder, with `/`. */
  readonly file: string;
  readonly line: number;
}

export interface AuditTool extends SourceLocation {
  readonly name: string;
  readonly style: ToolStyle;
  /** Where the handler is, when one was found. */
  readonly handler: SourceLocation | undefined;
  /** `zod`, `json-schema` (a literal), `none`, or `unresolved` when the input could not be followed. */
  readonly input: 'zod' | 'json-schema' | 'none' | 'unresolved';
  /** `typed`: every emitted value has a type; `unknown`: some are `any`; `none`: nothing emitted was found. */
  readonly emits: 'typed' | 'unknown' | 'none';
}

export interface AuditEmitter extends SourceLocation {
  readonly tool: string;
  readonly path: string;
  readonly entity: string;
  readonly types: readonly JsonType[];
  readonly channel: EmitChannel | 'outputSchema';
}

export interface AuditAcceptor extends SourceLocation {
  readonly tool: string;
  readonly field: string;
  readonly entity: string;
  readonly type: AcceptorType;
  readonly published: readonly JsonType[];
  readonly detail?: string;
}

export type ChainStatus = ChainVerdict;

export interface AuditChain {
  readonly entity: string;
  readonly status: ChainStatus;
  readonly reason: string;
  readonly from: { readonly tool: string; readonly path: string; readonly type: string } & SourceLocation;
  readonly to: { readonly tool: string; readonly field: string; readonly type: AcceptorType } & SourceLocation;
}

export interface AuditFinding extends SourceLocation {
  readonly rule: FindingRule;
  readonly message: string;
  readonly tool?: string;
}

export interface UnknownEmitter extends SourceLocation {
  readonly tool: string;
  /** The id path whose type is `any`, or `''` when the whole emitted value is. */
  readonly path: string;
}

export interface AuditReport {
  readonly project: {
    readonly root: string;
    readonly tsconfig: string | null;
    /** True when the folder has no tsconfig.json and only the options came from `tsconfig`. */
    readonly optionsOnly: boolean;
    readonly files: number;
    readonly filesWithErrors: number;
    readonly errors: readonly string[];
    readonly config: string | null;
  };
  readonly summary: {
    readonly tools: number;
    readonly emitters: number;
    readonly acceptors: number;
    readonly chains: number;
    readonly broken: number;
    readonly tolerated: number;
    readonly ok: number;
    readonly findings: number;
    readonly toolsEmittingUnknown: number;
  };
  readonly discovery: {
    /** Tools by file: `{ file: 'src/tools.ts', tools: 9 }`. */
    readonly files: readonly { readonly file: string; readonly tools: number }[];
    /** Registrations whose tool name is computed at run time; their tools count where they are defined. */
    readonly dynamic: readonly (SourceLocation & { readonly style: ToolStyle })[];
    readonly duplicates: number;
  };
  readonly tools: readonly AuditTool[];
  readonly emitters: readonly AuditEmitter[];
  readonly acceptors: readonly AuditAcceptor[];
  readonly chains: readonly AuditChain[];
  readonly findings: readonly AuditFinding[];
  readonly unknownEmitters: readonly UnknownEmitter[];
}

export interface AuditTimings {
  readonly programMs: number;
  readonly discoveryMs: number;
  readonly matchingMs: number;
  readonly diagnosticsMs: number;
}

export type AuditPhase = 'program' | 'discovery' | 'matching' | 'diagnostics';

export interface AuditOptions {
  /** Called as the audit moves on: `done`/`total` count files or tools within a phase. */
  readonly onProgress?: (phase: AuditPhase, done: number, total: number) => void;
  /** Skip counting files that do not type-check (the slowest step on a big project). */
  readonly skipDiagnostics?: boolean;
  /** Configuration to use instead of the project's own file. */
  readonly config?: AuditConfig;
}

interface AuditEnd extends ChainEnd {
  readonly location: SourceLocation;
  readonly label: string;
  readonly type: string;
  readonly acceptorType?: AcceptorType;
}

function locationOf(root: string, node: ts.Node): SourceLocation {
  const sourceFile = node.getSourceFile();
  const { line } = sourceFile.getLineAndCharacterOfPosition(node.getStart(sourceFile));
  return { file: relativeTo(root, sourceFile.fileName), line: line + 1 };
}

const TYPE_ORDER: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

function sortedTypes(types: Iterable<JsonType>): JsonType[] {
  return [...types].sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b));
}

function typeLabel(types: readonly JsonType[]): string {
  return types.length === 0 ? 'unknown' : types.join('|');
}

/** Audits a prepared project: for tests and benchmarks that build the program themselves. */
export function auditProject(project: AuditProject, options: AuditOptions = {}): { report: AuditReport; timings: Omit<AuditTimings, 'programMs'> } {
  const { root, checker } = project;
  const config = options.config ?? loadAuditConfig(root);
  const resolver = new SchemaResolver(checker, config.guardModules);
  const started = performance.now();

  const serverFiles = project.sourceFiles.filter((file) => !isTestFile(relativeTo(root, file.fileName)));
  options.onProgress?.('discovery', 0, serverFiles.length);
  const discovery = discoverTools(serverFiles, resolver, config.wrappers);
  options.onProgress?.('discovery', serverFiles.length, serverFiles.length);
  const discovered = performance.now();

  const naming = toolNamingOf(discovery.tools.map((tool) => tool.name));
  const emitterReader = new EmitterReader(checker, resolver);
  const tools: AuditTool[] = [];
  const emitterEnds: AuditEnd[] = [];
  const acceptorEnds: AuditEnd[] = [];
  const emitters: AuditEmitter[] = [];
  const acceptors: AuditAcceptor[] = [];
  const raw: RawFinding[] = [];
  const unknownEmitters: UnknownEmitter[] = [];
  discovery.tools.forEach((tool, index) => {
    options.onProgress?.('matching', index, discovery.tools.length);
    const input = toolInputOf(tool, resolver, naming);
    for (const acceptor of input.acceptors) {
      const location = locationOf(root, acceptor.node);
      acceptors.push({ tool: tool.name, field: acceptor.field, entity: acceptor.entity, type: acceptor.type, published: acceptor.published, ...(acceptor.detail === undefined ? {} : { detail: acceptor.detail }), ...location });
      acceptorEnds.push({
        tool: tool.name,
        field: { path: acceptor.path, name: acceptor.path.at(-1) ?? acceptor.field, entity: acceptor.entity, many: acceptor.many, types: acceptor.published, required: acceptor.required },
        tolerates: acceptor.tolerates,
        location,
        label: acceptor.field,
        type: acceptor.type,
        acceptorType: acceptor.type,
      });
    }
    raw.push(...toolFindings(tool, input, resolver, checker));

    // Emitted ids: the handler's types first; the output schema fills in what the handler does not show.
    const byPath = new Map<string, { path: readonly PathSegment[]; types: Set<JsonType>; channel: AuditEmitter['channel']; site: ts.Node }>();
    let emits: AuditTool['emits'] = 'none';
    if (tool.handler !== undefined) {
      for (const source of emitterReader.sourcesOf(tool.handler)) {
        if (source.opaque) {
          emits = 'unknown';
          unknownEmitters.push({ tool: tool.name, path: '', ...locationOf(root, source.site) });
        } else if (emits === 'none') emits = 'typed';
        for (const leaf of source.leaves) {
          const key = leaf.path.join('\u0000');
          if (leaf.types.length === 0) {
            if (leaf.unknown) unknownEmitters.push({ tool: tool.name, path: formatPath(leaf.path), ...locationOf(root, source.site) });
            continue;
          }
          const entry = byPath.get(key) ?? { path: leaf.path, types: new Set<JsonType>(), channel: source.channel, site: source.site };
          for (const type of leaf.types) entry.types.add(type);
          byPath.set(key, entry);
        }
      }
    }
    for (const field of outputIdFieldsOf(tool, resolver)) {
      const key = field.path.join('\u0000');
      if (byPath.has(key)) continue;
      byPath.set(key, { path: field.path, types: new Set(field.types), channel: 'outputSchema', site: field.node });
    }
    if (emits === 'none' && byPath.size > 0) emits = 'typed';
    for (const entry of byPath.values()) {
      const id = idFieldAt(entry.path, tool.name, { naming, side: 'output' });
      if (id === undefined) continue;
      const types = sortedTypes(entry.types);
      const location = locationOf(root, entry.site);
      const label = formatPath(entry.path);
      emitters.push({ tool: tool.name, path: label, entity: id.entity, types, channel: entry.channel, ...location });
      emitterEnds.push({ tool: tool.name, field: { ...id, types, required: true }, location, label, type: typeLabel(types) });
    }
    tools.push({
      name: tool.name,
      style: tool.style,
      ...locationOf(root, tool.node),
      handler: tool.handler === undefined ? undefined : locationOf(root, tool.handler),
      input: input.source,
      emits,
    });
  });
  options.onProgress?.('matching', discovery.tools.length, discovery.tools.length);

  for (const file of project.sourceFiles) {
    if (isTestFile(relativeTo(root, file.fileName))) raw.push(...defensiveCastFindings(file, checker));
  }
  // Tests a tsconfig leaves out are still read for casts, parsed on their own.
  const inProgram = new Set(project.sourceFiles.map((file) => path.resolve(file.fileName)));
  for (const fileName of typeScriptFilesUnder(root, 5_000)) {
    if (inProgram.has(fileName) || !isTestFile(relativeTo(root, fileName))) continue;
    const sourceFile = ts.createSourceFile(fileName, readFileSync(fileName, 'utf8'), ts.ScriptTarget.Latest, true);
    raw.push(...defensiveCastFindings(sourceFile, undefined));
  }

  const matrix = chainMatrix(emitterEnds, acceptorEnds);
  const chains: AuditChain[] = matrix.chains.map((chain) => ({
    entity: chain.entity,
    status: chain.verdict,
    reason: chain.reason,
    from: { tool: chain.from.tool, path: chain.from.label, type: chain.from.type, ...chain.from.location },
    to: { tool: chain.to.tool, field: chain.to.label, type: chain.to.acceptorType ?? 'unknown', ...chain.to.location },
  }));
  const matched = performance.now();

  const findings: AuditFinding[] = raw
    .map((finding) => ({ rule: finding.rule, message: finding.message, ...(finding.tool === undefined ? {} : { tool: finding.tool }), ...locationOf(root, finding.node) }))
    .sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.rule.localeCompare(b.rule));

  let errors = { files: 0, messages: [] as string[] };
  if (options.skipDiagnostics !== true) {
    options.onProgress?.('diagnostics', 0, project.sourceFiles.length);
    errors = typeErrorsOf(project);
  }
  const diagnosed = performance.now();

  const toolsPerFile = new Map<string, number>();
  for (const tool of tools) toolsPerFile.set(tool.file, (toolsPerFile.get(tool.file) ?? 0) + 1);
  const report: AuditReport = {
    project: {
      root,
      tsconfig: project.tsconfig === undefined ? null : relativeTo(root, project.tsconfig),
      optionsOnly: project.optionsOnly,
      files: project.sourceFiles.length,
      filesWithErrors: errors.files,
      errors: errors.messages,
      config: config.source ?? null,
    },
    summary: {
      tools: tools.length,
      emitters: emitters.length,
      acceptors: acceptors.length,
      chains: chains.length,
      broken: matrix.summary.broken,
      tolerated: matrix.summary.tolerated,
      ok: matrix.summary.ok,
      findings: findings.length,
      toolsEmittingUnknown: tools.filter((tool) => tool.emits === 'unknown').length,
    },
    discovery: {
      files: [...toolsPerFile].map(([file, count]) => ({ file, tools: count })).sort((a, b) => a.file.localeCompare(b.file)),
      dynamic: discovery.dynamic.map((site) => ({ style: site.style, ...locationOf(root, site.node) })),
      duplicates: discovery.duplicates,
    },
    tools,
    emitters,
    acceptors,
    chains,
    findings,
    unknownEmitters,
  };
  return {
    report,
    timings: { discoveryMs: discovered - started, matchingMs: matched - discovered, diagnosticsMs: diagnosed - matched },
  };
}

/** Audits the project at `target` (a folder or a tsconfig). Throws `ProjectError`/`ConfigError` for what it cannot audit. */
export function audit(target: string, options: AuditOptions = {}): { report: AuditReport; timings: AuditTimings } {
  const started = performance.now();
  const project = loadProject(target, { onFileRead: (count) => options.onProgress?.('program', count, 0) });
  const programMs = performance.now() - started;
  const { report, timings } = auditProject(project, options);
  return { report, timings: { programMs, ...timings } };
}
