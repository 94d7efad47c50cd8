import { DEFENSIVE_CAST_SAMPLE } from './fixtures/cast-samples.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';
import { ruleIds } from '../../scripts/generate-rule-docs.ts';
import { lintTypedExample, requiresTypeChecking } from './typed-example.ts';

const DOCS = join(import.meta.dirname, '..', '..', 'eslint-plugin', 'docs', 'rules');

/** Code each rule reports, with the longest names its messages carry in practice, beside the docs' incorrect examples. */
const LONG_NAMES: Record<string, string[]> = {
  'no-defensive-id-cast': [DEFENSIVE_CAST_SAMPLE],
  'no-effects-on-tool-schema': [
    `import { z } from 'zod/v3';
server.registerTool('list_merge_request_discussions', { inputSchema: z.object({ a: z.string() }).superRefine(() => {}), outputSchema: z.object({ n: z.number() }).transform((o) => o) }, cb);`,
    `import { z } from 'zod';
server.registerTool('list_merge_request_discussions', { inputSchema: z.object({ a: z.string() }).transform((o) => o) }, cb);`,
  ],
  'no-guarded-id-in-output': [
    `import * as z from 'zod/mini';
declare const toText: (v: unknown) => unknown;
export const tool = { name: 'list_merge_request_discussions', inputShape: {}, outputShape: { mergeRequestIid: z.pipe(z.transform(toText), z.string().min(1).describe('The merge request iid')) }, run: () => null };`,
  ],
  'no-id-union': [
    `import { z } from 'zod'; export const input = { mergeRequestDiscussionId: z.union([z.string().min(1).describe('The discussion id, as returned by list_discussions'), z.number()]) };`,
  ],
  'no-unguarded-coerce': [
    `import { z } from 'zod'; export const input = { mergeRequestDiscussionId: z.coerce.string().min(1).describe('The discussion id, as returned by list_discussions') };`,
    `import { z } from 'zod'; export const input = { includeResolvedDiscussions: z.coerce.boolean(), createdAfterTimestamp: z.coerce.date(), limit: z.coerce.number() };`,
  ],
  'no-wide-integer-id': [
    `import { z } from 'zod'; export const input = { mergeRequestDiscussionId: z.coerce.bigint().positive().describe('The discussion id, as returned by list_discussions') };`,
  ],
  'prefer-guarded-id': [
    `import { z } from 'zod';
server.registerTool('list_merge_request_discussions', { inputSchema: { mergeRequestDiscussionId: z.string().min(1).describe('The discussion id, as returned by list_discussions').catch('') } }, cb);`,
  ],
};

function incorrectExamples(rule: string): string[] {
  const lines = readFileSync(join(DOCS, `${rule}.md`), 'utf8').split('\n');
  const examples: string[] = [];
  let incorrect = false;
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.startsWith('#')) incorrect = /incorrect/i.test(line);
    if (incorrect && line.startsWith('```ts')) {
      const end = lines.indexOf('```', index + 1);
      examples.push(lines.slice(index + 1, end).join('\n'));
      index = end;
    }
  }
  return examples;
}

async function messagesOf(rule: string, code: string): Promise<string[]> {
  const messages = requiresTypeChecking(rule)
    ? await lintTypedExample(rule, code)
    : new Linter({ configType: 'flat' }).verify(
        code,
        [
          {
            files: ['**/*.ts'],
            languageOptions: { parser: tseslint.parser as Linter.Parser },
            plugins: { 'agent-contract': plugin as never },
            rules: { [`agent-contract/${rule}`]: 'error' },
          },
        ],
        'example.test.ts',
      );
  return messages.flatMap((message) => [
    message.message,
    ...(message.suggestions ?? []).map((suggestion) => suggestion.desc),
  ]);
}

describe('every message is one sentence under 120 characters, names filled in', () => {
  for (const rule of ruleIds()) {
    it(rule, async () => {
      const messages: string[] = [];
      for (const code of [...incorrectExamples(rule), ...(LONG_NAMES[rule] ?? [])])
        messages.push(...(await messagesOf(rule, code)));
      expect(messages.length).toBeGreaterThan(0);
      for (const message of messages) {
        expect(message.length, message).toBeLessThan(120);
        expect(message, message).toMatch(/^[`A-Z].*\.$/s);
        // A second sentence starts after a full stop and a space; code such as `z.string()` has no space after its dots.
        expect(message.slice(0, -1), message).not.toMatch(/[.!?]\s/);
        expect(message, message).not.toMatch(/\{\{/);
      }
    });
  }
});
