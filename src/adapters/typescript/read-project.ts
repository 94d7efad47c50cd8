import type { ChainVerdict } from '../../model/chain-matrix.ts';
import type { JsonType } from '../../model/id-fields.ts';
import type { PublishedSurface } from '../../model/published-surface.ts';
import type { SourceSpan } from '../../model/source-span.ts';
import type { AcceptorType } from './acceptors.ts';
import type { AuditConfig } from './agent-contract-config.ts';
import { castSitesIn, type CastSite } from './defensive-casts.ts';
import { projectTestFiles } from './project-test-files.ts';
import type { SiteVia, ToolStyle } from './discover-tools.ts';
import type { EmitChannel } from './emitters.ts';
import type { EvidenceKind } from './id-evidence.ts';
import type { ApiReferences } from '../../model/api-reference.ts';
import { loadProject, missingPackagesOf, syntaxErrorsOf, typeErrorsOf, type AuditProject } from './load-project.ts';
import { acceptorTypeOf, projectChainsOf, type PublishedReading } from './project-chains.ts';
import { dispositionTablesIn } from './published-fields.ts';
import { spanOf, spanOfOptional } from './source-spans.ts';
import { idUnionConstFactsOf, toolFindingFactsOf, type ToolFindingFact } from './tool-finding-facts.ts';

/**
 * The TypeScript face's answer for a whole project, in the manner of knip's `ProjectPrincipal`: one call owns the
 * program, reads everything the audit reports, and hands back plain facts placed as spans, so no node crosses the face.
 */

export interface ReadTool {
  readonly name: string;
  readonly style: ToolStyle;
  readonly at: SourceSpan;
  readonly handler: SourceSpan | undefined;
  readonly input: 'zod' | 'json-schema' | 'none' | 'unresolved';
  readonly emits: 'typed' | 'unknown' | 'none';
  readonly knownEmitter: boolean;
  readonly className?: string;
}

export interface ReadEmitter {
  readonly tool: string;
  readonly path: string;
  readonly entity: string;
  readonly types: readonly JsonType[];
  readonly channel: EmitChannel | 'outputSchema';
  /** Undefined for an end only the published contract shows. */
  readonly at: SourceSpan | undefined;
}

export interface ReadAcceptor {
  readonly tool: string;
  readonly field: string;
  readonly entity: string;
  readonly type: AcceptorType;
  readonly published: readonly JsonType[];
  readonly detail?: string;
  /** The description that makes the field an id, when its name names none. */
  readonly description?: string;
  /** The id key the handler sends the field on as, when that makes it an id (`user` sent as `user_id`). */
  readonly forwardedAs?: string;
  /** The entity a URL the handler writes sends the field into, when that is what it pairs by (`seller_id`: `user`). */
  readonly sentInto?: string;
  /** The entity the field's description names, when that is what it pairs by (`attachment_ids`, "File ids ...": `file`). */
  readonly describedEntity?: string;
  readonly placed?: 'field' | 'tool' | 'none';
  readonly at: SourceSpan | undefined;
}

export interface ReadEvidence {
  readonly kind: EvidenceKind;
  readonly text: string;
  readonly tool: string;
  readonly field: string;
  readonly at: SourceSpan;
}

export interface ReadChain {
  readonly entity: string;
  readonly verdict: ChainVerdict;
  readonly reason: string;
  readonly from: {
    readonly tool: string;
    readonly path: string;
    readonly type: string;
    readonly at: SourceSpan | undefined;
  };
  readonly to: {
    readonly tool: string;
    readonly field: string;
    readonly type: AcceptorType;
    readonly at: SourceSpan | undefined;
  };
  readonly evidence?: readonly ReadEvidence[];
}

