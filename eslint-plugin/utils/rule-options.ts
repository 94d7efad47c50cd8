import type { JSONSchema4 } from '@typescript-eslint/utils/json-schema';

/** The JSON Schema of a rule's one options object: these properties and no others. */
export function optionsSchema(properties: Readonly<Record<string, JSONSchema4>>): JSONSchema4[] {
  return [{ type: 'object', properties: { ...properties }, additionalProperties: false }];
}

/** The module a rule imports `guardId` from by default: this package. */
export const DEFAULT_GUARD_MODULE = 'agent-contract';

/** The `importFrom` option of a rule whose fix or suggestion adds a `guardId` import. */
export function importFromOption(by: 'fix' | 'suggestion'): JSONSchema4 {
  return { type: 'string', description: `The module \`guardId\` is imported from when the ${by} adds the import.` };
}
