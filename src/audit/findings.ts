import ts from 'typescript';
import { shortText, unwrapExpression } from '../adapters/typescript/unwrap.ts';
import { coercionSurprises, joinPhrases } from '../model/coercion.ts';
import {
  buildsTestData,
  castContextOf,
  castOfCallee,
  castOfMethod,
  coveredIdName,
  globalOfCast,
  type CastStep,
  type CastValue,
  type DefensiveCastKind,
} from '../model/defensive-cast.ts';
import { publishedFieldFindingsOf, type DispositionTables } from '../adapters/typescript/published-fields.ts';
import { idAcceptorVerdict } from '../model/id-acceptor.ts';
import { installedZodMajor } from '../adapters/packages/installed-zod.ts';
import { guardedSchemasIn } from '../model/schema-fields.ts';
import { effectEmptiesContract, meaningOf } from '../model/schema-meaning.ts';
import { isIdName } from '../model/ids.ts';
import type { SchemaExpr } from '../model/schema-expr.ts';
import { wideIdMessage, wideIntegerFactoryOf } from '../model/wide-ids.ts';
import type { ToolInput } from '../adapters/typescript/acceptors.ts';
import type { DiscoveredTool } from '../adapters/typescript/discover-tools.ts';
import type { SchemaResolver } from '../adapters/typescript/resolve-schema.ts';

/**
 * The findings beside the matrix. Each verdict is the shared model's, the one the ESLint rule of the same id makes
 * (`meaningOf`, `idAcceptorVerdict`, `guardedSchemasIn`, `effectEmptiesContract`, `coercionSurprises`, the cast
 * tables of `defensive-cast.ts`, `publishedFieldFindingsOf`); only the walk over a whole program is the audit's.
 */

export type FindingRule =
  | 'no-defensive-id-cast'
  | 'no-unguarded-coerce'
  | 'no-id-union'
  | 'no-guarded-id-in-output'
  | 'no-effects-on-tool-schema'
  | 'unread-input-field'
  /** A field the tool's disposition table refuses, published all the same: agents see a field that is always refused. */
  | 'published-refused-field'
  /** A registration call the discovery recognises but cannot follow; the message names the configuration entry to add. */
  | 'unfollowed-registration'
  /** An id field built on a 64-bit integer (`z.bigint()`, `z.int64()`): as a JSON number it loses digits beyond 2^53. */
  | 'no-wide-integer-id';

export interface RawFinding {
  readonly rule: FindingRule;
  readonly node: ts.Node;
  readonly message: string;
  readonly tool?: string;
  /** For a finding on one published input field: its key. */
  readonly field?: string;
}

/** The findings on one tool's schemas and handler. */
export function toolFindings(
  tool: DiscoveredTool,
  input: ToolInput,
  resolver: SchemaResolver,
  checker: ts.TypeChecker,
  tables: DispositionTables,
): RawFinding[] {
  const findings: RawFinding[] = [];
  for (const field of input.fields) {
    if (field.meaning.accepts === 'coerced') {
      const target = field.meaning.coerceTarget ?? 'string';
      const methods = field.value.kind === 'zod' ? field.value.methods : [];
      const surprises = coercionSurprises(target, field.meaning, methods);
      if (surprises !== undefined && surprises.length > 0) {
        findings.push({
          rule: 'no-unguarded-coerce',
          node: field.node,
          tool: tool.name,
          message: `\`${field.key}\` of tool \`${tool.name}\` is \`z.coerce.${target}()\`: ${joinPhrases(surprises)}, and the published schema does not show it. ${
            target === 'string'
              ? 'Use guardId(z.string()) to accept numeric ids only.'
              : 'Use a preprocess that converts only what you mean to accept.'
          }`,
        });
      }
    }
    if (idAcceptorVerdict(field.key, field.meaning) === 'union') {
      findings.push({
        rule: 'no-id-union',
        node: field.node,
        tool: tool.name,
        message: `\`${field.key}\` of tool \`${tool.name}\` accepts a string or a number: the published schema stops being {"type":"string"} and the handler receives numbers. Use guardId(z.string()) instead.`,
      });
    }
  }
  findings.push(...wideIdFindings(tool, input, resolver));
  if (tool.output !== undefined) {
    for (const guarded of guardedSchemasIn(tool.output, resolver.resolve)) {
      // guardId lets a number through a string schema; guardNumberId a decimal string through a number schema.
      const [letThrough, published] =
        meaningOf(guarded).accepts === 'guarded-number'
          ? ['a string', 'number type']
          : ['a number', '{"type":"string"}'];
      findings.push({
        rule: 'no-guarded-id-in-output',
        node: guarded.node,
        tool: tool.name,
        message: `\`${shortText(guarded.node, 50)}\` in the output schema of tool \`${tool.name}\` lets ${letThrough} through the server's check, but clients validate structuredContent against the published ${published} and reject it. Declare what the tool really emits.`,
      });
    }
  }
  for (const [role, schema] of [
    ['input', tool.input],
    ['output', tool.output],
  ] as const) {
    // A server that renders its own JSON Schema (zodToJsonSchema) publishes what that renderer makes of an effect.
    if (schema === undefined || (role === 'input' && tool.rendered === true)) continue;
    const meaning = meaningOf(resolver.resolve(schema));
    if (meaning.accepts !== 'object') continue;
    for (const effect of meaning.objectEffects) {
      const major = meaning.module?.major ?? installedZodMajor(effect.node.getSourceFile().fileName) ?? 4;
      if (!effectEmptiesContract(effect.name, major)) continue;
      findings.push({
        rule: 'no-effects-on-tool-schema',
        node: effect.node,
        tool: tool.name,
        message:
          role === 'input'
            ? `\`.${effect.name}()\` on the input schema of tool \`${tool.name}\`: under zod ${major} the SDK publishes {"type":"object","properties":{}}, so agents see a tool without parameters. Keep the raw shape as inputSchema and check inside the handler.`
            : `\`.${effect.name}()\` on the output schema of tool \`${tool.name}\`: under zod ${major} the SDK lists the tool without an output schema and every call errors. Keep the raw shape as outputSchema.`,
      });
      break;
    }
  }
  for (const field of publishedFieldFindingsOf(tool, input, tables, checker)) {
    findings.push({
      rule: field.kind === 'unread' ? 'unread-input-field' : 'published-refused-field',
      node: field.node,
      tool: tool.name,
      field: field.field,
      message: field.message,
    });
  }
  return findings;
}