export interface ProjectReading {
  readonly root: string;
  readonly tsconfig: string | undefined;
  readonly optionsOnly: boolean;
  readonly files: number;
  /** The configuration file read, if any. */
  readonly configSource: string | undefined;
  readonly tools: readonly ReadTool[];
  readonly emitters: readonly ReadEmitter[];
  readonly unknownEmitters: readonly { readonly tool: string; readonly path: string; readonly at: SourceSpan }[];
  readonly acceptors: readonly ReadAcceptor[];
  readonly chains: readonly ReadChain[];
  readonly tally: {
    readonly broken: number;
    readonly suspect?: number;
    readonly tolerated: number;
    readonly unknown: number;
    readonly ok: number;
  };
  readonly knownEmitters: number;
  readonly acceptedEntities: ReadonlySet<string>;
  readonly typedEntities: ReadonlySet<string>;
  /** The entities of the ids printed into prose, with the types the code gives them. */
  readonly printedEntities: ReadonlyMap<string, readonly JsonType[]>;
  /** Ids printed into prose that an input takes, one per tool and path (`ProjectChains.printedEmitters`). */
  readonly printedEmitters: number;
  readonly published?: PublishedReading;
  readonly discovery: {
    /** Registration sites; a site whose tools were read where their handlers are kept counts as `definitions`. */
    readonly sites: readonly {
      readonly style: ToolStyle;
      readonly via: SiteVia;
      readonly tools: number;
      readonly at: SourceSpan;
    }[];
    readonly dynamic: readonly { readonly style: ToolStyle; readonly at: SourceSpan }[];
    readonly duplicates: number;
    /** Registrations in JavaScript of tools the TypeScript registers too (`Discovery.scriptCopies`). */
    readonly scriptCopies: readonly SourceSpan[];
    /** Registrations the discovery could not follow, with the configuration entry to add. */
    readonly unfollowed: readonly { readonly message: string; readonly at: SourceSpan }[];
    /** Tool objects nothing registers (`Discovery.unregistered`), not counted as tools. */
    readonly unregistered: readonly { readonly name: string; readonly at: SourceSpan }[];
  };
  readonly toolFindings: readonly ToolFindingFact[];
  /** Defensive id casts in the project's test files, those its tsconfig leaves out included. */
  readonly casts: readonly CastSite[];
  readonly syntaxErrors: { readonly files: number; readonly messages: readonly string[] };
  /** Only when asked (`typeErrors`): a full type-check. */
  readonly typeErrors?: { readonly files: number; readonly messages: readonly string[] };
  /** Packages the project's files import that are not installed (`missingPackagesOf`). */
  readonly missingPackages: readonly string[];
  readonly timings: {
    readonly programMs: number;
    readonly discoveryMs: number;
    readonly matchingMs: number;
    readonly diagnosticsMs: number;
  };
}

export type ReadPhase = 'program' | 'discovery' | 'matching' | 'diagnostics';

export interface ReadProjectOptions {
  /** Called as the reading moves on: `done`/`total` count files or tools within a phase. */
  readonly onProgress?: (phase: ReadPhase, done: number, total: number) => void;
  /** Also count the files that do not type-check: a full type-check of the project, the slowest step by far. */
  readonly typeErrors?: boolean;
  /** Configuration to use instead of the project's own file. */
  readonly config?: AuditConfig;
  /**
   * The server's published `tools/list` (a contract file or a live snapshot): the ground truth of what it accepts.
   * Its id fields are the acceptors, placed in source where the reading finds them.
   */
  readonly published?: PublishedSurface;
  /** The API's OpenAPI documents (none by default; a function is called only when a tool makes an untyped API call). */
  readonly apiReferences?: ApiReferences;
}

/**
 * Reads the project at `target` (a folder, a tsconfig, or a program already built) once: tools, emitters, acceptors,
 * chains, disposition-table and schema findings, cast sites and parse errors. Throws `ProjectError`/`ConfigError`.
 */
