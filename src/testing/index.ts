export { connectHttp, connectInMemory, connectStdio, ServerStartError } from '../transport/connect.ts';
export type { ConnectableServer, Connection, HttpServerEndpoint, StdioServerCommand } from '../transport/connect.ts';
export { CHAIN_VERDICT_MEANING } from '../model/chain-matrix.ts';
export type { ChainMatrixSummary, ChainVerdict } from '../model/chain-matrix.ts';
export { CLIENT_PROFILE_NAMES, CLIENT_PROFILES } from '../model/client-profiles.ts';
export type { ClientEvidence, ClientProfile, ClientProfileName } from '../model/client-profiles.ts';
export { runLiteralConsumer } from './literal-consumer.ts';
export type {
  Acceptor,
  ChainReport,
  ChainResult,
  ChainStatus,
  Emitter,
  HarvestCall,
  LiteralConsumerOptions,
  ProfileChainReport,
} from './literal-consumer.ts';
export { formatChainReport, formatTally } from './report.ts';
export { toolsListWire } from './wire.ts';
export type { FormatOptions } from './report.ts';
export { exampleForSchema, sampleArguments } from './samples.ts';
export type { ConsumerSamples } from './samples.ts';
