import { AST_NODE_TYPES, type TSESLint, type TSESTree } from '@typescript-eslint/utils';
import { isIdName } from '../../src/model/ids.ts';
import { coercionSurprises, joinPhrases } from '../../src/model/coercion.ts';
import type { ZodChainExpr } from '../../src/model/schema-expr.ts';
import { meaningOf } from '../../src/model/schema-meaning.ts';
import { mayHoldCoercion, mayImportZod } from '../../src/model/text-shortcuts.ts';
import type { ZodBinding } from '../../src/model/zod-imports.ts';
import { createRule } from '../utils/create-rule.ts';
import { guardCalleeAt, wrapInGuard } from '../utils/guard-import.ts';
import { namesPattern, outermostChain, propertyKeyOf, shortText, zodReaderFor } from '../utils/tool-schemas.ts';

export interface NoUnguardedCoerceOptions {
  /** The module `guardId` is imported from when the suggestion adds it. */
  importFrom: string;
  /** Coercions to allow, by target: `["date"]` where `z.coerce.date()` is a deliberate choice. */
  allow: string[];
}

type Node = TSESTree.Node;

/** What each guarded preprocess converts, for messages. */
const GUARD_SUMMARIES: Readonly<Record<string, string>> = {
  string: 'numbers and booleans only',
  number: 'non-empty strings only',
  bigint: 'integer strings and safe integers only',
  boolean: '"true" and "false" only',
  date: 'strings and numbers only',
};

/** A preprocess that converts only what the coercion was meant for and lets everything else fail as before. */
const GUARDS: Readonly<Record<string, string>> = {
  string: "(value) => (typeof value === 'number' || typeof value === 'boolean' ? String(value) : value)",
  number: "(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)",
  bigint: "(value) => ((typeof value === 'string' && /^-?\\d+$/.test(value)) || (typeof value === 'number' && Number.isSafeInteger(value)) ? BigInt(value) : value)",
  boolean: "(value) => (value === 'true' ? true : value === 'false' ? false : value)",
  date: "(value) => (typeof value === 'string' || typeof value === 'number' ? new Date(value) : value)",
};

/** The namespace name a suggestion can build `z.preprocess(...)` from: the chain's own, or another import of the same module. */
function namespaceFor(expr: ZodChainExpr<Node>, bindings: Iterable<ZodBinding>): string | undefined {
  if (expr.binding.kind === 'namespace') return expr.binding.local;
  for (const binding of bindings) {
    if (binding.kind === 'namespace' && binding.module.source === expr.binding.module.source) return binding.local;
  }
  return undefined;
}

const COERCE_MEMBER_CALL = 'CallExpression[callee.object.property.name="coerce"]';

