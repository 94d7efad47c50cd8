import { RuleTester, type RunTests } from '@typescript-eslint/rule-tester';
import type { TSESLint } from '@typescript-eslint/utils';
import { afterAll, describe, it } from 'vitest';

RuleTester.afterAll = afterAll;
RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

/** One tester for every rule: typescript-eslint's parser, ESM, no type information (the rules need none). */
const ruleTester = new RuleTester();

type TesterRule<MessageIds extends string, Options extends readonly unknown[]> = Parameters<
  typeof ruleTester.run<MessageIds, Options>
>[1];

export function runRule<MessageIds extends string, Options extends readonly unknown[]>(
  name: string,
  rule: TSESLint.RuleModule<MessageIds, Options, unknown>,
  tests: RunTests<MessageIds, Options>,
): void {
  // The rule tester pins its own copy of @typescript-eslint/utils; its types differ only in identity, not in shape.
  ruleTester.run(name, rule as unknown as TesterRule<MessageIds, Options>, tests);
}

/** A tester with typed linting: typescript-eslint's project service, on the tsconfig nearest each case's `filename`. */
export function typedRuleTester(tsconfigRootDir: string): {
  run<MessageIds extends string, Options extends readonly unknown[]>(
    name: string,
    rule: TSESLint.RuleModule<MessageIds, Options, unknown>,
    tests: RunTests<MessageIds, Options>,
  ): void;
} {
  const tester = new RuleTester({ languageOptions: { parserOptions: { projectService: true, tsconfigRootDir } } });
  return {
    run: (name, rule, tests) => tester.run(name, rule as unknown as Parameters<typeof tester.run>[1], tests as never),
  };
}
