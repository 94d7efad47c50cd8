import path from 'node:path';
import ts from 'typescript';
import { chainMatrix, chainMatrixSummary, type ChainEnd, type MatrixChain } from '../../model/chain-matrix.ts';
import { toolFamiliesOf } from '../../model/tool-families.ts';
import type { JsonType } from '../../model/id-fields.ts';
import {
  acceptedEntityOf,
  ARRAY_ITEM,
  entityOfToolName,
  formatPath,
  idFieldAt,
  isIdName,
  isOwnEmittedId,
  lastKeyOf,
  splitWords,
  toolNamingOf,
  type PathSegment,
} from '../../model/ids.ts';
import { outputIdFieldsOf, toolInputOf, type AcceptorField, type AcceptorType, type ToolInput } from './acceptors.ts';
import type { AuditConfig } from './agent-contract-config.ts';
import { inputParameterIndex, inputParameterOf, type DiscoveredTool } from './discover-tools.ts';
import { definitionSerializers, type DefinitionSerializer } from './definition-serializers.ts';
import { EmitterReader, type EmitChannel, type EmitSource } from './emitters.ts';
import { shortText, unwrapExpression } from './unwrap.ts';
import {
  describedEvidence,
  handlerEvidence,
  patternEvidence,
  testCastEvidence,
  type CastEvidence,
  type EvidenceKind,
  type IdEvidence,
} from './id-evidence.ts';
import { moduleSpecifiersOf, type AuditProject } from './load-project.ts';
import { projectTestFiles } from './project-test-files.ts';
import { forwardedIdKeys, pathCollections } from './forwarded-ids.ts';
import { discoverProjectTools, type ProjectTools } from './tool-surface.ts';
import { callsOf, dispatchBuilders, enclosingFunction, type DispatchBuilder } from './name-dispatch.ts';
import { placePublishedTools } from './place-published.ts';
import { untypedApiCallsOf } from './api-calls.ts';
import { matchOperation, responseLeaves, type ApiReference, type ApiReferences } from '../../model/api-reference.ts';
import { idFieldsOfJsonSchema, inputIdNamesOf } from '../../model/id-fields.ts';
import { publishedAcceptorsOf, type PublishedSurface } from '../../model/published-surface.ts';

/**
 * The chains of a whole program, as the checker sees them: every tool's acceptors (from its input schema) and
 * emitted ids (from its handler's types and its output schema), paired by entity through the model's chain matrix.
 * Every end carries its node, which stays in the adapter: the audit's reading (read-project.ts) and the findings of
 * one file for the editor and typed lint (chain-findings.ts) hand it out as a span. It reads a given program and
 * type-checks nothing for itself.
 */

/** What the code says about an entity's ids, located: the ground of a `suspect` chain. */
export interface ChainEvidence {
  readonly kind: EvidenceKind;
  readonly text: string;
  /** The acceptor whose handler or schema says it; `''` for a cast in a test. */
  readonly tool: string;
  readonly field: string;
  readonly node: ts.Node;
}

/** One end of a chain with its place in source. */
export interface ChainSide extends ChainEnd {
  /**
   * The acceptor field's declaration, or where the emitted value is built. For an acceptor read from a published
   * contract: the field's declaration when the source reading has it, else the tool's registration, else undefined
   * (a published tool the source reading could not place).
   */
  readonly node: ts.Node | undefined;
  /** For an end read from a published contract rather than from source. */
  readonly published?: 'contract';
  /** `ticketId`, `tickets[].id`; `''` for an emitter whose whole value is `any`. */
  readonly label: string;
  /** The types as a report prints them: `integer`, `string|number`, `unknown`, `guarded`. */
  readonly type: string;
  /** For an acceptor: what it takes, and the field as read (its schema, for a fix). */
  readonly acceptor?: AcceptorField;
  /** An emitter whose types are unknown, in the matrix only for the evidence its entity has. */
  readonly evidence?: readonly ChainEvidence[];
  /** For an emitter: the project file that declares its id's type by hand (an interface of the project's own). */
  readonly declaredIn?: string;
}

export interface EmittedId {
  readonly path: string;
  readonly entity: string;
  readonly types: readonly JsonType[];
  readonly channel: EmitChannel | 'outputSchema';
  readonly node: ts.Node;
}

/** What one tool accepts and emits. */
export interface ToolFacts {
  readonly tool: DiscoveredTool;
  readonly input: ToolInput;
  /**
   * `typed`: every emitted value has a type; `unknown`: some are `any`/`unknown` (the whole value, an id in it, or a
   * value under another name that may hold ids); `none`: nothing emitted was found.
   */
  readonly emits: 'typed' | 'unknown' | 'none';
  /** Its handler (or the code that serializes what it returns) was found, or an output schema declares ids, and nothing it emits is `any`. */
  readonly knownEmitter: boolean;
  readonly emitted: readonly EmittedId[];
  /** Emitted values typed `any`: the id path, or `''` for the whole value. */
  readonly unknownEmitted: readonly { readonly path: string; readonly node: ts.Node }[];
}

export interface ProjectChains {
  readonly surface: ProjectTools;
  readonly tools: readonly ToolFacts[];
  readonly emitterEnds: readonly ChainSide[];
  readonly acceptorEnds: readonly ChainSide[];
  /** Every chain a report lists (an untyped emitter's only when its evidence makes it suspect). */
  readonly chains: readonly MatrixChain<ChainSide>[];
  readonly tally: ReturnType<typeof chainMatrixSummary>;
  /** Tools whose emitted types are known. */
  readonly knownEmitters: number;
  /** Entities some tool accepts. */
  readonly acceptedEntities: ReadonlySet<string>;
  /** Entities some emitter of known type emits. */
  readonly typedEntities: ReadonlySet<string>;
  /** The entities of the ids printed into prose (whether an input takes them or not), with the types the code gives them. */
  readonly printedEntities: ReadonlyMap<string, readonly JsonType[]>;
  /**
   * Ids printed into prose that an input takes (one per tool and path), whatever their chains' verdicts: those whose
   * printed type the input accepts make no chain of their own, yet they pair.
   */
  readonly printedEmitters: number;
  /** How the published contract, when one was given, was matched to the source. */
  readonly published?: PublishedReading;
  /**
   * Registrations with a computed name whose callback was read for some tool through a lookup of its handler by the
   * tool's name: they are followed, whatever the discovery could say of them alone.
   */
  readonly dispatchSites: ReadonlySet<ts.Node>;
}

/** How a published contract's tools and id fields were matched to the tools and fields read from source. */
export interface PublishedReading {
  /** The contract file, or the command that started the server. */
  readonly source: string;
  readonly tools: number;
  /** Published tools whose registration the source reading found. */
  readonly placedTools: number;
  /** Published tools the source reading did not find: what they emit is unknown. */
  readonly unplacedTools: readonly string[];
  /** Published id fields (`tool.field`) of placed tools that the source reading did not find in the tool's input. */
  readonly unplacedFields: readonly string[];
  /** Tools the source reading found that the contract does not list (not registered at run time, or renamed). */
  readonly unpublishedTools: readonly string[];
  /** Published tools whose emitted types are known: from their handlers in source, or their published outputSchema. */
  readonly knownEmitters: number;
  /** The other published tools, by name. */
  readonly unknownEmitters: readonly string[];
  readonly acceptance: 'recorded' | 'unknown';
}

