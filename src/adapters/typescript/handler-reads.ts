import ts from 'typescript';
import { inputParameterOf, type DiscoveredTool } from './discover-tools.ts';
import { unwrapExpression } from './unwrap.ts';
import { PARSE_METHODS } from '../../model/schema-role.ts';
import { isCallArguments, parseCallOf } from './arguments-parse.ts';

/**
 * Which input fields a tool handler reads: the evidence behind "honored" in a disposition table, and behind the
 * audit's "published input field the handler never reads". `all` means the handler hands its whole input on (a spread,
 * a call with the input object, a rest element), so every field may be read and nothing can be said.
 */
export type HandlerReads =
  | { readonly kind: 'fields'; readonly fields: ReadonlySet<string> }
  | {
      readonly kind: 'all';
      readonly reason: string;
      /**
       * When the input is handed on only by copying it into an object literal (`{ ...data, search: data.query }`): the
       * fields read by name beside the copy.
       */
      readonly fields?: ReadonlySet<string>;
    };

function patternReads(pattern: ts.ObjectBindingPattern): HandlerReads {
  const fields = new Set<string>();
  for (const element of pattern.elements) {
    if (element.dotDotDotToken !== undefined)
      return { kind: 'all', reason: 'the handler collects the other fields with a rest element' };
    const name = element.propertyName ?? element.name;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name)) fields.add(name.text);
    else return { kind: 'all', reason: 'the handler destructures a computed key' };
  }
  return { kind: 'fields', fields };
}

/** Reads of `args.x`, `args['x']` and `const { x } = args` inside the handler body; anything else that touches `args` reads it all. */
function identifierReads(parameter: ts.Identifier, body: ts.Node): HandlerReads {
  const name = parameter.text;
  const fields = new Set<string>();
  let escaped: string | undefined;
  let copiedOnly = true;
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) && node.text === name && node !== parameter) {
      const parent = node.parent;
      if (ts.isPropertyAccessExpression(parent) && parent.expression === node) {
        fields.add(parent.name.text);
        return;
      }
      if (
        ts.isElementAccessExpression(parent) &&
        parent.expression === node &&
        ts.isStringLiteralLike(parent.argumentExpression)
      ) {
        fields.add(parent.argumentExpression.text);
        return;
      }
      if (ts.isVariableDeclaration(parent) && parent.initializer === node && ts.isObjectBindingPattern(parent.name)) {
        const reads = patternReads(parent.name);
        if (reads.kind === 'all') {
          escaped ??= reads.reason;
          copiedOnly = false;
        } else for (const field of reads.fields) fields.add(field);
        return;
      }
      if (ts.isPropertyAccessExpression(parent) && parent.name === node) return;
      if (ts.isPropertyAssignment(parent) && parent.name === node) return;
      escaped ??= `the handler passes \`${name}\` on as a whole`;
      // `{ ...data }` copies the fields under their own names; anything else takes the input where this check cannot follow.
      if (!ts.isSpreadAssignment(parent)) copiedOnly = false;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(body);
  if (escaped === undefined) return { kind: 'fields', fields };
  return copiedOnly ? { kind: 'all', reason: escaped, fields } : { kind: 'all', reason: escaped };
}

/**
 * The model's `PARSE_METHODS` that hand back the parsed value itself (`safeParse` wraps it in `{ success, data }`), so
 * what the branch reads of their result is what it reads of the input.
 */
const VALUE_PARSE_METHODS: ReadonlySet<string> = new Set(
  [...PARSE_METHODS].filter((method) => !method.startsWith('safe')),
);

/** `Args.parse(request.params.arguments)`, awaited or not: the call that turns a low-level call's arguments into the input. */
function parsesCallArguments(expression: ts.Expression): boolean {
  let node = unwrapExpression(expression);
  if (ts.isAwaitExpression(node)) node = unwrapExpression(node.expression);
  const parse = parseCallOf(node);
  return parse?.value !== undefined && VALUE_PARSE_METHODS.has(parse.method) && isCallArguments(parse.value);
}

