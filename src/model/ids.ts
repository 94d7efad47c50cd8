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
 * Words that say which role an id plays, not which entity it names: `parentTicketId` names a ticket. Before a noun
 * they are dropped; alone, each kind says something else.
 *
 * Kin: the id names the same kind of thing as what holds it (a commit's `parent_ids` are commits, a namespace's
 * `parent_id` is a namespace), so the holder names it.
 */
const KIN_WORDS = new Set([
  'parent',
  'child',
  'children',
  'root',
  'head',
  'original',
  'new',
  'old',
  'current',
  'default',
  'existing',
  'selected',
  'primary',
  'previous',
  'prev',
  'next',
  'last',
  'latest',
  'first',
  'start',
  'end',
  'min',
  'max',
]);

/** Endpoints of a relation: alone they name nothing (an event's `target_id` is no event, and says not what it is). */
const ENDPOINT_WORDS = new Set(['source', 'target', 'related', 'linked']);

/** People in a role: alone they stay the entity (`author_id` names an author), since no holder says who they are. */
const ACTOR_WORDS = new Set([
  'assigned',
  'assignee',
  'author',
  'owner',
  'creator',
  'requester',
  'reporter',
  'reviewer',
  'approver',
  'sender',
  'recipient',
]);

/** Before a noun a role (`baseCommitId` names a commit); alone an entity of its own (an Airtable or NocoDB base). */
const NOUN_ROLE_WORDS = new Set(['base']);

function isRoleWord(word: string): boolean {
  return KIN_WORDS.has(word) || ENDPOINT_WORDS.has(word) || ACTOR_WORDS.has(word) || NOUN_ROLE_WORDS.has(word);
}

/** Words between a noun and its id that say which form of the id it is: `storyPublicId` is a story's id. */
const ID_QUALIFIERS = new Set(['public', 'short', 'numeric', 'unique', 'display', 'specific', 'particular']);

/**
 * In a field name, what follows these names the entity: `duplicateFromItemId` names an item, `replyToCommentId` a
 * comment, `sharedWithEmployeeIds` employees, `createdByUserId` a user.
 */
const FIELD_PREPOSITIONS = new Set(['from', 'to', 'with', 'by']);

/**
 * A participle before a noun says which one, not what: `createdUserId`, `notifiedUserId`, `fixed_version_id` name
 * users and versions. Not before a preposition (`created_by_id`), and not `-eed` words (`feed`, `seed`).
 */
function isParticipleBefore(word: string, next: string | undefined): boolean {
  return isParticiple(word) && next !== undefined && !FIELD_PREPOSITIONS.has(next) && !PREPOSITIONS.has(next);
}

/** A past participle (`created`, `validated`), not an `-eed` word (`feed`, `seed`). */
function isParticiple(word: string): boolean {
  return /^[a-z]{2,}[^e]ed$/.test(word);
}

/**
 * True when a local that holds a record names nothing of it: a wrapper (`data`, `result`, `response`) or a participle
 * alone, named for what the code did to the record (`validated`, `parsed`, `fetched`). An id printed off it
 * (`${validated.id}`) is named by the tool, as a bare `id` is.
 */
export function isNamelessHolder(name: string): boolean {
  const words = splitWords(name);
  if (words.length !== 1) return false;
  const [word = ''] = words;
  return CONTAINER_KEYS.has(word) || isParticiple(word);
}

/** Keys that wrap a value without saying what it is; `{ data: { id } }` is named by what is around `data`. */
const CONTAINER_KEYS = new Set([
  'data',
  'result',
  'results',
  'item',
  'items',
  'record',
  'records',
  'node',
  'nodes',
  'edges',
  'value',
  'values',
  'entry',
  'entries',
  'payload',
  'raw',
  'response',
  'content',
  'structuredcontent',
  'body',
  'attributes',
  'fields',
  'list',
  'rows',
  'row',
  'page',
  'object',
  'objects',
  'output',
  'input',
  'args',
  'arguments',
  'params',
]);

/** The keys a GraphQL connection wraps its records in: in what a tool gives out only, since no connection wraps an input. */
const CONNECTION_KEYS = new Set(['node', 'nodes', 'edges']);

/** True for a key that wraps records without naming them: `data`, `items`; `nodes` in what a tool gives out. */
function isContainerKey(key: string, input: boolean): boolean {
  const lower = key.toLowerCase();
  return CONTAINER_KEYS.has(lower) && !(input && CONNECTION_KEYS.has(lower));
}

/** Words of a tool name that are verbs, not the entity it works on: `get_ticket_context` works on a ticket. */
const TOOL_VERBS = new Set([
  'get',
  'list',
  'create',
  'update',
  'delete',
  'remove',
  'add',
  'search',
  'find',
  'fetch',
  'read',
  'write',
  'set',
  'draft',
  'assign',
  'checkin',
  'checkout',
  'unassign',
  'close',
  'open',
  'reopen',
  'edit',
  'patch',
  'put',
  'post',
  'make',
  'run',
  'start',
  'stop',
  'cancel',
  'show',
  'describe',
  'query',
  'lookup',
  'retrieve',
  'upsert',
  'archive',
  'unarchive',
  'move',
  'link',
  'unlink',
  'merge',
  'approve',
  'reject',
  'submit',
  'send',
  'mark',
  'toggle',
  'enable',
  'disable',
  'view',
  'load',
  'save',
  'check',
  'poll',
  'resolve',
  'complete',
  'count',
  'download',
  'upload',
  'export',
  'import',
  'my',
  'convert',
  'verify',
  'validate',
  'promote',
  'dismiss',
  'confirm',
  'purge',
  'publish',
  'unpublish',
  'protect',
  'unprotect',
  'unapprove',
  'retry',
  'execute',
  'push',
  'fork',
  'discover',
  'analyze',
  'reorder',
  'reschedule',
  'uncomplete',
  'manage',
  'play',
  'rename',
  'copy',
  'clone',
  'restore',
  'revert',
  'rebase',
  'transfer',
  'invite',
  'subscribe',
  'unsubscribe',
  'pin',
  'unpin',
  'lock',
  'unlock',
  'sync',
  'refresh',
  'generate',
  'apply',
  'schedule',
  'restart',
  'deploy',
  'trigger',
  'bulk',
]);

/** Verbs whose tool needs something to act on: `get_ticket` with no arguments cannot know which ticket. */
const TARGET_VERBS = new Set([
  'get',
  'read',
  'fetch',
  'find',
  'lookup',
  'search',
  'query',
  'update',
  'delete',
  'remove',
  'assign',
  'close',
  'reopen',
  'approve',
  'reject',
  'cancel',
  'archive',
  'edit',
  'patch',
  'set',
  'send',
  'submit',
  'create',
  'add',
  'draft',
  'move',
  'link',
  'unlink',
  'merge',
  'mark',
  'rename',
  'reply',
  'comment',
]);

/** The verb `toolName` starts with when that verb needs something to act on (`get` in `get_ticket`), else undefined. */
/** True for a word of a tool name that is a verb (`get`, `send`, `delete`), not a noun. */
export function isToolVerb(word: string): boolean {
  return TOOL_VERBS.has(word);
}

export function targetVerbOf(toolName: string): string | undefined {
  const [verb, ...rest] = splitWords(toolName);
  return verb !== undefined && rest.length > 0 && TARGET_VERBS.has(verb) ? verb : undefined;
}