export interface ProjectChainsOptions {
  /** Configuration to use instead of the project's own file. */
  readonly config?: AuditConfig;
  /** Readings of an earlier program of the same project to reuse where its files are unchanged (an editor's). */
  readonly cache?: ChainReadCache;
  /** The project's tools, when the caller has discovered them already (with the same configuration). */
  readonly surface?: ProjectTools;
  /** Whether test files outside the program are read from disk for the evidence their casts give (default true). */
  readonly testsOnDisk?: boolean;
  /** Called once the tools are discovered, before any is read. */
  readonly onDiscovered?: (surface: ProjectTools) => void;
  /** Called before each tool is read, and once after the last. */
  readonly onTool?: (done: number, total: number) => void;
  /**
   * The server's published `tools/list` (a contract file or a live snapshot): what the server accepts is read from
   * here, and the source only places it; tools the source reading cannot place are listed by name.
   */
  readonly published?: PublishedSurface;
  /**
   * The API's OpenAPI documents, as evidence of what the answers the code leaves untyped hold (none by default); a
   * function is called only when a tool makes an untyped API call (the CLI reads the project's documents so).
   */
  readonly apiReferences?: ApiReferences;
}

/** An emitter the types do not show: a whole value typed `any` (its tool's entity), or an id leaf typed `any`. */
interface UntypedEmitter {
  readonly tool: string;
  readonly path: readonly PathSegment[];
  readonly entity: string;
  readonly many: boolean;
  readonly node: ts.Node;
}

/** An id a tool prints into prose, with the types the code gives it (see `EmitChannel`'s `prose`). */
interface PrintedEmitter extends UntypedEmitter {
  readonly types: readonly JsonType[];
  /** Where the code writes a number's digits into the string it prints. */
  readonly digitsFrom?: ts.Node;
  /** Its path and entity by the record type of what holds it (`task.id` of `t: Task`), when that names an entity. */
  readonly typed?: { readonly path: readonly PathSegment[]; readonly entity: string; readonly many: boolean };
}

const TYPE_ORDER: readonly JsonType[] = ['string', 'number', 'integer', 'boolean', 'object', 'array', 'null'];

export function sortedTypes(types: Iterable<JsonType>): JsonType[] {
  return [...types].sort((a, b) => TYPE_ORDER.indexOf(a) - TYPE_ORDER.indexOf(b));
}

function typeLabel(types: readonly JsonType[]): string {
  return types.length === 0 ? 'unknown' : types.join('|');
}

/**
 * The project a language service or a linter already holds: its program, with the files an audit reads (not
 * declaration files, not under node_modules), reported relative to `root`.
 */
export function projectOfProgram(program: ts.Program, root: string, tsconfig?: string): AuditProject {
  const sourceFiles = program
    .getSourceFiles()
    .filter(
      (file) =>
        !file.isDeclarationFile &&
        !program.isSourceFileFromExternalLibrary(file) &&
        !file.fileName.includes('/node_modules/'),
    );
  const ownOptions = program.getCompilerOptions();
  return { root, tsconfig, optionsOnly: false, program, checker: program.getTypeChecker(), sourceFiles, ownOptions };
}

/** What one tool contributes: its facts and its ends, as read from the checker. */
interface ToolReading {
  readonly facts: ToolFacts;
  readonly acceptorEnds: readonly ChainSide[];
  readonly emitterEnds: readonly ChainSide[];
  readonly untyped: readonly UntypedEmitter[];
  readonly printed: readonly PrintedEmitter[];
  readonly inputKeys: ReadonlySet<string>;
  /** Registrations and tool-call handlers whose shared builder was read for this tool through a lookup by its name. */
  readonly dispatchSites: readonly ts.Node[];
  /** Every file a node of the reading is in: it is reused only while all of them are. */
  readonly files: ReadonlySet<ts.SourceFile>;
}

/**
 * What one program's reading leaves for the next: each tool's reading, by the source file it is registered in. A
 * language service hands the next program the very `ts.SourceFile` objects of the files an edit did not touch, so a
 * tool whose nodes all lie in such files, and whose file imports no edited file (directly or through other files of
 * the project), keeps its reading; the edited file's tools, and those of the files that import it, are read again.
 * Any other change (a file without tools, such as a row type module; a file added or removed; a tool renamed) reads
 * everything again, since the types of every tool may follow from it.
 */
export interface ChainReadCache {
  readonly byFile: WeakMap<ts.SourceFile, Map<string, ToolReading>>;
  generation: string | undefined;
  files: ReadonlySet<ts.SourceFile>;
}

export function createChainReadCache(): ChainReadCache {
  return { byFile: new WeakMap(), generation: undefined, files: new Set() };
}

function toolKey(tool: DiscoveredTool): string {
  return `${tool.name}\u0000${tool.node.pos}`;
}

/** The files whose readings can be reused, or undefined when everything has to be read again. */
function reusableFiles(
  cache: ChainReadCache,
  project: AuditProject,
  generation: string,
): ReadonlySet<ts.SourceFile> | undefined {
  if (cache.generation !== generation) return undefined;
  const current = new Set(project.sourceFiles);
  const before = new Map([...cache.files].map((file) => [file.fileName, file]));
  if (current.size !== cache.files.size) return undefined;
  for (const file of current) {
    if (cache.files.has(file)) continue;
    const previous = before.get(file.fileName);
    if (previous === undefined || !cache.byFile.has(previous)) return undefined;
  }
  return new Set([...current].filter((file) => cache.files.has(file)));
}

/**
 * Whether a file imports one of `changed`, directly or through the project's other files: its tools' types may come
 * from there (a row type exported beside another file's tools), so their readings may be stale.
 */
function importsChangedFile(
  project: AuditProject,
  reuse: ReadonlySet<ts.SourceFile>,
): (file: ts.SourceFile) => boolean {
  const own = new Set(project.sourceFiles);
  const known = new Map<ts.SourceFile, boolean>();
  const importedBy = (file: ts.SourceFile): ts.SourceFile[] => {
    const found: ts.SourceFile[] = [];
    for (const specifier of moduleSpecifiersOf(file)) {
      const declaration = project.checker.getSymbolAtLocation(specifier)?.valueDeclaration;
      if (declaration !== undefined && ts.isSourceFile(declaration) && own.has(declaration)) found.push(declaration);
    }
    return found;
  };
  const visit = (file: ts.SourceFile, path: Set<ts.SourceFile>): boolean => {
    const answer = known.get(file);
    if (answer !== undefined) return answer;
    if (path.has(file)) return false;
    path.add(file);
    const result = !reuse.has(file) || importedBy(file).some((imported) => visit(imported, path));
    path.delete(file);
    known.set(file, result);
    return result;
  };
  return (file) => importedBy(file).some((imported) => visit(imported, new Set([file])));
}

function filesOf(nodes: Iterable<ts.Node | undefined>): Set<ts.SourceFile> {
  const files = new Set<ts.SourceFile>();
  for (const node of nodes) if (node !== undefined) files.add(node.getSourceFile());
  return files;
}

/** How many steps a value is followed back to the tool's input (a property, a name, a helper's parameter). */
const MAX_ECHO_HOPS = 4;

