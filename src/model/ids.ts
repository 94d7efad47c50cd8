/**
 * Which names are ids, and which entity an id names.
 *
 * This is the one place that decides it: the literal-consumer kit, the lint rules, the codemods, the audit and the
 * contract tools all ask this module, so `ticketId`, `ticket_id`, `ticket.id`, `tickets[].id` and a `get_ticket`
 * tool's `id` name the same "ticket" everywhere.
 */

/** One step of a path into a JSON value or a schema: a property name, or `[]` for "any element of an array". */
export type PathSegment = string;

export const ARRAY_ITEM: PathSegment = '[]';

/** An id-named field found at a path, with the entity it names. */
export interface IdField {
  readonly path: readonly PathSegment[];
  /** The field's own name: `ticketId`, `id`, `ticket_ids`. */
  readonly name: string;
  /** The entity the id names, lower-case kebab: `ticket`, `merge-request`, `merge-request#iid`. */
  readonly entity: string;
  /** True when the field holds a list of ids (`ticketIds: [...]`). */
  readonly many: boolean;
}

const ID_WORDS = new Set(['id', 'ids', 'iid', 'iids']);

/**
 * Words that say which role an id plays, not which entity it names: `parentTicketId` names a ticket.
 * Kept short on purpose; a role word that is also an entity somewhere (`owner`, `author`) stays.
 */
const ROLE_WORDS = new Set([
  'parent', 'child', 'source', 'target', 'new', 'old', 'original', 'related', 'linked', 'base', 'head',
  'primary', 'current', 'previous', 'next', 'default', 'existing', 'selected', 'root', 'last', 'first',
  'assigned', 'author', 'owner', 'creator', 'requester', 'reporter',
]);

/** Keys that wrap a value without saying what it is; `{ data: { id } }` is named by what is around `data`. */
const CONTAINER_KEYS = new Set([
  'data', 'result', 'results', 'item', 'items', 'record', 'records', 'node', 'nodes', 'edges', 'value', 'values',
  'entry', 'entries', 'payload', 'response', 'content', 'structuredcontent', 'body', 'attributes', 'fields', 'list',
  'rows', 'row', 'page', 'object', 'objects', 'output', 'input', 'args', 'arguments', 'params',
]);

/** Leading words of a tool name that are verbs, not the entity it works on: `get_ticket_context` works on a ticket. */
const TOOL_VERBS = new Set([
  'get', 'list', 'create', 'update', 'delete', 'remove', 'add', 'search', 'find', 'fetch', 'read', 'write', 'set',
  'draft', 'assign', 'unassign', 'close', 'open', 'reopen', 'edit', 'patch', 'put', 'post', 'make', 'run', 'start',
  'stop', 'cancel', 'show', 'describe', 'query', 'lookup', 'retrieve', 'upsert', 'archive', 'unarchive', 'move',
  'link', 'unlink', 'merge', 'approve', 'reject', 'submit', 'send', 'mark', 'toggle', 'enable', 'disable', 'view',
  'load', 'save', 'check', 'poll', 'resolve', 'complete', 'count', 'download', 'upload', 'export', 'import', 'my',
]);

/** Splits `ticketID`, `ticket_id`, `Ticket-Ids`, `mergeRequestIid` into lower-case words. */
export function splitWords(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.$]+/)
    .filter((word) => word.length > 0)
    .map((word) => word.toLowerCase());
}

/** `tickets` -> `ticket`, `replies` -> `reply`, `addresses` -> `address`; leaves `status` and `series` alone. */
export function singularize(word: string): string {
  if (word.length <= 3) return word;
  if (/(?:ss|us|is|series|news|data)$/.test(word)) return word;
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:sses|xes|ches|shes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

function isIdWords(words: readonly string[]): boolean {
  const last = words.at(-1);
  return last !== undefined && ID_WORDS.has(last);
}

/** Names repeat across a code base; lint rules ask for every property key, so answers are kept (bounded). */
const idNameCache = new Map<string, boolean>();

/** True for `id`, `ID`, `_id`, `ticketId`, `ticket_id`, `ticketID`, `ticketIds`, `project_iid`; false for `valid`, `paid`, `uuid`. */
export function isIdName(name: string): boolean {
  let known = idNameCache.get(name);
  if (known === undefined) {
    known = isIdWords(splitWords(name));
    if (idNameCache.size >= 10_000) idNameCache.clear();
    idNameCache.set(name, known);
  }
  return known;
}

function entityFromWords(words: readonly string[]): string | undefined {
  const nouns = [...words];
  while (nouns.length > 1 && ROLE_WORDS.has(nouns[0] ?? '')) nouns.shift();
  if (nouns.length === 0) return undefined;
  const last = nouns.length - 1;
  nouns[last] = singularize(nouns[last] ?? '');
  return nouns.join('-');
}

/** The entity a tool works on, from its name: `get_ticket_context` -> `ticket`, `list_tickets` -> `ticket`. */
export function entityOfToolName(toolName: string): string | undefined {
  const words = splitWords(toolName);
  while (words.length > 1 && TOOL_VERBS.has(words[0] ?? '')) words.shift();
  const first = words[0];
  if (first === undefined || TOOL_VERBS.has(first)) return undefined;
  return singularize(first);
}

/**
 * The id field at `path`, or undefined when the last property name on it is not an id.
 * `toolName` names the entity of a bare top-level `id` (a `get_ticket` tool's `id` is a ticket id).
 */
export function idFieldAt(path: readonly PathSegment[], toolName?: string): IdField | undefined {
  let nameIndex = path.length - 1;
  while (nameIndex >= 0 && path[nameIndex] === ARRAY_ITEM) nameIndex -= 1;
  const name = path[nameIndex];
  if (name === undefined) return undefined;
  const words = splitWords(name);
  if (!isIdWords(words)) return undefined;
  const idWord = words.at(-1) ?? 'id';
  const many = idWord.endsWith('s') || nameIndex < path.length - 1;
  const suffix = idWord.startsWith('iid') ? '#iid' : '';
  const prefix = words.slice(0, -1);
  let entity = prefix.length > 0 ? entityFromWords(prefix) : undefined;
  if (entity === undefined) {
    for (let index = nameIndex - 1; index >= 0 && entity === undefined; index -= 1) {
      const key = path[index];
      if (key === undefined || key === ARRAY_ITEM || CONTAINER_KEYS.has(key.toLowerCase())) continue;
      entity = entityFromWords(splitWords(key));
    }
  }
  entity ??= toolName === undefined ? undefined : entityOfToolName(toolName);
  if (entity === undefined) return undefined;
  return { path: [...path], name, entity: `${entity}${suffix}`, many };
}

/** `['tickets', '[]', 'id']` -> `tickets[].id`, the form reports print. */
export function formatPath(path: readonly PathSegment[]): string {
  let text = '';
  for (const segment of path) {
    if (segment === ARRAY_ITEM) text += '[]';
    else text += text.length === 0 ? segment : `.${segment}`;
  }
  return text;
}
