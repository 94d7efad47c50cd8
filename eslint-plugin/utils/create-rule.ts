import { ESLintUtils, type TSESLint } from '@typescript-eslint/utils';

/**
 * `config`: the smallest shipped config that turns the rule on (`strict` includes `recommended`; `all` has every rule).
 * `requiresTypeChecking`: the rule reads typescript-eslint's program, so it is left out of the configs that work
 * without type information and is in the `-type-checked` one instead (`recommended-type-checked` for `recommended`).
 */
export interface AgentContractRuleDocs {
  description: string;
  config: 'recommended' | 'strict' | 'tests';
  requiresTypeChecking?: boolean;
}

/** Each rule's page, in the repository package.json's `repository` field names, on its default branch. */
const RULE_DOCS_URL = 'https://github.com/agent-contract/agent-contract/blob/main/eslint-plugin/docs/rules';

const withDocsUrl = ESLintUtils.RuleCreator<AgentContractRuleDocs>((name) => `${RULE_DOCS_URL}/${name}.md`);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * A function that lays the options ESLint hands a rule over the rule's defaults. Every option object of this plugin
 * is flat (strings, numbers, arrays of strings), so a shallow merge per position gives what a deep merge would.
 * ESLint >= 9.15 has merged `meta.defaultOptions` already, and then the given options are returned as they are;
 * the merge keeps older ESLint 9 releases right.
 */
export function optionsMerger<Options extends readonly unknown[]>(
  defaults: Readonly<Options>,
): (given: readonly unknown[]) => Options {
  const defaultKeys = defaults.map((fallback) => (isPlainObject(fallback) ? Object.keys(fallback) : undefined));
  const isComplete = (given: readonly unknown[]): boolean =>
    defaultKeys.every((keys, index) => {
      const value = given[index];
      if (value === undefined) return false;
      return keys === undefined || !isPlainObject(value) || keys.every((key) => key in value);
    });
  return (given) => {
    if (given.length === 0) return defaults as Options;
    if (isComplete(given)) return given as unknown as Options;
    return defaults.map((fallback, index) => {
      const value = given[index];
      if (value === undefined) return fallback;
      return isPlainObject(fallback) && isPlainObject(value) ? { ...fallback, ...value } : value;
    }) as unknown as Options;
  };
}

function sameItems(first: readonly unknown[], second: readonly unknown[]): boolean {
  if (first.length !== second.length) return false;
  for (let index = 0; index < first.length; index += 1) if (first[index] !== second[index]) return false;
  return true;
}

/** A rule as this plugin writes it: its defaults once, in `meta.defaultOptions`, where ESLint and the docs read them. */
type RuleDefinition<Options extends readonly unknown[], MessageIds extends string> = Omit<
  ESLintUtils.RuleWithMetaAndName<Options, MessageIds, AgentContractRuleDocs>,
  'defaultOptions' | 'meta'
> & {
  readonly meta: ESLintUtils.RuleWithMetaAndName<Options, MessageIds, AgentContractRuleDocs>['meta'] & {
    readonly defaultOptions: Options;
  };
};

/**
 * `ESLintUtils.RuleCreator` with the docs URL, except for how options reach `create`: RuleCreator deep-clones the
 * defaults with `structuredClone` for every file and rule, a large share of this plugin's lint time
 * (docs/dev/performance-notes.md). Here `create` gets the merged options without a clone; rules treat them as read-only.
 * Rules index them (`optionList[0]`) rather than destructure `[options]` in the parameter list, which runs the
 * iterator protocol on every file and rule.
 */
export function createRule<Options extends readonly unknown[], MessageIds extends string>(
  rule: Readonly<RuleDefinition<Options, MessageIds>>,
): ReturnType<typeof withDocsUrl<Options, MessageIds>> {
  const defaults = rule.meta.defaultOptions;
  const created = withDocsUrl({ ...rule, defaultOptions: defaults });
  const withDefaults = optionsMerger<Options>(defaults);
  // ESLint builds a new options array per file, but with the same option objects for every file of one
  // configuration (the defaults, when the config sets none): merge once per set of objects, not once per file.
  let given: readonly unknown[] = [];
  let merged: Options | undefined;
  const optionsOf = (options: readonly unknown[]): Options => {
    if (merged === undefined || !sameItems(options, given)) {
      given = options;
      merged = withDefaults(options);
    }
    return merged as Options;
  };
  return {
    ...created,
    create: (context: Readonly<TSESLint.RuleContext<MessageIds, Options>>) =>
      rule.create(context, optionsOf(context.options)),
  };
}
