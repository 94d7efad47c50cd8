import { mayHoldGuardedSchema } from '../../src/model/text-shortcuts.ts';
import { meaningOf } from '../../src/model/schema-meaning.ts';
import { createRule } from '../utils/create-rule.ts';
import { shortText, toolLabel } from '../utils/message-text.ts';
import { DEFAULT_GUARD_MODULE, optionsSchema } from '../utils/rule-options.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';
import { CHECKS } from '../../src/model/checks.ts';

export interface NoGuardedIdInOutputOptions {
  /** A module of your own that re-exports `guardId`/`idSchema`, so its imports count as guards too. */
  importFrom: string;
}

export default createRule<[NoGuardedIdInOutputOptions], 'guardedOutput'>({
  name: 'no-guarded-id-in-output',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['no-guarded-id-in-output'].summary,
      config: 'recommended',
    },
    schema: optionsSchema({
      importFrom: {
        type: 'string',
        description: 'A module of your own whose `guardId`/`idSchema` imports count as guards too.',
      },
    }),
    defaultOptions: [{ importFrom: DEFAULT_GUARD_MODULE }],
    messages: {
      guardedOutput: 'Guarded {{subject}} lets {{tool}} return {{values}} that clients reject.',
    },
  },
  create(context, optionList) {
    const { sourceCode } = context;
    return defineSchemaVisitor(context, {
      importFrom: optionList[0].importFrom,
      mayReport: mayHoldGuardedSchema,
      onOutputGuard({ tool, expr, fieldName }) {
        context.report({
          node: expr.node,
          messageId: 'guardedOutput',
          // The field names the guard best; a guard that is no field's value is named by its text.
          data: {
            subject: `\`${fieldName ?? shortText(sourceCode.getText(expr.node), 30)}\``,
            tool: toolLabel(tool),
            // guardNumberId lets decimal strings through a number schema; guardId numbers through a string one.
            values: meaningOf(expr).accepts === 'guarded-number' ? 'strings' : 'numbers',
          },
        });
      },
    });
  },
});
