import { mayHoldWideIntegerIn, wideIntegerFactoryOf } from '../../src/model/wide-ids.ts';
import { CHECKS } from '../../src/model/checks.ts';
import { createRule } from '../utils/create-rule.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';

export default createRule<[], 'wideIntegerId'>({
  name: 'no-wide-integer-id',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['no-wide-integer-id'].summary,
      config: 'strict',
    },
    schema: [],
    defaultOptions: [],
    messages: {
      wideIntegerId: '`{{name}}` is a 64-bit integer: as a JSON number it loses digits past 2^53; send it as a string.',
    },
  },
  create(context) {
    return defineSchemaVisitor(context, {
      mayReport: mayHoldWideIntegerIn,
      onIdField(field) {
        // A schema no tool uses (typed linting shows it) parses something else; the width is not an agent's problem.
        if (field.role === 'none' || wideIntegerFactoryOf(field.expr) === undefined) return;
        context.report({
          node: field.node,
          messageId: 'wideIntegerId',
          data: { name: field.name },
        });
      },
    });
  },
});