/** Id fields of a tool's input, and of its output's top-level shape, built on a 64-bit integer. */
function wideIdFindings(tool: DiscoveredTool, input: ToolInput, resolver: SchemaResolver): RawFinding[] {
  const fields: { key: string; value: SchemaExpr<ts.Node>; side: 'input' | 'output' }[] = input.fields.map((field) => ({
    key: field.key,
    value: field.value,
    side: 'input',
  }));
  const output = tool.output === undefined ? undefined : meaningOf(resolver.resolve(tool.output));
  for (const property of output?.shape?.properties ?? [])
    if (property.key !== undefined) fields.push({ key: property.key, value: property.value, side: 'output' });
  return fields.flatMap(({ key, value, side }) => {
    const schema = resolver.resolve(value);
    if (!isIdName(key) || wideIntegerFactoryOf(schema) === undefined) return [];
    return [
      {
        rule: 'no-wide-integer-id' as const,
        node: schema.node,
        tool: tool.name,
        message: wideIdMessage(key, tool.name, shortText(schema.node, 40), side),
      },
    ];
  });
}

/** `ticket.id` -> `['ticket', 'id']`; undefined for what is not an access path. */
function accessNames(input: ts.Expression): string[] | undefined {
  const node = unwrapExpression(input);
  if (ts.isIdentifier(node)) return [node.text];
  if (ts.isPropertyAccessExpression(node)) return [...(accessNames(node.expression) ?? ['?']), node.name.text];
  if (ts.isElementAccessExpression(node) && ts.isStringLiteralLike(node.argumentExpression))
    return [...(accessNames(node.expression) ?? ['?']), node.argumentExpression.text];
  return undefined;
}

function isEmptyString(node: ts.Expression): boolean {
  return (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && node.text === '';
}

function calleeText(callee: ts.Expression): string | undefined {
  if (ts.isIdentifier(callee)) return callee.text;
  if (ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression))
    return `${callee.expression.text}.${callee.name.text}`;
  return undefined;
}

/** True when `name` is the global at `node`: with a checker, declared only in lib files; without one, not declared in the file. */
function isGlobal(name: string, node: ts.Node, checker: ts.TypeChecker | undefined): boolean {
  if (checker === undefined) {
    const text = node.getSourceFile().text;
    return !new RegExp(`(?:const|let|var|function|import)[^;\\n]*\\b${name}\\b`).test(text);
  }
  const symbol = checker.getSymbolsInScope(node, ts.SymbolFlags.Value).find((candidate) => candidate.name === name);
  return (
    symbol === undefined ||
    (symbol.declarations ?? []).every((declaration) => declaration.getSourceFile().isDeclarationFile)
  );
}

/**
 * The TypeScript-AST twin of the ESLint plugin's `defensiveCastOf`: which expressions are casts around ids
 * (`String(ticket.id)`, `` `${ticket.id}` ``, `ticket.id.toString()`, `+ticket.id`, `'' + ticket.id`).
 */
