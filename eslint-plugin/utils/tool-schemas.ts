import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { REGISTRATION_METHODS, TOOL_DEFINITION_INPUT_KEYS, type ToolRegistration } from '../../src/model/tool-registration.ts';
import { GUARD_MODULES } from '../../src/model/zod-imports.ts';
import { EstreeSchemaReader } from '../../src/adapters/estree/from-estree.ts';
import { perLintedFile } from './per-linted-file.ts';

/**
 * The one recogniser every schema rule shares (in the manner of eslint-plugin-regexp's `defineRegexpVisitor`):
 * it reads the imports once, gives up on files without Zod, and hands each rule the tools a file registers.
 */

type Node = TSESTree.Node;

/** One reader per file and guard module, shared by every rule that lints the file: `undefined` for a file without Zod. */
const readerOf = perLintedFile((sourceCode, importFrom) => createReader(sourceCode as Readonly<TSESLint.SourceCode>, importFrom));

/** The file's schema reader, or undefined when the file imports nothing from Zod (the rule then does nothing). */
export function zodReaderFor(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, importFrom: string): EstreeSchemaReader | undefined {
  return readerOf(context.sourceCode, importFrom);
}

function createReader(sourceCode: Readonly<TSESLint.SourceCode>, importFrom: string): EstreeSchemaReader | undefined {
  const program = sourceCode.ast;
  // Cheap early exit before building anything: no import declaration names a zod module.
  const importsZod = program.body.some(
    (statement) => statement.type === AST_NODE_TYPES.ImportDeclaration && (statement.source.value === 'zod' || statement.source.value.startsWith('zod/')),
  );
  if (!importsZod) return undefined;
  const reader = new EstreeSchemaReader(sourceCode, GUARD_MODULES.includes(importFrom) ? GUARD_MODULES : [...GUARD_MODULES, importFrom]);
  return reader.imports.hasZod ? reader : undefined;
}

/** `/^(?:a|b)$/` for an esquery attribute selector: ESLint then calls a listener only for nodes that can matter. */
export function namesPattern(names: Iterable<string>): string {
  return `/^(?:${[...names].join('|')})$/`;
}

const REGISTRATION_SELECTOR = `CallExpression[callee.property.name=${namesPattern(REGISTRATION_METHODS)}], CallExpression[callee.name=${namesPattern(REGISTRATION_METHODS)}]`;
const DEFINITION_SELECTOR = `ObjectExpression > Property[key.name=${namesPattern(TOOL_DEFINITION_INPUT_KEYS)}]`;

function mayDefineTool(object: TSESTree.ObjectExpression): boolean {
  for (const property of object.properties) {
    if (property.type === AST_NODE_TYPES.Property && !property.computed && property.key.type === AST_NODE_TYPES.Identifier && property.key.name === 'name') return true;
  }
  return false;
}

/**
 * Listeners that call `onTool` once per tool a file registers (`server.tool`, `registerTool`, `addTool`) or defines
 * as an object (`{ name, inputSchema, handler }`). A definition passed straight to `addTool` is reported once.
 * Selectors narrow the calls and objects ESLint hands over, so most nodes of a file never reach a listener, and the
 * file's schema reader is asked for at the first tool: a file that registers none never needs it.
 */
export function toolListeners(
  context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>,
  importFrom: string,
  onTool: (registration: ToolRegistration<Node>, reader: EstreeSchemaReader) => void,
): TSESLint.RuleListener {
  // Most files register no tool: the set is made for the first one.
  let seen: Set<Node> | undefined;
  const handle = (node: TSESTree.CallExpression | TSESTree.ObjectExpression): void => {
    const reader = zodReaderFor(context, importFrom);
    const registration = reader?.registrationAt(node);
    if (reader === undefined || registration === undefined) return;
    const key = registration.input?.node ?? registration.output?.node ?? registration.node;
    seen ??= new Set();
    if (seen.has(key)) return;
    seen.add(key);
    onTool(registration, reader);
  };
  return {
    [REGISTRATION_SELECTOR](node: TSESTree.CallExpression) {
      handle(node);
    },
    [DEFINITION_SELECTOR](node: TSESTree.Property) {
      const object = node.parent as TSESTree.ObjectExpression;
      if (mayDefineTool(object)) handle(object);
    },
  };
}

/** `tool `get_ticket`` or `this tool` for messages. */
export function toolLabel(registration: ToolRegistration<Node>): string {
  return registration.name === undefined ? 'this tool' : `tool \`${registration.name}\``;
}

/** A schema's source text cut to a length a message can carry. */
export function shortText(text: string, limit = 60): string {
  // A chain broken over lines reads as written on one: `z\n  .string()` -> `z.string()`.
  const oneLine = text.replace(/\s*\n\s*/g, '').replace(/\s+/g, ' ');
  return oneLine.length <= limit ? oneLine : `${oneLine.slice(0, limit - 1)}…`;
}

/** The property key a schema expression is the value of (`ticketId` in `{ ticketId: z.string() }`), when it is one. */
export function propertyKeyOf(node: Node): string | undefined {
  let current: Node = node;
  while (
    current.parent !== undefined &&
    (current.parent.type === AST_NODE_TYPES.TSAsExpression || current.parent.type === AST_NODE_TYPES.TSSatisfiesExpression || current.parent.type === AST_NODE_TYPES.TSNonNullExpression)
  ) {
    current = current.parent;
  }
  const parent = current.parent;
  if (parent?.type !== AST_NODE_TYPES.Property || parent.value !== current || parent.computed) return undefined;
  if (parent.key.type === AST_NODE_TYPES.Identifier) return parent.key.name;
  if (parent.key.type === AST_NODE_TYPES.Literal && typeof parent.key.value === 'string') return parent.key.value;
  return undefined;
}

/** The outermost call of the method chain `node` starts: `z.union([...])` in `z.union([...]).optional()`. */
export function outermostChain(node: TSESTree.CallExpression): TSESTree.CallExpression {
  let current: TSESTree.CallExpression = node;
  while (
    current.parent.type === AST_NODE_TYPES.MemberExpression &&
    current.parent.object === current &&
    current.parent.parent.type === AST_NODE_TYPES.CallExpression &&
    current.parent.parent.callee === current.parent
  ) {
    current = current.parent.parent;
  }
  return current;
}
