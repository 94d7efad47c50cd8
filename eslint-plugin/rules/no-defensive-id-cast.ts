import { createRule } from '../utils/create-rule.ts';
import { defensiveCastOf } from '../../src/adapters/estree/from-estree.ts';
import { shortText } from '../utils/tool-schemas.ts';

export interface NoDefensiveIdCastOptions {
  /** Id names whose casts are deliberate, by exact name (`requestId` when the API really wants a string there). */
  ignoredNames: string[];
}

export default createRule<[NoDefensiveIdCastOptions], 'defensiveCast' | 'passAsIs'>({
  name: 'no-defensive-id-cast',
  meta: {
    type: 'suggestion',
    docs: {
      description: 'Disallow `String(x.id)`, `Number(x.ticketId)`, `` `${x.id}` `` and similar casts around ids in tests: they hide the broken chain a literal agent hits',
      config: 'tests',
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: { ignoredNames: { type: 'array', items: { type: 'string' }, description: 'Id names whose casts are deliberate.' } },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ ignoredNames: [] }],
    messages: {
      defensiveCast:
        '`{{cast}}` types what a careful human would, not what an agent sends: an agent passes `{{value}}` exactly as the tool returned it. Pass `{{value}}` as it is, so this test fails while an acceptor still rejects the raw `{{name}}`.',
      passAsIs: 'Pass `{{value}}` as it is.',
    },
  },
  defaultOptions: [{ ignoredNames: [] }],
  create(context, optionList) {
    const options = optionList[0];
    const { sourceCode } = context;
    const check = (node: Parameters<typeof defensiveCastOf>[0]): void => {
      const cast = defensiveCastOf(node, sourceCode, options.ignoredNames);
      if (cast === undefined) return;
      const value = sourceCode.getText(cast.value);
      context.report({
        node,
        messageId: 'defensiveCast',
        data: { cast: shortText(sourceCode.getText(cast.node)), value, name: cast.idName },
        suggest: [{ messageId: 'passAsIs', data: { value }, fix: (fixer) => fixer.replaceText(cast.node, value) }],
      });
    };
    // Selectors hand over only the shapes a cast can have; defensiveCastOf decides.
    return {
      'CallExpression[callee.name=/^(?:String|Number|BigInt|parseInt|parseFloat)$/]': check,
      'CallExpression[callee.object.name="Number"][callee.property.name=/^parse(?:Int|Float)$/]': check,
      'CallExpression[callee.property.name="toString"][arguments.length=0]': check,
      'TemplateLiteral[expressions.length=1]': check,
      'UnaryExpression[operator="+"]': check,
      'BinaryExpression[operator="+"]': check,
    };
  },
});