function defensiveCastOf(
  node: ts.Node,
  checker: ts.TypeChecker | undefined,
): { kind: DefensiveCastKind; value: ts.Expression; idName: string } | undefined {
  let kind: DefensiveCastKind | undefined;
  let value: ts.Expression | undefined;
  if (ts.isCallExpression(node)) {
    const callee = node.expression;
    const [first] = node.arguments;
    const method = ts.isPropertyAccessExpression(callee)
      ? castOfMethod(callee.name.text, node.arguments.length)
      : undefined;
    if (method !== undefined && ts.isPropertyAccessExpression(callee)) {
      kind = method;
      value = callee.expression;
    } else {
      const text = calleeText(callee);
      const cast = text === undefined ? undefined : castOfCallee(text);
      if (cast === undefined || first === undefined || ts.isSpreadElement(first)) return undefined;
      if ((cast === 'String' || cast === 'Number' || cast === 'BigInt') && node.arguments.length !== 1)
        return undefined;
      kind = cast;
      value = first;
    }
  } else if (ts.isTemplateExpression(node)) {
    if (
      ts.isTaggedTemplateExpression(node.parent) ||
      node.templateSpans.length !== 1 ||
      node.head.text !== '' ||
      node.templateSpans[0]?.literal.text !== ''
    )
      return undefined;
    kind = 'template';
    value = node.templateSpans[0].expression;
  } else if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.PlusToken) {
    kind = 'unary-plus';
    value = node.operand;
  } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken) {
    if (isEmptyString(node.right)) value = node.left;
    else if (isEmptyString(node.left)) value = node.right;
    else return undefined;
    kind = 'concat';
  } else {
    return undefined;
  }
  const idName = coveredIdName(kind, castValueOf(value, checker));
  if (idName === undefined || buildsTestData(castContextOf(castStepsOf(node)))) return undefined;
  const global = globalOfCast(kind);
  if (global !== undefined && !isGlobal(global, node, checker)) return undefined;
  return { kind, value, idName };
}

/** The value's access path and, when it names a const of the same file (seen through the checker), its initializer. */
function castValueOf(value: ts.Expression, checker: ts.TypeChecker | undefined): CastValue {
  const names = accessNames(value);
  const unwrapped = unwrapExpression(value);
  const declaration =
    checker !== undefined && ts.isIdentifier(unwrapped)
      ? checker.getSymbolAtLocation(unwrapped)?.valueDeclaration
      : undefined;
  if (
    declaration === undefined ||
    !ts.isVariableDeclaration(declaration) ||
    declaration.initializer === undefined ||
    declaration.getSourceFile() !== value.getSourceFile() ||
    !ts.isVariableDeclarationList(declaration.parent) ||
    (declaration.parent.flags & ts.NodeFlags.Const) === 0
  )
    return { names };
  const initializer = unwrapExpression(declaration.initializer);
  return {
    names,
    constInitializer: {
      names: accessNames(initializer),
      isStringLiteral: ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer),
    },
  };
}

/** The steps from a cast outwards, in the model's neutral form (the ESLint plugin builds the same from ESTree). */
function* castStepsOf(node: ts.Node): Generator<CastStep> {
  let child = node;
  for (let parent = node.parent; parent !== undefined; child = parent, parent = parent.parent) {
    if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression !== child) {
      const callee = unwrapExpression(parent.expression);
      yield {
        kind: 'argument',
        callee: ts.isIdentifier(callee)
          ? callee.text
          : ts.isPropertyAccessExpression(callee)
            ? callee.name.text
            : undefined,
        calleeObject:
          ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression)
            ? callee.expression.text
            : undefined,
      };
    } else if (
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      parent.right === child &&
      isEnvTarget(parent.left)
    ) {
      yield { kind: 'env-assignment' };
    } else if (
      (ts.isPropertyAssignment(parent) && parent.initializer === child && !ts.isComputedPropertyName(parent.name)) ||
      (ts.isMethodDeclaration(parent) && parent.parent !== undefined && ts.isObjectLiteralExpression(parent.parent))
    ) {
      const isFunction = ts.isMethodDeclaration(parent) || ts.isArrowFunction(child) || ts.isFunctionExpression(child);
      if (isFunction && (ts.isIdentifier(parent.name) || ts.isStringLiteral(parent.name)))
        yield { kind: 'property-function', key: parent.name.text };
    }
  }
}

/** `process.env.X`, `process.env['X']`, `import.meta.env.X`: a member chain that goes through `env`. */
function isEnvTarget(target: ts.Expression): boolean {
  for (
    let node: ts.Expression = target;
    ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node);
    node = node.expression
  ) {
    const object = node.expression;
    if (ts.isIdentifier(object) && object.text === 'env') return true;
    if (ts.isPropertyAccessExpression(object) && object.name.text === 'env') return true;
  }
  return false;
}

/** Every defensive id cast in a test file. */
export function defensiveCastFindings(sourceFile: ts.SourceFile, checker: ts.TypeChecker | undefined): RawFinding[] {
  if (!/id\b|Id\b|ID\b|_id|Ids\b/.test(sourceFile.text)) return [];
  const findings: RawFinding[] = [];
  const visit = (node: ts.Node): void => {
    const cast = defensiveCastOf(node, checker);
    if (cast !== undefined) {
      const value = cast.value.getText(sourceFile);
      findings.push({
        rule: 'no-defensive-id-cast',
        node,
        message: `\`${shortText(node)}\` types what a careful human would, not what an agent sends: pass \`${value}\` as it is, so this test fails while an acceptor still rejects the raw \`${cast.idName}\`.`,
      });
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(sourceFile);
  return findings;
}
