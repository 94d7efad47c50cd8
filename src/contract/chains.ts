import { chainMatrix, type ChainEnd, type ChainMatrix } from '../model/chain-matrix.ts';
import { idFieldsOfJsonSchema } from '../model/id-fields.ts';
import { toolNamingOf } from '../model/ids.ts';
import type { McpContract } from './contract-types.ts';

export interface ContractChainMatrix extends ChainMatrix {
  readonly tools: number;
  /** Tools without an outputSchema: what they emit is invisible to a contract-only check. */
  readonly toolsWithoutOutputSchema: readonly string[];
}

/**
 * The chain matrix of a contract: every id field of every outputSchema against every id field of every inputSchema
 * that names the same entity. It needs nothing but the contract, so it checks servers written in any language.
 */
export function contractChainMatrix(contract: McpContract): ContractChainMatrix {
  const emitters: ChainEnd[] = [];
  const acceptors: ChainEnd[] = [];
  const withoutOutput: string[] = [];
  const naming = toolNamingOf(contract.tools.map((tool) => tool.name));
  for (const tool of contract.tools) {
    for (const field of idFieldsOfJsonSchema(tool.inputSchema, tool.name, { naming, side: 'input' }))
      acceptors.push({ tool: tool.name, field });
    if (tool.outputSchema === undefined) withoutOutput.push(tool.name);
    else
      for (const field of idFieldsOfJsonSchema(tool.outputSchema, tool.name, { naming, side: 'output' }))
        emitters.push({ tool: tool.name, field });
  }
  return { ...chainMatrix(emitters, acceptors), tools: contract.tools.length, toolsWithoutOutputSchema: withoutOutput };
}
