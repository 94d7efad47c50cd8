import { isIdName, targetVerbOf } from '../model/ids.ts';
import type { CompatibilityFinding, JsonObject, JsonValue } from './contract-types.ts';
import { jsonPointer } from './json-pointer.ts';
import { toolNameProblem } from './tool-name.ts';
export type { CompatibilityFinding } from './contract-types.ts';
import { dialectName, isObject, SCHEMA_KEYWORDS, SCHEMA_LIST_KEYWORDS, SCHEMA_MAP_KEYWORDS } from './normalise.ts';

/**
 * Client compatibility findings: what known clients do with a tool's schemas exactly as the server published them
 * (before normalisation, which would hide the difference between an `anyOf` and a type array). They are recorded in
 * the contract beside the tools and are not part of the diff.
 */

export type ClientId = 'anthropic' | 'openai-strict' | 'gemini' | 'cursor' | 'mcp';

export const CLIENTS: Readonly<Record<ClientId, string>> = {
  anthropic: 'Anthropic API',
  'openai-strict': 'OpenAI strict mode',
  gemini: 'Gemini',
  cursor: 'Cursor',
  mcp: 'MCP clients',
};

export type CompatibilityRuleId =
  | 'root-not-object'
  | 'top-level-composition'
  | 'nested-composition'
  | 'type-array'
  | 'additional-properties'
  | 'open-object'
  | 'optional-property'
  | 'default-keyword'
  | 'ref-keyword'
  | 'schema-keyword'
  | 'dialect-mismatch'
  | 'empty-input-schema'
  | 'tool-name';

/** What to change for a finding of `rule`; a rule this version does not know (a newer file) gets a pointer to the docs. */
export function fixFor(rule: string): string {
  return (
    (COMPATIBILITY_RULES as Readonly<Record<string, RuleText | undefined>>)[rule]?.fix ??
    'see docs/contract.md for this rule'
  );
}

/**
 * Who can make a finding of a rule go away, which decides its level (`compatLevel`). `server`: the server's code.
 * `rendered`: the SDK or zod writes the keyword into every schema (SDK 1.x's `$schema`, zod 3's
 * `additionalProperties`), and only a gateway in front of the client can strip it. `strict-mode`: only OpenAI strict
 * mode asks for it, which a client turns on per tool, and an open object is what a server gets for not publishing the
 * `additionalProperties` Gemini refuses.
 */
export type CompatibilityFixedBy = 'server' | 'strict-mode' | 'rendered';

/**
 * `fixable`: the server's code can change it for a client it serves; `advisory`: it cannot, or only a client that
 * opted in asks for it. `contract compat` fails on `fixable` findings by default (`--fail-on`).
 */
export type CompatLevel = 'fixable' | 'advisory';

interface RuleText {
  readonly clients: readonly ClientId[];
  /** Required, so that a new rule is classified where it is defined. */
  readonly fixedBy: CompatibilityFixedBy;
  readonly fix: string;
}

/**
 * Every rule with the clients it affects, who can fix it and what to change; docs/contract.md lists the same. A
 * Record, so that a new rule cannot be left out.
 */