/**
 * Verbs that are also things. First they are the verb; after a leading verb, or alone behind a namespace, they are
 * the noun (`get_pipeline_schedule`, `wit_query` works on a saved query, `pipelines_run` on a run); before a noun
 * that needs them they belong to it (`get_merge_request`). Last in a name without a leading verb they are its verb
 * (`ticket_search`).
 */
const NOUN_VERBS = new Set([
  'query',
  'search',
  'run',
  'draft',
  'link',
  'merge',
  'post',
  'view',
  'export',
  'import',
  'upload',
  'download',
  'archive',
  'check',
  'count',
  'schedule',
  'lock',
  'trigger',
  'copy',
  'clone',
  'fork',
  'push',
  'deploy',
  'checkin',
  'checkout',
]);

/** Words that join verbs or pick rows, not nouns: `create_or_update_file`, `mark_all_todos_done`. */
const CONNECTIVES = new Set(['or', 'and', 'all', 'the', 'a', 'an']);

/** A tool name is cut at these: what follows qualifies the entity (`find_tasks_by_date` finds tasks). */
const PREPOSITIONS = new Set(['by', 'for', 'from', 'of', 'in', 'on', 'with', 'to', 'into', 'at', 'per']);

/** Trailing words that say what is shown of an entity or done to it, not another entity: `get_file_contents`. */
const ASPECT_WORDS = new Set([
  'context',
  'detail',
  'details',
  'info',
  'summary',
  'overview',
  'metadata',
  'history',
  'content',
  'contents',
  'output',
  'description',
  'type',
  'done',
]);

/**
 * Nouns that name nothing without the noun before them, so they keep it: a commit status, a merge request, a work
 * item, a test case. Any other last noun stands alone: `list_group_members` lists members.
 */
const DEPENDENT_NOUNS = new Set(['status', 'state', 'request', 'item', 'case']);

/**
 * What naming knows about a server as a whole, from its tool list: the first words its tool names share as a
 * namespace (`wit` in `wit_query`, `wit_work_item`). Every front end that has the list builds it with `toolNamingOf`,
 * so the same tools name the same entities whichever front end asks.
 */
export interface ToolNaming {
  readonly namespaces: ReadonlySet<string>;
  /**
   * The entities the server's own id fields name (`team-iteration` of `teamIterationId`, `story` of `storyId`). A tool
   * name whose noun alone names none of them, but whose nouns hold one of more words, names that one
   * (`get_team_iterations` works on team iterations when no field speaks of plain iterations).
   */
  readonly entities: ReadonlySet<string>;
  /** The server's tool names, which a description may name (`as get_subtitles reports it`). */
  readonly tools: ReadonlySet<string>;
}

/** For a tool seen without its server's tool list (one file linted on its own): no namespace is known. */
export const NO_TOOL_NAMING: ToolNaming = { namespaces: new Set(), entities: new Set(), tools: new Set() };

/**
 * The namespaces of a tool list: a first word that is no verb, shared by at least three tools, and followed by a noun
 * in most of them (`wit_query`, `wit_work_item`, `wit_backlog`); or shared by most of the server's tools and followed
 * in three of four of them by a noun, or by a verb and its object (`acme_get_booking`, `acme_daily_rates`). A shared
 * first word followed by verbs alone (`ticket_create`, `ticket_get`, `ticket_search`) is the noun itself. The entities
 * are those the id field names name, and those the server's inputs take by their descriptions (`describedEntities`).
 */
export function toolNamingOf(
  toolNames: Iterable<string>,
  idFieldNames: Iterable<string> = [],
  describedEntities: Iterable<string> = [],
): ToolNaming {
  const rests = new Map<string, { tools: number; nounFirst: number; verbObject: number }>();
  const tools = new Set<string>();
  for (const toolName of toolNames) {
    tools.add(toolName);
    const [first, next, object] = splitWords(toolName);
    if (first === undefined || next === undefined || TOOL_VERBS.has(first)) continue;
    const entry = rests.get(first) ?? { tools: 0, nounFirst: 0, verbObject: 0 };
    entry.tools += 1;
    if (!TOOL_VERBS.has(next)) entry.nounFirst += 1;
    else if (object !== undefined) entry.verbObject += 1;
    rests.set(first, entry);
  }
  const namespaces = new Set<string>();
  const all = tools.size;
  for (const [first, { tools: count, nounFirst, verbObject }] of rests) {
    if (count < 3) continue;
    // `wit_query`, `wit_work_item`: a prefix followed by nouns. `lodgify_get_booking`, `lodgify_list_properties`: the
    // server's name, before most of its tools' own verb and object (a noun's tools, `ticket_create`, end at the verb).
    if (nounFirst * 2 > count || (count * 2 > all && (nounFirst + verbObject) * 4 > count * 3)) namespaces.add(first);
  }
  const entities = new Set<string>([...describedEntities].filter((entity) => !entity.includes('#')));
  for (const name of idFieldNames) {
    const entity = idFieldAt([name])?.entity;
    if (entity !== undefined && !entity.includes('#')) entities.add(entity);
  }
  return { namespaces, entities, tools };
}

/** Splits `ticketID`, `ticket_id`, `Ticket-Ids`, `mergeRequestIid` into lower-case words. */
export function splitWords(name: string): string[] {
  return (
    name
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      // `HTTPServer` -> `HTTP Server`, but an acronym's plural (`IDs`, `PRs`, `URLs`) stays one word.
      .replace(/([A-Z]+)([A-Z](?!s(?![a-z]))[a-z])/g, '$1 $2')
      .split(/[\s_\-.$]+/)
      .filter((word) => word.length > 0)
      .map((word) => word.toLowerCase())
  );
}

/** Nouns whose singular ends in `ie`, so their plural in `ies` does not end in `y` (`movies` is no `movy`). */
const IE_SINGULARS = /^(?:movie|cookie|calorie|zombie|rookie|selfie|brownie|freebie|hoodie|pie|tie|lie)s$/;

