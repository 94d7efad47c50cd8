import ts from 'typescript';
import {
  castOfCallee,
  castOfMethod,
  coverUpOf,
  globalOfCast,
  type CastStep,
  type CastValue,
  type DefensiveCastKind,
} from '../../model/defensive-cast.ts';
import type { SourceSpan } from '../../model/source-span.ts';
import { shortText, unwrapExpression } from './unwrap.ts';

/**
 * The TypeScript-AST reader of defensive id casts, twin of the ESTree one in `src/adapters/estree/defensive-casts.ts`
 * (the agreement test holds them together). Syntax and scopes only, no checker, so a test file the tsconfig leaves
 * out is read exactly like one in the program, and like ESLint reads it.
 */

/** A cast around an id that covers for an acceptor: `String(ticket.id)`, `` `${ticket.id}` ``, `+ticket.id`. */
export interface CastSite extends SourceSpan {
  readonly kind: DefensiveCastKind;
  readonly idName: string;
  /** The cast as written, on one line and cut short: `String(ticket.id)`. */
  readonly text: string;
  /** The value inside the cast, as written: `ticket.id`. */
  readonly value: string;
}

/** Every defensive id cast in one file's text, parsed on its own. */
export function castSitesOf(fileName: string, text: string): CastSite[] {
  return castSitesIn(ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true));
}

/** A defensive cast as a node, with the access path of the value it casts (`['todo', 'id']`) when it is one. */
export interface CastNode {
  readonly node: ts.Node;
  readonly kind: DefensiveCastKind;
  readonly idName: string;
  readonly value: ts.Expression;
  readonly names: readonly string[] | undefined;
}

/** Every defensive id cast in a parsed file (parent pointers set), as nodes. */
export function castNodesIn(sourceFile: ts.SourceFile): CastNode[] {
  if (!/id\b|Id\b|ID\b|_id|Ids\b/.test(sourceFile.text)) return [];
  const casts: CastNode[] = [];
  const visit = (node: ts.Node): void => {
    const cast = defensiveCastOf(node);
    if (cast === undefined) {
      ts.forEachChild(node, visit);
      return;
    }
    casts.push({ node, kind: cast.kind, idName: cast.idName, value: cast.value, names: accessNames(cast.value) });
  };
  visit(sourceFile);
  return casts;
}

/** Every defensive id cast in a parsed file (parent pointers set). */
export function castSitesIn(sourceFile: ts.SourceFile): CastSite[] {
  const sites: CastSite[] = [];
  for (const { node, kind, idName, value } of castNodesIn(sourceFile)) {
    const start = node.getStart(sourceFile);
    sites.push({
      file: sourceFile.fileName,
      start,
      length: node.getEnd() - start,
      line: sourceFile.getLineAndCharacterOfPosition(start).line + 1,
      kind,
      idName,
      text: shortText(node),
      value: value.getText(sourceFile),
    });
  }
  return sites;
}

function defensiveCastOf(node: ts.Node): { kind: DefensiveCastKind; value: ts.Expression; idName: string } | undefined {
  const cast = castOf(node);
  if (cast === undefined) return undefined;
  const idName = coverUpOf(cast.kind, castValueOf(cast.value), castStepsOf(node));
  return idName === undefined ? undefined : { ...cast, idName };
}

/**
 * A conversion written in code, whatever it converts: `String(x)`, `Number.parseInt(x)`, `x.toString()`, `` `${x}` ``
 * alone, `+x`, `x + ''`; its kind and the value converted.
 */
