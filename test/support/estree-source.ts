import { parseForESLint } from '@typescript-eslint/parser';
import type { TSESLint } from '@typescript-eslint/utils';
import { SourceCode } from 'eslint';

/** A file as ESLint would hand it to a rule: typescript-eslint's tree with its scopes. */
export function estreeSourceOf(text: string): TSESLint.SourceCode {
  const { ast, scopeManager, visitorKeys, services } = parseForESLint(text, {
    range: true,
    loc: true,
    tokens: true,
    comment: true,
    sourceType: 'module',
  });
  return new SourceCode({
    text,
    ast: ast as never,
    scopeManager: scopeManager as never,
    visitorKeys,
    parserServices: services,
  } as never) as unknown as TSESLint.SourceCode;
}
