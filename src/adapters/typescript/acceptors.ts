import ts from 'typescript';
import { idAcceptorVerdict } from '../../model/id-acceptor.ts';
import { idFieldsOfJsonSchema, type JsonType } from '../../model/id-fields.ts';
import {
  ARRAY_ITEM,
  describedAlternativesOf,
  describesOwnEntity,
  formatPath,
  type IdField,
  idFieldAt,
  isIdName,
  isKeyName,
  NO_TOOL_NAMING,
  type PathSegment,
  type ToolNaming,
} from '../../model/ids.ts';
import { inputTransformsOf, schemaFieldsOf, type SchemaField } from '../../model/schema-fields.ts';
import { jsonSchemaLiteralOf, jsonValueOf } from '../../model/json-schema-literal.ts';
import { isRecord } from '../../model/json-value.ts';
import { describedTextOf, type SchemaExpr } from '../../model/schema-expr.ts';
import { type SchemaMeaning, arrayElementOf, meaningOf, oneOrManyMemberOf } from '../../model/schema-meaning.ts';
import type { DiscoveredTool } from './discover-tools.ts';
import type { SchemaResolver } from './resolve-schema.ts';

/**
 * The id fields a tool accepts, with what Zod will let through for each: read from the input schema in source
 * (through the resolver's aliases, spreads, shared shapes and `.extend()`), judged by the shared model.
 */

type Expr = SchemaExpr<ts.Node>;

/** What an id acceptor takes, as Zod parses it. */
export type AcceptorType = 'string' | 'number' | 'string-or-number' | 'coerced' | 'guarded' | 'unknown';

export interface AcceptorField {
  readonly tool: string;
  /** `ticketId`, `filter.ticketId`, `items[].id`: the path as reports print it. */
  readonly field: string;
  readonly path: readonly PathSegment[];
  readonly entity: string;
  readonly many: boolean;
  readonly required: boolean;
  readonly type: AcceptorType;
  /** What `tools/list` shows for one id. */
  readonly published: readonly JsonType[];
  /** What validation also lets through without showing it (a guarded id takes a number, a coerced one anything). */
  readonly tolerates: readonly JsonType[];
  /** `z.coerce.number()`: the target; `z.string().uuid()`: the format no number can satisfy. */
  readonly detail?: string;
  /** The field's declaration, for file:line. */
  readonly node: ts.Node;
  /** The schema of one id, resolved (for a list of ids, of its element); undefined for a JSON Schema literal. */
  readonly value?: Expr;
  /** The description that makes the field an id, when its name names no id (`with_genres`: "Comma-separated genre ids"). */
  readonly description?: string;
  /**
   * Other entities the field's description names (`assignee_id`, "User ID to assign the task to": `user`), longest
   * first; the chains take the first a tool gives out when none gives out the field's own (`describedAlternativesOf`).
   */
  readonly describedAs?: readonly string[];
  /** The one of `describedAs` the chains took, when they took one. */
  readonly describedEntity?: string;
  /**
   * The id key the handler sends the field on as, when that is what makes it an id (`user`, sent as `params.user_id =
   * args.user`): `forwardedIdKeys`.
   */
  readonly forwardedAs?: string;
  /**
   * The entity of the record collection the handler sends the field into as a URL path segment (`seller_id` in
   * `` `/users/${seller_id}` ``: `user`), when that is another than its name's: `pathCollections`.
   */
  readonly sentInto?: string;
}

/** An input field of any name, for the findings that judge every field (coercions, unread fields). */
export interface InputField {
  readonly key: string;
  readonly path: readonly PathSegment[];
  readonly value: Expr;
  readonly meaning: SchemaMeaning<ts.Node>;
  readonly node: ts.Node;
  /** The const the field's value names as written (`ticketId: AnyId`), when it names one. */
  readonly through?: string;
}

export interface ToolInput {
  readonly acceptors: readonly AcceptorField[];
  readonly fields: readonly InputField[];
  /** `zod` when read from Zod source, `json-schema` from a literal JSON Schema, `none` without an input, `unresolved` when it could not be followed. */
  readonly source: 'zod' | 'json-schema' | 'none' | 'unresolved';
  /** The functions of the input schema's own `.transform(fn)` calls (`inputTransformsOf`), in chain order. */
  readonly transforms?: readonly ts.Node[];
}