export function castOf(node: ts.Node): { kind: DefensiveCastKind; value: ts.Expression } | undefined {
  let kind: DefensiveCastKind | undefined;
  let value: ts.Expression | undefined;
  if (ts.isCallExpression(node)) {
    const callee = unwrapExpression(node.expression);
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
      const global = globalOfCast(cast);
      if (global !== undefined && bindingAround(global, node) !== undefined) return undefined;
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
  return { kind, value };
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

/** The value's access path and, when it names a const of the same file, its initializer's. */
function castValueOf(value: ts.Expression): CastValue {
  const names = accessNames(value);
  const initializer = sameFileInitializerOf(unwrapExpression(value));
  if (initializer === undefined) return { names };
  return {
    names,
    constInitializer: {
      names: accessNames(initializer),
      isStringLiteral: ts.isStringLiteral(initializer) || ts.isNoSubstitutionTemplateLiteral(initializer),
    },
  };
}

/**
 * What a same-file const gives a value: the initializer of `x` for `const x = init`, and for `x.pull.prId` the value
 * written at that path of an object literal (`const x = { pull: { prId: process.env.PR_ID } }`).
 */
function sameFileInitializerOf(value: ts.Expression): ts.Expression | undefined {
  const path: string[] = [];
  let root = value;
  while (ts.isPropertyAccessExpression(root)) {
    path.unshift(root.name.text);
    root = unwrapExpression(root.expression);
  }
  const declaration = ts.isIdentifier(root) ? bindingAround(root.text, root) : undefined;
  if (
    declaration === undefined ||
    !ts.isVariableDeclaration(declaration) ||
    declaration.initializer === undefined ||
    !ts.isVariableDeclarationList(declaration.parent) ||
    (declaration.parent.flags & ts.NodeFlags.Const) === 0
  )
    return undefined;
  let initializer = unwrapExpression(declaration.initializer);
  for (const key of path) {
    if (!ts.isObjectLiteralExpression(initializer)) return undefined;
    const property = initializer.properties.find(
      (candidate): candidate is ts.PropertyAssignment =>
        ts.isPropertyAssignment(candidate) &&
        (ts.isIdentifier(candidate.name) || ts.isStringLiteral(candidate.name)) &&
        candidate.name.text === key,
    );
    if (property === undefined) return undefined;
    initializer = unwrapExpression(property.initializer);
  }
  return initializer;
}

/**
 * The declaration that binds `name` in a scope around `node` (a local, a parameter, an import), or undefined for a
 * global: what ESLint's scope manager answers for the ESTree reader.
 */
function bindingAround(name: string, node: ts.Node): ts.Node | undefined {
  for (let scope = node.parent; scope !== undefined; scope = scope.parent) {
    if (ts.isFunctionLike(scope)) {
      const parameter = scope.parameters.find((candidate) => binds(candidate.name, name));
      if (parameter !== undefined) return parameter;
      if ((ts.isFunctionExpression(scope) || ts.isClassExpression(scope)) && scope.name?.text === name) return scope;
    }
    if (
      ts.isCatchClause(scope) &&
      scope.variableDeclaration !== undefined &&
      binds(scope.variableDeclaration.name, name)
    )
      return scope.variableDeclaration;
    if (
      (ts.isForStatement(scope) || ts.isForOfStatement(scope) || ts.isForInStatement(scope)) &&
      scope.initializer !== undefined &&
      ts.isVariableDeclarationList(scope.initializer)
    ) {
      const found = scope.initializer.declarations.find((declaration) => binds(declaration.name, name));
      if (found !== undefined) return found;
    }
    const statements =
      ts.isSourceFile(scope) || ts.isBlock(scope) || ts.isModuleBlock(scope) || ts.isCaseOrDefaultClause(scope)
        ? scope.statements
        : undefined;
    for (const statement of statements ?? []) {
      const found = declarationIn(statement, name);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

function declarationIn(statement: ts.Statement, name: string): ts.Node | undefined {
  if (ts.isVariableStatement(statement))
    return statement.declarationList.declarations.find((declaration) => binds(declaration.name, name));
  if (
    ts.isFunctionDeclaration(statement) ||
    ts.isClassDeclaration(statement) ||
    ts.isEnumDeclaration(statement) ||
    ts.isModuleDeclaration(statement) ||
    ts.isImportEqualsDeclaration(statement)
  )
    return statement.name?.text === name ? statement : undefined;
  if (ts.isImportDeclaration(statement)) {
    const clause = statement.importClause;
    if (clause === undefined || clause.isTypeOnly) return undefined;
    if (clause.name?.text === name) return clause;
    const bindings = clause.namedBindings;
    if (bindings === undefined) return undefined;
    if (ts.isNamespaceImport(bindings)) return bindings.name.text === name ? bindings : undefined;
    return bindings.elements.find((element) => !element.isTypeOnly && element.name.text === name);
  }
  return undefined;
}

function binds(binding: ts.BindingName, name: string): boolean {
  if (ts.isIdentifier(binding)) return binding.text === name;
  return binding.elements.some((element) => !ts.isOmittedExpression(element) && binds(element.name, name));
}

/** The steps from a cast outwards, in the model's neutral form (the ESTree reader builds the same). */
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
