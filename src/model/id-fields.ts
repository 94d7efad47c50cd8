import {
  ARRAY_ITEM,
  idFieldAt,
  NO_TOOL_NAMING,
  toolNamingOf,
  type IdField,
  type IdNamingContext,
  type PathSegment,
  type ToolNaming,
} from './ids.ts';

/** JSON types as JSON Schema names them. */
export type JsonType = 'string' | 'number' | 'integer' | 'boolean' | 'null' | 'object' | 'array';

/** An id field a published JSON Schema describes (an acceptor in an input schema, an emitter in an output schema). */
export interface SchemaIdField extends IdField {
  /** The JSON types the schema allows for one id (for a list of ids: for one element). */
  readonly types: readonly JsonType[];
  readonly required: boolean;
}

/** An id value found in a tool result. */
export interface EmittedIdValue extends IdField {
  /** The first non-null value seen at this path (for a list of ids: its first element). */
  readonly value: string | number;
}

type JsonSchema = Record<string, unknown>;

function asSchema(value: unknown): JsonSchema | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as JsonSchema) : undefined;
}

function typesOf(schema: JsonSchema): JsonType[] {
  const types = new Set<JsonType>();
  const type = schema['type'];
  if (typeof type === 'string') types.add(type as JsonType);
  if (Array.isArray(type)) for (const entry of type) types.add(entry as JsonType);
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const members = schema[key];
    if (Array.isArray(members))
      for (const member of members) for (const t of typesOf(asSchema(member) ?? {})) types.add(t);
  }
  if (types.size === 0 && 'const' in schema) types.add(typeof schema['const'] === 'number' ? 'number' : 'string');
  return [...types];
}

/** The members a schema may take: itself, and the branches of its anyOf/oneOf/allOf. */
function branches(schema: JsonSchema): JsonSchema[] {
  const found = [schema];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const members = schema[key];
    if (Array.isArray(members)) for (const member of members) found.push(...branches(asSchema(member) ?? {}));
  }
  return found;
}

/**
 * The naming of a server read from its published tools: the namespaces of their names, and the compound entities the
 * id fields of their inputs name (`toolNamingOf`), so each front end names a tool's ids from the same facts.
 */
export function toolNamingOfSchemas(
  tools: readonly { readonly name: string; readonly inputSchema?: unknown }[],
): ToolNaming {
  return toolNamingOf(
    tools.map((tool) => tool.name),
    inputIdNamesOf(tools),
  );
}

/** The names of the id fields of published input schemas (`teamIterationId`), for a server's naming. */
export function inputIdNamesOf(tools: readonly { readonly name: string; readonly inputSchema?: unknown }[]): string[] {
  return tools.flatMap((tool) =>
    idFieldsOfJsonSchema(tool.inputSchema, tool.name, { side: 'input' }).map((field) => field.name),
  );
}

/**
 * Every id field a published JSON Schema describes, nested objects and arrays included. `toolName` names the entity
 * of a bare top-level `id` (the `id` of a `get_ticket` tool is a ticket id); `context` says which side of the tool the
 * schema is (an `inputSchema` unless told) and carries the server's tool naming (`toolNamingOf`).
 */
export function idFieldsOfJsonSchema(
  schema: unknown,
  toolName?: string,
  context: IdNamingContext = {},
): SchemaIdField[] {
  const found = new Map<string, SchemaIdField>();
  const visit = (node: JsonSchema, path: PathSegment[], required: boolean, depth: number): void => {
    if (depth > 12) return;
    for (const branch of branches(node)) {
      const properties = asSchema(branch['properties']);
      const requiredKeys = Array.isArray(branch['required']) ? (branch['required'] as unknown[]) : [];
      if (properties !== undefined) {
        for (const [key, child] of Object.entries(properties)) {
          const childSchema = asSchema(child);
          if (childSchema === undefined) continue;
          visitProperty(childSchema, [...path, key], required && requiredKeys.includes(key), depth + 1);
        }
      }
      const items = asSchema(branch['items']);
      if (items !== undefined) visit(items, [...path, ARRAY_ITEM], required, depth + 1);
    }
  };
  const visitProperty = (schema: JsonSchema, path: PathSegment[], required: boolean, depth: number): void => {
    const field = idFieldAt(
      path,
      toolName,
      typeof schema['description'] === 'string' ? { ...context, description: schema['description'] } : context,
    );
    const types = typesOf(schema);
    if (field !== undefined) {
      const items = asSchema(schema['items']);
      // A closed set of values (`enum`, `const`) names no record an emitter gives out, as a Zod enum does not.
      if ([schema, items].some((node) => node !== undefined && ('enum' in node || 'const' in node))) return;
      const elementTypes = types.includes('array') && items !== undefined ? typesOf(items) : types;
      const isScalar = elementTypes.some((type) => type === 'string' || type === 'number' || type === 'integer');
      if (isScalar || elementTypes.length === 0) {
        const many = field.many || (types.includes('array') && items !== undefined);
        found.set(path.join('\u0000'), {
          ...field,
          many,
          types: elementTypes.filter((type) => type !== 'array'),
          required,
        });
        return;
      }
    }
    visit(schema, path, required, depth);
  };
  const root = asSchema(schema);
  if (root !== undefined) visit(root, [], true, 0);
  return [...found.values()];
}

/**
 * Every id value a tool result carries, with the path it sits at: `{ tickets: [{ id: 4 }] }` gives `tickets[].id = 4`.
 * The first non-null value at each path is kept, so one emitter is one path, however many rows it returned.
 * `toolName` and `naming` (the server's, `toolNamingOf`) name a bare `id`: what the tool returns. A record's second
 * key (an issue's `number`) counts, as the audit and `contract chains` read it.
 */
export function emittedIdValues(
  value: unknown,
  toolName?: string,
  naming: ToolNaming = NO_TOOL_NAMING,
): EmittedIdValue[] {
  const found = new Map<string, EmittedIdValue>();
  const visit = (node: unknown, path: PathSegment[], depth: number): void => {
    if (depth > 24 || node === null || node === undefined) return;
    if (Array.isArray(node)) {
      for (const item of node) visit(item, [...path, ARRAY_ITEM], depth + 1);
      return;
    }
    if (typeof node === 'string' || typeof node === 'number') {
      const key = path.join('\u0000');
      if (found.has(key)) return;
      const field = idFieldAt(path, toolName, { naming, side: 'output', keys: true });
      if (field !== undefined) found.set(key, { ...field, value: node });
      return;
    }
    if (typeof node === 'object') {
      for (const [key, child] of Object.entries(node)) visit(child, [...path, key], depth + 1);
    }
  };
  visit(value, [], 0);
  return [...found.values()];
}
