/** The MCP tool name format (SEP-986, specification 2025-11-25): 1 to 128 of these characters. */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
const TOOL_NAME_CHARACTER = /[A-Za-z0-9_.-]/;

/** What is wrong with a tool name, or undefined when it follows the MCP tool name format. */
export function toolNameProblem(name: string): string | undefined {
  if (TOOL_NAME.test(name)) return undefined;
  if (name.length === 0) return 'it is empty';
  if (name.length > 128) return `it has ${name.length} characters, at most 128 are allowed`;
  const others = [...new Set([...name].filter((character) => !TOOL_NAME_CHARACTER.test(character)))];
  const shown = others.slice(0, 5).map((character) => JSON.stringify(character));
  return `it holds ${shown.join(', ')}${others.length > 5 ? ` and ${others.length - 5} more` : ''}, outside A-Z, a-z, 0-9, _, - and .`;
}
