import { createRule } from '../utils/create-rule.ts';
import { fixModuleFor, guardCalleeAt, wrapInGuard } from '../utils/guard-import.ts';
import { DEFAULT_GUARD_MODULE, importFromOption, optionsSchema } from '../utils/rule-options.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';
import { CHECKS } from '../../src/model/checks.ts';

export interface PreferGuardedIdOptions {
  /** The module `guardId` is imported from when the fix adds it: this package, or your own re-export. */
  importFrom: string;
  /** Id fields to leave alone, by exact name (`sessionId` when it is never a number anywhere). */
  ignoredNames: string[];
  /** Also report number id fields, fixed with `guardNumberId(...)` (`guard-ids --number-ids`); on by default. */
  numberIds?: boolean;
}

export default createRule<[PreferGuardedIdOptions], 'preferGuardedId' | 'preferGuardedNumberId' | 'wrapWithCatch'>({
  name: 'prefer-guarded-id',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['prefer-guarded-id'].summary,
      config: 'strict',
    },
    fixable: 'code',
    hasSuggestions: true,
    schema: optionsSchema({
      importFrom: importFromOption('fix'),
      ignoredNames: { type: 'array', items: { type: 'string' }, description: 'Id field names to leave alone.' },
      numberIds: {
        type: 'boolean',
        description:
          'Also report number id fields, which refuse an id sent as a string, with guardNumberId as the fix.',
      },
    }),
    defaultOptions: [{ importFrom: DEFAULT_GUARD_MODULE, ignoredNames: [], numberIds: true }],
    messages: {
      preferGuardedId: '`{{name}}` accepts only strings, so the tool rejects an agent that passes the id as 47.',
      preferGuardedNumberId:
        '`{{name}}` accepts only numbers, so the tool rejects a client that passes the id as "47".',
      wrapWithCatch:
        'Wrap it in {{guard}}(...) and review it: with `.catch()` on the chain, 47 then parses to "47", not the fallback.',
    },
  },
  create(context, optionList) {
    const { importFrom, ignoredNames, numberIds } = optionList[0];
    const { sourceCode } = context;
    return defineSchemaVisitor(context, {
      importFrom,
      onInputIdField({ field, verdict }) {
        const numeric = verdict === 'numeric' && numberIds !== false;
        if ((verdict !== 'guard' && !numeric) || ignoredNames.includes(field.key)) return;
        const node = field.value.node;
        const module = fixModuleFor(context.filename, sourceCode.text, importFrom);
        const guard =
          module === undefined
            ? undefined
            : guardCalleeAt(sourceCode, node, module, numeric ? 'guardNumberId' : 'guardId');
        // `.catch()` makes every input valid (47 parsed to the fallback); wrapping would change that, so only suggest.
        const catches = field.value.kind === 'zod' && field.value.methods.some((method) => method.name === 'catch');
        const fix = guard === undefined ? null : wrapInGuard(sourceCode, node, guard);
        context.report({
          node,
          messageId: numeric ? 'preferGuardedNumberId' : 'preferGuardedId',
          data: { name: field.key },
          fix: catches ? null : fix,
          suggest:
            catches && fix !== null
              ? [{ messageId: 'wrapWithCatch', data: { guard: guard?.callee ?? 'guardId' }, fix }]
              : [],
        });
      },
    });
  },
});