export default createRule<[NoUnguardedCoerceOptions], 'coerce' | 'useGuardId' | 'useGuardedPreprocess'>({
  name: 'no-unguarded-coerce',
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow `z.coerce.*()` in schemas: it turns null and undefined into values instead of rejecting them',
      config: 'recommended',
    },
    hasSuggestions: true,
    schema: [
      {
        type: 'object',
        properties: {
          importFrom: { type: 'string', description: 'The module `guardId` is imported from when the suggestion adds the import.' },
          allow: { type: 'array', items: { type: 'string', enum: ['string', 'number', 'bigint', 'boolean', 'date'] }, description: 'Coercion targets to allow.' },
        },
        additionalProperties: false,
      },
    ],
    defaultOptions: [{ importFrom: 'agent-contract', allow: [] }],
    messages: {
      coerce:
        '`{{call}}`{{field}} accepts anything: {{surprise}}, so a client mistake becomes a wrong value three layers down instead of a validation error, and the published schema does not show the coercion. {{next}}',
      useGuardId: 'Replace it with {{replacement}}.',
      useGuardedPreprocess: 'Replace it with a preprocess that converts only what you mean to accept.',
    },
  },
  defaultOptions: [{ importFrom: 'agent-contract', allow: [] }],
  create(context, optionList) {
    const options = optionList[0];
    const { text } = context.sourceCode;
    if (!mayImportZod(text) || !mayHoldCoercion(text)) return {};
    const reader = zodReaderFor(context, options.importFrom);
    if (reader === undefined) return {};
    const { sourceCode } = context;
    const isCoerceImport = (name: string): boolean => {
      const binding = reader.imports.zod.get(name);
      return binding?.kind === 'factory' && binding.name === 'coerce';
    };
    // A named `coerce` import is rare; only then does the selector need its local names.
    let coerceNames: string[] | undefined;
    for (const binding of reader.imports.zod.values()) {
      if (binding.kind === 'factory' && binding.name === 'coerce') (coerceNames ??= []).push(binding.local);
    }
    const selector = coerceNames === undefined ? COERCE_MEMBER_CALL : `${COERCE_MEMBER_CALL}, CallExpression[callee.object.name=${namesPattern(coerceNames)}]`;
    return {
      [selector](node: TSESTree.CallExpression) {
        // `z.coerce.string()` or a named `coerce.string()`: a member call whose object ends in `coerce`.
        const callee = node.callee;
        if (callee.type !== AST_NODE_TYPES.MemberExpression) return;
        const object = callee.object;
        const endsInCoerce =
          (object.type === AST_NODE_TYPES.MemberExpression && object.property.type === AST_NODE_TYPES.Identifier && object.property.name === 'coerce') ||
          (object.type === AST_NODE_TYPES.Identifier && isCoerceImport(object.name));
        if (!endsInCoerce) return;
        const chain = outermostChain(node);
        const expr = reader.read(chain);
        if (expr.kind !== 'zod' || expr.factoryNode !== node || expr.factory[0] !== 'coerce') return;
        const target = expr.factory[1] ?? '';
        if (options.allow.includes(target)) return;
        const surprises = coercionSurprises(target, meaningOf(expr), expr.methods);
        // Nothing surprising left (`z.coerce.date().nullable()`, `z.coerce.number().positive().nullable()`): it does only what it is for.
        if (surprises === undefined || surprises.length === 0) return;
        const surprise = joinPhrases(surprises);
        const fieldName = propertyKeyOf(chain);
        const isId = fieldName !== undefined && isIdName(fieldName) && target === 'string';
        const namespace = namespaceFor(expr, reader.imports.zod.values());
        const calleeText = sourceCode.getText(node.callee);
        const chainText = sourceCode.getText(chain);
        const uncoerced = namespace === undefined ? undefined : `${namespace}.${target}${chainText.slice(calleeText.length)}`;
        const guard = isId ? guardCalleeAt(sourceCode, chain, options.importFrom) : undefined;
        const suggest: TSESLint.SuggestionReportDescriptor<'useGuardId' | 'useGuardedPreprocess'>[] = [];
        let next: string;
        if (isId) {
          const replacement = `${guard?.callee ?? 'guardId'}(${uncoerced ?? 'z.string()'})`;
          next = `Use ${shortText(replacement)}: it accepts 47 as "47" and rejects everything else the string schema rejects.`;
          if (guard !== undefined && uncoerced !== undefined) {
            suggest.push({ messageId: 'useGuardId', data: { replacement: shortText(replacement) }, fix: wrapInGuard(sourceCode, chain, guard, uncoerced) });
          }
        } else {
          const ns = namespace ?? 'z';
          const form = expr.binding.module.mini ? `${ns}.pipe(${ns}.transform(f), ${ns}.${target}())` : `${ns}.preprocess(f, ${ns}.${target}())`;
          next = `Accept only what you mean with a guarded preprocess, ${form} where f converts ${GUARD_SUMMARIES[target] ?? 'what you accept'} and passes everything else through to fail.`;
          if (uncoerced !== undefined && namespace !== undefined) {
            const guardFn = GUARDS[target] ?? '';
            const replacement = expr.binding.module.mini
              ? `${namespace}.pipe(${namespace}.transform(${guardFn}), ${uncoerced})`
              : `${namespace}.preprocess(${guardFn}, ${uncoerced})`;
            suggest.push({ messageId: 'useGuardedPreprocess', fix: (fixer) => fixer.replaceText(chain, replacement) });
          }
        }
        context.report({
          node,
          messageId: 'coerce',
          data: { call: `${calleeText.replace(/\s+/g, '')}()`, field: fieldName === undefined ? '' : ` on \`${fieldName}\``, surprise, next },
          suggest,
        });
      },
    };
  },
});
