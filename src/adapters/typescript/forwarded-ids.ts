import ts from 'typescript';
import { castOfCallee, castOfMethod } from '../../model/defensive-cast.ts';
import { isIdName, splitWords } from '../../model/ids.ts';
import { inputParameterOf, type DiscoveredTool } from './discover-tools.ts';
import { unwrapExpression } from './unwrap.ts';

/**
 * The id-named key each top-level input field is sent on as, unchanged, by the tool's handler: `params.user_id =
 * args.user`, `params['activity_id'] = args.activity`, `{ assignee_id: assignee ?? 'me' }`. Where the code puts a
 * field says what it holds when its name and description do not (`user`, "'me' or whose entries"). Only fields whose
 * own name is no id are looked for, and keys that name an entity (`user_id`, not a bare `ids`); the first key a
 * field is sent on as wins.
 */
export function forwardedIdKeys(
  tool: DiscoveredTool,
  inputKeys: ReadonlySet<string>,
  checker: ts.TypeChecker,
): ReadonlyMap<string, string> {
  const forwarded = new Map<string, string>();
  const reading = inputReading(tool, inputKeys, checker);
  if (reading === undefined) return forwarded;
  const { body, fieldOf } = reading;
  const sentAs = (key: string, value: ts.Expression): void => {
    // A bare `ids` key (`{ ids: discard }`) says the field holds ids, not whose.
    if (!isIdName(key) || splitWords(key).length < 2) return;
    for (const field of readFields(value, fieldOf))
      if (inputKeys.has(field) && !isIdName(field) && !forwarded.has(field)) forwarded.set(field, key);
  };
  const visit = (node: ts.Node): void => {
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
      const key = assignedKey(node.left);
      if (key !== undefined) sentAs(key, node.right);
    } else if (ts.isPropertyAssignment(node) && (ts.isIdentifier(node.name) || ts.isStringLiteral(node.name))) {
      sentAs(node.name.text, node.initializer);
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  return forwarded;
}

/**
 * The record collection each top-level id input is sent into as a path segment of a URL the handler writes:
 * `` `/users/${seller_id}` `` sends `seller_id` as a user's id, whatever its own name says (`users`, the word before it).
 * Also through `encodeURIComponent(...)` or a conversion. The first collection a field is sent into wins.
 */
export function pathCollections(
  tool: DiscoveredTool,
  inputKeys: ReadonlySet<string>,
  checker: ts.TypeChecker,
): ReadonlyMap<string, string> {
  const collections = new Map<string, string>();
  const reading = inputReading(tool, inputKeys, checker);
  if (reading === undefined) return collections;
  const { body, fieldOf } = reading;
  const visit = (node: ts.Node): void => {
    if (ts.isTemplateExpression(node))
      node.templateSpans.forEach((span, index) => {
        const before = index === 0 ? node.head.text : (node.templateSpans[index - 1]?.literal.text ?? '');
        const collection = /\/([A-Za-z][A-Za-z_-]*)\/$/.exec(before)?.[1];
        if (collection === undefined) return;
        for (const field of readFields(encodedValue(span.expression), fieldOf))
          if (inputKeys.has(field) && isIdName(field) && !collections.has(field)) collections.set(field, collection);
      });
    ts.forEachChild(node, visit);
  };
  visit(body);
  return collections;
}

/** The body of the function that reads a tool's input, and how it reads a field of it; undefined without one. */
function inputReading(
  tool: DiscoveredTool,
  inputKeys: ReadonlySet<string>,
  checker: ts.TypeChecker,
): { body: ts.Node; fieldOf: (node: ts.Expression) => string | undefined } | undefined {
  const input = inputParameterOf(tool, inputKeys, checker);
  const parameter = input?.parameter;
  const body = parameter === undefined ? undefined : (input?.reader as ts.FunctionLikeDeclaration).body;
  if (body === undefined || parameter === undefined) return undefined;
  return { body, fieldOf: fieldReader(parameter, body, checker) };
}

/** `encodeURIComponent(x)`, `encodeURI(x)`: the value a URL carries. */
function encodedValue(value: ts.Expression): ts.Expression {
  const expr = unwrapExpression(value);
  if (
    ts.isCallExpression(expr) &&
    ts.isIdentifier(expr.expression) &&
    (expr.expression.text === 'encodeURIComponent' || expr.expression.text === 'encodeURI') &&
    expr.arguments[0] !== undefined
  )
    return expr.arguments[0];
  return expr;
}

/** `params.user_id` or `params['user_id']`: the key an assignment writes. */
function assignedKey(target: ts.Expression): string | undefined {
  if (ts.isPropertyAccessExpression(target)) return target.name.text;
  if (ts.isElementAccessExpression(target) && ts.isStringLiteralLike(target.argumentExpression))
    return target.argumentExpression.text;
  return undefined;
}

/**
 * The input fields a value is, as written: a read of one (`args.user`, a name destructured from the input), either
 * branch of a conditional, the left of `??`/`||`, or a conversion of one (the model's casts: `String(args.user)`).
 */
function readFields(value: ts.Expression, fieldOf: (node: ts.Expression) => string | undefined): string[] {
  const expr = unwrapExpression(value, { throughAwait: true });
  const field = fieldOf(expr);
  if (field !== undefined) return [field];
  if (ts.isConditionalExpression(expr))
    return [...readFields(expr.whenTrue, fieldOf), ...readFields(expr.whenFalse, fieldOf)];
  if (
    ts.isBinaryExpression(expr) &&
    (expr.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken ||
      expr.operatorToken.kind === ts.SyntaxKind.BarBarToken)
  )
    return readFields(expr.left, fieldOf);
  // A conversion keeps what the value names: `String(args.user)`, `Number.parseInt(args.user)`, `args.user.toString()`.
  if (ts.isCallExpression(expr)) {
    const callee = unwrapExpression(expr.expression);
    const [argument] = expr.arguments;
    if (argument !== undefined && castOfCallee(callee.getText()) !== undefined) return readFields(argument, fieldOf);
    if (ts.isPropertyAccessExpression(callee) && castOfMethod(callee.name.text, expr.arguments.length) !== undefined)
      return readFields(callee.expression, fieldOf);
  }
  return [];
}

/**
 * How the handler reads a field of its input: `args.user` / `args['user']` of the input parameter, or a name bound
 * to a field by destructuring (the parameter itself, or `const { user } = args`), compared by symbol.
 */
function fieldReader(
  parameter: ts.ParameterDeclaration,
  body: ts.Node,
  checker: ts.TypeChecker,
): (node: ts.Expression) => string | undefined {
  const bound = new Map<ts.Symbol, string>();
  const bind = (pattern: ts.ObjectBindingPattern): void => {
    for (const element of pattern.elements) {
      if (element.dotDotDotToken !== undefined || !ts.isIdentifier(element.name)) continue;
      const key = element.propertyName ?? element.name;
      const symbol = checker.getSymbolAtLocation(element.name);
      if (symbol !== undefined && (ts.isIdentifier(key) || ts.isStringLiteral(key))) bound.set(symbol, key.text);
    }
  };
  const input = ts.isIdentifier(parameter.name) ? checker.getSymbolAtLocation(parameter.name) : undefined;
  if (ts.isObjectBindingPattern(parameter.name)) bind(parameter.name);
  const isInput = (node: ts.Expression): boolean =>
    input !== undefined && ts.isIdentifier(node) && checker.getSymbolAtLocation(node) === input;
  if (input !== undefined) {
    const visit = (node: ts.Node): void => {
      if (
        ts.isVariableDeclaration(node) &&
        ts.isObjectBindingPattern(node.name) &&
        node.initializer !== undefined &&
        isInput(unwrapExpression(node.initializer))
      )
        bind(node.name);
      ts.forEachChild(node, visit);
    };
    visit(body);
  }
  return (node) => {
    if (ts.isPropertyAccessExpression(node) && isInput(unwrapExpression(node.expression))) return node.name.text;
    if (
      ts.isElementAccessExpression(node) &&
      ts.isStringLiteralLike(node.argumentExpression) &&
      isInput(unwrapExpression(node.expression))
    )
      return node.argumentExpression.text;
    if (!ts.isIdentifier(node)) return undefined;
    const symbol = checker.getSymbolAtLocation(node);
    return symbol === undefined ? undefined : bound.get(symbol);
  };
}
