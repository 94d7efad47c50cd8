import type { TSESTree } from '@typescript-eslint/utils';
import type { ChainMethod, SchemaExpr } from '../../src/model/schema-expr.ts';
import { effectEmptiesContract, meaningOf } from '../../src/model/schema-meaning.ts';
import { mayHoldContractEmptyingEffect, mayImportZod } from '../../src/model/text-shortcuts.ts';
import type { EstreeSchemaReader } from '../../src/adapters/estree/from-estree.ts';
import { createRule } from '../utils/create-rule.ts';
import { installedZodMajor } from '../utils/installed-zod.ts';
import { toolLabel, toolListeners } from '../utils/tool-schemas.ts';

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
      description: 'Disallow `.refine()`/`.superRefine()`/`.transform()` on a tool\'s object schema where the SDK then publishes an empty contract or drops the output schema',
      config: 'recommended',
    },
    schema: [
      {
        type: 'object',
        properties: { zodMajor: { oneOf: [{ type: 'string', enum: ['detect'] }, { type: 'number', enum: [3, 4] }], description: 'Which zod a bare `zod` import is; `detect` reads the installed package.' } },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ zodMajor: 'detect' }],
    messages: {
      emptiedInput:
        '`.{{effect}}()` on the input schema of {{tool}}: under zod {{major}} the result is no longer an object schema, so the SDK publishes {"type":"object","properties":{}} and agents see a tool without parameters. Keep the raw shape as inputSchema and run the check inside the handler (or on a separate schema you parse there).',
      droppedOutput:
        '`.{{effect}}()` on the output schema of {{tool}}: under zod {{major}} the result is no longer an object schema, so the SDK lists the tool without an output schema and every call errors. Keep the raw shape as outputSchema and refine elsewhere (in the handler, before returning).',
    },
  },
  defaultOptions: [{ zodMajor: 'detect' }],
  create(context, optionList) {
    const options = optionList[0];
    // Most files call none of the effects: nothing to look at, not even the imports.
    const { text } = context.sourceCode;
    if (!mayImportZod(text) || !mayHoldContractEmptyingEffect(text)) return {};
    const majorOf = (declared: 3 | 4 | undefined): 3 | 4 | undefined => {
      if (declared !== undefined) return declared;
      return options.zodMajor === 'detect' ? installedZodMajor(context.physicalFilename) : options.zodMajor;
    };
    const check = (reader: EstreeSchemaReader, schema: SchemaExpr<Node> | undefined, role: 'input' | 'output', tool: string): void => {
      if (schema === undefined) return;
      const meaning = meaningOf(reader.resolve(schema));
      if (meaning.accepts !== 'object' || meaning.objectEffects.length === 0) return;
      for (const effect of meaning.objectEffects) {
        // The installed zod is only looked up when the two majors disagree about this effect (refine, not transform).
        // Unknown major (no zod installed, bare import): judged as zod 4, so only certain breakage is reported.
        const sameUnderBoth = effectEmptiesContract(effect.name, 3) === effectEmptiesContract(effect.name, 4);
        const major = sameUnderBoth ? (meaning.module?.major ?? 4) : (majorOf(meaning.module?.major) ?? 4);
        if (!effectEmptiesContract(effect.name, major)) continue;
        context.report({
          node: methodNameNode(effect),
          messageId: role === 'input' ? 'emptiedInput' : 'droppedOutput',
          data: { effect: effect.name, tool, major: sameUnderBoth && meaning.module?.major === undefined ? '3 and 4' : String(major) },
        });
        return;
      }
    };
    return toolListeners(context, 'agent-contract', (registration, reader) => {
      const tool = toolLabel(registration);
      check(reader, registration.input, 'input', tool);
      check(reader, registration.output, 'output', tool);
    });
  },
});