function readTool(
  tool: DiscoveredTool,
  resolver: ProjectTools['resolver'],
  naming: ReturnType<typeof toolNamingOf>,
  emitterReader: EmitterReader,
  serializers: readonly DefinitionSerializer[],
  dispatchers: readonly DispatchBuilder[],
  checker: ts.TypeChecker,
): ToolReading {
  const acceptorEnds: ChainSide[] = [];
  const emitterEnds: ChainSide[] = [];
  const untyped: UntypedEmitter[] = [];
  const printed: PrintedEmitter[] = [];
  // What the handler sends fields on as is read with the input's keys, which tell its input parameter.
  const read = toolInputOf(tool, resolver, naming);
  const keys = new Set(read.fields.filter((field) => field.path.length === 1).map((field) => field.key));
  const forwarded = forwardedIdKeys(tool, keys, checker);
  const collections = pathCollections(tool, keys, checker);
  const input =
    forwarded.size === 0 && collections.size === 0 ? read : toolInputOf(tool, resolver, naming, forwarded, collections);
  const inputKeys = new Set(input.fields.filter((field) => field.path.length === 1).map((field) => field.key));
  for (const acceptor of input.acceptors) {
    acceptorEnds.push({
      tool: tool.name,
      field: {
        path: acceptor.path,
        name: acceptor.path.at(-1) ?? acceptor.field,
        entity: acceptor.entity,
        many: acceptor.many,
        types: acceptor.published,
        required: acceptor.required,
      },
      tolerates: acceptor.tolerates,
      node: acceptor.node,
      label: acceptor.field,
      type: acceptor.type,
      acceptor,
    });
  }

  // Emitted ids: the handler's types first; the output schema fills in what the handler does not show.
  const byPath = new Map<
    string,
    {
      path: readonly PathSegment[];
      types: Set<JsonType>;
      channel: EmittedId['channel'];
      site: ts.Node;
      declaredIn?: string | undefined;
    }
  >();
  const unknownEmitted: { path: string; node: ts.Node }[] = [];
  let emits: ToolFacts['emits'] = 'none';
  const inputNodes = [tool.input, tool.accepted].flatMap((expr) =>
    expr === undefined ? [] : [expr.node, resolver.resolve(expr).node],
  );
  // The handler's input parameter, for the names it binds to the input's fields.
  const inputParameter = inputParameterOf(tool, inputKeys, checker)?.parameter;
  const inputSymbol =
    inputParameter !== undefined && ts.isIdentifier(inputParameter.name)
      ? checker.getSymbolAtLocation(inputParameter.name)
      : undefined;
  const inputType = inputParameter === undefined ? undefined : checker.getTypeAtLocation(inputParameter);
  /**
   * `async ({ pageId }: { pageId: string }) =>` or `const { pageId } = args`: a name the handler binds to a field of its
   * input, or the member of the input parameter's type (written by hand) that a printed name is read as.
   */
  const boundToInput = (declaration: ts.Node): boolean => {
    if (
      inputType !== undefined &&
      (ts.isPropertySignature(declaration) || ts.isPropertyDeclaration(declaration)) &&
      (ts.isIdentifier(declaration.name) || ts.isStringLiteral(declaration.name)) &&
      inputKeys.has(declaration.name.text)
    )
      return (inputType.getProperty(declaration.name.text)?.declarations ?? []).includes(declaration);
    if (!ts.isBindingElement(declaration) || !ts.isObjectBindingPattern(declaration.parent)) return false;
    const key = declaration.propertyName ?? declaration.name;
    if (!(ts.isIdentifier(key) || ts.isStringLiteral(key)) || !inputKeys.has(key.text)) return false;
    const holder = declaration.parent.parent;
    if (inputParameter !== undefined && holder === inputParameter) return true;
    if (!ts.isVariableDeclaration(holder) || holder.initializer === undefined || inputSymbol === undefined)
      return false;
    const source = unwrapExpression(holder.initializer);
    return ts.isIdentifier(source) && checker.getSymbolAtLocation(source) === inputSymbol;
  };
  // Where the input's fields are declared: a schema put together from the shapes of others (`.extend({ ...A.shape })`)
  // declares them in those others.
  const inputFieldNodes = [...inputNodes, ...input.fields.map((field) => field.node)];
  const declaresInput = (declaration: ts.Node): boolean =>
    inputFieldNodes.some(
      (node) =>
        node.getSourceFile() === declaration.getSourceFile() &&
        declaration.pos >= node.pos &&
        declaration.end <= node.end,
    );
  const echoesInput = (declaration: ts.Node, hops = 0): boolean => {
    if (boundToInput(declaration) || declaresInput(declaration)) return true;
    if (hops >= MAX_ECHO_HOPS) return false;
    // `filterApplied: { folderId: input.folderId }`: a property written from a field of the input hands it back.
    if (ts.isPropertyAssignment(declaration)) {
      const value = unwrapExpression(declaration.initializer);
      if (ts.isPropertyAccessExpression(value)) return echoesExpression(value, hops + 1);
      return ts.isIdentifier(value) && mixesJsonTypes(value) && echoesExpression(value, hops + 1);
    }
    // `return { people_id, hours }` of a name that holds a field of the input taking a string or a number, here or
    // in a helper the handler hands it to: it hands back whichever the agent sent. A name of one JSON type stays an
    // emitter: the input's own validation says what type its ids have (`{ deleted: true, id }` of a `z.number()`).
    if (ts.isShorthandPropertyAssignment(declaration)) {
      const value = checker.getShorthandAssignmentValueSymbol(declaration)?.declarations ?? [];
      return mixesJsonTypes(declaration.name) && value.length > 0 && value.every((read) => echoesInput(read, hops + 1));
    }
    // `const { people_id } = params` of a value typed by what the input's schema infers (a helper's parameter).
    if (ts.isBindingElement(declaration) && ts.isObjectBindingPattern(declaration.parent)) {
      const key = declaration.propertyName ?? declaration.name;
      if (!ts.isIdentifier(key) && !ts.isStringLiteral(key)) return false;
      const field = checker.getTypeAtLocation(declaration.parent).getProperty(key.text)?.declarations ?? [];
      return field.length > 0 && field.every((read) => echoesInput(read, hops + 1));
    }
    // A helper's parameter echoes the input when every call of the helper passes it a field of the input.
    if (ts.isParameter(declaration)) {
      const helper = enclosingFunction(declaration, checker);
      const index = helper?.fn.parameters.indexOf(declaration) ?? -1;
      if (helper === undefined || index < 0) return false;
      const files = [...new Set([declaration.getSourceFile(), tool.node.getSourceFile()])];
      const calls = callsOf(helper.symbol, files, checker);
      return (
        calls.length > 0 &&
        calls.every((call) => {
          const argument = call.arguments[index];
          return argument !== undefined && echoesExpression(argument, hops + 1);
        })
      );
    }
    return false;
  };
  /** True when a value's type holds both strings and numbers (`string | number`). */
  const mixesJsonTypes = (node: ts.Node): boolean => {
    const type = checker.getTypeAtLocation(node);
    const flags = (type.isUnion() ? type.types : [type]).reduce((all, part) => all | part.flags, 0);
    return (flags & ts.TypeFlags.StringLike) !== 0 && (flags & ts.TypeFlags.NumberLike) !== 0;
  };
  /** `input.folderId`, `people_id`, `people_id ?? 'me'`: an expression whose value is a field of the input. */
  const echoesExpression = (expression: ts.Expression, hops: number): boolean => {
    const value = unwrapExpression(expression);
    if (
      ts.isBinaryExpression(value) &&
      (value.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
        value.operatorToken.kind === ts.SyntaxKind.BarBarToken)
    )
      return echoesExpression(value.left, hops);
    const name = ts.isPropertyAccessExpression(value) ? value.name : ts.isIdentifier(value) ? value : undefined;
    if (name === undefined) return false;
    const read = checker.getSymbolAtLocation(name)?.declarations ?? [];
    return read.some((field) => echoesInput(field, hops));
  };
  // Ids printed into prose are read apart from the JSON a tool emits: they carry no JSON type.
  const proseSources: EmitSource[] = [];
  const json = (read: EmitSource[]): EmitSource[] => {
    proseSources.push(...read.filter((source) => source.channel === 'prose'));
    return read.filter((source) => source.channel !== 'prose');
  };
  // Registered through a function of the project whose own callback serializes what the handler it is given returns.
  const serializedBy = tool.serializedBy;
  let sources =
    serializedBy !== undefined
      ? json(
          emitterReader.sourcesOf(
            serializedBy.builder,
            undefined,
            undefined,
            new Map([[serializedBy.parameter, serializedBy.value]]),
          ),
        )
      : tool.handler === undefined
        ? []
        : tool.returnSent === true
          ? json(emitterReader.sentReturnsOf(tool.handler))
          : json(emitterReader.sourcesOf(tool.handler, tool.instance));
  // A handler handed to a wrapper that serializes its plain data: what the wrapper makes of it is what the tool emits.
  const wrappedBy = tool.wrappedBy;
  if (sources.length === 0 && wrappedBy !== undefined)
    sources = json(
      emitterReader.sourcesOf(
        wrappedBy.builder,
        undefined,
        undefined,
        new Map([[wrappedBy.parameter, wrappedBy.value]]),
      ),
    );
  // A definition's handler that builds no tool result returns plain data: what it emits is what its builders serialize.
  if (sources.length === 0)
    sources = json(
      serializers.flatMap((serializer) => emitterReader.sourcesOf(serializer.builder, undefined, serializer.bindings)),
    );
  // A handler kept under the tool's name and looked up by it: what the shared builder serializes is its data.
  const dispatchedBy: ts.Node[] = [];
  const dispatchSites: ts.Node[] = [];
  if (sources.length === 0 && serializers.length === 0)
    for (const dispatcher of dispatchers) {
      const read = emitterReader.dispatchedSourcesOf(
        dispatcher.builder,
        { name: tool.name, holds: dispatcher.holds },
        dispatcher.values,
      );
      if (read === undefined) continue;
      sources.push(...json(read));
      dispatchedBy.push(dispatcher.builder);
      dispatchSites.push(dispatcher.site);
    }
  const output = outputIdFieldsOf(tool, resolver);
  // What the output schema parses to, read from its type: a schema a helper of the project builds from its parameters
  // (`pageSchema(companySchema)`) types its ids as exactly as one written out.
  const schemaLeaves = tool.output === undefined ? undefined : emitterReader.schemaOutputLeaves(tool.output.node);
  const outputTyped =
    output.read || (schemaLeaves !== undefined && !schemaLeaves.some((leaf) => leaf.unknown && leaf.path.length === 0));
  // The SDK refuses a result without structuredContent from a tool registered with an output schema, and checks the
  // one it gets against it: what reaches the agent is typed by the schema, whatever code the reading could not follow.
  // A definition's `outputSchema` is that only where its registration passes it on, which this does not read.
  const outputEnforced = outputTyped && tool.style === 'register-tool';
  // Plain data with no code found to serialize it: what reaches the agent is not known, whatever its type.
  const unserialized =
    sources.length === 0 && serializers.length === 0 && dispatchedBy.length === 0 && tool.handler !== undefined
      ? emitterReader.plainDataReturned(tool.handler)
      : undefined;
  if (unserialized !== undefined && !outputEnforced) {
    emits = 'unknown';
    unknownEmitted.push({ path: '', node: unserialized });
  }
  // A low-level branch that returns nothing of its own and assigns no variable the code after the switch returns
  // leaves its result to code that is not read per tool: what it emits is not known.
  const branch = tool.handler !== undefined && !ts.isFunctionLike(tool.handler) ? tool.handler : undefined;
  if (
    branch !== undefined &&
    sources.length === 0 &&
    !outputEnforced &&
    emitterReader.resultLeftToLaterCode(branch) !== undefined
  ) {
    emits = 'unknown';
    unknownEmitted.push({ path: '', node: branch });
  }
  // What a result leaves untyped on one channel it may say with types on the other: `structuredContent` typed
  // `Record<string, unknown>` beside the JSON text of a typed value is that value (the SDK sends both), and so is the
  // reverse; a tool's output schema types both. Only when neither does an untyped part make the tool unknown.
  const typed = sources.filter((source) => !source.opaque && source.opaqueWithin.length === 0);
  const typedElsewhere = (source: EmitSource): boolean =>
    outputTyped || typed.some((other) => other.channel !== source.channel && other.site === source.site);
  const untypedLeaves: { readonly path: readonly PathSegment[]; readonly site: ts.Node }[] = [];
  for (const source of sources) {
    const covered = typedElsewhere(source);
    if (source.opaque && !covered) {
      emits = 'unknown';
      unknownEmitted.push({ path: '', node: source.site });
      const id = idFieldAt(['id'], tool.name, { naming, side: 'output' });
      if (id !== undefined)
        untyped.push({ tool: tool.name, path: [], entity: id.entity, many: false, node: source.site });
    } else if (emits === 'none') emits = 'typed';
    for (const within of covered ? [] : source.opaqueWithin) {
      emits = 'unknown';
      unknownEmitted.push({ path: formatPath(within.path), node: within.site });
      const id = idFieldAt([...within.path, 'id'], tool.name, { naming, side: 'output' });
      if (id !== undefined)
        untyped.push({ tool: tool.name, path: within.path, entity: id.entity, many: id.many, node: within.site });
    }
    for (const leaf of source.leaves) {
      // A property the tool's own input declares (`entries[].project_id` handed back in `errors[].entry`) holds what
      // the agent sent: it hands back an id of the agent's, and originates none.
      if (leaf.declaration !== undefined && echoesInput(leaf.declaration)) continue;
      const key = leaf.path.join('\u0000');
      if (leaf.types.length === 0) {
        if (leaf.unknown && !covered) untypedLeaves.push({ path: leaf.path, site: leaf.site });
        continue;
      }
      const entry = byPath.get(key) ?? {
        path: leaf.path,
        types: new Set<JsonType>(),
        channel: source.channel,
        site: leaf.site,
      };
      for (const type of leaf.types) entry.types.add(type);
      entry.declaredIn ??= leaf.declaredIn;
      byPath.set(key, entry);
    }
  }
  // An id typed `any` is an emitter of unknown type, as much as a whole value typed `any`, unless another part of the
  // same result types that very path.
  for (const leaf of untypedLeaves) {
    if (byPath.has(leaf.path.join('\u0000'))) continue;
    emits = 'unknown';
    unknownEmitted.push({ path: formatPath(leaf.path), node: leaf.site });
    const id = idFieldAt(leaf.path, tool.name, { naming, side: 'output', keys: true });
    if (id !== undefined)
      untyped.push({ tool: tool.name, path: leaf.path, entity: id.entity, many: id.many, node: leaf.site });
  }
  for (const field of output.ids) {
    const key = field.path.join('\u0000');
    if (byPath.has(key)) continue;
    byPath.set(key, { path: field.path, types: new Set(field.types), channel: 'outputSchema', site: field.node });
  }
  for (const leaf of schemaLeaves ?? []) {
    if (leaf.types.length === 0 || (leaf.declaration !== undefined && echoesInput(leaf.declaration))) continue;
    const key = leaf.path.join('\u0000');
    if (!byPath.has(key))
      byPath.set(key, { path: leaf.path, types: new Set(leaf.types), channel: 'outputSchema', site: leaf.site });
  }
  if (emits === 'none' && byPath.size > 0) emits = 'typed';
  for (const leaf of proseSources.flatMap((source) => source.leaves)) {
    if (leaf.declaration !== undefined && echoesInput(leaf.declaration)) continue;
    // A bare name the tool's own input has (`Deleted ${worklogId}`, however the code came by it, also parsed again by
    // a schema of its own in a function the handler calls) prints back what the agent sent. Not a plain `id`, nor a
    // property a record type declares (`${id}` of a database record, in a tool that takes a server's `id`).
    const [bare] = leaf.path;
    if (
      leaf.path.length === 1 &&
      typeof bare === 'string' &&
      inputKeys.has(bare) &&
      splitWords(bare).length > 1 &&
      (leaf.declaration === undefined || !ts.isPropertySignature(leaf.declaration))
    )
      continue;
    const id = idFieldAt(leaf.path, tool.name, { naming, side: 'output', keys: true });
    const typed =
      leaf.typedPath === undefined ? undefined : idFieldAt(leaf.typedPath, tool.name, { naming, side: 'output' });
    if (id !== undefined)
      printed.push({
        tool: tool.name,
        path: leaf.path,
        entity: id.entity,
        many: id.many,
        node: leaf.site,
        types: leaf.types,
        ...(leaf.digitsFrom === undefined ? {} : { digitsFrom: leaf.digitsFrom }),
        ...(typed === undefined || leaf.typedPath === undefined
          ? {}
          : { typed: { path: leaf.typedPath, entity: typed.entity, many: typed.many } }),
      });
  }
  const knownEmitter =
    emits !== 'unknown' &&
    (tool.handler !== undefined || serializers.length > 0 || dispatchedBy.length > 0 || byPath.size > 0);
  const emitted: EmittedId[] = [];
  for (const entry of byPath.values()) {
    const id = idFieldAt(entry.path, tool.name, { naming, side: 'output', keys: true });
    if (id === undefined) continue;
    const types = sortedTypes(entry.types);
    const label = formatPath(entry.path);
    emitted.push({ path: label, entity: id.entity, types, channel: entry.channel, node: entry.site });
    emitterEnds.push({
      tool: tool.name,
      field: { ...id, types, required: true },
      node: entry.site,
      label,
      type: typeLabel(types),
      ...(entry.declaredIn === undefined ? {} : { declaredIn: entry.declaredIn }),
    });
  }
  // One part of a result is one unknown part, however many places build it (`title` of each pushed item).
  const unknownParts = unknownEmitted.filter(
    (part, index) => unknownEmitted.findIndex((other) => other.path === part.path) === index,
  );
  const facts: ToolFacts = { tool, input, emits, knownEmitter, emitted, unknownEmitted: unknownParts };
  const files = filesOf([
    tool.node,
    tool.handler,
    tool.input?.node,
    tool.accepted?.node,
    tool.output?.node,
    ...serializers.map((serializer) => serializer.builder),
    ...dispatchedBy,
    ...input.acceptors.flatMap((acceptor) => [acceptor.node, acceptor.value?.node]),
    ...emitted.map((id) => id.node),
    ...unknownEmitted.map((id) => id.node),
    ...untyped.map((id) => id.node),
    ...printed.map((id) => id.node),
  ]);
  return { facts, acceptorEnds, emitterEnds, untyped, printed, inputKeys, dispatchSites, files };
}

