import type { TSESLint } from '@typescript-eslint/utils';
import { coercionSurprises } from '../../src/model/coercion.ts';
import { isIdName } from '../../src/model/ids.ts';
import { mayHoldCoercion } from '../../src/model/text-shortcuts.ts';
import { COERCED_ID_LOOKALIKES } from '../../src/model/zod-vocabulary.ts';
import type { GuardName } from '../../src/model/guard-rewrite.ts';
import { createRule } from '../utils/create-rule.ts';
import { fixModuleFor, guardCalleeAt, wrapInGuard } from '../utils/guard-import.ts';
import { shortText } from '../utils/message-text.ts';
import { DEFAULT_GUARD_MODULE, importFromOption, optionsSchema } from '../utils/rule-options.ts';
import { defineSchemaVisitor } from '../utils/schema-visitor.ts';
import { CHECKS } from '../../src/model/checks.ts';

export interface NoUnguardedCoerceOptions {
  /** The module `guardId` (`guardNumberId` for a number id) is imported from when the suggestion adds it. */
  importFrom: string;
  /** Coercions to allow, by target: `["date"]` where `z.coerce.date()` is a deliberate choice. */
  allow: string[];
}

/** A preprocess that converts only what the coercion was meant for and lets everything else fail as before. */
const GUARDS: Readonly<Record<string, string>> = {
  string: "(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value)",
  number: "(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)",
  bigint:
    "(value) => ((typeof value === 'string' && /^-?\\d+$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value)) ? BigInt(value) : value)",
  boolean: "(value) => (value === 'true' ? true : value === 'false' ? false : value)",
  date: "(value) => (typeof value === 'string' || typeof value === 'number' ? new Date(value) : value)",
};
/** The guard that fits a coerced id: `guardId` takes numbers into a string schema, `guardNumberId` decimal strings into a number schema. */
const ID_GUARDS: Readonly<Record<string, GuardName>> = { string: 'guardId', number: 'guardNumberId' };

export default createRule<[NoUnguardedCoerceOptions], 'coerce' | 'useGuardId' | 'useGuardedPreprocess'>({
  name: 'no-unguarded-coerce',
  meta: {
    type: 'problem',
    docs: {
      description: CHECKS['no-unguarded-coerce'].summary,
      config: 'recommended',
    },
    hasSuggestions: true,
    schema: optionsSchema({
      importFrom: importFromOption('suggestion'),
      allow: {
        type: 'array',
        items: { type: 'string', enum: ['string', 'number', 'bigint', 'boolean', 'date'] },
        description: 'Coercion targets to allow.',
      },
    }),
    defaultOptions: [{ importFrom: DEFAULT_GUARD_MODULE, allow: [] }],
    messages: {
      coerce: '`{{call}}`{{field}} accepts bad input silently: {{surprise}}.',
      useGuardId: 'Replace it with {{replacement}}.',
      useGuardedPreprocess: 'Replace it with a preprocess that converts only what you mean to accept.',
    },
  },
  create(context, optionList) {
    const { importFrom, allow } = optionList[0];
    const { sourceCode } = context;
    return defineSchemaVisitor(context, {
      importFrom,
      mayReport: mayHoldCoercion,
      onCoercion(coercion) {
        const { call, chain, expr, target, meaning, fieldName, namespace } = coercion;
        if (allow.includes(target)) return;
        // Parsing what an upstream API sent (or checking what a tool emits) leniently is no agent's surprise: the rule
        // is about what an agent's arguments become.
        if (coercion.role === 'output' || coercion.role === 'none') return;
        const onId = fieldName !== undefined && isIdName(fieldName);
        // Nothing surprising left (`z.coerce.date().nullable()`, `z.coerce.number().positive().nullable()`): it does
        // only what it is for. On an id no check rejects what becomes a valid id (`true` becomes 1).
        const lookalike = onId ? COERCED_ID_LOOKALIKES[target]?.[0] : undefined;
        const surprise =
          coercionSurprises(target, meaning, expr.methods)?.[0] ??
          (lookalike === undefined ? undefined : `${lookalike.input} becomes ${lookalike.becomes}`);
        if (surprise === undefined) return;
        const calleeText = sourceCode.getText(call.callee);
        const uncoerced =
          namespace === undefined
            ? undefined
            : `${namespace}.${target}${sourceCode.getText(chain).slice(calleeText.length)}`;
        const suggest: TSESLint.SuggestionReportDescriptor<'useGuardId' | 'useGuardedPreprocess'>[] = [];
        const idGuard = onId ? ID_GUARDS[target] : undefined;
        if (idGuard !== undefined) {
          const module = fixModuleFor(context.filename, sourceCode.text, importFrom);
          const guard = module === undefined ? undefined : guardCalleeAt(sourceCode, chain, module, idGuard);
          if (guard !== undefined && uncoerced !== undefined) {
            const replacement = shortText(`${guard.callee}(${uncoerced})`);
            suggest.push({
              messageId: 'useGuardId',
              data: { replacement },
              fix: wrapInGuard(sourceCode, chain, guard, uncoerced),
            });
          }
        } else if (uncoerced !== undefined && namespace !== undefined) {
          const guardFn = GUARDS[target] ?? '';
          const replacement = expr.binding.module.mini
            ? `${namespace}.pipe(${namespace}.transform(${guardFn}), ${uncoerced})`
            : `${namespace}.preprocess(${guardFn}, ${uncoerced})`;
          suggest.push({ messageId: 'useGuardedPreprocess', fix: (fixer) => fixer.replaceText(chain, replacement) });
        }
        context.report({
          node: call,
          messageId: 'coerce',
          data: {
            call: `${calleeText.replace(/\s+/g, '')}()`,
            field: fieldName === undefined ? '' : ` on \`${fieldName}\``,
            surprise,
          },
          suggest,
        });
      },
    });
  },
});
