/** The identity and JSON Schema of a contract file; `contract-file-validator.ts` is the check a load runs, held to this schema by ajv in its test. */

export const CONTRACT_FORMAT = 'agent-contract/mcp-contract';
/**
 * Raised when a change makes an older agent-contract misread the file; older files stay readable. 2 added the
 * `acceptance` section (what the server's validation takes at run time); a format 1 file is read as one without it.
 */
export const CONTRACT_FORMAT_VERSION = 2;
/** Every version this agent-contract reads. */
export const CONTRACT_FORMAT_VERSIONS = [1, 2] as const;
/** The file `agent-contract contract` reads and writes when none is named. */
export const DEFAULT_CONTRACT_FILE = 'mcp-contract.json';

const stringArray = { type: 'array', items: { type: 'string' } } as const;

/** The JSON Schema of format versions 1 and 2: the published description of the format, which every load is checked against. */
export const CONTRACT_FILE_SCHEMA = {
  type: 'object',
  required: ['format', 'formatVersion', 'server', 'tools', 'compatibility'],
  additionalProperties: false,
  properties: {
    format: { const: CONTRACT_FORMAT },
    formatVersion: { enum: CONTRACT_FORMAT_VERSIONS },
    server: {
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string' } },
      additionalProperties: false,
    },
    runtime: {
      type: 'object',
      required: ['sdk', 'zod', 'sdkZod'],
      properties: { sdk: stringArray, zod: stringArray, sdkZod: stringArray },
      additionalProperties: false,
    },
    instructions: { type: 'string' },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'inputSchema'],
        additionalProperties: false,
        properties: {
          name: { type: 'string', pattern: '.' },
          title: { type: 'string' },
          description: { type: 'string' },
          dialect: {
            type: 'object',
            properties: { input: { type: 'string' }, output: { type: 'string' } },
            additionalProperties: false,
          },
          inputSchema: { type: ['object', 'boolean'] },
          outputSchema: { type: ['object', 'boolean'] },
          annotations: { type: 'object' },
        },
      },
    },
    compatibility: {
      type: 'array',
      items: {
        type: 'object',
        required: ['rule', 'tool', 'paths', 'clients', 'message'],
        additionalProperties: false,
        properties: {
          rule: { type: 'string' },
          tool: { type: 'string' },
          paths: stringArray,
          clients: stringArray,
          message: { type: 'string' },
        },
      },
    },
    acceptance: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool', 'field'],
        additionalProperties: false,
        properties: {
          tool: { type: 'string' },
          field: { type: 'string' },
          number: { type: 'boolean' },
          string: { type: 'boolean' },
          missing: { enum: ['accepted', 'rejected', 'coerced'] },
        },
      },
    },
  },
} as const;
