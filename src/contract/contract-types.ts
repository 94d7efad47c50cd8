/** The types a contract file is made of, shared by its reader, writer, normaliser, diff and compatibility checks. */
import type { CONTRACT_FORMAT } from './contract-file-schema.ts';

/** Any JSON value, as `JSON.parse` returns it. */
export type JsonValue = null | boolean | number | string | JsonValue[] | JsonObject;
export interface JsonObject {
  [key: string]: JsonValue;
}

/** One tool as the contract records it: normalised schemas, the rest as published. */
export interface ContractTool {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  /** The `$schema` each schema declared (`draft-07`, `2020-12`, or the URI when unknown); normalisation removes it from the schema. */
  readonly dialect?: { readonly input?: string; readonly output?: string };
  readonly inputSchema: JsonValue;
  readonly outputSchema?: JsonValue;
  readonly annotations?: JsonObject;
}

/**
 * The MCP SDK and Zod copies the server process loaded (`name@version`, zod as its version, with the subpath when the
 * server imported one such as `zod/v3`). `zod` lists the copies the server's own code imported, `sdkZod` the copies
 * the SDK imported; the SDK renders zod 4 schemas with its own copy, so both decide the published bytes.
 */
export interface ContractRuntime {
  readonly sdk: readonly string[];
  readonly zod: readonly string[];
  readonly sdkZod: readonly string[];
}

export interface McpContract {
  readonly format: typeof CONTRACT_FORMAT;
  readonly formatVersion: number;
  readonly server: { readonly name: string };
  /** Absent when it could not be detected (a server that is not a Node process, or one reached over HTTP). */
  readonly runtime?: ContractRuntime;
  readonly instructions?: string;
  /** Sorted by name. */
  readonly tools: readonly ContractTool[];
  /** Client compatibility findings on the schemas exactly as published (see compatibility.ts); not part of the diff. */
  readonly compatibility: readonly CompatibilityFinding[];
  /**
   * Format 2: what the server's validation accepts for each id field of each input schema, measured inside the server
   * (acceptance.ts). Absent when it could not be measured (`--no-probe`, `--url`, a server that is not Node on the MCP
   * SDK 1.x `McpServer`) and in format 1 files. Not part of the published schemas.
   */
  readonly acceptance?: readonly FieldAcceptance[];
}

/** What one input id field's run-time validation did with each value; a key is absent when the probe could not tell. */
export interface FieldAcceptance {
  readonly tool: string;
  /** As reports print it: `ticketId`, `tickets[].id`. */
  readonly field: string;
  /** Took the positive integer 47 (`[47]` for a list of ids). */
  readonly number?: boolean;
  /** Took its decimal string "47". */
  readonly string?: boolean;
  /**
   * A call without the field: `rejected`, `accepted`, or `coerced` (accepted only by turning the missing value into
   * the string "undefined", as zod 3's `z.coerce.string()` does).
   */
  readonly missing?: 'accepted' | 'rejected' | 'coerced';
}

/** One finding as a contract file records it; what to change is the rule's (COMPATIBILITY_RULES, `fixFor`). */
export interface CompatibilityFinding {
  readonly rule: string;
  readonly tool: string;
  /** JSON Pointers into the tool (`/inputSchema/properties/ticketId`), one per place the finding applies to. */
  readonly paths: readonly string[];
  readonly clients: readonly string[];
  readonly message: string;
}
