import type { TSESTree } from '@typescript-eslint/utils';
import { installedZodMajor } from '../../src/adapters/packages/index.ts';
import type { ChainMethod } from '../../src/model/schema-expr.ts';
import { effectVerdictOf } from '../../src/model/schema-meaning.ts';
import { mayHoldContractEmptyingEffect } from '../../src/model/text-shortcuts.ts';
import { createRule } from '../utils/create-rule.ts';
import { toolLabel } from '../utils/message-text.ts';
import { optionsSchema } from '../utils/rule-options.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';
import { CHECKS } from '../../src/model/checks.ts';
import { CHECK_MESSAGES } from '../../src/model/check-messages.ts';

export interface NoEffectsOnToolSchemaOptions {
  /**
   * Which zod a bare `'zod'` import is: `"detect"` asks the `zod` installed next to the linted file; 3 or 4 fixes it.
   * `'zod/v3'` and `'zod/v4'` imports always say it themselves.
   */
  zodMajor: 'detect' | 3 | 4;
}

type Node = TSESTree.Node;

/** The method name's node, so the report points at `refine` rather than at the whole chain. */
function methodNameNode(method: ChainMethod<Node>): Node {
  const call = method.node as TSESTree.CallExpression;
  return call.callee.type === 'MemberExpression' ? call.callee.property : call;
}

export default createRule<[NoEffectsOnToolSchemaOptions], 'emptiedInput' | 'droppedOutput'>({
  name: 'no-effects-on-tool-schema',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['no-effects-on-tool-schema'].summary,
      config: 'recommended',
    },
    schema: optionsSchema({
      zodMajor: {
        oneOf: [
          { type: 'string', enum: ['detect'] },
          { type: 'number', enum: [3, 4] },
        ],
        description: 'Which zod a bare `zod` import is; `detect` reads the installed package.',
      },
    }),
    defaultOptions: [{ zodMajor: 'detect' }],
    messages: CHECK_MESSAGES['no-effects-on-tool-schema'],
  },
  create(context, optionList) {
    const options = optionList[0];
    const installed = (): 3 | 4 | undefined =>
      options.zodMajor === 'detect' ? installedZodMajor(context.physicalFilename) : options.zodMajor;
    return defineSchemaVisitor(context, {
      mayReport: mayHoldContractEmptyingEffect,
      onToolSchema({ role, tool, meaning }) {
        if (meaning.accepts !== 'object') return;
        for (const effect of meaning.objectEffects) {
          const verdict = effectVerdictOf(effect.name, meaning.module?.major, installed);
          if (!verdict.empties) continue;
          context.report({
            node: methodNameNode(effect),
            messageId: role === 'input' ? 'emptiedInput' : 'droppedOutput',
            data: { effect: effect.name, tool: toolLabel(tool), major: verdict.major },
          });
          return;
        }
      },
    });
  },
});
