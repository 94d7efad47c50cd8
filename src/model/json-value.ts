/** A JSON object (not an array, not null): what a parsed document's or a schema's object parts are read as. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
