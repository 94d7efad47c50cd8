/**
 * A long value from a server or a source file, cut for a report a person reads: a 10 MB description or a tool name of
 * thousands of characters would bury the report (and a CI log). The cut is marked with how much was left out; JSON
 * output keeps the exact value.
 */
export function cutText(text: string, max: number): string {
  if (text.length <= max) return text;
  // Never half a surrogate pair.
  const end = isHighSurrogate(text.charCodeAt(max - 1)) ? max - 1 : max;
  return `${text.slice(0, end)}... (${text.length - end} more characters)`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/** How much of a name (a tool, a field, a server) a text report shows: the 128 characters an MCP tool name may have. */
export const NAME_CHARS = 128;
/** How much of a message or a line quoted from a server a text report shows. */
export const MESSAGE_CHARS = 1_000;
