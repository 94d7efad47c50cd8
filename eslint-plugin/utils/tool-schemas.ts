import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import {
  REGISTRATION_METHODS,
  TOOL_DEFINITION_INPUT_KEYS,
  toolDefinitionOf,
  toolRegistrationOf,
  type ToolRegistration,
} from '../../src/model/tool-registration.ts';
import { GUARD_MODULES } from '../../src/model/zod-imports.ts';
import { EstreeSchemaReader } from './from-estree.ts';

/**
 * The one recogniser every schema rule shares (in the manner of eslint-plugin-regexp's `defineRegexpVisitor`):
 * it reads the imports once, gives up on files without Zod, and hands each rule the tools a file registers.
 */

type Node = TSESTree.Node;

/** The file's schema reader, or undefined when the file imports nothing from Zod (the rule then does nothing). */
export function zodReaderFor(context: Readonly<TSESLint.RuleContext<string, readonly unknown[]>>, importFrom: string): EstreeSchemaReader | undefined {
  const program = context.sourceCode.ast;
  // Cheap early exit before building anything: no import declaration names a zod module.
  const importsZod = program.body.some(
    (statement) => statement.type === AST_NODE_TYPES.ImportDeclaration && (statement.source.value === 'zod' || statement.source.value.startsWith('zod/')),
  );
  if (!importsZod) return undefined;
  const reader = new EstreeSchemaReader(context.sourceCode, GUARD_MODULES.includes(importFrom) ? GUARD_MODULES : [...GUARD_MODULES, importFrom]);
  return reader.imports.hasZod ? reader : undefined;
}

function calleeName(call: TSESTree.CallExpression): string | undefined {
  const callee = call.callee;
  if (callee.type === AST_NODE_TYPES.Identifier) return callee.name;
  if (callee.type === AST_NODE_TYPES.MemberExpression && !callee.computed && callee.property.type === AST_NODE_TYPES.Identifier) return callee.property.name;
  return undefined;
}

function mayDefineTool(object: TSESTree.ObjectExpression): boolean {
  let hasName = false;
  let hasInput = false;
  for (const property of object.properties) {
    if (property.type !== AST_NODE_TYPES.Property || property.computed || property.key.type !== AST_NODE_TYPES.Identifier) continue;
    if (property.key.name === 'name') hasName = true;
    else if (TOOL_DEFINITION_INPUT_KEYS.has(property.key.name)) hasInput = true;
  }
  return hasName && hasInput;
}

/**
 * Listeners that call `onTool` once per tool a file registers (`server.tool`, `registerTool`, `addTool`) or defines
 * as an object (`{ name, inputSchema, handler }`). A definition passed straight to `addTool` is reported once.
 */
export function toolListeners(reader: EstreeSchemaReader, onTool: (registration: ToolRegistration<Node>) => void): TSESLint.RuleListener {
  const seen = new Set<Node>();
  const handle = (registration: ToolRegistration<Node> | undefined): void => {
    if (registration === undefined) return;
    const key = registration.input?.node ?? registration.output?.node ?? registration.node;
    if (seen.has(key)) return;
    seen.add(key);
    onTool(registration);
  };
  return {
    CallExpression(node) {
      const name = calleeName(node);
      if (name === undefined || !REGISTRATION_METHODS.has(name)) return;
      const site = reader.callSite(node);
      handle(site === undefined ? undefined : toolRegistrationOf(site));
    },
    ObjectExpression(node) {
      if (!mayDefineTool(node)) return;
      handle(toolDefinitionOf(reader.read(node)));
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