/** `tickets` -> `ticket`, `replies` -> `reply`, `movies` -> `movie`, `addresses` -> `address`, `statuses` -> `status`; leaves `status` and `series` alone. */
export function singularize(word: string): string {
  if (word.length <= 3) return word;
  if (/(?:ss|us|is|series|news|data)$/.test(word)) return word;
  if (IE_SINGULARS.test(word)) return word.slice(0, -1);
  if (word === 'people') return 'person';
  if (word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (/(?:sses|xes|ches|shes|zes|[^aeiou]uses)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('s')) return word.slice(0, -1);
  return word;
}

/** Short and regional forms of a record's name, and the one an entity is named by: `orgId` and `organisations[].id` pair. */
const NOUN_FORMS: ReadonlyMap<string, string> = new Map([
  ['org', 'organization'],
  ['organisation', 'organization'],
  ['repo', 'repository'],
  ['dept', 'department'],
  ['acct', 'account'],
  ['msg', 'message'],
  ['pr', 'pull-request'],
  ['mr', 'merge-request'],
]);

/** The singular of a record's name in the form entities are named by: `orgs` -> `organization`, `repos` -> `repository`. */
function entityNoun(word: string): string {
  const singular = singularize(word);
  // `prs`: a short form's plural is too short for `singularize`, which leaves `dns` and `sms` alone.
  const short = singular === word && word.endsWith('s') ? NOUN_FORMS.get(word.slice(0, -1)) : undefined;
  return NOUN_FORMS.get(singular) ?? short ?? singular;
}

function isIdWords(words: readonly string[]): boolean {
  const last = words.at(-1);
  return last !== undefined && ID_WORDS.has(last);
}

/** The id word of a name and the words before it that name its entity. */
interface IdWords {
  readonly idWord: string;
  readonly prefix: readonly string[];
}

/**
 * `ticket_id` -> `id` of `[ticket]`. A compound name is named by its id part: `projectIdOrKey` -> `[project]`, and
 * `workspaceSlugOrId` -> `[workspace]`, the noun its first alternative shares (`slugOrId`, `idOrSlug`: none, like `id`).
 */
function idWordsOf(words: readonly string[]): IdWords | undefined {
  if (!words.includes('or'))
    return isIdWords(words) ? { idWord: words.at(-1) ?? 'id', prefix: words.slice(0, -1) } : undefined;
  const alternatives: string[][] = [[]];
  for (const word of words) {
    if (word === 'or') alternatives.push([]);
    else alternatives.at(-1)?.push(word);
  }
  const id = alternatives.find(isIdWords);
  if (id === undefined) return undefined;
  // "Project name or numeric id": a qualifier of the id (`numeric`) names no entity; the first alternative's noun does.
  const own = id.slice(0, -1).filter((word) => !ID_QUALIFIERS.has(word));
  return { idWord: id.at(-1) ?? 'id', prefix: own.length > 0 ? own : (alternatives[0] ?? []).slice(0, -1) };
}

/**
 * `signalid` -> `id` of `[signal]`, `grpids` -> `ids` of `[grp]`: one lower-case word that runs a noun and its id word
 * together, as some APIs name their fields. Many words only end in `id` (`valid`, `paid`, `android`), so this split is
 * a candidate alone: a name is read so only where its description or the server's own id fields name that noun.
 */
const RUN_TOGETHER_ID = /^([a-z]{2,})(ids?)$/;

function runTogetherIdWords(words: readonly string[]): IdWords | undefined {
  const match = words.length === 1 ? RUN_TOGETHER_ID.exec(words[0] ?? '') : null;
  const [, noun, idWord] = match ?? [];
  return noun === undefined || idWord === undefined ? undefined : { idWord, prefix: [noun] };
}

/**
 * True for a name that may run a noun and `id` together (`signalid`, `deviceid`, and `valid` as well): a reader that
 * keeps emitted values by name keeps these too, for `idFieldAt` to name them from the server's own id fields.
 */
export function mayBeRunTogetherIdName(name: string): boolean {
  return RUN_TOGETHER_ID.test(name);
}

/** The run-together id of a name whose noun the server's own id fields name (`signalid` where an input takes signals). */
function namedRunTogetherIdWords(words: readonly string[], naming: ToolNaming | undefined): IdWords | undefined {
  const joined = runTogetherIdWords(words);
  return joined !== undefined && naming?.entities.has(joined.prefix.join('-')) === true ? joined : undefined;
}

const ARTICLES = new Set(['the', 'a', 'an']);

/** The most words a description's run naming an id's entity holds ("merge request", "api instance", "parent page"). */
const MAX_ENTITY_WORDS = 3;

/** Words after "ID of the <entity>" that go on with the clause rather than name the entity. */
const CLAUSE_WORDS = new Set([
  'to',
  'for',
  'in',
  'on',
  'from',
  'with',
  'by',
  'that',
  'which',
  'this',
  'these',
  'whose',
]);

/**
 * Words that end the run of words naming an id's entity after "ID of": a qualifier or an alternative follows, or a
 * clause whose subject is a person ("ID of the record you want to look up").
 */
const RUN_ENDS = new Set(['of', 'or', 'and', 'you', 'we', 'they', 'i', 'he', 'she']);

/** Id owners that name no kind of record (`resourceId`, `entityId`): the description says which one. */
const GENERIC_OWNERS = new Set(['resource', 'entity', 'object', 'record', 'external']);

/**
 * An acronym glued to `ID` in capitals, as a description names a record's id (`VMID`, `TXID`, `PMCID`): two to four
 * capitals with no vowel before it, so that an id format (`UUID`, `GUID`) and a word written in capitals (`AVOID`,
 * `VALID`, `PAID`) stay whole.
 */
const GLUED_ACRONYM_ID = /\b([B-DF-HJ-NP-TV-XZ]{2,4})(ID[sS]?)\b/g;

/**
 * The words of a description's first clause, lower case, articles left out; of words joined by a slash, the first
 * ("Unique booking/reservation ID" -> `unique booking id`).
 */
function firstClauseWords(description: string): string[] {
  // An aside in parentheses (`(e.g. "acme/webapp")`, `(see list_boards)`) does not end the clause it stands in.
  const clause = (description.replace(/\s*\([^()]*\)/g, '').split(/[.,;:()\n]| - /, 1)[0] ?? '')
    .replace(/([A-Za-z0-9]+)(?:\/[A-Za-z0-9]+)+/g, '$1')
    .replace(/(?<=[A-Za-z])['’]s\b/g, '')
    .replace(GLUED_ACRONYM_ID, '$1 $2');
  return clause
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length > 0 && !ARTICLES.has(word));
}

/**
 * The id the first clause of a description speaks of: "Team ID or mention" -> `id` of `[team]`, "The ID of the parent
 * page" -> `id` of `[parent, page]`, "Unique booking/reservation ID" -> `id` of `[booking]` (the first of words joined
 * by a slash). Qualifiers of the id (`unique`, `numeric`) name nothing.
 */
function describedIdPhrase(description: string): IdWords | undefined {
  const words = firstClauseWords(description);
  const at = words.findIndex((word) => ID_WORDS.has(word));
  if (at < 0) return undefined;
  const lead = words.slice(0, at);
  // "ID of the card to link this test plan to": the entity ends where the clause goes on, at a second `of` ("IDs of
  // the assignees of the draft issue": assignees) and at the first of alternatives ("of the Issue or Pull Request").
  const after = words.slice(at + 2);
  const end = after.findIndex((word) => CLAUSE_WORDS.has(word) || RUN_ENDS.has(word));
  // "Singular name for API ID": the id's owner starts after the last word that goes on with a clause before it.
  const owner = lead.findLastIndex((word) => CLAUSE_WORDS.has(word)) + 1;
  const named =
    lead.every((word) => ID_QUALIFIERS.has(word)) && words[at + 1] === 'of'
      ? [...(end < 0 ? after : after.slice(0, end)), words[at] ?? 'id']
      : words.slice(owner, at + 1);
  const id = idWordsOf(named);
  if (id === undefined) return undefined;
  const own = id.prefix.filter((word) => !ID_QUALIFIERS.has(word));
  return own.length === id.prefix.length ? id : { idWord: id.idWord, prefix: own };
}

/**
 * The entities the first clause of an id field's description may name besides the field's own, longest first:
 * `assignee_id` described "User ID to assign the task to" names a user, `contact_branch_ids` described
 * "Comma-separated contact sector ids" a contact sector (or a sector). What the field is paired by stays its own
 * entity; a reader that finds no tool giving that out may pair it by the first of these a tool gives out. A bare `id`
 * has none: its description already named what it takes (a bare list of `ids` may have some).
 */
export function describedAlternativesOf(field: IdField, description: string): string[] {
  const own = idWordsOf(splitWords(field.name));
  if (own !== undefined && own.prefix.length === 0 && !field.many) return [];
  if (field.entity.includes('#')) return [];
  const found: string[] = [];
  // "House/Property ID": each of the words a slash joins names the id (the first is read as the description's own);
  // so does each of two alternatives ("The id of the Issue or Pull Request": an issue, a pull request).
  const slashed = /([A-Za-z0-9]+)((?:\/[A-Za-z0-9]+)+)/.exec(description);
  const others = (slashed?.[2] ?? '').split('/').filter((word) => word.length > 0);
  const ored = /\b[A-Za-z0-9]+ or (?=[A-Za-z0-9])/.exec(description);
  const readings = [
    description,
    ...others.map((word) => description.replace(slashed?.[0] ?? '', word)),
    ...(ored === null ? [] : [description.replace(ored[0], '')]),
  ];
  for (const reading of readings) {
    const id = describedIdPhrase(reading);
    if (id === undefined) continue;
    for (let first = 0; first < id.prefix.length; first += 1) {
      const entity = phrase(id.prefix.slice(first));
      if (entity === field.entity) break;
      if (!found.includes(entity)) found.push(entity);
    }
  }
  return found;
}

/**
 * Whether an id a tool emits under `name` is the own id of a record of its `entity`, not a reference one record holds
 * to another: a bare `id` (`[].id`, `owner.id`), or an id named for what the tool itself addresses (`ticket_id` of
 * `create_ticket`). `contact_branch_ids` on the contacts `list_contacts` gives out refers to sectors: the ids come from
 * the tool that lists those, and the input a description sends to them takes what that tool gives out.
 */
export function isOwnEmittedId(name: string, entity: string, toolName: string, naming: ToolNaming): boolean {
  const own = idWordsOf(splitWords(name));
  if (own === undefined || own.prefix.length === 0) return true;
  return entityOfToolName(toolName, naming) === entity;
}

/**
 * Whether an id field's description names the field's own entity anywhere ("Folder ID to upload to" of a
 * `folder_id`): its words then say what the field takes, whatever shape of URL the handler sends it into.
 */
export function describesOwnEntity(field: IdField, description: string): boolean {
  const said = new Set(splitWords(description.replace(/[^\w\s-]/g, ' ')).map(singularize));
  return field.entity.split('-').every((word) => said.has(word));
}

/**
 * The entity a bare `id` input's description names, when the tool's name does not: "Booking ID to update key codes
 * for" in `update_key_codes` takes a booking. A description that repeats a word of what the name addresses ("Bug card
 * ID" in `get_bug_content`) agrees with it, and the name says what the id addresses; one that names another of the
 * name's nouns says which one it is ("Numeric server ID" in `admin_suspend_server`: a server, not an admin). Of the
 * words before the id, the last ones the server's id fields name are the entity.
 */
function describedEntityOf(description: string, toolName: string, naming: ToolNaming): string | undefined {
  const id = describedIdPhrase(description);
  if (id === undefined || id.prefix.length === 0) return undefined;
  const toolWords = new Set(splitWords(toolName).map(singularize));
  if (id.prefix.some((word) => toolWords.has(singularize(word)))) {
    const described = new Set(id.prefix.map(singularize));
    const scope = scopeOfToolName(toolName, naming);
    if (scope === undefined || scope.split('-').some((word) => described.has(singularize(word)))) return undefined;
  }
  for (let first = 0; first < id.prefix.length; first += 1) {
    const entity = phrase(id.prefix.slice(first));
    if (naming.entities.has(entity)) return entity;
  }
  // "Numeric id of the record you want to look up": a run longer than a record's name goes on with the sentence.
  if (id.prefix.length > MAX_ENTITY_WORDS) return undefined;
  const named = namingOfWords(id.prefix);
  return named === 'nothing' || named === 'holder' ? undefined : named.entity;
}

/**
 * The entity a bare `id` input takes, by its description: the record its words name when the server's id fields name
 * it too ("The project ID, from get_requests"); otherwise that of another of the server's tools the description names
 * ("The item's id as get_subtitles reports it" takes a subtitle's id, "The Seerr request id, as get_requests reported
 * it" a request's), since the id is one of what that tool gives out; otherwise the record its words name.
 */
function describedOrReferredEntityOf(description: string, toolName: string, naming: ToolNaming): string | undefined {
  const named = describedEntityOf(description, toolName, naming);
  if (named !== undefined && naming.entities.has(named)) return named;
  const referred = referredEntityOf(description, toolName, naming);
  if (referred !== undefined) return referred;
  // "TP (or tp) ID" in `get_user_story_content`: a name in capitals the server names nowhere is the system's or the
  // brand's whose id it is, not a record; the tool's name says which record, when the server's id fields name it.
  if (named !== undefined && writtenInCapitals(description, named)) {
    const scope = scopeOfToolName(toolName, naming);
    if (scope !== undefined && naming.entities.has(scope)) return scope;
  }
  return named;
}

/** True when the one word `entity` stands in the description in capitals ("TP ID", "TMDB id"), as an acronym does. */
function writtenInCapitals(description: string, entity: string): boolean {
  if (!/^[a-z]{2,}$/.test(entity)) return false;
  return (description.match(new RegExp(`\\b${entity}\\b`, 'gi')) ?? []).some((word) => word === word.toUpperCase());
}

/** The entity of the first other tool of the server a description names by its full name (of two words or more). */
function referredEntityOf(description: string, toolName: string, naming: ToolNaming): string | undefined {
  if (naming.tools.size === 0) return undefined;
  for (const token of description.match(/[A-Za-z][\w.-]*[A-Za-z0-9]/g) ?? []) {
    if (token === toolName || !naming.tools.has(token) || splitWords(token).length < 2) continue;
    const entity = entityOfToolName(token, naming);
    if (entity !== undefined) return entity;
  }
  return undefined;
}

/**
 * The id a description says a field holds, when the field's name is that id's entity: `team` described "Team ID or
 * mention" holds a team id, `parent` described "The ID of the parent page" a page id. Only the first clause counts.
 */
function describedIdWords(
  nameWords: readonly string[],
  description: string,
  naming: ToolNaming = NO_TOOL_NAMING,
): IdWords | undefined {
  const found = describedIdWordsOf(nameWords, description, naming);
  if (found !== undefined) return found;
  // `signalid` described "ID of the ECG signal": the noun the word runs into its id word is the one described.
  const joined = runTogetherIdWords(nameWords);
  return joined === undefined ? undefined : describedIdWordsOf(joined.prefix, description, naming);
}

function describedIdWordsOf(
  nameWords: readonly string[],
  description: string,
  naming: ToolNaming,
): IdWords | undefined {
  // A query filter names its entity after a preposition: `with_genres` described "Comma-separated genre ids".
  const filtered = nameWords.filter((word, index) => index > 0 || !FILTER_WORDS.has(word));
  const filter = filtered.length < nameWords.length;
  // `boardName` described "Board name or ID": a record's name field that takes its id too is named by the record. An
  // aside in parentheses does not end what it offers ("API name (partial match) or numeric API instance ID").
  const offered = description.replace(/\s*\([^()]*\)/g, '');
  const nameOrId = filtered.length > 1 && filtered.at(-1) === 'name' && offersNameOrId(offered);
  if (nameOrId) filtered.pop();
  const id = describedIdPhrase(nameOrId ? offered : description);
  if (id === undefined) return undefined;
  const described = new Set(id.prefix.map(singularize));
  if (filtered.length === 0) return undefined;
  if (!filtered.every((word) => described.has(singularize(word)))) {
    // `with_cast` described "Comma-separated TMDB person ids": a filter whose name says a role takes the ids its
    // description names, when the server's own id fields name that entity (the last words of the phrase).
    // `assignTo` described "User ID to assign the conversation to": a description that opens with whose id the field
    // takes says so as a filter's does, when the server's own id fields name that entity.
    for (let first = 0; first < id.prefix.length; first += 1) {
      const prefix = id.prefix.slice(first);
      if (naming.entities.has(phrase(prefix)) && (filter || opensWithId(description, prefix)))
        return { idWord: id.idWord, prefix };
    }
    return undefined;
  }
  // The entity starts at the first word the name repeats: "TMDB genre ids" names a genre, not a "tmdb-genre".
  const names = new Set(filtered.map(singularize));
  const first = id.prefix.findIndex((word) => names.has(singularize(word)));
  // A name that begins a sentence which only ends at an id ("The username you want get the user_id") is no run of
  // words naming that id: the id is what the sentence goes on to, not what the field holds.
  if (id.prefix.length - Math.max(first, 0) > MAX_ENTITY_WORDS) return undefined;
  return first <= 0 ? id : { idWord: id.idWord, prefix: id.prefix.slice(first) };
}

/**
 * True when a description's first clause opens with the id of `entity` and nothing else: "User ID to assign ...",
 * "Numeric team ID", "Source VM ID" (a role of it; not "Comma-separated person ids", whose first words say how the ids are written).
 */
function opensWithId(description: string, entity: readonly string[]): boolean {
  const words = firstClauseWords(description);
  const at = words.findIndex((word) => ID_WORDS.has(word));
  return (
    at > 0 &&
    words.slice(0, at).every((word) => entity.includes(word) || ID_QUALIFIERS.has(word) || ENDPOINT_WORDS.has(word))
  );
}

/** True when a description's first clause offers a name or an id: "Board name or ID", "API name or numeric API ID". */
function offersNameOrId(description: string): boolean {
  const words = firstClauseWords(description);
  const name = words.indexOf('name');
  const or = words.indexOf('or', name);
  return name >= 0 && or > name && words.slice(or).some((word) => ID_WORDS.has(word));
}

/**
 * True when a field's name names no id but its description says it holds ids of the entity its name names:
 * `with_genres` described "Comma-separated genre ids", `team` described "Team ID or mention". The server's other fields
 * are not looked at (a filter named by a role, `with_cast` described "person ids", needs them: `idFieldAt` with a
 * naming reads it), so the lint rules and the codemods, which judge one field, agree with the audit on these.
 */
export function isDescribedIdName(name: string, description: string): boolean {
  return !isIdName(name) && describedIdWords(splitWords(name), description) !== undefined;
}

/** Words a filter's name may start with before the entity it filters by: `with_genres`, `filter_work_id`, `search_invoice_id`. */
const FILTER_WORDS: ReadonlySet<string> = new Set([
  'filter',
  'search',
  'with',
  'without',
  'exclude',
  'include',
  'by',
  'only',
  'except',
]);

/** Names repeat across a code base; lint rules ask for every property key, so answers are kept (bounded). */
const idNameCache = new Map<string, boolean>();

/**
 * True for `id`, `ID`, `_id`, `ticketId`, `ticket_id`, `ticketID`, `ticketIds`, `project_iid` and compounds with an id
 * part (`projectIdOrKey`, `slugOrId`); false for `valid`, `paid`, `uuid`, `nameOrEmail`.
 */
export function isIdName(name: string): boolean {
  let known = idNameCache.get(name);
  if (known === undefined) {
    known = idWordsOf(splitWords(name)) !== undefined;
    if (idNameCache.size >= 10_000) idNameCache.clear();
    idNameCache.set(name, known);
  }
  return known;
}

/** Verbs that open a field name of ids to change a list by (`addLabelIds`, `removeWorkItemIds`). */
const EDIT_VERBS = new Set(['add', 'remove', 'delete', 'set', 'unset', 'replace', 'append']);

/** Words after an entity's name that make a pointer to it, not an entity of their own. */
const REFERENCE_WORDS = new Set(['ref', 'reference']);

/** Words that make an id a cursor into a list (`since_id`, `afterId`, `before_id`, `until_id`). */
const CURSOR_WORDS = new Set(['since', 'after', 'before', 'until']);

/** What the words of a name or key say: an entity, `holder` (kin words only: what holds the id names it), or `nothing`. */
type WordsNaming = { readonly entity: string } | 'holder' | 'nothing';

function namingOfWords(words: readonly string[], many = false): WordsNaming {
  // `children_to_add`: what follows `to` and a verb says what happens to the ids, not what they are.
  const purpose = words.findIndex(
    (word, index) => index > 0 && word === 'to' && TOOL_VERBS.has(words[index + 1] ?? ''),
  );
  let nouns = purpose > 0 ? words.slice(0, purpose) : [...words];
  const object = nouns.findLastIndex(
    (word, index) => index > 0 && index < nouns.length - 1 && FIELD_PREPOSITIONS.has(word),
  );
  if (object > 0) nouns = nouns.slice(object + 1);
  while (nouns.length > 1 && ID_QUALIFIERS.has(nouns.at(-1) ?? '')) nouns.pop();
  if (nouns.length === 1 && ID_QUALIFIERS.has(nouns[0] ?? '')) return 'holder';
  // `workItemRefs[].id`: a reference to a work item holds the work item's id.
  while (nouns.length > 1 && REFERENCE_WORDS.has(singularize(nouns.at(-1) ?? ''))) nouns.pop();
  // `addWorkItemIds`: the verb says what the call does with the ids, not what they are.
  if (nouns.length > 1 && EDIT_VERBS.has(nouns[0] ?? '')) nouns.shift();
  // `filter_work_id`, `exclude_tag_ids`: a filter word says how a query uses the ids, not what they are; alone before
  // a list (`filter_ids`, `only_ids`) it leaves them to what holds them, as a bare `ids` does. One `filter_id` is the
  // id of a saved filter.
  if (FILTER_WORDS.has(nouns[0] ?? '')) {
    if (nouns.length > 1) nouns.shift();
    else if (many) return 'holder';
  }
  // `parentTicketId`, `shift2DefaultEmployeeCode`: what follows the last role word is the entity it plays the role for.
  // A role word before a last preposition (`assigned_to`) is the role itself, named by both words.
  const role = nouns.findLastIndex(
    (word, index) =>
      index < nouns.length - 1 &&
      ((isRoleWord(word) && !(index === nouns.length - 2 && FIELD_PREPOSITIONS.has(nouns[index + 1] ?? ''))) ||
        isParticipleBefore(word, nouns[index + 1])),
  );
  if (role >= 0) nouns = nouns.slice(role + 1);
  const last = nouns.length - 1;
  if (last < 0) return 'nothing';
  nouns[last] = entityNoun(nouns[last] ?? '');
  if (last === 0 && KIN_WORDS.has(nouns[0] ?? '')) return 'holder';
  // `sinceId`, `after_id`: a cursor names a record of what is listed, by its id; the tool (or the holder) says which.
  if (last === 0 && CURSOR_WORDS.has(nouns[0] ?? '')) return 'holder';
  if (last === 0 && ENDPOINT_WORDS.has(nouns[0] ?? '')) return 'nothing';
  return { entity: nouns.join('-') };
}

/** Which side of a tool an id is on: what the tool accepts, or what it emits. */
export type ToolSide = 'input' | 'output';

/** What naming a bare id needs besides its path and tool name. */
export interface IdNamingContext {
  /** From the server's whole tool list (`toolNamingOf`); without it no namespace is known. */
  readonly naming?: ToolNaming;
  /** Defaults to `input`. */
  readonly side?: ToolSide;
  /**
   * The field's description. A field whose name is no id is one when the description says it holds an id of what
   * the name names: `project` described "Project ID or URL-encoded path".
   */
  readonly description?: string;
  /**
   * Also name a record's second keys (`keyFieldAt`): an issue's `number` taken as `issue_number`, an employee's
   * `employeeCode`. The audit pairs them; lint rules, which judge one schema, ask for ids alone.
   */
  readonly keys?: boolean;
}

/** The nouns of a tool name, without namespace, verbs, aspects and what follows a preposition; `[]` for none. */
function toolNouns(toolName: string, naming: ToolNaming): string[] {
  let words = splitWords(toolName);
  while (words.length > 1 && ID_WORDS.has(words.at(-1) ?? '')) words.pop();
  const cut = words.findIndex((word, index) => index > 0 && PREPOSITIONS.has(word));
  if (cut > 0) words = words.slice(0, cut);
  const namespace = words.length > 1 && naming.namespaces.has(words[0] ?? '') ? words.shift() : undefined;
  let ledByVerb = false;
  while (words.length > 1) {
    const [first = '', next = ''] = words;
    const isVerb = TOOL_VERBS.has(first);
    // `merge` in `get_merge_request` is part of the noun, not the verb.
    if ((!isVerb && !CONNECTIVES.has(first)) || (NOUN_VERBS.has(first) && DEPENDENT_NOUNS.has(singularize(next))))
      break;
    ledByVerb ||= isVerb;
    words.shift();
  }
  while (words.length > 0) {
    const last = words.at(-1) ?? '';
    if (NOUN_VERBS.has(last) && (ledByVerb || (namespace !== undefined && words.length === 1))) break;
    // `create-contact-list` when an input takes a `listId`: after a leading verb, a word the server names is the object.
    if (ledByVerb && words.length > 1 && naming.entities.has(singularize(last))) break;
    if (!TOOL_VERBS.has(last) && !ASPECT_WORDS.has(last) && !CONNECTIVES.has(last)) break;
    words.pop();
  }
  if (words.length === 0) return namespace === undefined ? [] : [namespace];
  return words;
}

function phrase(words: readonly string[]): string {
  const nouns = [...words];
  const last = nouns.length - 1;
  nouns[last] = entityNoun(nouns[last] ?? '');
  return nouns.join('-');
}

/**
 * The entity a tool works on and returns, from its name: `get_ticket_context` -> `ticket`, `list_group_members` ->
 * `member`, `list_commit_statuses` -> `commit-status`. The last noun is the entity (a list tool's last word is what it
 * lists; the nouns before it say where it looks), kept together with the nouns a dependent noun needs. `naming` says
 * which first words of this server's tool names are a namespace: `wit_query` works on a query.
 */
export function entityOfToolName(toolName: string, naming: ToolNaming = NO_TOOL_NAMING): string | undefined {
  const nouns = toolNouns(toolName, naming);
  if (nouns.length === 0) return undefined;
  let start = nouns.length - 1;
  while (start > 0 && DEPENDENT_NOUNS.has(singularize(nouns[start] ?? ''))) start -= 1;
  const entity = phrase(nouns.slice(start));
  if (naming.entities.has(entity)) return entity;
  // The longest run of last nouns the server's id fields name as one entity.
  for (let first = 0; first < start; first += 1) {
    const compound = phrase(nouns.slice(first));
    if (naming.entities.has(compound)) return compound;
  }
  return entity;
}

/**
 * What a call of the tool addresses, from its name: the first noun, with the dependent nouns that follow it.
 * `list_group_members` -> `group` (as in `/groups/:id/members`), `create_work_item_note` -> `work-item`.
 */
export function scopeOfToolName(toolName: string, naming: ToolNaming = NO_TOOL_NAMING): string | undefined {
  const nouns = toolNouns(toolName, naming);
  if (nouns.length === 0) return undefined;
  let end = 1;
  while (end < nouns.length && DEPENDENT_NOUNS.has(singularize(nouns[end] ?? ''))) end += 1;
  const scope = phrase(nouns.slice(0, end));
  if (naming.entities.has(scope)) return scope;
  // The longest run of first nouns the server's id fields name as one entity.
  for (let last = nouns.length; last > end; last -= 1) {
    const compound = phrase(nouns.slice(0, last));
    if (naming.entities.has(compound)) return compound;
  }
  return scope;
}

/**
 * The id field at `path`, or undefined when the last property name on it is not an id, or names nothing.
 * `toolName` names the entity of a bare top-level `id`: one plain `id` a tool accepts names what the call addresses
 * (the `iid` of `list_work_item_notes` is a work item's); one it emits, a list it filters by, or a role id
 * (`parent_id`) names what it works on (the `[].id` of `list_group_members` is a member's).
 */
export function idFieldAt(
  path: readonly PathSegment[],
  toolName?: string,
  context: IdNamingContext = {},
): IdField | undefined {
  let nameIndex = path.length - 1;
  while (nameIndex >= 0 && path[nameIndex] === ARRAY_ITEM) nameIndex -= 1;
  const name = path[nameIndex];
  if (name === undefined) return undefined;
  // `fields["System.Id"]`: what comes before a dot is a namespace of field names, not an entity.
  const words = splitWords(name.slice(name.lastIndexOf('.') + 1));
  const id =
    idWordsOf(words) ??
    (context.description === undefined ? undefined : describedIdWords(words, context.description, context.naming)) ??
    namedRunTogetherIdWords(words, context.naming);
  if (id === undefined) return context.keys === true ? keyFieldAt(path, toolName, context) : undefined;
  const { idWord, prefix } = id;
  const many = idWord.endsWith('s') || nameIndex < path.length - 1;
  const suffix = idWord.startsWith('iid') ? '#iid' : '';
  const own = prefix.length > 0 ? namingOfWords(prefix, idWord.endsWith('s')) : 'holder';
  if (own === 'nothing') return undefined;
  let entity = own === 'holder' ? undefined : own.entity;
  // `resourceId` described "ID of the card to link this test plan to" takes a card.
  if (prefix.length === 1 && GENERIC_OWNERS.has(prefix[0] ?? '') && context.description !== undefined)
    entity = describedEntityOf(context.description, toolName ?? '', context.naming ?? NO_TOOL_NAMING) ?? entity;
  // `plan.entries[].id`: a list of records under a record's own key holds that record's parts (a plan's entries), not
  // the record itself.
  let part: string | undefined;
  const input = (context.side ?? 'input') === 'input';
  for (let index = nameIndex - 1; index >= 0 && entity === undefined; index -= 1) {
    const key = path[index];
    if (key === undefined || key === ARRAY_ITEM) continue;
    if (isContainerKey(key, input)) {
      if (
        prefix.length === 0 &&
        part === undefined &&
        PART_LISTS.has(key.toLowerCase()) &&
        path[index + 1] === ARRAY_ITEM
      )
        part = singularize(key.toLowerCase());
      continue;
    }
    const words = splitWords(key);
    const held = knownTail(namingOfWords(operationRecordWords(words)), words, context);
    if (held === 'nothing') return undefined;
    // `albums.items[]`, `TestPlans.Items[]`: a list under a collection's key is a page of that collection, not parts of
    // one record; under one record (`plan.entries[]`, `checklists[].items[]`) it is.
    const last = words.at(-1) ?? '';
    const oneRecord = path[index + 1] === ARRAY_ITEM || singularize(last) === last;
    if (held !== 'holder') entity = part === undefined || !oneRecord ? held.entity : `${held.entity}-${part}`;
  }
  if (entity === undefined && toolName !== undefined) {
    const { naming = NO_TOOL_NAMING, side = 'input' } = context;
    const addresses = side === 'input' && !many && prefix.length === 0;
    const described =
      addresses && context.description !== undefined
        ? describedOrReferredEntityOf(context.description, toolName, naming)
        : undefined;
    entity = described ?? (addresses ? scopeOfToolName(toolName, naming) : entityOfToolName(toolName, naming));
  }
  if (entity === undefined) return undefined;
  const key = suffix === '' && context.description !== undefined ? describedKeyOf(context.description, entity) : '';
  return { path: [...path], name, entity: `${entity}${suffix || key}`, many };
}

/** Container keys that, under a record's own key, list that record's parts: `entries`, `items`, `records`, `rows`. */
const PART_LISTS = new Set(['entries', 'items', 'records', 'rows']);

/**
 * Verbs that lead an operation's name and never a record's (`draftOrder`, `listItems` and `searchResults` name
 * records: `draft`, `list` and `search` are not here).
 */
const OPERATION_VERBS = new Set([
  'create',
  'update',
  'delete',
  'remove',
  'add',
  'get',
  'upsert',
  'insert',
  'archive',
  'unarchive',
  'move',
  'convert',
  'publish',
  'cancel',
]);

/**
 * Of a key that holds records given out (`topCustomers`, `staleOpenPRs`), the record its last words name when the
 * whole key names no entity the server's id fields name and those last words do: `topCustomers[].id` are customers'
 * ids where an input takes `customerIds`. Inputs, and servers that name no entity, keep the key's own name.
 */
function knownTail(held: WordsNaming, words: readonly string[], context: IdNamingContext): WordsNaming {
  const entities = context.naming?.entities;
  if (context.side !== 'output' || entities === undefined || typeof held === 'string' || entities.has(held.entity))
    return held;
  for (let first = 1; first < words.length; first += 1) {
    const tail = namingOfWords(words.slice(first));
    if (typeof tail !== 'string' && entities.has(tail.entity)) return tail;
  }
  return held;
}

/**
 * The words of a holder key that name its record. A key led by a verb names an operation whose answer holds the
 * record, as a GraphQL mutation's payload is keyed (`createIssue: { issue: { id } }`): the words after the verb, up to
 * how it looks the record up (`addProjectV2ItemById` -> `project v2 item`).
 */
function operationRecordWords(words: readonly string[]): readonly string[] {
  if (words.length < 2 || !OPERATION_VERBS.has(words[0] ?? '')) return words;
  const by = words.indexOf('by', 1);
  const record = words.slice(1, by < 0 ? undefined : by);
  return record.length === 0 ? words : record;
}

/**
 * The second key an id field's description says it holds instead: `card_id` described "The card number - the visible
 * ID shown on the board" takes a card's number (`#number`), as agents copy the number shown into it. The first clause
 * must name the field's own entity and then the key word, with no id word before it ("The card ID or number" is an id).
 */
function describedKeyOf(description: string, entity: string): string {
  const described = describedKeyPhrase(description);
  if (described === undefined) return '';
  const named = namingOfWords(described.before);
  return typeof named === 'object' &&
    named.entity === entity &&
    isKeyName([...described.before, described.key].join('_'))
    ? keySuffixOf(described.key)
    : '';
}

/**
 * The key word a description's first clause speaks of and the words before it ("The post number to mark" -> `post`,
 * `number`), when some word comes before it and none of those is an id word ("The card ID or number" speaks of an id).
 */
function describedKeyPhrase(description: string): { readonly before: string[]; readonly key: string } | undefined {
  const words = firstClauseWords(description);
  const at = words.findIndex((word) => KEY_WORDS.has(word));
  const key = words[at];
  if (at <= 0 || key === undefined) return undefined;
  const before = words.slice(0, at);
  return before.some((word) => ID_WORDS.has(word)) ? undefined : { before, key };
}

/**
 * The entity an emitted id names among the entities a server accepts: `employee-goal` (of `employeeGoalId`, a goal's
 * milestone pointing at its goal) is a goal when the server takes goals and employees but no "employee goal": the words
 * before the last entity say whose it is. The other way round, a `provider` a tool named `search_watch_providers`
 * emits is the `watch-provider` the server takes (and no `provider`): the tool's name says whose it is. A compound
 * written as one word is the one written as two (the `time-slot` of `TimeSlot` is the `timeslot` of `timeslotId`). An
 * entity the server accepts, or one no rule places, stays as it is.
 */
export function acceptedEntityOf(entity: string, accepted: ReadonlySet<string>, toolName?: string): string {
  if (accepted.has(entity)) return entity;
  // `TimeSlot` and `timeslot`, `WorkItem` and `workitem`: one compound, written as one word or as two.
  const joined = entity.replaceAll('-', '');
  for (const candidate of accepted) if (candidate.replaceAll('-', '') === joined) return candidate;
  const hash = entity.indexOf('#');
  const base = hash < 0 ? entity : entity.slice(0, hash);
  const key = hash < 0 ? '' : entity.slice(hash);
  const words = base.split('-');
  for (let at = 1; at < words.length; at += 1) {
    const own = `${words.slice(at).join('-')}${key}`;
    if (accepted.has(own) && accepted.has(words.slice(0, at).join('-'))) return own;
  }
  if (toolName !== undefined) {
    const named = new Set(splitWords(toolName).map(singularize));
    const whole = [...accepted].filter(
      (candidate) =>
        candidate.endsWith(`-${entity}`) && candidate.split('-').every((word) => named.has(singularize(word))),
    );
    if (whole.length === 1) return whole[0] ?? entity;
  }
  return entity;
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

/**
 * The last key of a path, as segments or as `formatPath` wrote it: `[].contact_ids` -> `contact_ids`,
 * `items[].owner.id[]` -> `id`; undefined for a path of list items alone.
 */
export function lastKeyOf(path: string | readonly PathSegment[]): string | undefined {
  const segments = typeof path === 'string' ? path.split(/\.|\[\]/) : path;
  return segments.findLast((segment) => segment !== ARRAY_ITEM && segment !== '');
}

/**
 * True for every name `isIdName` accepts, and for a few it rejects (`valid`, `paidOrOwed`): a pre-filter a front end
 * runs before splitting a name into words, also as an attribute pattern in a selector
 * (`Property[key.name=/${ID_NAME_PATTERN.source}/]`). An id word ends the name, before any separators, or comes
 * before an `or` (`projectIdOrKey`).
 */
export const ID_NAME_PATTERN: RegExp = /[iI][dD][sS]?[\s_.$-]*(?:$|[oO][rR](?:$|[A-Z\s_.$-]))/;

export function mayBeIdName(name: string): boolean {
  return ID_NAME_PATTERN.test(name);
}

/** Words that name a record's second key, besides its id: an issue's `number`, an employee's `employeeCode`. */
const KEY_WORDS = new Set(['number', 'numbers', 'code', 'codes', 'nr', 'num', 'no']);

/** Abbreviations of a key word: a post's `nr` is its number, and so is a reservation's `reservationNo`. */
const KEY_WORD_OF: ReadonlyMap<string, string> = new Map([
  ['nr', 'number'],
  ['num', 'number'],
  ['no', 'number'],
]);

/** The key a key word names: `#number` for `numbers` and `nr`, `#code` for `codes`. */
function keySuffixOf(word: string): string {
  return `#${KEY_WORD_OF.get(word) ?? singularize(word)}`;
}

/** Before a code, these make a standard code (`postCode`); before a number they may be a record (a post's number). */
const NOT_CODE_NOUNS = new Set(['post']);

/** Before a key word, these make a quantity or a standard code, not a key of a record (`pageNumber`, `countryCode`). */
const NOT_KEY_NOUNS = new Set([
  'page',
  'phone',
  'fax',
  'mobile',
  'telephone',
  'tax',
  'vat',
  'version',
  'build',
  'line',
  'status',
  'error',
  'zip',
  'postal',
  'country',
  'currency',
  'language',
  'lang',
  'locale',
  'color',
  'colour',
  'http',
  'response',
  'exit',
  'iso',
  'area',
  'auth',
  'authorization',
  'verification',
  'otp',
  'access',
  'promo',
  'coupon',
  'discount',
  'unit',
  'house',
  'street',
  'room',
]);

/** True for the entity of a second key (`card#number`, `employee#code`), which `keyFieldAt` names. */
export function isKeyEntity(entity: string): boolean {
  return /#(?:number|code)$/.test(entity);
}

/** True for names `keyFieldAt` may read as a key: `number`, `card_number`, `employeeCode`, `codes`. */
export function isKeyName(name: string): boolean {
  const words = splitWords(name);
  const last = words.at(-1);
  if (last === undefined || !KEY_WORDS.has(last)) return false;
  // `no` alone is a word of its own; after a noun (`reservationNo`) it is that record's number.
  if (last === 'no' && words.length === 1) return false;
  const code = keySuffixOf(last) === '#code';
  return !words.slice(0, -1).some((word) => NOT_KEY_NOUNS.has(word) || (code && NOT_CODE_NOUNS.has(word)));
}

/**
 * The key a field named after a record holds when its description says so: `duplicate_post` described "The post
 * number to mark as duplicate" takes a post's number (`post#number`), `employee` described "Employee code of the
 * approver" an employee's code. The first clause must name a record and a key word before any id word, as a key name
 * would (`post number`, not `page number`), and the field's name must end with that record's noun.
 */
function describedKeyField(
  nameWords: readonly string[],
  description: string,
): { readonly entity: string; readonly many: boolean } | undefined {
  const described = describedKeyPhrase(description);
  const last = nameWords.at(-1);
  if (described === undefined || last === undefined) return undefined;
  const { before, key: keyWord } = described;
  const lead = before.slice(before.findLastIndex((word) => CLAUSE_WORDS.has(word)) + 1);
  const noun = lead.at(-1);
  // `ref` described "PR number, GitHub PR URL, ...": a field named only as a reference takes what it describes.
  const reference = nameWords.every((word) => REFERENCE_WORDS.has(word));
  if (
    noun === undefined ||
    (!reference && entityNoun(noun) !== entityNoun(last)) ||
    !isKeyName([...lead, keyWord].join('_'))
  )
    return undefined;
  const named = namingOfWords(lead);
  return typeof named === 'object'
    ? { entity: `${named.entity}${keySuffixOf(keyWord)}`, many: keyWord.endsWith('s') || last !== singularize(last) }
    : undefined;
}

/**
 * A record's second key at `path`: `card_number` and `cardNumber` name a card's `number` (entity `card#number`), as a
 * bare `number` does where a card holds it (`cards[].number`, `card.number`, or the result of `get_card`); `employeeCode`
 * an employee's code (`employee#code`). A bare key word under a key that only wraps a value (`page.number`) names
 * nothing, nor does one after a noun of quantities or standards (`page_number`, `phoneNumber`, `countryCode`). Ids and
 * keys never pair with each other: an agent copies a card's number into `card_number`, its id into `card_id`.
 */
export function keyFieldAt(
  path: readonly PathSegment[],
  toolName?: string,
  context: IdNamingContext = {},
): IdField | undefined {
  let nameIndex = path.length - 1;
  while (nameIndex >= 0 && path[nameIndex] === ARRAY_ITEM) nameIndex -= 1;
  const name = path[nameIndex];
  if (name === undefined) return undefined;
  if (!isKeyName(name)) {
    const described =
      context.description === undefined ? undefined : describedKeyField(splitWords(name), context.description);
    return described === undefined
      ? undefined
      : { path: [...path], name, entity: described.entity, many: described.many || nameIndex < path.length - 1 };
  }
  const words = splitWords(name);
  const keyWord = words.at(-1) ?? '';
  const suffix = keySuffixOf(keyWord);
  const many = keyWord.endsWith('s') || nameIndex < path.length - 1;
  const prefix = words.slice(0, -1);
  if (prefix.length > 0) {
    // `from_number`, `to_number`: an endpoint's number (a phone's), no record's key.
    if (prefix.every((word) => FIELD_PREPOSITIONS.has(word) || PREPOSITIONS.has(word))) return undefined;
    const own = namingOfWords(prefix);
    return typeof own === 'object' ? { path: [...path], name, entity: `${own.entity}${suffix}`, many } : undefined;
  }
  let holderIndex = nameIndex - 1;
  while (holderIndex >= 0 && path[holderIndex] === ARRAY_ITEM) holderIndex -= 1;
  const holder = path[holderIndex];
  if (holder !== undefined) {
    if (isContainerKey(holder, (context.side ?? 'input') === 'input')) return undefined;
    const held = namingOfWords(splitWords(holder));
    return typeof held === 'object' ? { path: [...path], name, entity: `${held.entity}${suffix}`, many } : undefined;
  }
  if (toolName === undefined) return undefined;
  const { naming = NO_TOOL_NAMING, side = 'input' } = context;
  const entity = side === 'input' && !many ? scopeOfToolName(toolName, naming) : entityOfToolName(toolName, naming);
  return entity === undefined ? undefined : { path: [...path], name, entity: `${entity}${suffix}`, many };
}
