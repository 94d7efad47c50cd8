import type { TSESTree } from '@typescript-eslint/utils';
import { mayHoldGuardedSchema, mayImportZod } from '../../src/model/text-shortcuts.ts';
import { guardedSchemasIn } from '../../src/model/schema-fields.ts';
import { createRule } from '../utils/create-rule.ts';
import { propertyKeyOf, shortText, toolLabel, toolListeners } from '../utils/tool-schemas.ts';

export interface NoGuardedIdInOutputOptions {
  /** A module of your own that re-exports `guardId`/`idSchema`, so its imports count as guards too. */
  importFrom: string;
}

export default createRule<[NoGuardedIdInOutputOptions], 'guardedOutput'>({
  name: 'no-guarded-id-in-output',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `guardId`, `idSchema` and numeric preprocesses in output schemas: clients reject the numbers they let through',
      config: 'recommended',
    },
    schema: [
      {
        type: 'object',
        properties: { importFrom: { type: 'string', description: 'A module of your own whose `guardId`/`idSchema` imports count as guards too.' } },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ importFrom: 'agent-contract' }],
    messages: {
      guardedOutput:
        '`{{expression}}`{{field}} in the output schema of {{tool}} lets a number through the server\'s own check, but clients validate the raw structuredContent against the published {"type":"string"} and reject it. Guards belong on inputs: declare what the tool really emits (z.number() for a numeric id, or emit String(row.id) and keep z.string()).',
    },
  },
  defaultOptions: [{ importFrom: 'agent-contract' }],
  create(context, optionList) {
    const options = optionList[0];
    const { sourceCode } = context;
    // A file without a guarded schema has nothing to report.
    if (!mayImportZod(sourceCode.text) || !mayHoldGuardedSchema(sourceCode.text)) return {};
    const reported = new Set<TSESTree.Node>();
    return toolListeners(context, options.importFrom, (registration, reader) => {
      if (registration.output === undefined) return;
      for (const guarded of guardedSchemasIn(registration.output, reader.resolve)) {
        const node = guarded.node;
        if (reported.has(node)) continue;
        reported.add(node);
        const field = propertyKeyOf(node);
        context.report({
          node,
          messageId: 'guardedOutput',
          data: { expression: shortText(sourceCode.getText(node), 50), field: field === undefined ? '' : ` on \`${field}\``, tool: toolLabel(registration) },
        });
      }
    });
  },
});
