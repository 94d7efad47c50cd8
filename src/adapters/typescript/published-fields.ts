import ts from 'typescript';
import { DISPOSITIONS_FOR_FUNCTION, refusedKeysOf, warnedKeysOf } from '../../model/package-helpers.ts';
import type { InputField, ToolInput } from './acceptors.ts';
import type { DiscoveredTool } from './discover-tools.ts';
import { throughTransforms, toolHandlerReads, type HandlerReads } from './handler-reads.ts';
import type { SchemaResolver } from './resolve-schema.ts';
import { calleeName, unwrapExpression } from './unwrap.ts';

/**
 * The promises a tool's published input makes that its code does not keep: a field the handler never reads, and a
 * field its disposition table refuses while the tool still publishes it (its input is the raw shape, not
 * `offeredShape(shape, table)`). The audit lists them as findings and the editor plugin marks them at the field, from
 * this one reading.
 */

/** A disposition table as written: `const t = {...} as const satisfies Record<keyof typeof shape, Disposition>`. */
export interface DispositionTable {
  /** The const it is declared as. */
  readonly name: string;
  readonly literal: ts.ObjectLiteralExpression;
  /** The reference to the shape in `keyof typeof shape` or `dispositionsFor(shape)`. */
  readonly shapeReference: ts.Identifier;
  /** The expression the shape's const is initialised with (its object literal, for a shape written as one). */
  readonly shape: ts.Expression | undefined;
  /** The keys the table refuses. */
  readonly refused: ReadonlySet<string>;
  /** The keys the table decides `warned`: accepted, so never reported as unread. */
  readonly warned: ReadonlySet<string>;
}

/** The program's disposition tables, by the shape they decide (the node of its initializer). */
export type DispositionTables = ReadonlyMap<ts.Node, readonly DispositionTable[]>;

export interface PublishedFieldFinding {
  readonly kind: 'unread' | 'refused';
  readonly tool: string;
  readonly field: string;
  /** The field's declaration in the published shape. */
  readonly node: ts.Node;
  readonly message: string;
  /** For a refused field: the table that refuses it. */
  readonly table?: DispositionTable;
}

/** What the tool's handler (and its input schema's own transforms) read of its input; `all` when no handler was found. */
export function handlerReadsOf(tool: DiscoveredTool, input: ToolInput, checker: ts.TypeChecker): HandlerReads {
  const keys = new Set(input.fields.filter((field) => field.path.length === 1).map((field) => field.key));
  return throughTransforms(toolHandlerReads(tool, keys, checker), input.transforms ?? []);
}

/** The shape a `Record<keyof typeof shape, ...>` type names. */
function shapeOfRecordType(type: ts.TypeNode): ts.Identifier | undefined {
  if (!ts.isTypeReferenceNode(type) || !ts.isIdentifier(type.typeName) || type.typeName.text !== 'Record')
    return undefined;
  const [keys] = type.typeArguments ?? [];
  if (keys === undefined || !ts.isTypeOperatorNode(keys) || keys.operator !== ts.SyntaxKind.KeyOfKeyword)
    return undefined;
  const query = keys.type;
  return ts.isTypeQueryNode(query) && ts.isIdentifier(query.exprName) ? query.exprName : undefined;
}

/** The table literal and its shape reference of a table's initializer, in either spelling. */
function tableParts(
  initializer: ts.Expression,
): { literal: ts.ObjectLiteralExpression; shapeReference: ts.Identifier } | undefined {
  let current = initializer;
  while (ts.isParenthesizedExpression(current)) current = current.expression;
  if (ts.isSatisfiesExpression(current)) {
    const shapeReference = shapeOfRecordType(current.type);
    const literal = unwrapExpression(current.expression);
    if (shapeReference !== undefined && ts.isObjectLiteralExpression(literal)) return { literal, shapeReference };
    return undefined;
  }
  // `dispositionsFor(shape)({ ... })`
  if (ts.isCallExpression(current) && ts.isCallExpression(current.expression)) {
    const inner = current.expression;
    const [shapeReference] = inner.arguments;
    const literal = current.arguments[0] === undefined ? undefined : unwrapExpression(current.arguments[0]);
    if (
      calleeName(inner) === DISPOSITIONS_FOR_FUNCTION &&
      shapeReference !== undefined &&
      ts.isIdentifier(shapeReference) &&
      literal !== undefined &&
      ts.isObjectLiteralExpression(literal)
    )
      return { literal, shapeReference };
  }
  return undefined;
}

