import { isToolVerb, splitWords, type ToolNaming } from './ids.ts';

/**
 * The families of a server's tools: the system each tool works on, where one server wraps several
 * (`TELEGRAM_DELETE_MESSAGE` and `DISCORD_GET_MESSAGES` work on Telegram and Discord). An id is issued by one system,
 * so a message id one family's tools give out is not the one another family's tools take.
 *
 * A family word is the first word of a tool's name, before a verb and its object (`telegram` of
 * `TELEGRAM_DELETE_MESSAGE`); never a verb, nor a word of an entity the server's id fields name. A word after a verb
 * (`attendance` of `get_attendance_tickets`) qualifies a record as often as it names a system, so it makes no family.
 * A server has families only when two such words or more each name two tools or more: one shared word is the
 * server's own name, not a family.
 */
export function toolFamiliesOf(naming: ToolNaming): ReadonlyMap<string, string> {
  const entityWords = new Set([...naming.entities].flatMap((entity) => entity.split('-')));
  const candidate = (word: string | undefined): word is string =>
    word !== undefined && word.length > 1 && !isToolVerb(word) && !entityWords.has(word);
  const placeOf = (words: readonly string[]): string | undefined => {
    const [first, second, third] = words;
    return candidate(first) && second !== undefined && isToolVerb(second) && third !== undefined ? first : undefined;
  };
  const counts = new Map<string, number>();
  for (const tool of naming.tools) {
    const word = placeOf(splitWords(tool));
    if (word !== undefined) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  const families = new Map<string, string>();
  if ([...counts.values()].filter((count) => count >= 2).length < 2) return families;
  // Among families, a word in that place of one tool's name names its system too, and so does a system's word after
  // a first verb (`SEND_TELEGRAM_PHOTO`).
  const words = new Set(counts.keys());
  for (const tool of naming.tools) {
    const [first, second] = splitWords(tool);
    const family =
      first !== undefined && words.has(first)
        ? first
        : first !== undefined && isToolVerb(first) && second !== undefined && words.has(second)
          ? second
          : undefined;
    if (family !== undefined) families.set(tool, family);
  }
  return families;
}
