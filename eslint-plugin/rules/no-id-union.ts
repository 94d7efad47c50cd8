import { AST_NODE_TYPES, type TSESTree } from '@typescript-eslint/utils';
import { stringBranchOfUnion } from '../../src/model/guard-rewrite.ts';
import { mayHoldUnionIn } from '../../src/model/text-shortcuts.ts';
import { createRule } from '../utils/create-rule.ts';
import { fixModuleFor, guardCalleeAt, wrapInGuard } from '../utils/guard-import.ts';
import { shortText } from '../utils/message-text.ts';
import { DEFAULT_GUARD_MODULE, importFromOption, optionsSchema } from '../utils/rule-options.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';
import { CHECKS } from '../../src/model/checks.ts';
import { CHECK_MESSAGES } from '../../src/model/check-messages.ts';

export interface NoIdUnionOptions {
  /** The module `guardId` is imported from when the suggestion adds it. */
  importFrom: string;
}

export default createRule<[NoIdUnionOptions], 'idUnion' | 'idUnionThrough' | 'useGuardId'>({
  name: 'no-id-union',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['no-id-union'].summary,
      config: 'recommended',
    },
    hasSuggestions: true,
    schema: optionsSchema({ importFrom: importFromOption('suggestion') }),
    defaultOptions: [{ importFrom: DEFAULT_GUARD_MODULE }],
    messages: {
      ...CHECK_MESSAGES['no-id-union'],
      useGuardId: 'Replace the union with {{guard}}({{branch}}).',
    },
  },
  create(context, optionList) {
    const { importFrom } = optionList[0];
    const { sourceCode } = context;
    return defineSchemaVisitor(context, {
      importFrom,
      mayReport: mayHoldUnionIn,
      onIdField(field) {
        // Most id fields hold no union at all; their text says so before anything is read.
        if (!field.mayHoldUnion || field.verdict !== 'union') return;
        // A schema that parses what an upstream API sent, or describes what a tool emits, may well be lenient; so may
        // one that type-aware linting shows is part of no tool's schema.
        if (field.role === 'output' || field.role === 'none') return;
        const { node, name, through } = field;
        // The chain the union is written in: the value itself, or the initializer of the const it names.
        const chain = field.expr.node as TSESTree.Node;
        const union = stringBranchOfUnion(field.expr);
        const module = fixModuleFor(context.filename, sourceCode.text, importFrom);
        const guard = module === undefined ? undefined : guardCalleeAt(sourceCode, node, module);
        const first = union?.after[0];
        const afterStart = first === undefined ? undefined : (first.node as TSESTree.CallExpression).callee;
        const afterText =
          afterStart?.type === AST_NODE_TYPES.MemberExpression
            ? sourceCode.text.slice(afterStart.object.range[1], chain.range[1])
            : '';
        const inner =
          union === undefined ? undefined : `${sourceCode.getText(union.branch.node as TSESTree.Node)}${afterText}`;
        const fix = { guard: guard?.callee ?? 'guardId', branch: shortText(inner ?? 'z.string()') };
        context.report({
          node,
          ...(through === undefined
            ? { messageId: 'idUnion', data: { name } }
            : { messageId: 'idUnionThrough', data: { name, union: through } }),
          suggest:
            guard === undefined || inner === undefined
              ? []
              : [{ messageId: 'useGuardId', data: fix, fix: wrapInGuard(sourceCode, node, guard, inner) }],
        });
      },
    });
  },
});