/** The initializer of the const `reference` names, through imports. */
function constInitializerOf(reference: ts.Identifier, checker: ts.TypeChecker): ts.Expression | undefined {
  let symbol = checker.getSymbolAtLocation(reference);
  if (symbol !== undefined && (symbol.flags & ts.SymbolFlags.Alias) !== 0) symbol = checker.getAliasedSymbol(symbol);
  const declaration = symbol?.valueDeclaration;
  if (declaration === undefined || !ts.isVariableDeclaration(declaration) || declaration.initializer === undefined)
    return undefined;
  return unwrapExpression(declaration.initializer);
}

/** The table `declaration` declares, or undefined when it declares none. */
export function dispositionTableOf(
  declaration: ts.VariableDeclaration,
  checker: ts.TypeChecker,
  resolver: SchemaResolver,
): DispositionTable | undefined {
  if (!ts.isIdentifier(declaration.name) || declaration.initializer === undefined) return undefined;
  const parts = tableParts(declaration.initializer);
  if (parts === undefined) return undefined;
  return {
    name: declaration.name.text,
    ...parts,
    shape: constInitializerOf(parts.shapeReference, checker),
    refused: refusedKeysOf(resolver.read(parts.literal), resolver.resolve) ?? new Set(),
    warned: warnedKeysOf(resolver.read(parts.literal), resolver.resolve),
  };
}

/** Every disposition table declared in `files`, by the shape it decides. */
export function dispositionTablesIn(
  files: readonly ts.SourceFile[],
  checker: ts.TypeChecker,
  resolver: SchemaResolver,
): DispositionTables {
  const tables = new Map<ts.Node, DispositionTable[]>();
  for (const file of files) {
    if (!file.text.includes('satisfies') && !file.text.includes(DISPOSITIONS_FOR_FUNCTION)) continue;
    const visit = (node: ts.Node): void => {
      if (ts.isVariableDeclaration(node)) {
        const table = dispositionTableOf(node, checker, resolver);
        if (table?.shape !== undefined) tables.set(table.shape, [...(tables.get(table.shape) ?? []), table]);
      }
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return tables;
}

/** The table that refuses `field` of a shape it decides, when the field is written in that shape's literal. */
function refusingTable(field: InputField, tables: DispositionTables): DispositionTable | undefined {
  const shape = field.node.parent;
  if (shape === undefined) return undefined;
  return tables.get(shape)?.find((table) => table.refused.has(field.key));
}

/** Whether a table of the field's shape decides it `warned`. */
function isWarned(field: InputField, tables: DispositionTables): boolean {
  const shape = field.node.parent;
  return shape !== undefined && (tables.get(shape)?.some((table) => table.warned.has(field.key)) ?? false);
}

/**
 * The published top-level fields of one tool that its code does not stand behind: each one its table refuses, and
 * each one its handler never reads (read from a function handler of a Zod input; a field refused already is not
 * reported as unread too).
 */
export function publishedFieldFindingsOf(
  tool: DiscoveredTool,
  input: ToolInput,
  tables: DispositionTables,
  checker: ts.TypeChecker,
): PublishedFieldFinding[] {
  if (input.source !== 'zod') return [];
  const found: PublishedFieldFinding[] = [];
  const topLevel = input.fields.filter((field) => field.path.length === 1);
  const refused = new Set<InputField>();
  for (const field of topLevel) {
    const table = refusingTable(field, tables);
    if (table === undefined) continue;
    refused.add(field);
    found.push({
      kind: 'refused',
      tool: tool.name,
      field: field.key,
      node: field.node,
      table,
      message: `tool \`${tool.name}\` publishes \`${field.key}\`, but \`${table.name}\` refuses it: an agent that fills it in is always refused. Register the tool with offeredShape(${table.shapeReference.text}, ${table.name}), or decide \`${field.key}\` honored or warned.`,
    });
  }
  const reads = handlerReadsOf(tool, input, checker);
  if (reads.kind === 'fields') {
    for (const field of topLevel) {
      // A field decided `warned` is an accepted state of that field: the table answers for it, not the handler.
      if (reads.fields.has(field.key) || refused.has(field) || isWarned(field, tables)) continue;
      found.push({
        kind: 'unread',
        tool: tool.name,
        field: field.key,
        node: field.node,
        message: `tool \`${tool.name}\` publishes \`${field.key}\` but its handler never reads it: an agent that fills it in is silently ignored. Read it, or drop it from the input schema.`,
      });
    }
  }
  return found.sort((a, b) => a.node.pos - b.node.pos);
}
