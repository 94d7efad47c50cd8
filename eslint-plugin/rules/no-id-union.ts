import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { idAcceptorVerdict } from '../../src/model/id-acceptor.ts';
import { isIdName } from '../../src/model/ids.ts';
import { stringBranchOfUnion } from '../../src/model/guard-rewrite.ts';
import { meaningOf } from '../../src/model/schema-meaning.ts';
import { mayHoldUnionIn, mayImportZod } from '../../src/model/text-shortcuts.ts';
import { createRule } from '../utils/create-rule.ts';
import { guardCalleeAt, wrapInGuard } from '../utils/guard-import.ts';
import { outermostChain, propertyKeyOf, shortText, zodReaderFor } from '../utils/tool-schemas.ts';

export interface NoIdUnionOptions {
  /** The module `guardId` is imported from when the suggestion adds it. */
  importFrom: string;
}

export default createRule<[NoIdUnionOptions], 'idUnion' | 'useGuardId'>({
  name: 'no-id-union',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `z.union([z.string(), z.number()])` and `.or()` on id fields: the published contract moves and handlers receive numbers',
      config: 'recommended',
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: { importFrom: { type: 'string', description: 'The module `guardId` is imported from when the suggestion adds the import.' } },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ importFrom: 'agent-contract' }],
    messages: {
      idUnion:
        '`{{name}}` accepts a string or a number: the published schema stops being `type: string` (it becomes anyOf or ["string","number"], which several clients reject) and the handler now receives numbers. Accept the number through {{guard}}({{branch}}) instead: the contract stays {"type":"string"} and the handler always gets a string.',
      useGuardId: 'Replace the union with {{guard}}({{branch}}).',
    },
  },
  defaultOptions: [{ importFrom: 'agent-contract' }],
  create(context, optionList) {
    const options = optionList[0];
    const { text } = context.sourceCode;
    if (!mayImportZod(text) || !mayHoldUnionIn(text)) return {};
    const reader = zodReaderFor(context, options.importFrom);
    if (reader === undefined) return {};
    const { sourceCode } = context;
    return {
      // Only the outermost call of a chain that is a property value is read, one report per field; the selector
      // hands over only keys ending in id/ids (isIdName decides).
      'Property[key.name=/[iI][dD][sS]?$/] > CallExpression.value, Property[key.value=/[iI][dD][sS]?$/] > CallExpression.value'(node: TSESTree.CallExpression) {
        // Most id fields hold no union at all; their text says so before anything is read.
        if (!reader.mayHoldUnion(node)) return;
        const name = propertyKeyOf(node);
        if (name === undefined || !isIdName(name) || outermostChain(node) !== node) return;
        const expr = reader.read(node);
        if (idAcceptorVerdict(name, meaningOf(expr)) !== 'union') return;
        const union = stringBranchOfUnion(expr);
        const guard = guardCalleeAt(sourceCode, node, options.importFrom);
        const first = union?.after[0];
        const afterStart = first === undefined ? undefined : (first.node as TSESTree.CallExpression).callee;
        const afterText =
          afterStart?.type === AST_NODE_TYPES.MemberExpression ? sourceCode.text.slice(afterStart.object.range[1], node.range[1]) : '';
        const inner = union === undefined ? undefined : `${sourceCode.getText(union.branch.node as TSESTree.Node)}${afterText}`;
        const data = { name, guard: guard?.callee ?? 'guardId', branch: shortText(inner ?? 'z.string()') };
        context.report({
          node,
          messageId: 'idUnion',
          data,
          suggest: guard === undefined || inner === undefined ? [] : [{ messageId: 'useGuardId', data, fix: wrapInGuard(sourceCode, node, guard, inner) }],
        });
      },
    };
  },
});
