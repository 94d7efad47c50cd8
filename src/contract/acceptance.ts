import { idFieldsOfJsonSchema, toolNamingOfSchemas } from '../model/id-fields.ts';
import { ARRAY_ITEM, formatPath, type PathSegment } from '../model/ids.ts';
import type { ContractTool, FieldAcceptance, JsonObject, JsonValue, McpContract } from './contract-types.ts';
import { isObject } from './normalise.ts';

/**
 * What a server accepts at run time, next to what it publishes: the `acceptance` section of a contract. The snapshot
 * asks the acceptance probe (acceptance-probe.ts, inside the server) to validate each id field of each input schema
 * with a positive integer (47), its decimal string ("47") and no value at all; the contract tools read the answers
 * here. A contract without the section (`--no-probe`, `--url`, a server in another language) is judged by its
 * published schemas alone.
 */

/** The values the probe tries, as docs and messages name them. */
export const ACCEPTANCE_NUMBER = 47;
export const ACCEPTANCE_STRING = '47';

/** Said once in an output that had to do without the section. */
export const ACCEPTANCE_UNKNOWN =
  'run-time acceptance not recorded (snapshotted with --no-probe or --url, or not a Node server on an MCP SDK 1.x or 2.x McpServer): judged by the published schemas';

/** One field the probe is asked about; `path` ends in `[]` when the field is a list of ids (the probe sends `[47]`). */
export interface AcceptanceQuestion {
  readonly tool: string;
  readonly field: string;
  readonly path: readonly PathSegment[];
}

function branchesOf(schema: JsonObject): JsonObject[] {
  const found = [schema];
  for (const key of ['anyOf', 'oneOf', 'allOf']) {
    const members = schema[key];
    if (Array.isArray(members)) for (const member of members) if (isObject(member)) found.push(...branchesOf(member));
  }
  return found;
}

/** The schema of the value at `path` (first match through unions), or undefined. */
function schemaAt(schema: JsonValue, path: readonly PathSegment[]): JsonObject | undefined {
  if (!isObject(schema)) return undefined;
  if (path.length === 0) return schema;
  const [head, ...rest] = path;
  for (const branch of branchesOf(schema)) {
    const next =
      head === ARRAY_ITEM
        ? branch['items']
        : isObject(branch['properties'])
          ? branch['properties'][head as string]
          : undefined;
    const found = next === undefined ? undefined : schemaAt(next, rest);
    if (found !== undefined) return found;
  }
  return undefined;
}

function isArraySchema(schema: JsonObject | undefined): boolean {
  if (schema === undefined) return false;
  const type = schema['type'];
  return type === 'array' || (Array.isArray(type) && type.includes('array'));
}

/** Every id field of every input schema, as the model names them (`idFieldsOfJsonSchema`), for the probe to try. */
export function acceptanceQuestions(tools: readonly ContractTool[]): AcceptanceQuestion[] {
  const naming = toolNamingOfSchemas(tools);
  const questions: AcceptanceQuestion[] = [];
  for (const tool of tools) {
    for (const field of idFieldsOfJsonSchema(tool.inputSchema, tool.name, { naming, side: 'input', keys: true })) {
      const list = isArraySchema(schemaAt(tool.inputSchema, field.path));
      questions.push({
        tool: tool.name,
        field: formatPath(field.path),
        path: list ? [...field.path, ARRAY_ITEM] : [...field.path],
      });
    }
  }
  return questions;
}

const MISSING = new Set(['accepted', 'rejected', 'coerced']);

/** The section from the probe's answer file (one answer per question, null when it could not tell); undefined if unusable. */
export function acceptanceFromAnswer(
  questions: readonly AcceptanceQuestion[],
  text: string,
): FieldAcceptance[] | undefined {
  let answers: unknown;
  try {
    answers = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (!Array.isArray(answers) || answers.length !== questions.length) return undefined;
  const found: FieldAcceptance[] = [];
  questions.forEach((question, index) => {
    const answer: unknown = answers[index];
    if (typeof answer !== 'object' || answer === null) return;
    const { number, string, missing } = answer as Record<string, unknown>;
    const entry: FieldAcceptance = {
      tool: question.tool,
      field: question.field,
      ...(typeof number === 'boolean' ? { number } : {}),
      ...(typeof string === 'boolean' ? { string } : {}),
      ...(typeof missing === 'string' && MISSING.has(missing)
        ? { missing: missing as NonNullable<FieldAcceptance['missing']> }
        : {}),
    };
    if (Object.keys(entry).length > 2) found.push(entry);
  });
  return found.sort((a, b) => (a.tool === b.tool ? compare(a.field, b.field) : compare(a.tool, b.tool)));
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** The recorded acceptance of one field (`field` as reports print it: `tickets[].id`), if any. */
export function acceptanceOf(contract: McpContract, tool: string, field: string): FieldAcceptance | undefined {
  return contract.acceptance?.find((entry) => entry.tool === tool && entry.field === field);
}
