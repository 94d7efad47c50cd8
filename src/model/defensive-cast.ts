import { isIdName } from './ids.ts';

/**
 * Defensive casts around ids in tests: `String(ticket.id)`, `Number(reply.ticketId)`, `` `${ticket.id}` ``,
 * `ticket.id.toString()`, `+ticket.id`, `parseInt(ticket.id)`. Each one is a place where the suite types what a
 * careful human would, not what a literal agent sends, and so stays green while the real chain is broken.
 * Front ends find the syntax; this module decides which calls are casts and which values are ids.
 */
export type DefensiveCastKind =
  | 'String'
  | 'Number'
  | 'BigInt'
  | 'parseInt'
  | 'parseFloat'
  | 'Number.parseInt'
  | 'Number.parseFloat'
  | 'toString'
  | 'template'
  | 'unary-plus'
  | 'concat';

/** The global callees that cast their argument: a name (`String`) or a global's method (`Number.parseInt`). */
export const CAST_CALLEES: ReadonlySet<string> = new Set([
  'String',
  'Number',
  'BigInt',
  'parseInt',
  'parseFloat',
  'Number.parseInt',
  'Number.parseFloat',
]);

/** The cast a global callee performs (`String`, `Number.parseInt`), or undefined for any other call. */
export function castOfCallee(callee: string): DefensiveCastKind | undefined {
  return CAST_CALLEES.has(callee) ? (callee as DefensiveCastKind) : undefined;
}

/** Methods that cast their receiver when called without arguments: `ticket.id.toString()` (`toString(16)` formats). */
export const CAST_METHODS: ReadonlySet<string> = new Set(['toString']);

/** The cast a method call performs on its receiver (`ticket.id.toString()`), or undefined for any other call. */
export function castOfMethod(method: string, argumentCount: number): DefensiveCastKind | undefined {
  return argumentCount === 0 && CAST_METHODS.has(method) ? (method as DefensiveCastKind) : undefined;
}

/** The global a cast callee starts from: a cast only counts while that name is not shadowed by a local. */
export function globalOfCast(kind: DefensiveCastKind): string | undefined {
  if (kind === 'toString' || kind === 'template' || kind === 'unary-plus' || kind === 'concat') return undefined;
  return kind.split('.')[0];
}

/**
 * The id name a cast value carries: `ticket.id` -> `id`, `reply.ticketId` -> `ticketId`, `ticketId` -> `ticketId`.
 * `names` is the value's access path as written; only its last name decides.
 */
export function idNameOfValue(names: readonly string[], ignoredNames: readonly string[] = []): string | undefined {
  const last = names.at(-1);
  if (last === undefined || ignoredNames.includes(last)) return undefined;
  return isIdName(last) ? last : undefined;
}

/**
 * Objects whose values are strings by nature (URL path and query parameters, environment variables, headers,
 * argv): converting one is parsing, not covering for an acceptor. `req.params.projectId`, `process.env.PROJECT_ID`.
 */
const STRING_SOURCES: ReadonlySet<string> = new Set([
  'params',
  'query',
  'env',
  'headers',
  'searchParams',
  'argv',
  'cookies',
]);

/**
 * True when an access path reads from a string source: `['req', 'params', 'mr_iid']`, `['process', 'env', 'X']`.
 * The source must hang off an object (a request, `process`, a URL): a bare `params.issueId` is a function's own
 * parameters, such as a tool's arguments, whose ids are whatever the test put there.
 */
export function readsStringSource(names: readonly string[]): boolean {
  return names.slice(1, -1).some((name) => STRING_SOURCES.has(name));
}

/**
 * Calls whose arguments play an upstream API in a test (a mock's resolved value, a nock or msw reply, a fetch
 * `Response`): ids there are what the API sends, so a cast builds mock data and covers for no acceptor. By the
 * callee's last name: `fetchProject.mockResolvedValue(...)`, `scope.reply(200, ...)`, `HttpResponse.json(...)`.
 */
export const MOCK_RESPONSE_CALLEES: ReadonlySet<string> = new Set([
  'mockResolvedValue',
  'mockResolvedValueOnce',
  'mockReturnValue',
  'mockReturnValueOnce',
  'mockImplementation',
  'mockImplementationOnce',
  'resolves',
  'returns',
  'reply',
  'replyOnce',
  'json',
  'send',
  'Response',
]);

/** Methods that define a mock route whose callback builds the response: msw's `http.get(path, resolver)`. */
export const MOCK_ROUTE_OBJECTS: ReadonlySet<string> = new Set(['http', 'rest', 'graphql']);

/** Properties of a fetch `Response` stand-in whose function builds the body: `{ json: async () => ({ id }) }`. */
export const MOCK_BODY_KEYS: ReadonlySet<string> = new Set(['json', 'text']);

/** Calls that set an environment variable, whose value is a string by nature: `vi.stubEnv('X', String(id))`. */
export const ENV_SETTERS: ReadonlySet<string> = new Set(['stubEnv', 'setEnv']);

/**
 * Calls a test makes a tool with: their arguments are what an agent would send, so a cast there is the cover-up the
 * rule exists for, even inside a mock. `runTool(...)`, `client.callTool({ name, arguments })`, `tool.handler(...)`.
 */
export const TOOL_CALL_CALLEES: ReadonlySet<string> = new Set([
  'callTool',
  'runTool',
  'invokeTool',
  'executeTool',
  'handler',
  'execute',
]);

/** Casts that turn a value into a number: over a string literal the test wrote itself, they build mock data. */
export function castsToNumber(kind: DefensiveCastKind): boolean {
  return (
    kind === 'Number' ||
    kind === 'BigInt' ||
    kind === 'parseInt' ||
    kind === 'parseFloat' ||
    kind === 'Number.parseInt' ||
    kind === 'Number.parseFloat' ||
    kind === 'unary-plus'
  );
}
