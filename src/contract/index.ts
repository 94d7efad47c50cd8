export { ACCEPTANCE_UNKNOWN } from './acceptance.ts';
export { contractChainMatrix } from './chains.ts';
export type { ContractChainMatrix } from './chains.ts';
export { CLIENTS, COMPATIBILITY_RULES, compatibilityFindings, fixFor } from './compatibility.ts';
export type { ClientId, CompatibilityFinding, CompatibilityRuleId } from './compatibility.ts';
export {
  assertContract,
  CONTRACT_FILE_SCHEMA,
  CONTRACT_FORMAT,
  CONTRACT_FORMAT_VERSION,
  ContractFileError,
  parseContract,
  readContractFile,
  serializeContract,
  writeContractFile,
} from './contract-file.ts';
export type {
  ContractRuntime,
  ContractTool,
  FieldAcceptance,
  JsonObject,
  JsonValue,
  McpContract,
} from './contract-file.ts';
export { DIFF_RULES, diffContracts, diffFails, LEVELS } from './diff.ts';
export type { ChangeLevel, ContractChange, ContractDiff, DiffRuleId } from './diff.ts';
export { formatChainMatrix, formatDiff, formatDiffSummary, formatFindings } from './format.ts';
export type { TextOptions } from './format.ts';
export { canonicalJson, dialectName, normaliseSchema } from './normalise.ts';
export type { NormalisedSchema } from './normalise.ts';
export { runtimeFromReport } from './runtime-probe.ts';
export {
  contractFromToolsList,
  contractTool,
  describeSource,
  listToolsRaw,
  snapshotServer,
  SnapshotError,
} from './snapshot.ts';
export type { ContractMeta, ServerSource, Snapshot, SnapshotOptions, SnapshotTimings } from './snapshot.ts';