/** The acceptor type a published id field shows: what its JSON types say, with what its validation also lets through. */
function publishedAcceptorType(types: readonly JsonType[], tolerates: readonly JsonType[]): AcceptorType {
  const string = types.includes('string') || tolerates.includes('string');
  const number = types.some((type) => type === 'number' || type === 'integer') || tolerates.includes('number');
  return string && number ? 'string-or-number' : string ? 'string' : number ? 'number' : 'unknown';
}

/** A list of ids reads `ticketIds[]`, as the source reading and the live kit print it. */
function printedLabel(label: string, many: boolean): string {
  return many && !label.endsWith('[]') ? `${label}[]` : label;
}

/** Whether a published input schema has a top-level property of that name. */
function publishesProperty(schema: unknown, key: string): boolean {
  if (typeof schema !== 'object' || schema === null) return false;
  const properties = (schema as { properties?: unknown }).properties;
  return typeof properties === 'object' && properties !== null && Object.hasOwn(properties, key);
}

/** A field's label without a trailing `[]`: a list of ids is `ticketIds` in a contract and may be `ticketIds[]` in source. */
function fieldKey(tool: string, label: string): string {
  return `${tool}\u0000${label.endsWith('[]') ? label.slice(0, -2) : label}`;
}

/**
 * The acceptors of a published contract, placed in source: each published id field takes the node (and the schema,
 * for a fix) of the field the source reading found for it, or its tool's registration when the reading did not find
 * the field, or no node when it did not find the tool. Its types and what it tolerates are the contract's; where the
 * contract recorded no run-time acceptance, what the source shows the validation tolerates (a guard) still counts.
 * A tool the contract does not list accepts nothing an agent sees, so its source acceptors are dropped. Published
 * output schemas stand in as emitters for the tools whose emitted types the source does not show.
 */
