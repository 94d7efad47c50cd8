import { createRule } from '../utils/create-rule.ts';
import { shortText } from '../utils/message-text.ts';
import { optionsSchema } from '../utils/rule-options.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';
import { CHECKS } from '../../src/model/checks.ts';

export interface NoDefensiveIdCastOptions {
  /** Id names whose casts are deliberate, by exact name (`requestId` when the API really wants a string there). */
  ignoredNames: string[];
}

export default createRule<[NoDefensiveIdCastOptions], 'defensiveCast' | 'passAsIs'>({
  name: 'no-defensive-id-cast',
  meta: {
    type: 'suggestion',
    docs: {
      description: CHECKS['no-defensive-id-cast'].summary,
      config: 'tests',
    },
    hasSuggestions: true,
    schema: optionsSchema({
      ignoredNames: { type: 'array', items: { type: 'string' }, description: 'Id names whose casts are deliberate.' },
    }),
    defaultOptions: [{ ignoredNames: [] }],
    messages: {
      defensiveCast: '`{{cast}}` hides the broken chain: pass `{{value}}` as the tool returned it.',
      passAsIs: 'Pass `{{value}}` as it is.',
    },
  },
  create(context, optionList) {
    const { ignoredNames } = optionList[0];
    const { sourceCode } = context;
    return defineSchemaVisitor(context, {
      onDefensiveCast(cast) {
        if (ignoredNames.includes(cast.idName)) return;
        const value = sourceCode.getText(cast.value);
        context.report({
          node: cast.node,
          messageId: 'defensiveCast',
          data: { cast: shortText(sourceCode.getText(cast.node), 40), value: shortText(value, 30) },
          suggest: [
            {
              messageId: 'passAsIs',
              data: { value: shortText(value) },
              fix: (fixer) => fixer.replaceText(cast.node, value),
            },
          ],
        });
      },
    });
  },
});