const ALL_TYPES: readonly JsonType[] = ['string', 'number', 'boolean'];

/** The JSON side of an acceptor's meaning: what it publishes, and what else validation lets through. */
function acceptance(
  meaning: SchemaMeaning<ts.Node>,
  fieldName: string,
): { type: AcceptorType; published: JsonType[]; tolerates: JsonType[]; detail?: string } | undefined {
  switch (idAcceptorVerdict(fieldName, meaning, { keys: true })) {
    case 'guard':
      return { type: 'string', published: ['string'], tolerates: [] };
    case 'constrained':
      return { type: 'string', published: ['string'], tolerates: [], detail: meaning.formats.join(', ') };
    case 'numeric':
      return { type: 'number', published: ['number'], tolerates: [] };
    case 'union':
      return { type: 'string-or-number', published: ['string', 'number'], tolerates: [] };
    case 'guarded':
      // A guarded string takes a number too; a guarded number (`guardNumberId`) takes a decimal string.
      return meaning.accepts === 'guarded-number'
        ? { type: 'guarded', published: ['number'], tolerates: ['string'] }
        : { type: 'guarded', published: ['string'], tolerates: ['number'] };
    case 'coerced': {
      const target = meaning.coerceTarget ?? 'string';
      const published: JsonType[] =
        target === 'number' || target === 'bigint' ? ['number'] : target === 'boolean' ? ['boolean'] : ['string'];
      return {
        type: 'coerced',
        published,
        tolerates: ALL_TYPES.filter((type) => !published.includes(type)),
        detail: target,
      };
    }
    case 'unknown':
      return { type: 'unknown', published: [], tolerates: [] };
    default:
      return undefined;
  }
}

function isRequired(meaning: SchemaMeaning<ts.Node>): boolean {
  return !meaning.optional;
}

function fieldNode(field: SchemaField<ts.Node>): ts.Node {
  return field.property.node;
}

function describedAsOf(id: IdField, description: string | undefined): { describedAs?: readonly string[] } {
  const describedAs = description === undefined ? [] : describedAlternativesOf(id, description);
  return describedAs.length === 0 ? {} : { describedAs };
}

/**
 * The entity of the record collection the handler sends the field into (`/users/${seller_id}`: `user`), if another,
 * unless the field's description names its own entity ("Folder ID to upload to" of a `folder_id` sent into
 * `/files/${folder_id}`): the words say what the URL's shape does not.
 */
function sentIntoOf(
  id: IdField,
  collection: string | undefined,
  description: string | undefined,
): { sentInto?: string } {
  const sentInto = collection === undefined ? undefined : idFieldAt([collection, 'id'], '', { side: 'input' })?.entity;
  if (sentInto === undefined || sentInto === id.entity) return {};
  return description !== undefined && describesOwnEntity(id, description) ? {} : { sentInto };
}

/** The acceptors and fields of one tool's input; `naming` comes from the server's whole tool list (`toolNamingOf`). */
export function toolInputOf(
  tool: DiscoveredTool,
  resolver: SchemaResolver,
  naming: ToolNaming = NO_TOOL_NAMING,
  forwarded: ReadonlyMap<string, string> = new Map(),
  collections: ReadonlyMap<string, string> = new Map(),
): ToolInput {
  // What the server validates the arguments with is what it accepts; the published input stays its contract.
  if (tool.accepted !== undefined) {
    // A field's meaning is what the agent reads: where the schema the server validates with describes no field, the
    // published one's descriptions say which fields take ids (`user` published "User ID of the replying agent").
    const described = publishedDescriptionsOf(tool.input, resolver);
    const accepted = schemaInputOf(tool.name, tool.accepted, resolver, naming, forwarded, collections, described);
    if (accepted.source !== 'unresolved') return accepted;
  }
  return schemaInputOf(tool.name, tool.input, resolver, naming, forwarded, collections);
}