export const COMPATIBILITY_RULES: Readonly<Record<CompatibilityRuleId, RuleText>> = {
  'root-not-object': {
    clients: ['mcp', 'anthropic', 'openai-strict', 'gemini', 'cursor'],
    fixedBy: 'server',
    fix: 'publish an object of named arguments ("type": "object" with "properties"); the MCP spec requires it and SDK clients reject the tool list otherwise',
  },
  'top-level-composition': {
    clients: ['anthropic', 'openai-strict', 'cursor'],
    fixedBy: 'server',
    fix: 'publish one plain object: move the alternatives into a property (a discriminator field with an enum) or split the tool in two',
  },
  'nested-composition': {
    clients: ['cursor', 'openai-strict'],
    fixedBy: 'server',
    fix: 'for an id that must also take numbers use guardId(z.string()), which publishes "type": "string"; for other alternatives prefer an enum or separate optional fields',
  },
  'type-array': {
    clients: ['gemini'],
    fixedBy: 'server',
    fix: 'publish one type per field: guardId(z.string()) instead of a string|number union for ids; for a nullable field, make it optional instead',
  },
  'additional-properties': {
    clients: ['gemini'],
    fixedBy: 'rendered',
    fix: 'zod 3 publishes "additionalProperties": false on every object (zod 4 input schemas do not); a client or gateway in front of Gemini has to strip it',
  },
  'open-object': {
    clients: ['openai-strict'],
    fixedBy: 'strict-mode',
    fix: 'declare the object strict (z.strictObject() or .strict()) so it publishes "additionalProperties": false, or leave strict mode off for this tool',
  },
  'optional-property': {
    clients: ['openai-strict'],
    fixedBy: 'strict-mode',
    fix: 'strict mode needs every property in "required": make the field required and .nullable(), and treat null as "not given" in the handler',
  },
  'default-keyword': {
    clients: ['openai-strict'],
    fixedBy: 'strict-mode',
    fix: 'drop .default() from the published schema and apply the default in the handler',
  },
  'ref-keyword': {
    clients: ['gemini'],
    fixedBy: 'server',
    fix: 'zod 3 emits a $ref to the first use of a reused schema instance: build the reused schema with a function (const status = () => z.enum([...])) or move to zod 4, which inlines it',
  },
  'schema-keyword': {
    clients: ['gemini', 'anthropic'],
    fixedBy: 'rendered',
    fix: 'SDK 1.x adds "$schema" to every rendered schema; a client or gateway in front of Gemini has to strip it (some Anthropic API builds rejected the draft-07 URI)',
  },
  'dialect-mismatch': {
    clients: ['mcp'],
    fixedBy: 'server',
    fix: 'use the keywords of the declared dialect, or declare the dialect the keywords belong to (without "$schema", MCP 2025-11-25 reads 2020-12)',
  },
  'empty-input-schema': {
    clients: ['mcp', 'anthropic', 'openai-strict', 'gemini', 'cursor'],
    fixedBy: 'server',
    fix: 'with zod 3, pass the plain z.object (or its shape) as inputSchema and move .refine()/.transform() into the handler: the SDK publishes an empty object for any schema that is not a plain object, while it still validates calls against the real one',
  },
  'tool-name': {
    clients: ['mcp', 'anthropic', 'openai-strict', 'gemini', 'cursor'],
    fixedBy: 'server',
    fix: 'rename the tool to 1-128 of the characters A-Z, a-z, 0-9, _, - and . (the MCP tool name format, SEP-986); clients refuse or mangle other names',
  },
};

/** Who can fix a finding of `rule`; a rule this version does not know (a newer file) is the server's to fix. */
export function fixedByOf(rule: string): CompatibilityFixedBy {
  return (COMPATIBILITY_RULES as Readonly<Record<string, RuleText | undefined>>)[rule]?.fixedBy ?? 'server';
}

/**
 * A finding's level: what the SDK or zod renders is advisory; what only OpenAI strict mode asks for is fixable when
 * `clients` names openai-strict (the user serves it), advisory otherwise; everything else, and a rule this version
 * does not know (a newer file), is fixable.
 */
export function compatLevel(finding: CompatibilityFinding, clients: readonly ClientId[] | undefined): CompatLevel {
  const fixedBy = fixedByOf(finding.rule);
  if (fixedBy === 'rendered') return 'advisory';
  if (fixedBy === 'strict-mode') return clients?.includes('openai-strict') === true ? 'fixable' : 'advisory';
  return 'fixable';
}

interface Visit {
  readonly node: JsonObject;
  readonly path: readonly (string | number)[];
}

/** Every subschema of a schema, with its path; data keywords (`enum`, `default`, `examples`) are not entered. */
function subschemas(root: JsonValue, base: readonly (string | number)[]): Visit[] {
  const found: Visit[] = [];
  const visit = (node: JsonValue | undefined, path: readonly (string | number)[], depth: number): void => {
    if (!isObject(node) || depth > 64) return;
    found.push({ node, path });
    for (const [key, value] of Object.entries(node)) {
      if (SCHEMA_MAP_KEYWORDS.has(key) && isObject(value)) {
        for (const [name, child] of Object.entries(value)) visit(child, [...path, key, name], depth + 1);
      } else if ((SCHEMA_LIST_KEYWORDS.has(key) || key === 'items') && Array.isArray(value)) {
        value.forEach((child, index) => visit(child, [...path, key, index], depth + 1));
      } else if (SCHEMA_KEYWORDS.has(key)) {
        visit(value, [...path, key], depth + 1);
      }
    }
  };
  visit(root, base, 0);
  return found;
}

function typeList(node: JsonObject): string[] {
  const type = node['type'];
  if (typeof type === 'string') return [type];
  return Array.isArray(type) ? type.filter((entry): entry is string => typeof entry === 'string') : [];
}

const DRAFT7_ONLY = ['dependencies', 'additionalItems'];
const DRAFT2019_PLUS = ['unevaluatedProperties', 'unevaluatedItems', 'dependentRequired', 'dependentSchemas'];
const DRAFT2020_ONLY = ['prefixItems', '$dynamicRef', '$dynamicAnchor'];
const KNOWN_DIALECTS = new Set(['draft-07', '2019-09', '2020-12']);