function reconcilePublished(
  published: PublishedSurface,
  tools: readonly ToolFacts[],
  sourceAcceptors: readonly ChainSide[],
  naming: ReturnType<typeof toolNamingOf>,
): { acceptorEnds: ChainSide[]; emitterEnds: ChainSide[]; reading: PublishedReading } {
  const byName = new Map(tools.map((facts) => [facts.tool.name, facts]));
  const bySourceField = new Map(sourceAcceptors.map((end) => [fieldKey(end.tool, end.label), end]));
  const publishedNames = new Set(published.tools.map((tool) => tool.name));
  const acceptorEnds: ChainSide[] = [];
  const unplacedFields: string[] = [];
  for (const acceptor of publishedAcceptorsOf(published)) {
    const placed = bySourceField.get(fieldKey(acceptor.tool, acceptor.label));
    const facts = byName.get(acceptor.tool);
    if (placed === undefined && facts !== undefined) unplacedFields.push(`${acceptor.tool}.${acceptor.label}`);
    const tolerates =
      acceptor.acceptance !== undefined || placed === undefined ? acceptor.tolerates : (placed.tolerates ?? []);
    const field = { ...acceptor.field, entity: placed?.field.entity ?? acceptor.field.entity };
    acceptorEnds.push({
      tool: acceptor.tool,
      field,
      ...(tolerates.length > 0 ? { tolerates } : {}),
      node: placed?.node ?? facts?.tool.node,
      label: placed?.label ?? printedLabel(acceptor.label, field.many),
      type: placed?.type ?? publishedAcceptorType(acceptor.field.types, tolerates),
      ...(placed?.acceptor === undefined ? {} : { acceptor: placed.acceptor }),
      published: 'contract',
    });
  }
  // A published field whose name says no id, which the handler sends on as one (`params.user_id = args.user`): the
  // reading by meaning makes it an acceptor that the contract's names alone do not.
  const listed = new Set(acceptorEnds.map((end) => fieldKey(end.tool, end.label)));
  for (const end of sourceAcceptors) {
    if (end.acceptor?.forwardedAs === undefined || listed.has(fieldKey(end.tool, end.label))) continue;
    const tool = published.tools.find((candidate) => candidate.name === end.tool);
    if (tool === undefined || !publishesProperty(tool.inputSchema, end.label)) continue;
    acceptorEnds.push({ ...end, published: 'contract' });
  }
  const emitterEnds: ChainSide[] = [];
  let knownEmitters = 0;
  const unknownEmitters: string[] = [];
  for (const tool of published.tools) {
    const facts = byName.get(tool.name);
    if (facts?.knownEmitter === true) {
      knownEmitters += 1;
      continue;
    }
    if (tool.outputSchema === undefined) {
      unknownEmitters.push(tool.name);
      continue;
    }
    knownEmitters += 1;
    for (const field of idFieldsOfJsonSchema(tool.outputSchema, tool.name, { naming, side: 'output', keys: true })) {
      emitterEnds.push({
        tool: tool.name,
        field: { ...field, required: true },
        node: facts?.tool.node,
        label: printedLabel(formatPath(field.path), field.many),
        type: typeLabel(field.types),
        published: 'contract',
      });
    }
  }
  return {
    acceptorEnds,
    emitterEnds,
    reading: {
      source: published.source,
      tools: published.tools.length,
      placedTools: published.tools.filter((tool) => byName.has(tool.name)).length,
      unplacedTools: published.tools.filter((tool) => !byName.has(tool.name)).map((tool) => tool.name),
      unplacedFields,
      unpublishedTools: tools.map((facts) => facts.tool.name).filter((name) => !publishedNames.has(name)),
      knownEmitters,
      unknownEmitters,
      acceptance: published.acceptance === undefined ? 'unknown' : 'recorded',
    },
  };
}

