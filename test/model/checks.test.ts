import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderedChecksPage } from '../../scripts/generate-check-docs.ts';
import { ruleIds } from '../../scripts/generate-rule-docs.ts';
import { rules } from '../../eslint-plugin/rules/index.ts';
import { DIFF_RULES } from '../../src/contract/diff-rules.ts';
import { CHECK_IDS, CHECKS, checkDocUrl, isCheckId } from '../../src/model/checks.ts';
import { FIELD_CODES } from '../../src/ts-plugin/field-diagnostics.ts';
import { CHAIN_CODES } from '../../src/ts-plugin/chain-diagnostics.ts';

const repo = path.join(import.meta.dirname, '..', '..');

function anchorsOf(page: string): string[] {
  return [...page.matchAll(/^#+ (.+)$/gm)].map((heading) =>
    (heading[1] as string)
      .toLowerCase()
      .replace(/[^a-z0-9 -]/g, '')
      .replace(/ /g, '-'),
  );
}

describe('the checks table', () => {
  it('gives every check a kebab-case id and a doc page with the anchor it names', () => {
    for (const id of CHECK_IDS) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)+$/);
      const [file, anchor] = CHECKS[id].doc.split('#') as [string, string | undefined];
      const page = readFileSync(path.join(repo, file), 'utf8');
      if (anchor !== undefined) expect(anchorsOf(page), id).toContain(anchor);
      expect(checkDocUrl(id)).toBe(`https://github.com/agent-contract/agent-contract/blob/main/${CHECKS[id].doc}`);
    }
  });

  it('is what every ESLint rule describes itself with: the rule id is the check id', () => {
    for (const ruleName of ruleIds()) {
      expect(isCheckId(ruleName), ruleName).toBe(true);
      const rule = rules[ruleName as keyof typeof rules];
      const check = CHECKS[ruleName as keyof typeof CHECKS];
      expect(rule.meta.docs?.description, ruleName).toBe(check.summary);
      expect(check.doc).toBe(['eslint-plugin/docs/rules/', ruleName, '.md'].join(''));
    }
  });

  it('holds every contract change rule, with the level the diff reports', () => {
    const contract = CHECK_IDS.filter((id) => CHECKS[id].kind === 'contract');
    expect(Object.keys(DIFF_RULES)).toEqual(contract);
    const level = { error: 'breaking', warning: 'warning', note: 'info' } as const;
    for (const id of contract) expect(DIFF_RULES[id as keyof typeof DIFF_RULES].level).toBe(level[CHECKS[id].severity]);
    expect(DIFF_RULES['input-became-required'].level).toBe('breaking');
  });

  it('gives the editor plugin its diagnostic codes, one per check', () => {
    expect(CHAIN_CODES.brokenAcceptor).toBe(61001);
    expect(FIELD_CODES.unreadField).toBe(61005);
    const codes = CHECK_IDS.flatMap((id) => CHECKS[id].editorCode ?? []);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('is the table of docs/checks.md (run `npx tsx scripts/generate-check-docs.ts`)', () => {
    const { current, fresh } = renderedChecksPage();
    expect(fresh).toBeDefined();
    expect(current).toBe(fresh);
    for (const check of CHECK_IDS) expect(current).toContain(['| `', check, '` |'].join(''));
  });
});