/** Keywords a validator of `dialect` ignores or reads differently. */
function foreignKeywords(node: JsonObject, dialect: string): string[] {
  const foreign: string[] = [];
  const has = (key: string) => key in node;
  if (dialect === '2020-12') {
    foreign.push(...DRAFT7_ONLY.filter(has));
    if (Array.isArray(node['items'])) foreign.push('items (as an array)');
  } else if (dialect === 'draft-07') {
    foreign.push(...DRAFT2019_PLUS.filter(has), ...DRAFT2020_ONLY.filter(has));
  } else if (dialect === '2019-09') {
    foreign.push(...DRAFT2020_ONLY.filter(has));
  }
  return foreign;
}

/** Why an empty input schema looks wrong for this tool, or undefined when it looks deliberate. */
function argumentsHint(tool: JsonObject, name: string): string | undefined {
  const text = [tool['title'], tool['description']]
    .filter((part): part is string => typeof part === 'string')
    .join(' ');
  const idWord = text.split(/[^A-Za-z0-9_]+/).find((word) => word.length > 0 && isIdName(word));
  if (idWord !== undefined) return `its description names \`${idWord}\``;
  const argumentWord = /\b(given|specified|provided|argument|arguments|parameter|parameters)\b/i.exec(text);
  if (argumentWord !== null) return `its description says "${argumentWord[1] ?? ''}"`;
  const verb = targetVerbOf(name);
  if (verb !== undefined) return `its name starts with "${verb}", which needs something to act on`;
  return undefined;
}

function isEmptyObjectSchema(schema: JsonValue | undefined): boolean {
  if (!isObject(schema)) return false;
  const keys = Object.keys(schema).filter((key) => key !== '$schema');
  const properties = schema['properties'];
  const noProperties = properties === undefined || (isObject(properties) && Object.keys(properties).length === 0);
  return schema['type'] === 'object' && noProperties && keys.every((key) => key === 'type' || key === 'properties');
}

function quoteList(names: readonly string[]): string {
  const shown = names.slice(0, 6).map((name) => `\`${name}\``);
  return names.length > 6 ? `${shown.join(', ')} and ${names.length - 6} more` : shown.join(', ');
}

class Collector {
  readonly findings: CompatibilityFinding[] = [];
  private readonly pending = new Map<
    string,
    { rule: CompatibilityRuleId; tool: string; paths: Set<string>; details: Set<string>; clients?: ClientId[] }
  >();

  add(rule: CompatibilityRuleId, tool: string, path: string, detail: string, clients?: ClientId[]): void {
    const key = `${tool}\u0000${rule}`;
    // Sets, in insertion order: a schema of 10,000 optional properties is one finding with 10,000 paths.
    const entry = this.pending.get(key) ?? { rule, tool, paths: new Set(), details: new Set() };
    entry.paths.add(path);
    entry.details.add(detail);
    if (clients !== undefined) entry.clients = [...new Set([...(entry.clients ?? []), ...clients])];
    this.pending.set(key, entry);
  }

  finish(message: (rule: CompatibilityRuleId, details: string[]) => string): CompatibilityFinding[] {
    for (const entry of this.pending.values()) {
      const rule = COMPATIBILITY_RULES[entry.rule];
      const clients = entry.clients ?? rule.clients;
      this.findings.push({
        rule: entry.rule,
        tool: entry.tool,
        paths: [...entry.paths],
        clients: [...clients],
        message: message(entry.rule, [...entry.details]),
      });
    }
    return this.findings.sort((a, b) =>
      a.tool === b.tool ? (a.rule < b.rule ? -1 : a.rule > b.rule ? 1 : 0) : a.tool < b.tool ? -1 : 1,
    );
  }
}

function messageFor(rule: CompatibilityRuleId, details: string[]): string {
  switch (rule) {
    case 'root-not-object':
      return `the input schema's top level is not an object (${details.join('; ')})`;
    case 'top-level-composition':
      return `the input schema's top level uses ${details.join(', ')}`;
    case 'nested-composition':
      return `${details.join(', ')} below the top level`;
    case 'type-array':
      return `type arrays at ${quoteList(details)}`;
    case 'additional-properties':
      return `"additionalProperties" at ${quoteList(details)}`;
    case 'open-object':
      return `objects without "additionalProperties": false at ${quoteList(details)}`;
    case 'optional-property':
      return `optional properties ${quoteList(details)}`;
    case 'default-keyword':
      return `"default" on ${quoteList(details)}`;
    case 'ref-keyword':
      return `"$ref" at ${quoteList(details)}`;
    case 'schema-keyword':
      return `"$schema" is published (${details.join(', ')})`;
    case 'dialect-mismatch':
      return details.join('; ');
    case 'empty-input-schema':
      return `the published input schema is an empty object, but ${details.join('; ')}`;
    case 'tool-name':
      return `the name is not a valid MCP tool name: ${details.join('; ')}`;
  }
}