/** Reads every tool's acceptors and emitted ids and pairs them. Throws `ConfigError` for a bad configuration. */
export function projectChainsOf(project: AuditProject, options: ProjectChainsOptions = {}): ProjectChains {
  const { checker } = project;
  const discovered = options.surface ?? discoverProjectTools(project, options.config);
  const surface =
    options.published === undefined
      ? discovered
      : {
          ...discovered,
          discovery: {
            ...discovered.discovery,
            tools: placePublishedTools(
              discovered.discovery.tools,
              options.published.tools.map((tool) => tool.name),
              discovered.serverFiles,
              discovered.resolver,
              checker,
            ),
          },
        };
  options.onDiscovered?.(surface);
  const { discovery, resolver, classes } = surface;
  // The server's vocabulary: its tool names, and the id fields of its inputs (in source, and as published).
  const inputs = discovery.tools.flatMap((tool) =>
    toolInputOf(tool, resolver).acceptors.map((acceptor) => ({
      name: acceptor.path.filter((segment) => segment !== ARRAY_ITEM).at(-1) ?? acceptor.field,
      entity: acceptor.entity,
    })),
  );
  // `with_people` described "Comma-separated person ids" names people as the server's, though no name says so.
  const naming = toolNamingOf(
    discovery.tools.map((tool) => tool.name),
    [...inputs.map(({ name }) => name), ...inputIdNamesOf(options.published?.tools ?? [])],
    inputs.filter(({ name }) => !isIdName(name)).map(({ entity }) => entity),
  );
  const emitterReader = new EmitterReader(checker, resolver, classes, project.sourceFiles);
  const serializers = definitionSerializers(surface, checker);
  const dispatchers = dispatchBuilders(surface, checker);
  const tools: ToolFacts[] = [];
  const emitterEnds: ChainSide[] = [];
  const acceptorEnds: ChainSide[] = [];
  const untyped: UntypedEmitter[] = [];
  const printed: PrintedEmitter[] = [];
  const dispatchSites = new Set<ts.Node>();
  /** Each acceptor as read, with its tool, for the evidence an untyped emitter's entity may need. */
  const acceptorFields: { tool: DiscoveredTool; field: AcceptorField; inputKeys: ReadonlySet<string> }[] = [];
  let knownEmitters = 0;
  const generation = [
    ...discovery.tools.map((tool) => tool.name),
    ...[...naming.entities].map((entity) => `\u0001${entity}`),
  ].join('\u0000');
  const reuse = options.cache === undefined ? undefined : reusableFiles(options.cache, project, generation);
  const stale = reuse === undefined ? undefined : importsChangedFile(project, reuse);
  discovery.tools.forEach((tool, index) => {
    options.onTool?.(index, discovery.tools.length);
    const key = toolKey(tool);
    const file = tool.node.getSourceFile();
    const kept = reuse === undefined ? undefined : options.cache?.byFile.get(file)?.get(key);
    const cached =
      kept !== undefined && [...kept.files].every((used) => reuse?.has(used) === true) && stale?.(file) === false
        ? kept
        : undefined;
    const reading =
      cached ?? readTool(tool, resolver, naming, emitterReader, serializers.get(tool) ?? [], dispatchers, checker);
    if (options.cache !== undefined && cached === undefined) {
      const inFile = options.cache.byFile.get(file) ?? new Map<string, ToolReading>();
      inFile.set(key, reading);
      options.cache.byFile.set(file, inFile);
    }
    tools.push(reading.facts);
    acceptorEnds.push(...reading.acceptorEnds);
    emitterEnds.push(...reading.emitterEnds);
    untyped.push(...reading.untyped);
    printed.push(...reading.printed);
    for (const site of reading.dispatchSites) dispatchSites.add(site);
    for (const field of reading.facts.input.acceptors)
      acceptorFields.push({ tool, field, inputKeys: reading.inputKeys });
    if (reading.facts.knownEmitter) knownEmitters += 1;
  });
  if (options.cache !== undefined) {
    options.cache.generation = generation;
    options.cache.files = new Set(project.sourceFiles);
  }
  options.onTool?.(discovery.tools.length, discovery.tools.length);

  // An acceptor whose entity no tool gives out takes the one its description names, when a tool gives that out:
  // `assignee_id` described "User ID to assign the task to" takes a user.
  // Ids given out only as one record's reference to another (an expense's `attachment_ids`, no attachment's own id
  // anywhere) come from elsewhere: such an input takes the one its description names, when a tool gives out its own.
  const takenByName = new Set(acceptorEnds.map((end) => end.field.entity));
  const givenOutIds = [
    ...tools.flatMap((facts) =>
      facts.emitted.map((id) => ({ entity: id.entity, tool: facts.tool.name, name: lastKeyOf(id.path) ?? '' })),
    ),
    ...[...untyped, ...printed].map(({ entity, tool, path }) => ({ entity, tool, name: lastKeyOf(path) ?? '' })),
  ].map(({ entity, tool, name }) => ({ entity: acceptedEntityOf(entity, takenByName, tool), tool, name }));
  const givenOut = new Set(givenOutIds.map(({ entity }) => entity));
  const ownGivenOut = new Set(
    givenOutIds
      .filter(({ entity, tool, name }) => isOwnEmittedId(name, entity, tool, naming))
      .map(({ entity }) => entity),
  );
  // Or the one a URL the handler writes sends it into (`/users/${seller_id}`), which holds for every input of that
  // entity: a seller's id is a user's wherever it is taken.
  const sentInto = new Map<string, string>();
  for (const end of acceptorEnds) {
    const into = end.acceptor?.sentInto;
    if (into !== undefined && givenOut.has(into) && !sentInto.has(end.field.entity))
      sentInto.set(end.field.entity, into);
  }
  acceptorEnds.splice(
    0,
    acceptorEnds.length,
    ...acceptorEnds.map((end) => {
      if (end.acceptor === undefined) return end;
      // `recording_id` described "The recording file ID": the description names a narrower record than the name
      // (the name's words, then more), and a tool gives out that record's own ids: the input takes those.
      const narrower = end.acceptor.describedAs?.find(
        (entity) => entity.startsWith(`${end.field.entity}-`) && ownGivenOut.has(entity),
      );
      if (narrower !== undefined) {
        const acceptor = { ...end.acceptor, entity: narrower, describedEntity: narrower };
        return { ...end, field: { ...end.field, entity: narrower }, acceptor };
      }
      if (ownGivenOut.has(end.field.entity)) return end;
      const referenceOnly = givenOut.has(end.field.entity);
      const byDescription = end.acceptor.describedAs?.find((entity) =>
        (referenceOnly ? ownGivenOut : givenOut).has(entity),
      );
      // A tool of the described entity that gives out the input's own ids says they are that entity's key (a
      // salesperson's `salesID`, listed beside its numeric `uniqueID`): the input keeps them.
      const keyOfDescribed = givenOutIds.some(
        ({ entity, tool }) => entity === end.field.entity && entityOfToolName(tool, naming) === byDescription,
      );
      if (referenceOnly && (byDescription === undefined || keyOfDescribed)) return end;
      const byPath = byDescription === undefined ? sentInto.get(end.field.entity) : undefined;
      const described = byDescription ?? byPath;
      if (described === undefined) return end;
      const acceptor = {
        ...end.acceptor,
        entity: described,
        ...(byPath === undefined ? { describedEntity: described } : { sentInto: byPath }),
      };
      return { ...end, field: { ...end.field, entity: described }, acceptor };
    }),
  );
  // What the code says about the ids of entities whose emitters are untyped: read only for those.
  const acceptedEntities = new Set(acceptorEnds.map((end) => end.field.entity));
  // An emitted `employeeGoalId` is a goal's id when the server takes goals and employees but no "employee goal".
  const owned = <T extends { readonly entity: string }>(emitter: T, tool: string): T => {
    const entity = acceptedEntityOf(emitter.entity, acceptedEntities, tool);
    return entity === emitter.entity ? emitter : { ...emitter, entity };
  };
  // The report's emitters name the entity their chains pair by (a tool's facts stay the same object, as a cache
  // keeps them, unless an entity changes).
  tools.splice(
    0,
    tools.length,
    ...tools.map((facts) => {
      const emitted = facts.emitted.map((id) => owned(id, facts.tool.name));
      return emitted.every((id, index) => id === facts.emitted[index]) ? facts : { ...facts, emitted };
    }),
  );
  untyped.splice(0, untyped.length, ...untyped.map((emitter) => owned(emitter, emitter.tool)));
  // An id printed off a holder whose name says nothing (`t.id`) is named by the holder's record type when an input
  // takes that entity (`t: Task` in `view_kanban_board`), else by the tool.
  const printedOwned = (emitter: PrintedEmitter): PrintedEmitter => {
    const byTool = owned(emitter, emitter.tool);
    const byType =
      emitter.typed === undefined ? undefined : acceptedEntityOf(emitter.typed.entity, acceptedEntities, emitter.tool);
    if (emitter.typed === undefined || byType === undefined || byType === byTool.entity) return byTool;
    return acceptedEntities.has(byType) ? { ...emitter, ...emitter.typed, entity: byType } : byTool;
  };
  printed.splice(0, printed.length, ...printed.map(printedOwned));
  emitterEnds.splice(
    0,
    emitterEnds.length,
    ...emitterEnds.map((end) => ({ ...end, field: owned(end.field, end.tool) })),
  );
  const casts = testCastEvidence(projectTestFiles(project, { onDisk: options.testsOnDisk !== false }), naming);
  const evidenceByEntity = new Map<string, { evidence: ChainEvidence[]; types: JsonType[] }>();
  for (const entity of new Set(untyped.map((emitter) => emitter.entity))) {
    if (!acceptedEntities.has(entity)) continue;
    const cast = casts.get(entity) ?? [];
    const found: ChainEvidence[] = cast.map((entry) => castEvidenceOf(entry));
    const types = new Set<JsonType>(cast.map((entry) => entry.type));
    for (const { tool, field, inputKeys } of acceptorFields) {
      if (field.entity !== entity) continue;
      const key = field.path.filter((segment) => segment !== '[]').at(-1) ?? field.field;
      const evidence: IdEvidence[] =
        field.value === undefined ? [] : [...patternEvidence(field.value, resolver), ...describedEvidence(field.value)];
      if (tool.handler !== undefined)
        evidence.push(
          ...handlerEvidence(
            tool.handler,
            key,
            inputParameterIndex(tool.handler, inputKeys, checker),
            checker,
            resolver,
          ),
        );
      for (const entry of evidence) {
        found.push({ kind: entry.kind, text: entry.text, tool: tool.name, field: field.field, node: entry.node });
        types.add(entry.type);
      }
    }
    if (found.length > 0) evidenceByEntity.set(entity, { evidence: found, types: sortedTypes(types) });
  }
  for (const emitter of untyped) {
    const known = evidenceByEntity.get(emitter.entity);
    if (known === undefined) continue;
    const name = emitter.path.filter((segment) => segment !== '[]').at(-1) ?? 'id';
    emitterEnds.push({
      tool: emitter.tool,
      field: { path: emitter.path, name, entity: emitter.entity, many: emitter.many, types: [], required: true },
      suspects: known.types,
      node: emitter.node,
      label: formatPath(emitter.path),
      type: 'unknown',
      evidence: known.evidence,
    });
  }

  // An id printed into prose reaches the agent as digits or words with no JSON type: what the agent copies is most
  // likely what the code holds, so the chains that type would break are suspect, never green. A tool that also emits
  // the entity's ids as JSON is read by those.
  // JSON in the text, or `structuredContent` under an output schema the tool publishes, is what a client hands the
  // model; `structuredContent` with no output schema may never reach it, so the text's printed ids still count.
  const jsonEntities = new Set(
    tools.flatMap((facts) =>
      facts.emitted
        .filter((id) => id.channel !== 'structuredContent' || facts.tool.output !== undefined)
        .map((id) => `${facts.tool.name}\u0000${id.entity}`),
    ),
  );
  for (const emitter of printed) {
    if (!acceptedEntities.has(emitter.entity) || jsonEntities.has(`${emitter.tool}\u0000${emitter.entity}`)) continue;
    const name = emitter.path.at(-1) ?? 'id';
    const label = formatPath(emitter.path);
    emitterEnds.push({
      tool: emitter.tool,
      field: { path: emitter.path, name, entity: emitter.entity, many: emitter.many, types: [], required: true },
      suspects: emitter.types,
      node: emitter.node,
      label,
      type: 'prose',
      evidence: [
        {
          kind: 'printed',
          text:
            emitter.digitsFrom === undefined
              ? `\`${shortText(emitter.node)}\` (${typeLabel(emitter.types)}) printed into the text the agent reads`
              : `\`${shortText(emitter.node)}\` (a string of digits) printed into the text the agent reads, read as a number`,
          tool: emitter.tool,
          field: label,
          node: emitter.node,
        },
        ...(emitter.digitsFrom === undefined
          ? []
          : [
              {
                kind: 'printed' as const,
                text: `\`${shortText(emitter.digitsFrom)}\` writes a number's digits into it`,
                tool: emitter.tool,
                field: label,
                node: emitter.digitsFrom,
              },
            ]),
      ],
    });
  }

  // An API call whose answer the code leaves untyped, in a tool that emits what it cannot type: the API's OpenAPI
  // document (the project's own, or one the user names) types that answer, and its ids are the tool's, suspect.
  const referenced = new Set(emitterEnds.map((end) => `${end.tool}\u0000${formatPath(end.field.path)}`));
  const given = options.apiReferences;
  let references: readonly ApiReference[] | undefined = typeof given === 'function' ? undefined : given;
  for (const facts of tools) {
    const { tool } = facts;
    if (facts.emits !== 'unknown' || tool.handler === undefined) continue;
    const calls = untypedApiCallsOf(tool.handler, checker, resolver, (type) => emitterReader.isOpaque(type));
    if (calls.length === 0) continue;
    references ??= typeof given === 'function' ? given() : [];
    for (const call of calls)
      for (const reference of references) {
        const operation = matchOperation(reference, call.method, call.segments);
        if (operation === undefined) continue;
        for (const leaf of responseLeaves(reference, operation.response)) {
          const named = idFieldAt(leaf.path, tool.name, { naming, side: 'output' });
          const id = named === undefined ? undefined : owned(named, tool.name);
          const label = formatPath(leaf.path);
          if (id === undefined || !acceptedEntities.has(id.entity) || referenced.has(`${tool.name}\u0000${label}`))
            continue;
          referenced.add(`${tool.name}\u0000${label}`);
          emitterEnds.push({
            tool: tool.name,
            field: { path: leaf.path, name: id.name, entity: id.entity, many: id.many, types: [], required: true },
            suspects: leaf.types,
            suspectedBy: "the API's document",
            node: call.node,
            label,
            type: 'unknown',
            evidence: [
              {
                kind: 'api-reference',
                text: `${reference.file} types \`${label}\` of ${operation.method} ${operation.path} ${typeLabel(leaf.types)}; the code calls ${call.text} untyped`,
                tool: tool.name,
                field: label,
                node: call.node,
              },
            ],
          });
        }
      }
  }

  // The casts of the tests that contradict an emitter's declared type: the same id by entity and name (`String(todo.id)`
  // speaks of `todos[].id`, not of a `todo_id` a tool echoes), cast from another type than the one declared.
  const contradictingCasts = (end: ChainSide): CastEvidence[] =>
    (casts.get(end.field.entity) ?? []).filter(
      (entry) => entry.name === end.field.name && !declares(end.field.types, entry.type),
    );

  // A typed emitter whose ids the project's own tests cast before passing them on (`String(todo.id)` of a `string`):
  // the tests saw another type arrive than the code declares, so its chains that only the declared type keeps are suspect.
  emitterEnds.forEach((end, index) => {
    if (end.evidence !== undefined || !acceptedEntities.has(end.field.entity)) return;
    const seen = contradictingCasts(end);
    if (seen.length === 0) return;
    emitterEnds[index] = {
      ...end,
      suspects: sortedTypes(new Set(seen.map((entry) => entry.type))),
      evidence: seen.map((entry) => castEvidenceOf(entry)),
    };
  });

  // Ids declared by hand in one file, where the tests contradict one of them: that file's declarations of ids are not
  // what the API sends, so the others it declares the same way are suspect too, on the same evidence.
  const contradicted = new Map<string, { type: JsonType; evidence: ChainEvidence }[]>();
  for (const end of emitterEnds) {
    if (end.declaredIn === undefined || end.field.types.length === 0) continue;
    const against = contradictingCasts(end);
    if (against.length === 0) continue;
    const file = path.relative(project.root, end.declaredIn).split(path.sep).join('/');
    const seen = contradicted.get(end.declaredIn) ?? [];
    for (const entry of against)
      seen.push({
        type: entry.type,
        evidence: {
          ...castEvidenceOf(entry),
          kind: 'declared-beside',
          text: `${entry.text} contradicts \`${end.field.name}\`, declared in ${file}`,
        },
      });
    contradicted.set(end.declaredIn, seen);
  }
  // An id whose records declare their own id the same way elsewhere (another file, a parsed schema, a client's
  // types), where no test contradicts that declaration, is corroborated: a cast of another entity beside it does not
  // outweigh it. Only a record's own `id` speaks for its entity (an input echoed back is no second source).
  const corroborated = (end: ChainSide): boolean =>
    emitterEnds.some(
      (other) =>
        other.field.entity === end.field.entity &&
        other.field.name === 'id' &&
        other.declaredIn !== end.declaredIn &&
        other.evidence === undefined &&
        other.field.types.length > 0 &&
        end.field.types.every((type) => declares(other.field.types, type)) &&
        (other.declaredIn === undefined || !contradicted.has(other.declaredIn)) &&
        contradictingCasts(other).length === 0,
    );
  const corroboratedEnds = new Set(emitterEnds.filter((end) => end.declaredIn !== undefined && corroborated(end)));
  emitterEnds.forEach((end, index) => {
    if (end.evidence !== undefined || end.declaredIn === undefined || !acceptedEntities.has(end.field.entity)) return;
    if (corroboratedEnds.has(end)) return;
    const against = (contradicted.get(end.declaredIn) ?? []).filter((entry) => !declares(end.field.types, entry.type));
    if (against.length === 0) return;
    const evidence = new Map(
      against.map((entry) => [`${entry.evidence.text}\u0000${entry.evidence.node.pos}`, entry.evidence]),
    );
    // A few casts make the case; every id declared beside them would otherwise repeat all of them.
    const shown = [...evidence.values()]
      .sort(
        (a, b) =>
          a.node.getSourceFile().fileName.localeCompare(b.node.getSourceFile().fileName) || a.node.pos - b.node.pos,
      )
      .slice(0, MAX_BESIDE_EVIDENCE);
    emitterEnds[index] = {
      ...end,
      suspects: sortedTypes(new Set(against.map((entry) => entry.type))),
      evidence: shown,
    };
  });

  const reconciled =
    options.published === undefined ? undefined : reconcilePublished(options.published, tools, acceptorEnds, naming);
  if (reconciled !== undefined) {
    acceptorEnds.splice(0, acceptorEnds.length, ...reconciled.acceptorEnds);
    emitterEnds.push(...reconciled.emitterEnds);
    for (const end of acceptorEnds) acceptedEntities.add(end.field.entity);
  }

  const matrix = chainMatrix(emitterEnds, acceptorEnds, toolFamiliesOf(naming));
  // An untyped emitter is in the matrix for its evidence alone: its chains count only when the evidence makes them suspect.
  const chains = matrix.chains.filter(
    (chain) => chain.from.field.types.length > 0 || chain.from.evidence === undefined || chain.verdict === 'suspect',
  );
  const emittedCount =
    tools.reduce((sum, facts) => sum + facts.emitted.length, 0) + (reconciled?.emitterEnds.length ?? 0);
  const tally = chainMatrixSummary(emittedCount, acceptorEnds.length, chains);
  const typedEntities = new Set(
    emitterEnds
      .filter((end) => end.field.types.length > 0 || end.evidence === undefined || end.type === 'prose')
      .map((end) => end.field.entity),
  );
  return {
    surface,
    tools,
    emitterEnds,
    acceptorEnds,
    chains,
    tally,
    dispatchSites,
    knownEmitters,
    acceptedEntities,
    typedEntities,
    printedEntities: printedEntitiesOf(printed),
    printedEmitters: new Set(
      emitterEnds.filter((end) => end.type === 'prose').map((end) => `${end.tool}\u0000${end.label}`),
    ).size,
    ...(reconciled === undefined ? {} : { published: reconciled.reading }),
  };
}