/** The descriptions of a published input's top-level fields, by field name: a JSON Schema written out, or Zod's. */
function publishedDescriptionsOf(schema: Expr | undefined, resolver: SchemaResolver): ReadonlyMap<string, string> {
  const descriptions = new Map<string, string>();
  if (schema === undefined) return descriptions;
  const root = resolver.resolve(schema);
  const jsonSchema = jsonSchemaLiteralOf(root, resolver.resolve);
  if (jsonSchema !== undefined) {
    const json = jsonValueOf(jsonSchema.object, resolver.resolve);
    const properties = isRecord(json) && isRecord(json.properties) ? json.properties : {};
    for (const [key, property] of Object.entries(properties))
      if (isRecord(property) && typeof property.description === 'string') descriptions.set(key, property.description);
    return descriptions;
  }
  for (const field of schemaFieldsOf(root, resolver.resolve)) {
    const description = field.path.length === 1 ? describedTextOf(field.value, resolver.resolve) : undefined;
    if (description !== undefined) descriptions.set(field.key, description);
  }
  return descriptions;
}

/** The acceptors and fields of one input schema of the tool named `toolName`. */
function schemaInputOf(
  toolName: string,
  schema: Expr | undefined,
  resolver: SchemaResolver,
  naming: ToolNaming,
  forwarded: ReadonlyMap<string, string>,
  collections: ReadonlyMap<string, string>,
  publishedDescriptions: ReadonlyMap<string, string> = new Map(),
): ToolInput {
  if (schema === undefined) return { acceptors: [], fields: [], source: 'none' };
  const root = resolver.resolve(schema);
  // `getInputSchema() { return undefined; }`: a tool that takes no input, not one whose input could not be read.
  if ((root.kind === 'identifier' && root.name === 'undefined') || (root.kind === 'literal' && root.value === null))
    return { acceptors: [], fields: [], source: 'none' };
  // A JSON Schema written out (`inputSchema: { type: 'object', properties: {...} }`) is what is published: its
  // keywords are no fields, the keys of its `properties` are.
  const jsonSchema = jsonSchemaLiteralOf(root, resolver.resolve);
  if (jsonSchema !== undefined) {
    const json = jsonValueOf(jsonSchema.object, resolver.resolve);
    const declared = new Map(
      (jsonSchema.properties?.properties ?? []).flatMap((property) =>
        property.key === undefined ? [] : [[property.key, property.node] as const],
      ),
    );
    const acceptors = idFieldsOfJsonSchema(json, toolName, { naming, side: 'input', keys: true }).map(
      (field): AcceptorField => {
        const types = field.types.map((type): JsonType => (type === 'integer' ? 'number' : type));
        const type: AcceptorType =
          types.includes('string') && types.includes('number')
            ? 'string-or-number'
            : types.includes('number')
              ? 'number'
              : types.includes('string')
                ? 'string'
                : 'unknown';
        const top = field.path[0];
        return {
          tool: toolName,
          field: formatPath(field.path),
          path: field.path,
          entity: field.entity,
          many: field.many,
          required: field.required,
          type,
          published: types,
          tolerates: [],
          node: (typeof top === 'string' ? declared.get(top) : undefined) ?? root.node,
        };
      },
    );
    return { acceptors, fields: [], source: 'json-schema' };
  }
  const meaning = meaningOf(root);
  if (meaning.accepts !== 'object' && root.kind !== 'object')
    return { acceptors: [], fields: [], source: 'unresolved' };
  // An object schema whose shape could not be read (`z.object(shape)` with `shape` built at run time) has unknown
  // fields, not none.
  if (root.kind === 'zod' && root.factoryArgs[0] !== undefined && meaning.shape === undefined)
    return { acceptors: [], fields: [], source: 'unresolved' };
  const acceptors: AcceptorField[] = [];
  const fields: InputField[] = [];
  for (const field of schemaFieldsOf(root, resolver.resolve)) {
    fields.push({
      key: field.key,
      path: field.path,
      value: field.value,
      meaning: field.meaning,
      node: fieldNode(field),
      ...(field.property.value.kind === 'identifier' ? { through: field.property.value.name } : {}),
    });
    // A field its description calls an id (`with_genres`: "Comma-separated genre ids") is read as one.
    const description =
      describedTextOf(field.value, resolver.resolve) ??
      (field.path.length === 1 ? publishedDescriptions.get(field.key) : undefined);
    // A field the handler sends on as an id (`params.user_id = args.user`) is read as one.
    const forwardedAs = field.path.length === 1 ? forwarded.get(field.key) : undefined;
    if (!isIdName(field.key) && !isKeyName(field.key) && description === undefined && forwardedAs === undefined)
      continue;
    let value = field.value;
    let many = false;
    let fieldMeaning = field.meaning;
    const element = fieldMeaning.accepts === 'array' ? arrayElementOf(value) : undefined;
    if (element !== undefined) {
      value = resolver.resolve(element);
      fieldMeaning = meaningOf(value);
      many = true;
    }
    // `z.union([z.string(), z.array(z.string())])`: one id or a list of them, each judged as the one.
    const single = element === undefined ? oneOrManyMemberOf(value) : undefined;
    if (single !== undefined) {
      value = resolver.resolve(single);
      fieldMeaning = meaningOf(value);
      many = true;
    }
    const own = idFieldAt(field.path, toolName, {
      naming,
      side: 'input',
      keys: true,
      ...(description === undefined ? {} : { description }),
    });
    const sent = own === undefined && forwardedAs !== undefined;
    const id = sent ? idFieldAt([forwardedAs], toolName, { naming, side: 'input' }) : own;
    if (id === undefined) continue;
    // A field named by its description is judged as an id by its schema alone.
    const named = isIdName(field.key) || isKeyName(field.key);
    const accepted = acceptance(fieldMeaning, named ? field.key : 'id');
    if (accepted === undefined) continue;
    acceptors.push({
      tool: toolName,
      field: formatPath(field.path),
      path: field.path,
      entity: id.entity,
      many: many || id.many,
      required: isRequired(field.meaning),
      type: accepted.type,
      published: accepted.published,
      tolerates: accepted.tolerates,
      ...(accepted.detail === undefined ? {} : { detail: accepted.detail }),
      node: fieldNode(field),
      value: resolver.resolve(value),
      ...(named || sent || description === undefined ? {} : { description }),
      ...(sent ? { forwardedAs } : describedAsOf(id, description)),
      ...(sent ? {} : sentIntoOf(id, field.path.length === 1 ? collections.get(field.key) : undefined, description)),
    });
  }
  return { acceptors, fields, source: 'zod', transforms: inputTransformsOf(root) };
}

