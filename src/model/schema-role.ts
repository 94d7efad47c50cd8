import { splitWords } from './ids.ts';

/**
 * Which side of a tool a schema describes, decided once for the codemods, the lint rules and the audit.
 * `input`: it parses what an agent sends (acceptors: widen them). `output`: it describes what the server emits
 * (emitters: never widen them; clients validate the raw value against the published type).
 */
export type SchemaRole = 'input' | 'output';

/** Trailing words that name the kind of value, not its role: `TicketOutputSchema` is an `Output`. */
const GENERIC_TAIL_WORDS = new Set([
  'schema',
  'schemas',
  'shape',
  'shapes',
  'zod',
  'type',
  'types',
  'def',
  'definition',
  'validator',
  'spec',
  'model',
]);
const OUTPUT_WORDS = new Set(['output', 'outputs', 'result', 'results', 'response', 'responses', 'returns']);
/** `request` is left out on purpose: `MergeRequestSchema` names an entity, not a role. */
const INPUT_WORDS = new Set(['input', 'inputs', 'args', 'arguments', 'params', 'parameters']);

function roleOfWords(words: readonly string[]): SchemaRole | undefined {
  const meaningful = [...words];
  while (meaningful.length > 1 && GENERIC_TAIL_WORDS.has(meaningful.at(-1) ?? '')) meaningful.pop();
  const last = meaningful.at(-1) ?? '';
  if (OUTPUT_WORDS.has(last)) return 'output';
  if (INPUT_WORDS.has(last)) return 'input';
  return undefined;
}

/**
 * The role a const or property name gives the schema it holds: `TicketOutputSchema`, `outputSchema`,
 * `CreateTicketResult`, `usersResponse` are outputs; `inputSchema`, `inputShape`, `parameters`, `GetTicketArgs` are
 * inputs; `TicketSchema` says nothing.
 */
export function schemaRoleOfName(name: string): SchemaRole | undefined {
  return ROLE_HINT.test(name) ? roleOfWords(splitWords(name)) : undefined;
}

/** Cheap test before splitting words: a name that can have a role mentions one of these. */
const ROLE_HINT = /put|result|respon|return|arg|param/i;
const SCHEMA_KEY_WORDS = new Set(['schema', 'shape']);

/**
 * The role a property key gives the schema it holds. Stricter than const names: a key must say it holds a schema
 * (`inputSchema`, `outputShape`, `responseSchema`) or be a tool definition's `parameters`, since `result:` and
 * `response:` keys are everywhere in handler code.
 */
export function schemaRoleOfKey(key: string): SchemaRole | undefined {
  if (key === 'parameters') return 'input';
  if (!ROLE_HINT.test(key)) return undefined;
  const words = splitWords(key);
  return SCHEMA_KEY_WORDS.has(words.at(-1) ?? '') ? roleOfWords(words) : undefined;
}

/**
 * The role a file's name gives the schemas declared in it when nothing else does: every schema in
 * `output-schemas.ts` or `responses.ts` describes an output. Only outputs: a file name that says "input" is too
 * weak a sign to rewrite by, and `params.ts` or `args.ts` are as often helpers as schemas.
 */
export function schemaRoleOfFile(filePath: string): SchemaRole | undefined {
  const base = filePath.replace(/^.*[\\/]/, '').replace(/\.[^.]*$/, '');
  return splitWords(base).some((word) => OUTPUT_WORDS.has(word)) ? 'output' : undefined;
}

/** The methods that run a schema on a value: what they are given says which side the schema is on. */
export const PARSE_METHODS: ReadonlySet<string> = new Set(['parse', 'safeParse', 'parseAsync', 'safeParseAsync']);
/** Names of values that hold what an upstream API sent: `res`, `response`, `body`, `ticketResponse`. */
const FETCHED_NAME = /^(?:res|resp|response|body|json|payload|raw)$|(?:Response|Body|Json|Payload)$/;
/** Methods that read a fetched body: `await res.json()`. */
const BODY_READERS: ReadonlySet<string> = new Set(['json', 'text']);
/** Properties that hold a fetched body: `response.data` (axios), `res.body`. */
const BODY_PROPERTIES: ReadonlySet<string> = new Set(['data', 'body']);

/**
 * What one step of the value a schema parses (`Schema.parse(value)`) says of the schema's side, for both adapters to
 * walk their own trees with: a variable named like a fetched body, a body reader's call (`await res.json()`) or
 * property (`response.data`) make it an output (it parses what an upstream API sent); `request.params.arguments`
 * makes it an input. `JSON.parse(text)` is a step to look through (`through`).
 */
export function parsedValueRole(
  step: { kind: 'name'; name: string } | { kind: 'property'; name: string } | { kind: 'call'; method: string },
): SchemaRole | 'through' | undefined {
  switch (step.kind) {
    case 'name':
      return FETCHED_NAME.test(step.name) ? 'output' : undefined;
    case 'property':
      if (step.name === 'arguments') return 'input';
      return BODY_PROPERTIES.has(step.name) ? 'output' : undefined;
    case 'call':
      if (BODY_READERS.has(step.method)) return 'output';
      return step.method === 'parse' ? 'through' : undefined;
    default:
      return undefined;
  }
}