/** Each entity ids are printed of, with every type the code gives them. */
function printedEntitiesOf(printed: readonly PrintedEmitter[]): Map<string, JsonType[]> {
  const types = new Map<string, Set<JsonType>>();
  for (const emitter of printed) {
    const seen = types.get(emitter.entity) ?? new Set<JsonType>();
    for (const type of emitter.types) seen.add(type);
    types.set(emitter.entity, seen);
  }
  return new Map([...types].map(([entity, seen]) => [entity, sortedTypes(seen)]));
}

/** A cast in a test, as the evidence of a chain: no acceptor says it, the test does. */
/** How many of the casts that contradict a file's declarations an id declared beside them carries as evidence. */
const MAX_BESIDE_EVIDENCE = 3;

function castEvidenceOf(entry: IdEvidence): ChainEvidence {
  return { kind: entry.kind, text: entry.text, tool: '', field: '', node: entry.node };
}

/** True when declared JSON types include what the evidence saw (an integer is a number). */
function declares(types: readonly JsonType[], seen: JsonType): boolean {
  return types.includes(seen) || (seen === 'number' && types.includes('integer'));
}

/** The acceptor type of an acceptor end (`unknown` for an emitter). */
export function acceptorTypeOf(side: ChainSide): AcceptorType {
  if (side.acceptor !== undefined) return side.acceptor.type;
  return side.published === undefined ? 'unknown' : publishedAcceptorType(side.field.types, side.tolerates ?? []);
}