/**
 * What the branch of a low-level call handler (`case 'get_ticket': { ... }`, `if (name === 'get_ticket') { ... }`)
 * reads of its tool's input: the const it parses the call's arguments into (`const args = Args.parse(request.params.
 * arguments)`, then `args.ticketId`), or the fields it destructures from the parse.
 */
function branchReads(branch: ts.Node): HandlerReads {
  let parsed: ts.VariableDeclaration | undefined;
  const visit = (node: ts.Node): void => {
    if (parsed !== undefined || ts.isFunctionLike(node)) return;
    if (ts.isVariableDeclaration(node) && node.initializer !== undefined && parsesCallArguments(node.initializer)) {
      parsed = node;
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(branch);
  if (parsed === undefined) return { kind: 'all', reason: 'its branch does not parse the call arguments into a const' };
  if (ts.isObjectBindingPattern(parsed.name)) return patternReads(parsed.name);
  if (ts.isIdentifier(parsed.name)) return identifierReads(parsed.name, branch);
  return { kind: 'all', reason: 'its branch destructures the parsed arguments in a way this check does not follow' };
}

/**
 * What a handler (an arrow function, function expression or method) reads of its input parameter: the first one, or
 * `inputIndex` for tool objects whose handler takes something else first (`run(db, args)`). For the branch of a
 * low-level call handler (a `case` clause or an `if` branch), what it reads of the arguments it parses.
 */
export function handlerReads(handler: ts.Node, inputIndex = 0): HandlerReads {
  if (ts.isCaseClause(handler) || (ts.isStatement(handler) && !ts.isFunctionDeclaration(handler)))
    return branchReads(handler);
  if (
    !ts.isArrowFunction(handler) &&
    !ts.isFunctionExpression(handler) &&
    !ts.isMethodDeclaration(handler) &&
    !ts.isFunctionDeclaration(handler)
  ) {
    return { kind: 'all', reason: 'the handler is not written inline' };
  }
  const input = handler.parameters[inputIndex];
  if (input === undefined) return { kind: 'fields', fields: new Set() };
  if (ts.isObjectBindingPattern(input.name)) return patternReads(input.name);
  if (ts.isIdentifier(input.name) && handler.body !== undefined) return identifierReads(input.name, handler.body);
  return { kind: 'all', reason: 'the handler destructures its input in a way this check does not follow' };
}

/**
 * What a discovered tool's handler reads of its input, from the node the dispositions codemod reads too: the tool
 * class's method the registration hands the input to, the handler function, or the branch of a low-level call handler.
 * `inputKeys` are the input's top-level keys, which tell the input parameter of `run(db, args)`.
 */
export function toolHandlerReads(
  tool: DiscoveredTool,
  inputKeys: ReadonlySet<string>,
  checker: ts.TypeChecker,
): HandlerReads {
  const input = inputParameterOf(tool, inputKeys, checker);
  if (input === undefined) return { kind: 'all', reason: 'no handler was found for it' };
  return handlerReads(input.reader, input.index);
}

/**
 * What a tool reads of its input when its schema transforms the parsed input first (`inputTransformsOf`): the fields
 * the last transform reads by name, and, when it hands the input on (`{ ...data, search }`), what the transforms before
 * it and the handler read too. A transform that is not written inline reads everything, as far as this check can say.
 */
export function throughTransforms(handler: HandlerReads, transforms: readonly ts.Node[]): HandlerReads {
  let reads = handler;
  for (const transform of [...transforms].reverse()) {
    const own = handlerReads(transform);
    if (own.kind === 'fields') {
      reads = own;
      continue;
    }
    if (own.fields === undefined) return own;
    // It hands the input on: the later steps read from it, beside the fields it names.
    if (reads.kind === 'all') return reads;
    reads = { kind: 'fields', fields: new Set([...reads.fields, ...own.fields]) };
  }
  return reads;
}
