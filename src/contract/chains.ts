import { chainMatrix, type ChainEnd, type ChainMatrix } from '../model/chain-matrix.ts';
import { idFieldsOfJsonSchema, toolNamingOfSchemas, type SchemaIdField } from '../model/id-fields.ts';
import { ARRAY_ITEM, formatPath, type PathSegment } from '../model/ids.ts';
import { toleratedTypes } from '../model/published-surface.ts';
import { isWideIntegerJsonSchema, wideIdMessage } from '../model/wide-ids.ts';
import { toolFamiliesOf } from '../model/tool-families.ts';
import { acceptanceOf } from './acceptance.ts';
import type { McpContract } from './contract-types.ts';

export interface ContractChainMatrix extends ChainMatrix {
  readonly tools: number;
  /** Tools without an outputSchema: what they emit is invisible to a contract-only check. */
  readonly toolsWithoutOutputSchema: readonly string[];
  /** `recorded` when the contract says what the inputs accept at run time; `unknown` when it does not (format 1, `--no-probe`, `--url`). */
  readonly acceptance: 'recorded' | 'unknown';
  /**
   * Id fields published as 64-bit integers (`"format": "int64"`, bounds past 2^53): whatever their chains' types, ids
   * beyond 2^53 reach the next tool as another number. Present when there is one.
   */
  readonly wideIds?: readonly WideIdField[];
}

export interface WideIdField {
  readonly tool: string;
  readonly field: string;
  readonly side: 'input' | 'output';
  /** The finding and its fix, in the words the audit gives it. */
  readonly message: string;
}

type JsonSchema = Record<string, unknown>;

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

/** The schemas of the value at `path`, through every anyOf/oneOf/allOf branch on the way. */
function schemasAt(schema: unknown, path: readonly PathSegment[]): JsonSchema[] {
  const node = asSchema(schema);
  if (node === undefined) return [];
  const branches = [node];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const members = node[key];
    if (Array.isArray(members)) for (const member of members) branches.push(...schemasAt(member, []));
  }
  const [head, ...rest] = path;
  if (head === undefined) return branches;
  return branches.flatMap((branch) =>
    schemasAt(head === ARRAY_ITEM ? branch['items'] : asSchema(branch['properties'])?.[head], rest),
  );
}

/**
 * An emitted list of ids (`ticketIds: integer[]`) named by its items, `ticketIds[]`: the path the audit and the
 * literal consumer give the values it emits, so the same chain reads the same in every view.
 */
function emittedField(outputSchema: unknown, field: SchemaIdField): SchemaIdField {
  if (field.path.at(-1) === ARRAY_ITEM) return field;
  const isList = schemasAt(outputSchema, field.path).some((schema) => {
    const type = schema['type'];
    return (
      (type === 'array' || (Array.isArray(type) && type.includes('array'))) && asSchema(schema['items']) !== undefined
    );
  });
  return isList ? { ...field, path: [...field.path, ARRAY_ITEM] } : field;
}

/**
 * The chain matrix of a contract: every id field of every outputSchema against every id field of every inputSchema
 * that names the same entity. It needs nothing but the contract, so it checks servers written in any language. Where
 * the contract records what an input accepts at run time, a type it takes without publishing it (a guarded id takes
 * 47 and publishes string) is what the matrix calls `tolerates`, as the audit does with the guard it reads in source.
 */
export function contractChainMatrix(contract: McpContract): ContractChainMatrix {
  const emitters: ChainEnd[] = [];
  const acceptors: ChainEnd[] = [];
  const withoutOutput: string[] = [];
  const naming = toolNamingOfSchemas(contract.tools);
  const wideIds: WideIdField[] = [];
  const checkWidth = (tool: string, schema: unknown, field: SchemaIdField, side: 'input' | 'output') => {
    const wide = schemasAt(schema, field.path).find(isWideIntegerJsonSchema);
    const path = formatPath(field.path);
    if (wide !== undefined)
      wideIds.push({ tool, field: path, side, message: wideIdMessage(path, tool, JSON.stringify(wide), side) });
  };
  for (const tool of contract.tools) {
    for (const field of idFieldsOfJsonSchema(tool.inputSchema, tool.name, { naming, side: 'input', keys: true })) {
      checkWidth(tool.name, tool.inputSchema, field, 'input');
      const tolerates = toleratedTypes(acceptanceOf(contract, tool.name, formatPath(field.path)), field.types);
      acceptors.push({ tool: tool.name, field, ...(tolerates.length > 0 ? { tolerates } : {}) });
    }
    if (tool.outputSchema === undefined) withoutOutput.push(tool.name);
    else
      for (const field of idFieldsOfJsonSchema(tool.outputSchema, tool.name, { naming, side: 'output', keys: true })) {
        checkWidth(tool.name, tool.outputSchema, field, 'output');
        emitters.push({ tool: tool.name, field: emittedField(tool.outputSchema, field) });
      }
  }
  return {
    ...chainMatrix(emitters, acceptors, toolFamiliesOf(naming)),
    tools: contract.tools.length,
    toolsWithoutOutputSchema: withoutOutput,
    acceptance: contract.acceptance === undefined ? 'unknown' : 'recorded',
    ...(wideIds.length > 0 ? { wideIds } : {}),
  };
}
