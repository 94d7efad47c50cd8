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

/** Casts that turn a value into its text: over a number, the digits an agent reads back as a number. */
export function castsToText(kind: DefensiveCastKind): boolean {
  return kind === 'String' || kind === 'toString' || kind === 'template' || kind === 'concat';
}

/** What a cast's value says of itself, as either adapter reads it. */
export interface CastValue {
  /** The value's access path as written (`['req', 'params', 'projectId']`), if it is one. */
  readonly names: readonly string[] | undefined;
  /** When the value names a const of the same file: its initializer's access path, and whether it is a string literal. */
  readonly constInitializer?: { readonly names: readonly string[] | undefined; readonly isStringLiteral: boolean };
}

/**
 * The id name a cast covers for, or undefined when the value is no id, or is a string by nature so that converting it
 * is parsing (`Number(req.params.projectId)`, `const projectId = req.params.projectId`), or builds mock data from a
 * literal the test wrote (`Number(TEST_PROJECT_ID)` over `const TEST_PROJECT_ID = "123"`).
 */
export function coveredIdName(
  kind: DefensiveCastKind,
  value: CastValue,
  ignoredNames: readonly string[] = [],
): string | undefined {
  const { names, constInitializer } = value;
  const idName = names === undefined ? undefined : idNameOfValue(names, ignoredNames);
  if (idName === undefined || names === undefined || readsStringSource(names)) return undefined;
  if (constInitializer !== undefined) {
    if (constInitializer.names !== undefined && readsStringSource(constInitializer.names)) return undefined;
    if (castsToNumber(kind) && constInitializer.isStringLiteral) return undefined;
  }
  return idName;
}

/**
 * One step outwards from a cast, as either adapter sees it: the cast is (inside) an argument of a call (`callee` its
 * last name, `calleeObject` the identifier before it in `http.get(...)`), the right side of an assignment to an
 * environment variable, or inside a function that is the value of an object property named `key`.
 */
export type CastStep =
  | { readonly kind: 'argument'; readonly callee: string | undefined; readonly calleeObject: string | undefined }
  | { readonly kind: 'env-assignment' }
  | { readonly kind: 'property-function'; readonly key: string | undefined };

/**
 * Where a cast's value goes in a test: into a tool call (what an agent would send), into a mock of an upstream
 * response or an environment variable (where ids are what the API or the process hold, often strings), or neither.
 */
export type CastContext = 'tool-call' | 'mock-response' | 'env' | undefined;

/** The context of the nearest step that gives one, from the cast outwards. */
export function castContextOf(steps: Iterable<CastStep>): CastContext {
  for (const step of steps) {
    switch (step.kind) {
      case 'argument': {
        const { callee, calleeObject } = step;
        if (callee === undefined) break;
        if (TOOL_CALL_CALLEES.has(callee)) return 'tool-call';
        if (MOCK_RESPONSE_CALLEES.has(callee)) return 'mock-response';
        if (ENV_SETTERS.has(callee)) return 'env';
        if (calleeObject !== undefined && MOCK_ROUTE_OBJECTS.has(calleeObject)) return 'mock-response';
        break;
      }
      case 'env-assignment':
        return 'env';
      case 'property-function':
        if (step.key !== undefined && MOCK_BODY_KEYS.has(step.key)) return 'mock-response';
        break;
    }
  }
  return undefined;
}

/** A mock of an upstream response or an environment variable holds what the API or the process would: test data. */
export function buildsTestData(context: CastContext): boolean {
  return context === 'mock-response' || context === 'env';
}

/**
 * The id a cast covers for in a test, or undefined: the value is no id, is a string by nature, or the cast builds test
 * data (a mock of an upstream response, an environment variable). `steps` are read only when the value is an id.
 */
export function coverUpOf(
  kind: DefensiveCastKind,
  value: CastValue,
  steps: Iterable<CastStep>,
  ignoredNames: readonly string[] = [],
): string | undefined {
  const idName = coveredIdName(kind, value, ignoredNames);
  return idName === undefined || buildsTestData(castContextOf(steps)) ? undefined : idName;
}

/**
 * The JSON type a cast says its value had: a test that writes `String(todo.id)` before passing the id on saw
 * something that was not a string (a number), and `Number(ticket.id)` something that was not a number (a string).
 */
export function typeBeforeCast(kind: DefensiveCastKind): 'number' | 'string' {
  return kind === 'String' || kind === 'toString' || kind === 'template' || kind === 'concat' ? 'number' : 'string';
}
