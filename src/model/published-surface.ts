import { idFieldsOfJsonSchema, toolNamingOfSchemas, type JsonType, type SchemaIdField } from './id-fields.ts';
import { formatPath } from './ids.ts';

/**
 * What a server publishes in `tools/list`, as a contract file or a live snapshot records it: the ground truth of what
 * an agent sees and sends. The audit reads a server's acceptors from here when it has it, and uses the source only to
 * place them; a tool list built by any helper, loop, class or JSON Schema literal is then read exactly.
 */

export interface PublishedTool {
  readonly name: string;
  readonly inputSchema: unknown;
  readonly outputSchema?: unknown;
}

/** What one input id field's run-time validation did with a positive integer and with its decimal string. */
export interface PublishedAcceptance {
  readonly tool: string;
  /** As reports print it: `ticketId`, `tickets[].id`. */
  readonly field: string;
  readonly number?: boolean;
  readonly string?: boolean;
}

export interface PublishedSurface {
  /** Where it came from, as messages name it: the contract file, or the command that started the server. */
  readonly source: string;
  /** The contract file's absolute path, when the surface was read from one. */
  readonly file?: string;
  readonly tools: readonly PublishedTool[];
  /** Absent when run-time acceptance was not recorded (a snapshot with `--no-probe`, `--url`, an SDK without the probe). */
  readonly acceptance?: readonly PublishedAcceptance[];
}

/** An input id field as published, with what its validation lets through beyond what it publishes. */
export interface PublishedAcceptor {
  readonly tool: string;
  readonly field: SchemaIdField;
  /** `ticketId`, `filter.ticketId`, `items[].id`. */
  readonly label: string;
  readonly tolerates: readonly JsonType[];
  /** The recorded run-time acceptance of this field, when the surface has it. */
  readonly acceptance?: PublishedAcceptance;
}

/**
 * The JSON types a field's validation lets through beyond the ones it publishes: `number` when it took 47 but
 * publishes no number, `string` when it took "47" but publishes no string. What the chain matrix calls `tolerates`.
 */
export function toleratedTypes(entry: PublishedAcceptance | undefined, published: readonly JsonType[]): JsonType[] {
  if (entry === undefined || published.length === 0) return [];
  const tolerated: JsonType[] = [];
  if (entry.number === true && !published.includes('number') && !published.includes('integer'))
    tolerated.push('number');
  if (entry.string === true && !published.includes('string')) tolerated.push('string');
  return tolerated;
}

/** Every id field of every published input schema, named as the model names ids (`idFieldsOfJsonSchema`). */
export function publishedAcceptorsOf(surface: PublishedSurface): PublishedAcceptor[] {
  const naming = toolNamingOfSchemas(surface.tools);
  const acceptors: PublishedAcceptor[] = [];
  for (const tool of surface.tools) {
    for (const field of idFieldsOfJsonSchema(tool.inputSchema, tool.name, { naming, side: 'input', keys: true })) {
      const label = formatPath(field.path);
      const acceptance = surface.acceptance?.find((entry) => entry.tool === tool.name && entry.field === label);
      acceptors.push({
        tool: tool.name,
        field,
        label,
        tolerates: toleratedTypes(acceptance, field.types),
        ...(acceptance === undefined ? {} : { acceptance }),
      });
    }
  }
  return acceptors;
}
