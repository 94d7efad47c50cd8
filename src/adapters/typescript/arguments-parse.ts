import ts from 'typescript';
import { PARSE_METHODS, parsedValueRole } from '../../model/schema-role.ts';
import { unwrapExpression } from './unwrap.ts';

/**
 * The call in a branch of a low-level call handler that validates the tool's arguments: `Args.parse(request.params.
 * arguments)`, `await Args.safeParseAsync(args)` after `const { arguments: args } = request.params`. Its schema is what
 * the server accepts; a schema parsing anything else (an upstream response) is not.
 */

export interface ArgumentsParse {
  readonly call: ts.CallExpression;
  /** The schema parsed: `Args` in `Args.parse(...)`. */
  readonly schema: ts.Expression;
  readonly method: string;
}

const MAX_HOPS = 4;

/**
 * Whether a value is the call's arguments, as the model's `parsedValueRole` tells an input (`request.params.arguments`),
 * through `?? {}`, `await`, and the consts or destructured names that hold it (`arguments: args`) when a checker is given.
 */
export function isCallArguments(value: ts.Expression, checker?: ts.TypeChecker, hops = 0): boolean {
  let node = unwrapExpression(value);
  if (ts.isAwaitExpression(node)) node = unwrapExpression(node.expression);
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      node.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return isCallArguments(node.left, checker, hops);
  if (ts.isPropertyAccessExpression(node))
    return parsedValueRole({ kind: 'property', name: node.name.text }) === 'input';
  if (!ts.isIdentifier(node) || checker === undefined || hops >= MAX_HOPS) return false;
  const declaration = checker.getSymbolAtLocation(node)?.valueDeclaration;
  if (declaration === undefined) return false;
  if (ts.isVariableDeclaration(declaration))
    return declaration.initializer !== undefined && isCallArguments(declaration.initializer, checker, hops + 1);
  if (ts.isBindingElement(declaration)) {
    const key = declaration.propertyName ?? declaration.name;
    return ts.isIdentifier(key) && parsedValueRole({ kind: 'property', name: key.text }) === 'input';
  }
  return false;
}

/** `Schema.parse(value)` (any of the model's `PARSE_METHODS`): the schema, the method and the value parsed. */
export function parseCallOf(
  node: ts.Node,
): { schema: ts.Expression; method: string; value: ts.Expression | undefined } | undefined {
  if (!ts.isCallExpression(node)) return undefined;
  const callee = unwrapExpression(node.expression);
  if (!ts.isPropertyAccessExpression(callee) || !PARSE_METHODS.has(callee.name.text)) return undefined;
  return { schema: callee.expression, method: callee.name.text, value: node.arguments[0] };
}

/** The first `Schema.parse(value)` in `body`, in source order, outside the functions nested in it, whose value `parses`. */
function firstParseIn(body: ts.Node, parses: (value: ts.Expression) => boolean): ArgumentsParse | undefined {
  let found: ArgumentsParse | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined || ts.isFunctionLike(node)) return;
    const parse = parseCallOf(node);
    if (parse?.value !== undefined && ts.isCallExpression(node) && parses(parse.value)) {
      found = { call: node, schema: parse.schema, method: parse.method };
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return found;
}

/**
 * The first parse of the call's arguments in a branch, in source order, outside the functions nested in it; failing
 * that, the parse of them in a function of the project the branch hands them to (`reports.getReport(request.params.
 * arguments ?? {})`, whose body runs `ReportArgs.parse(args)`).
 */
export function argumentsParseIn(branch: ts.Node, checker: ts.TypeChecker): ArgumentsParse | undefined {
  const direct = firstParseIn(branch, (value) => isCallArguments(value, checker));
  if (direct !== undefined) return direct;
  let found: ArgumentsParse | undefined;
  const visit = (node: ts.Node): void => {
    if (found !== undefined || ts.isFunctionLike(node)) return;
    if (ts.isCallExpression(node)) {
      const index = node.arguments.findIndex((argument) => isCallArguments(argument, checker));
      if (index >= 0) found = parameterParseIn(node, index, checker);
    }
    ts.forEachChild(node, visit);
  };
  visit(branch);
  return found;
}

/** The parse of parameter `index` of the function a call runs, in that function's own body. */
function parameterParseIn(call: ts.CallExpression, index: number, checker: ts.TypeChecker): ArgumentsParse | undefined {
  const declaration = checker.getResolvedSignature(call)?.getDeclaration();
  if (declaration === undefined || !ts.isFunctionLike(declaration) || declaration.getSourceFile().isDeclarationFile)
    return undefined;
  const parameter = declaration.parameters[index];
  const body = (declaration as ts.FunctionLikeDeclarationBase).body;
  if (parameter === undefined || body === undefined || !ts.isIdentifier(parameter.name)) return undefined;
  const symbol = checker.getSymbolAtLocation(parameter.name);
  if (symbol === undefined) return undefined;
  return firstParseIn(body, (value) => {
    const read = unwrapExpression(value);
    return ts.isIdentifier(read) && checker.getSymbolAtLocation(read) === symbol;
  });
}
