import type { TSESTree } from '@typescript-eslint/utils';
import { idAcceptorVerdict } from '../../src/model/id-acceptor.ts';
import { idFieldAt } from '../../src/model/ids.ts';
import { mayImportZod } from '../../src/model/text-shortcuts.ts';
import { schemaFieldsOf } from '../../src/model/schema-fields.ts';
import { createRule } from '../utils/create-rule.ts';
import { guardCalleeAt, wrapInGuard } from '../utils/guard-import.ts';
import { shortText, toolLabel, toolListeners } from '../utils/tool-schemas.ts';

export interface PreferGuardedIdOptions {
  /** The module `guardId` is imported from when the fix adds it: this package, or your own re-export. */
  importFrom: string;
  /** Id fields to leave alone, by exact name (`sessionId` when it is never a number anywhere). */
  ignoredNames: string[];
}

/** `the ticket id`, or `an id` when the name says no entity (a bare `id` on a tool whose name names none). */
function entityPhrase(entity: string | undefined): string {
  return entity === undefined ? 'an id' : `the ${entity} id`;
}

export default createRule<[PreferGuardedIdOptions], 'preferGuardedId' | 'wrapWithCatch'>({
  name: 'prefer-guarded-id',
  meta: {
    type: 'problem',
    docs: {
      description: 'Require id fields in tool input schemas to accept the numeric ids the server emits, via `guardId(...)`',
      config: 'strict',
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          importFrom: { type: 'string', description: 'The module `guardId` is imported from when the fix adds the import.' },
          ignoredNames: { type: 'array', items: { type: 'string' }, description: 'Id field names to leave alone.' },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ importFrom: 'agent-contract', ignoredNames: [] }],
    messages: {
      preferGuardedId:
        '`{{name}}` accepts only strings, so an agent that passes {{entity}} it received as a number (47) is rejected by {{tool}}: wrap it as {{guard}}({{expression}}) so 47 is accepted as "47" and the published schema stays {"type":"string"}.',
      wrapWithCatch: 'Wrap it as {{guard}}(...): with `.catch()` on the chain, 47 then parses to "47" instead of the fallback, so review it.',
    },
  },
  defaultOptions: [{ importFrom: 'agent-contract', ignoredNames: [] }],
  create(context, optionList) {
    const options = optionList[0];
    const { sourceCode } = context;
    if (!mayImportZod(sourceCode.text)) return {};
    const reported = new Set<TSESTree.Node>();
    return toolListeners(context, options.importFrom, (registration, reader) => {
      if (registration.input === undefined) return;
      for (const field of schemaFieldsOf(registration.input, reader.resolve)) {
        if (options.ignoredNames.includes(field.key) || idAcceptorVerdict(field.key, field.meaning) !== 'guard') continue;
        const node = field.value.node;
        if (reported.has(node)) continue;
        reported.add(node);
        const guard = guardCalleeAt(sourceCode, node, options.importFrom);
        // `.catch()` makes every input valid (47 parsed to the fallback); wrapping would change that, so only suggest.
        const catches = field.value.kind === 'zod' && field.value.methods.some((method) => method.name === 'catch');
        const fix = guard === undefined ? null : wrapInGuard(sourceCode, node, guard);
        context.report({
          node,
          messageId: 'preferGuardedId',
          data: {
            name: field.key,
            entity: entityPhrase(idFieldAt(field.path, registration.name)?.entity),
            tool: toolLabel(registration),
            guard: guard?.callee ?? 'guardId',
            expression: shortText(sourceCode.getText(node)),
          },
          fix: catches ? null : fix,
          suggest: catches && fix !== null ? [{ messageId: 'wrapWithCatch', data: { guard: guard?.callee ?? 'guardId' }, fix }] : [],
        });
      }
    });
  },
});
