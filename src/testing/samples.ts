import type { Tool } from '@modelcontextprotocol/sdk/types.js';

/**
 * Values for the arguments that are not the id under test. `tools` gives whole argument objects per tool
 * (used for the first call and as the base of every chain into that tool); `fields` gives a value per field name
 * for any tool. What neither gives is made up from the published schema.
 */
export interface ConsumerSamples {
  readonly tools?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
  readonly fields?: Readonly<Record<string, unknown>>;
}

type JsonSchema = Record<string, unknown>;

/** A value the published schema accepts, for a required field nobody gave a sample for. */
export function exampleForSchema(schema: JsonSchema, depth = 0): unknown {
  if ('const' in schema) return schema['const'];
  if ('default' in schema) return schema['default'];
  const enumValues = schema['enum'];
  if (Array.isArray(enumValues) && enumValues.length > 0) return enumValues[0];
  const examples = schema['examples'];
  if (Array.isArray(examples) && examples.length > 0) return examples[0];
  for (const key of ['anyOf', 'oneOf']) {
    const members = schema[key];
    if (Array.isArray(members) && members.length > 0) return exampleForSchema(members[0] as JsonSchema, depth + 1);
  }
  const type = Array.isArray(schema['type']) ? (schema['type'] as unknown[])[0] : schema['type'];
  switch (type) {
    case 'string': {
      const minLength = typeof schema['minLength'] === 'number' ? schema['minLength'] : 1;
      return 'sample'.padEnd(minLength, 'x');
    }
    case 'integer':
    case 'number':
      return typeof schema['minimum'] === 'number' ? schema['minimum'] : 1;
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return [];
    case 'object':
    default: {
      if (depth > 6) return {};
      const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
      const required = Array.isArray(schema['required']) ? (schema['required'] as string[]) : [];
      return Object.fromEntries(
        required
          .filter((key) => key in properties)
          .map((key) => [key, exampleForSchema(properties[key] as JsonSchema, depth + 1)]),
      );
    }
  }
}

/** The arguments a tool is called with: the test's samples first, then made-up values for required fields left over. */
export function sampleArguments(
  tool: Pick<Tool, 'name' | 'inputSchema'>,
  samples: ConsumerSamples,
): Record<string, unknown> {
  const args: Record<string, unknown> = structuredClone({ ...(samples.tools?.[tool.name] ?? {}) });
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
  const required = tool.inputSchema.required ?? [];
  for (const key of Object.keys(properties)) {
    if (key in args) continue;
    if (samples.fields !== undefined && key in samples.fields) args[key] = structuredClone(samples.fields[key]);
    else if (required.includes(key)) args[key] = exampleForSchema(properties[key] as JsonSchema);
  }
  return args;
}