/** The readable place of a schema path: `tickets[].id`, or `(top level)`. */
function fieldOf(path: readonly (string | number)[]): string {
  let text = '';
  for (let index = 1; index < path.length; index += 1) {
    const key = path[index];
    const previous = path[index - 1];
    if (previous === 'properties' && typeof key === 'string') text += text === '' ? key : `.${key}`;
    else if (key === 'items') text += '[]';
  }
  return text === '' ? '(top level)' : text;
}

/** The findings for the tools of one `tools/list` answer, exactly as the server sent them. */
export function compatibilityFindings(tools: readonly JsonValue[]): CompatibilityFinding[] {
  const collector = new Collector();
  for (const tool of tools) {
    if (!isObject(tool) || typeof tool['name'] !== 'string') continue;
    const name = tool['name'];
    const nameProblem = toolNameProblem(name);
    if (nameProblem !== undefined) collector.add('tool-name', name, '/name', nameProblem);
    const input = tool['inputSchema'];
    if (isObject(input)) {
      const declared = typeof input['$schema'] === 'string' ? dialectName(input['$schema']) : undefined;
      if (declared !== undefined) {
        collector.add(
          'schema-keyword',
          name,
          '/inputSchema/$schema',
          declared,
          declared === 'draft-07' ? ['gemini', 'anthropic'] : ['gemini'],
        );
      }
      if (typeList(input).join() !== 'object')
        collector.add(
          'root-not-object',
          name,
          '/inputSchema',
          input['type'] === undefined ? 'no "type"' : `"type": ${JSON.stringify(input['type'])}`,
        );
      for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
        if (keyword in input) collector.add('top-level-composition', name, `/inputSchema/${keyword}`, keyword);
      }
      if (isEmptyObjectSchema(input)) {
        const hint = argumentsHint(tool, name);
        if (hint !== undefined) collector.add('empty-input-schema', name, '/inputSchema', hint);
      }
      for (const { node, path } of subschemas(input, ['inputSchema'])) {
        const at = jsonPointer(path);
        const field = fieldOf(path);
        if (path.length > 1) {
          for (const keyword of ['anyOf', 'oneOf', 'allOf']) {
            if (keyword in node)
              collector.add(
                'nested-composition',
                name,
                `${at}/${keyword}`,
                `${keyword} at \`${field}\``,
                keyword === 'anyOf' ? ['cursor'] : ['cursor', 'openai-strict'],
              );
          }
        }
        if (Array.isArray(node['type'])) collector.add('type-array', name, `${at}/type`, field);
        if ('additionalProperties' in node)
          collector.add('additional-properties', name, `${at}/additionalProperties`, field);
        if ('$ref' in node) collector.add('ref-keyword', name, `${at}/$ref`, field);
        if ('default' in node) collector.add('default-keyword', name, `${at}/default`, field);
        const isObjectNode = typeList(node).includes('object') || isObject(node['properties']);
        if (isObjectNode && node['additionalProperties'] !== false) collector.add('open-object', name, at, field);
        const properties = node['properties'];
        if (isObject(properties)) {
          const required = Array.isArray(node['required']) ? node['required'] : [];
          for (const property of Object.keys(properties)) {
            if (!required.includes(property))
              collector.add(
                'optional-property',
                name,
                jsonPointer([...path, 'properties', property]),
                fieldOf([...path, 'properties', property]),
              );
          }
        }
      }
    }
    for (const side of ['inputSchema', 'outputSchema'] as const) {
      const schema = tool[side];
      if (!isObject(schema)) continue;
      const declared = typeof schema['$schema'] === 'string' ? dialectName(schema['$schema']) : undefined;
      const dialect = declared ?? '2020-12';
      if (!KNOWN_DIALECTS.has(dialect)) {
        collector.add(
          'dialect-mismatch',
          name,
          `/${side}/$schema`,
          `the ${side} declares ${dialect}, which current validators (draft-07, 2020-12) do not implement`,
        );
        continue;
      }
      for (const { node, path } of subschemas(schema, [side])) {
        const foreign = foreignKeywords(node, dialect);
        if (foreign.length === 0) continue;
        const how =
          declared === undefined ? 'has no "$schema", so MCP 2025-11-25 reads it as 2020-12' : `declares ${declared}`;
        collector.add(
          'dialect-mismatch',
          name,
          jsonPointer(path),
          `the ${side} ${how} but uses ${foreign.join(', ')} at \`${fieldOf(path)}\``,
        );
      }
    }
  }
  return collector.finish(messageFor);
}
