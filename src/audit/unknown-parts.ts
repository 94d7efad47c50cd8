import type { AuditReport, AuditTool, SourceLocation } from './audit.ts';

/**
 * The tools that emit unknown types, each with the parts of its result the types leave unknown and where the code
 * leaves them: what the text report and the pull-request summary list under the same words.
 */

export interface UnknownTool {
  readonly tool: string;
  /** The unknown parts (`raw`, `results[].filters`); empty when the whole result is unknown. */
  readonly parts: readonly string[];
  readonly at: SourceLocation;
}

/** How many such tools a report lists before it counts the rest (the text's `--all` lists every one). */
export const UNKNOWN_TOOLS_SHOWN = 12;

/** How many unknown parts of one tool's result are named before the rest are counted. */
const PARTS_SHOWN = 3;

/** What to do about them, the same sentence wherever they are listed. */
export const UNKNOWN_NEXT_STEP =
  "give these values a type (the API client's answer, a field typed unknown), or, where they are an API's answers, name its OpenAPI document: --openapi <file-or-url>, or audit.openapi in agent-contract.config.json";

export function unknownToolsOf(report: AuditReport): UnknownTool[] {
  return report.tools
    .filter((tool) => tool.emits === 'unknown')
    .map((tool) => {
      const parts = report.unknownEmitters.filter((entry) => entry.tool === tool.name);
      const whole = parts.find((entry) => entry.path === '');
      // The whole result unknown says it all.
      if (whole !== undefined || parts.length === 0) return { tool: tool.name, parts: [], at: whole ?? tool };
      return { tool: tool.name, parts: parts.map((part) => part.path), at: parts[0] ?? tool };
    });
}

/** `raw`, `query, filters, result and 1 more`, or `(the whole result)`. */
export function partsText(parts: readonly string[]): string {
  if (parts.length === 0) return '(the whole result)';
  const more = parts.length - PARTS_SHOWN;
  return `${parts.slice(0, PARTS_SHOWN).join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

/**
 * The tools whose handler the reading did not find and whose emitted types it found no other way (a definition's
 * serializer, a dispatch by name): nothing of what they emit is known.
 */
export function handlerlessToolsOf(report: AuditReport): AuditTool[] {
  return report.tools.filter((tool) => tool.handler === undefined && tool.emits === 'none');
}

/** What to do about them, the same sentence wherever they are listed. */
export const HANDLERLESS_NEXT_STEP =
  'write each handler as a function, or a const holding one, that the registration names or hands to the wrapper it calls';