/** The id fields an output schema declares (`outputSchema`, `outputShape`), with the JSON type each publishes. */
/**
 * A tool's output schema, read once: whether it was read into fields (`read`: the SDK checks `structuredContent`
 * against it and the text beside it is the same value, so it types what the tool emits whatever the handler's types
 * say), and its id fields.
 */
export function outputIdFieldsOf(
  tool: DiscoveredTool,
  resolver: SchemaResolver,
): { read: boolean; ids: { path: PathSegment[]; types: JsonType[]; node: ts.Node }[] } {
  if (tool.output === undefined) return { read: false, ids: [] };
  const found: { path: PathSegment[]; types: JsonType[]; node: ts.Node }[] = [];
  const fields = schemaFieldsOf(resolver.resolve(tool.output), resolver.resolve);
  for (const field of fields) {
    if (!isIdName(field.key)) continue;
    let path = [...field.path];
    let meaning = field.meaning;
    const element = meaning.accepts === 'array' ? arrayElementOf(field.value) : undefined;
    if (element !== undefined) {
      meaning = meaningOf(resolver.resolve(element));
      path = [...path, ARRAY_ITEM];
    }
    const types: JsonType[] =
      meaning.accepts === 'number' || meaning.accepts === 'guarded-number'
        ? ['number']
        : meaning.accepts === 'string' || meaning.accepts === 'guarded'
          ? ['string']
          : meaning.accepts === 'string-or-number'
            ? ['string', 'number']
            : [];
    if (types.length === 0) continue;
    if (meaning.nullable) types.push('null');
    found.push({ path, types, node: field.property.node });
  }
  return { read: fields.length > 0, ids: found };
}