export function readProject(target: string | AuditProject, options: ReadProjectOptions = {}): ProjectReading {
  const loading = performance.now();
  const project =
    typeof target === 'string'
      ? loadProject(target, { onFileRead: (count) => options.onProgress?.('program', count, 0) })
      : target;
  const started = performance.now();
  const { root, checker } = project;

  options.onProgress?.('discovery', 0, project.sourceFiles.length);
  let discovered = started;
  const read = projectChainsOf(project, {
    ...(options.config === undefined ? {} : { config: options.config }),
    onDiscovered: ({ serverFiles }) => {
      options.onProgress?.('discovery', serverFiles.length, serverFiles.length);
      discovered = performance.now();
    },
    onTool: (done, total) => options.onProgress?.('matching', done, total),
    ...(options.published === undefined ? {} : { published: options.published }),
    ...(options.apiReferences === undefined ? {} : { apiReferences: options.apiReferences }),
  });
  const { discovery, resolver, config } = read.surface;
  const tables = dispositionTablesIn(read.surface.serverFiles, checker, resolver);
  const tools: ReadTool[] = [];
  const emitters: ReadEmitter[] = [];
  const unknownEmitters: { tool: string; path: string; at: SourceSpan }[] = [];
  const toolFindings: ToolFindingFact[] = [];
  toolFindings.push(...idUnionConstFactsOf(read.tools));
  for (const facts of read.tools) {
    const { tool, input } = facts;
    toolFindings.push(...toolFindingFactsOf(tool, input, resolver, checker, tables));
    for (const unknown of facts.unknownEmitted)
      unknownEmitters.push({ tool: tool.name, path: unknown.path, at: spanOf(unknown.node) });
    for (const id of facts.emitted)
      emitters.push({
        tool: tool.name,
        path: id.path,
        entity: id.entity,
        types: id.types,
        channel: id.channel,
        at: spanOf(id.node),
      });
    tools.push({
      name: tool.name,
      style: tool.style,
      at: spanOf(tool.node),
      handler: spanOfOptional(tool.handler),
      input: input.source,
      emits: facts.emits,
      knownEmitter: facts.knownEmitter,
      ...(tool.className === undefined ? {} : { className: tool.className }),
    });
  }
  // A published outputSchema stands in for a tool whose emitted types the source does not show: its ids are emitters too.
  for (const end of read.emitterEnds) {
    if (end.published === undefined) continue;
    emitters.push({
      tool: end.tool,
      path: end.label,
      entity: end.field.entity,
      types: end.field.types,
      channel: 'outputSchema',
      at: spanOfOptional(end.node),
    });
  }
  const acceptors: ReadAcceptor[] = read.acceptorEnds.map((end) => {
    const detail = end.acceptor?.detail;
    const description = end.acceptor?.description;
    const forwardedAs = end.acceptor?.forwardedAs;
    const sentInto = end.acceptor?.sentInto === end.field.entity ? end.acceptor.sentInto : undefined;
    const describedEntity =
      end.acceptor?.describedEntity === end.field.entity ? end.acceptor.describedEntity : undefined;
    return {
      tool: end.tool,
      field: end.label,
      entity: end.field.entity,
      type: acceptorTypeOf(end),
      published: end.field.types,
      ...(detail === undefined ? {} : { detail }),
      ...(description === undefined ? {} : { description }),
      ...(forwardedAs === undefined ? {} : { forwardedAs }),
      ...(sentInto === undefined ? {} : { sentInto }),
      ...(describedEntity === undefined ? {} : { describedEntity }),
      ...(end.published === undefined
        ? {}
        : { placed: end.acceptor !== undefined ? 'field' : end.node !== undefined ? 'tool' : 'none' }),
      at: spanOfOptional(end.node),
    };
  });
  const chains: ReadChain[] = read.chains.map((chain) => ({
    entity: chain.entity,
    verdict: chain.verdict,
    reason: chain.reason,
    from: { tool: chain.from.tool, path: chain.from.label, type: chain.from.type, at: spanOfOptional(chain.from.node) },
    to: {
      tool: chain.to.tool,
      field: chain.to.label,
      type: acceptorTypeOf(chain.to),
      at: spanOfOptional(chain.to.node),
    },
    ...(chain.from.evidence === undefined
      ? {}
      : {
          evidence: chain.from.evidence.map((entry) => ({
            kind: entry.kind,
            text: entry.text,
            tool: entry.tool,
            field: entry.field,
            at: spanOf(entry.node),
          })),
        }),
  }));
  const casts = testCastSitesOf(project);
  const matched = performance.now();

  // Syntax errors cost nothing more (the files are parsed); type errors need a full type-check, so only when asked.
  options.onProgress?.('diagnostics', 0, project.sourceFiles.length);
  const syntaxErrors = syntaxErrorsOf(project);
  const typeErrors = options.typeErrors === true ? typeErrorsOf(project) : undefined;
  const diagnosed = performance.now();

  return {
    root,
    tsconfig: project.tsconfig,
    optionsOnly: project.optionsOnly,
    files: project.sourceFiles.length,
    configSource: config.source,
    tools,
    emitters,
    unknownEmitters,
    acceptors,
    chains,
    tally: read.tally,
    knownEmitters: read.knownEmitters,
    acceptedEntities: read.acceptedEntities,
    typedEntities: read.typedEntities,
    printedEntities: read.printedEntities,
    printedEmitters: read.printedEmitters,
    ...(read.published === undefined ? {} : { published: read.published }),
    discovery: {
      sites: discovery.sites.map((site) => ({
        style: site.style,
        // Its tools, registered under names known at run time, were read where their handlers are kept.
        via: site.via === 'not-followed' && read.dispatchSites.has(site.node) ? 'definitions' : site.via,
        tools: site.tools,
        at: spanOf(site.node),
      })),
      dynamic: discovery.dynamic.map((site) => ({ style: site.style, at: spanOf(site.node) })),
      duplicates: discovery.duplicates,
      scriptCopies: discovery.scriptCopies.map(spanOf),
      unregistered: discovery.unregistered.map((tool) => ({ name: tool.name, at: spanOf(tool.node) })),
      // A registration whose shared callback was read for its tools through the lookup of their handlers is followed.
      unfollowed: discovery.unfollowed
        .filter((entry) => !read.dispatchSites.has(entry.node))
        .map((entry) => ({ message: entry.message, at: spanOf(entry.node) })),
    },
    toolFindings,
    casts,
    syntaxErrors,
    ...(typeErrors === undefined ? {} : { typeErrors }),
    missingPackages: missingPackagesOf(project),
    timings: {
      programMs: started - loading,
      discoveryMs: discovered - started,
      matchingMs: matched - discovered,
      diagnosticsMs: diagnosed - matched,
    },
  };
}

/** The casts in every test file of the project, in the program or not. */
function testCastSitesOf(project: AuditProject): CastSite[] {
  return projectTestFiles(project).flatMap((file) => castSitesIn(file));
}
