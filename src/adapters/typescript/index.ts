/**
 * The face of the TypeScript adapter: the one module outside code imports it by. `readProject` owns a whole program
 * and answers the audit in plain facts placed as spans; the per-file and per-program reads below serve the editor
 * plugin, typed lint and the codemods.
 */
export { castSitesOf, type CastSite } from './defensive-casts.ts';
export {
  readProject,
  type ProjectReading,
  type ReadAcceptor,
  type ReadChain,
  type ReadEmitter,
  type ReadPhase,
  type ReadProjectOptions,
  type ReadTool,
} from './read-project.ts';
export type { ToolFindingFact } from './tool-finding-facts.ts';
export { loadProject, ProjectError, relativeTo, type AuditProject } from './load-project.ts';
export type { AcceptorType } from './acceptors.ts';
export { ConfigError, loadAuditConfig, type AuditConfig } from './agent-contract-config.ts';
export type { SiteVia, ToolStyle } from './discover-tools.ts';
export type { EmitChannel } from './emitters.ts';
export type { EvidenceKind } from './id-evidence.ts';
export type { PublishedReading } from './project-chains.ts';

// Typed lint: the program typescript-eslint hands the rules, read once per program.
export { fileToolShapesOf, programChainsOf, type FileToolShapes } from './program-tools.ts';
export type { AcceptorGuard } from './acceptor-guard.ts';
export {
  emitterName,
  nameList,
  type ChainFinding,
  type FindingEnd,
  type FindingOtherEnd,
  type FindingSpan,
  type ProgramChains,
} from './chain-findings.ts';
export { sortedTypes } from './project-chains.ts';

// Codemods: each reads one file (with the program's discovery handed in) and answers with text edits and notes.
export { dispositionScaffoldOf, type DispositionScaffoldOptions } from './disposition-scaffold.ts';
export { UNREAD_MESSAGE } from './disposition-entry.ts';
export type { EditNote, FileEdits } from './file-edits.ts';
export type { TextEdit } from './guard-edit.ts';
export { guardIdEditsOf, type GuardIdReadOptions } from './guard-id-edits.ts';
export { importExtensionOf } from './import-extension.ts';
export { SourceParseError } from './parse-file.ts';
export { projectSchemaUses, type ProjectFiles, type ProjectSchemaUses, type SchemaUse } from './schema-uses.ts';
export type { TypedShapes } from './shapes-from-typescript.ts';
export { toolInputsOfProgram, type ProgramToolInputs } from './tool-inputs.ts';
export { typedShapesByFile, type ToolInputSite } from './tool-surface.ts';
export { TypedFiles } from './typed-files.ts';

// The editor plugin: one reading per program, and the places and edits of one file.
export { EditorReader, type EditorFix, type EditorReading, type PlacedFieldFinding } from './editor-reads.ts';
