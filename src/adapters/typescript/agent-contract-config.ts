import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { EMPTY_RUN_CONFIG, runConfigOf, type RunConfig } from '../../model/run-config.ts';

/**
 * The audit's configuration: custom registration wrappers the discovery cannot know, and modules of your own that
 * re-export `guardId`/`idSchema`. Read from `agent-contract.config.json`, `agent-contract.config.ts` (its default
 * export, read as a literal, never run) or the `"agent-contract"` key of `package.json`, in that order.
 */

/** Where a part of a tool sits in a wrapper call: an argument index, or `"<index>.<key>"` for a property of an argument. */
export type ArgumentPath = number | `${number}.${string}`;

export interface WrapperConfig {
  /** The called function or method name: `defineTool`, `registerMyTool`. */
  readonly callee: string;
  readonly name: ArgumentPath;
  readonly input?: ArgumentPath;
  readonly output?: ArgumentPath;
  readonly handler?: ArgumentPath;
}

export interface AuditConfig {
  readonly wrappers: readonly WrapperConfig[];
  readonly guardModules: readonly string[];
  /** What decides a run: `failOn`, the baseline file, accepted findings (`ignore`), the contract's file and server. */
  readonly run?: RunConfig;
  /** The file the configuration came from, relative to the project folder; undefined when there is none. */
  readonly source: string | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const EMPTY: AuditConfig = { wrappers: [], guardModules: [], run: EMPTY_RUN_CONFIG, source: undefined };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isArgumentPath(value: unknown): value is ArgumentPath {
  return (
    (typeof value === 'number' && Number.isInteger(value) && value >= 0) ||
    (typeof value === 'string' && /^\d+\.[A-Za-z_$][\w$]*$/.test(value))
  );
}

/** The JSON value a TypeScript literal expression spells, or undefined when it is not one. */
export function literalValue(node: ts.Expression): unknown {
  if (ts.isParenthesizedExpression(node) || ts.isAsExpression(node) || ts.isSatisfiesExpression(node))
    return literalValue(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isNumericLiteral(node)) return Number(node.text);
  if (
    ts.isPrefixUnaryExpression(node) &&
    node.operator === ts.SyntaxKind.MinusToken &&
    ts.isNumericLiteral(node.operand)
  )
    return -Number(node.operand.text);
  if (node.kind === ts.SyntaxKind.TrueKeyword) return true;
  if (node.kind === ts.SyntaxKind.FalseKeyword) return false;
  if (node.kind === ts.SyntaxKind.NullKeyword) return null;
  if (ts.isArrayLiteralExpression(node)) {
    const items = node.elements.map((element) => (ts.isSpreadElement(element) ? undefined : literalValue(element)));
    return items.includes(undefined) ? undefined : items;
  }
  if (ts.isObjectLiteralExpression(node)) {
    const object: Record<string, unknown> = {};
    for (const property of node.properties) {
      if (!ts.isPropertyAssignment(property)) return undefined;
      const key = ts.isIdentifier(property.name) || ts.isStringLiteral(property.name) ? property.name.text : undefined;
      const value = literalValue(property.initializer);
      if (key === undefined || value === undefined) return undefined;
      object[key] = value;
    }
    return object;
  }
  return undefined;
}

function defaultExportOf(file: string, text: string): unknown {
  const sourceFile = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  for (const statement of sourceFile.statements) {
    if (!ts.isExportAssignment(statement)) continue;
    let expression = statement.expression;
    // `export default defineConfig({...})`: the object is the first argument.
    if (ts.isCallExpression(expression) && expression.arguments[0] !== undefined) expression = expression.arguments[0];
    const value = literalValue(expression);
    if (value === undefined)
      throw new ConfigError(
        `${file}: the default export must be an object literal of plain values (it is read, never run)`,
      );
    return value;
  }
  throw new ConfigError(`${file}: no \`export default { ... }\`; export the configuration object as the default`);
}

function validate(raw: unknown, source: string): AuditConfig {
  if (!isRecord(raw)) throw new ConfigError(`${source}: expected an object like { "audit": { "wrappers": [...] } }`);
  let run: RunConfig;
  try {
    run = runConfigOf(raw);
  } catch (error) {
    throw new ConfigError(`${source}: ${(error as Error).message}`);
  }
  const audit = raw['audit'] ?? {};
  if (!isRecord(audit)) throw new ConfigError(`${source}: "audit" must be an object`);
  const wrappers: WrapperConfig[] = [];
  const rawWrappers = audit['wrappers'] ?? [];
  if (!Array.isArray(rawWrappers)) throw new ConfigError(`${source}: "audit.wrappers" must be an array`);
  rawWrappers.forEach((entry: unknown, index) => {
    const where = `${source}: audit.wrappers[${index}]`;
    if (!isRecord(entry) || typeof entry['callee'] !== 'string' || entry['callee'] === '')
      throw new ConfigError(`${where} needs a "callee" (the function or method name)`);
    if (!isArgumentPath(entry['name']))
      throw new ConfigError(`${where}: "name" must be an argument index (0) or "<index>.<key>" ("0.name")`);
    const wrapper: { -readonly [K in keyof WrapperConfig]: WrapperConfig[K] } = {
      callee: entry['callee'],
      name: entry['name'],
    };
    for (const part of ['input', 'output', 'handler'] as const) {
      const value = entry[part];
      if (value === undefined) continue;
      if (!isArgumentPath(value))
        throw new ConfigError(`${where}: "${part}" must be an argument index (1) or "<index>.<key>" ("0.inputSchema")`);
      wrapper[part] = value;
    }
    wrappers.push(wrapper);
  });
  const guardModules = audit['guardModules'] ?? [];
  if (!Array.isArray(guardModules) || !guardModules.every((entry) => typeof entry === 'string')) {
    throw new ConfigError(`${source}: "audit.guardModules" must be an array of module specifiers`);
  }
  return { wrappers, guardModules: guardModules as string[], run, source };
}

/** The configuration for the project in `directory`; the empty one when no file or key holds any. */
export function loadAuditConfig(directory: string): AuditConfig {
  const jsonFile = path.join(directory, 'agent-contract.config.json');
  if (existsSync(jsonFile)) {
    let raw: unknown;
    try {
      raw = JSON.parse(readFileSync(jsonFile, 'utf8'));
    } catch (error) {
      throw new ConfigError(`agent-contract.config.json: not valid JSON (${(error as Error).message})`);
    }
    return validate(raw, 'agent-contract.config.json');
  }
  const tsFile = path.join(directory, 'agent-contract.config.ts');
  if (existsSync(tsFile))
    return validate(
      defaultExportOf('agent-contract.config.ts', readFileSync(tsFile, 'utf8')),
      'agent-contract.config.ts',
    );
  const packageFile = path.join(directory, 'package.json');
  if (existsSync(packageFile)) {
    try {
      const manifest = JSON.parse(readFileSync(packageFile, 'utf8')) as Record<string, unknown>;
      if (manifest['agent-contract'] !== undefined)
        return validate(manifest['agent-contract'], 'package.json "agent-contract"');
    } catch (error) {
      if (error instanceof ConfigError) throw error;
      // An unreadable package.json is not the audit's business; the project may still type-check.
    }
  }
  return EMPTY;
}
