/**
 * Benchmark fixture: the guard-ids rewrite the way a plain jscodeshift transform writes it (recast AST, `--parser=ts`),
 * for `npm run bench:codemod` to compare against the codemod, which parses with `ts.createSourceFile` and splices
 * text. It handles what the generated corpus holds: id-named properties whose value is a `z.string()` chain, outside
 * `outputSchema`, plus the `guardId` import. Not shipped; not a second implementation to maintain.
 */

/** The slice of jscodeshift's API used here (the package ships no type declarations). */
interface AstNode {
  readonly type: string;
  [key: string]: unknown;
}

interface AstPath {
  node: AstNode;
  readonly parent: AstPath | null;
}

interface Collection {
  find(type: unknown): Collection;
  forEach(callback: (path: AstPath) => void): Collection;
  paths(): AstPath[];
  toSource(options?: { quote?: 'single' | 'double' }): string;
}

interface JSCodeshift {
  (source: string): Collection;
  readonly ObjectProperty: unknown;
  readonly ImportDeclaration: unknown;
  callExpression(callee: AstNode, args: AstNode[]): AstNode;
  identifier(name: string): AstNode;
  importDeclaration(specifiers: AstNode[], source: AstNode): AstNode;
  importSpecifier(imported: AstNode): AstNode;
  stringLiteral(value: string): AstNode;
}

const ID_NAME = /(?:^id|Id|_id|ID|Ids|_ids)$/;
const CONSTRAINED = new Set(['uuid', 'email', 'url', 'regex', 'datetime', 'cuid', 'ulid']);

function keyName(key: unknown): string | undefined {
  const node = key as AstNode;
  if (node.type === 'Identifier') return node['name'] as string;
  if (node.type === 'StringLiteral') return node['value'] as string;
  return undefined;
}

/** `z.string()` followed by methods, none of which constrains the format. */
function isStringChain(value: AstNode): boolean {
  let current = value;
  while (current.type === 'CallExpression') {
    const callee = current['callee'] as AstNode;
    if (callee.type !== 'MemberExpression') return false;
    const property = keyName(callee['property']);
    const object = callee['object'] as AstNode;
    if (object.type === 'Identifier') return object['name'] === 'z' && property === 'string';
    if (property === undefined || CONSTRAINED.has(property)) return false;
    current = object;
  }
  return false;
}

function insideOutputSchema(path: AstPath): boolean {
  for (let current = path.parent; current !== null; current = current.parent) {
    if (current.node.type === 'ObjectProperty' && keyName(current.node['key']) === 'outputSchema') return true;
  }
  return false;
}

export default function transform(
  file: { path: string; source: string },
  api: { jscodeshift: JSCodeshift },
): string | undefined {
  if (!file.source.includes('zod')) return undefined;
  const j = api.jscodeshift;
  const root = j(file.source);
  let wrapped = 0;
  root.find(j.ObjectProperty).forEach((path) => {
    const name = keyName(path.node['key']);
    const value = path.node['value'] as AstNode;
    if (name === undefined || !ID_NAME.test(name) || !isStringChain(value) || insideOutputSchema(path)) return;
    path.node['value'] = j.callExpression(j.identifier('guardId'), [value]);
    wrapped += 1;
  });
  if (wrapped === 0) return undefined;
  const imports = root.find(j.ImportDeclaration).paths();
  const last = imports.at(-1);
  const declaration = j.importDeclaration(
    [j.importSpecifier(j.identifier('guardId'))],
    j.stringLiteral('agent-contract'),
  );
  if (last === undefined) return undefined;
  const program = last.parent?.node;
  const body = program?.['body'] as AstNode[] | undefined;
  body?.splice(body.indexOf(last.node) + 1, 0, declaration);
  return root.toSource({ quote: 'single' });
}
