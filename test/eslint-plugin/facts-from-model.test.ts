import { ESLint, Linter } from 'eslint';
import fc from 'fast-check';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { z as z4 } from 'zod';
import { z as z3 } from 'zod3';
import plugin from '../../eslint-plugin/index.ts';
import { CAST_CALLEES, CAST_METHODS } from '../../src/model/defensive-cast.ts';
import { isIdName, mayBeIdName } from '../../src/model/ids.ts';
import { isTestFile } from '../../src/model/test-files.ts';
import { COERCED_ID_LOOKALIKES } from '../../src/model/zod-vocabulary.ts';

/** The plugin takes these facts from the model; each test fails when the plugin's use of them drifts from the model's meaning. */

function reports(rule: string, code: string): number {
  return new Linter({ configType: 'flat' }).verify(
    code,
    [
      {
        files: ['**/*.ts'],
        languageOptions: { parser: tseslint.parser as Linter.Parser },
        plugins: { 'agent-contract': plugin as never },
        rules: { [`agent-contract/${rule}`]: 'error' },
      },
    ],
    'facts.test.ts',
  ).length;
}

describe('id names', () => {
  const word = fc.constantFrom(
    'id',
    'Id',
    'ID',
    'ids',
    'Ids',
    'IDs',
    'IDS',
    'iid',
    'Iid',
    'IID',
    'or',
    'Or',
    'OR',
    'ticket',
    'Ticket',
    'TICKET',
    'valid',
    'order',
    'x',
    'X',
    '2',
  );
  const separator = fc.constantFrom('', '', '_', '-', '.', '$', ' ', '__');
  const name = fc
    .array(fc.tuple(word, separator), { minLength: 1, maxLength: 5 })
    .map((parts) => parts.map(([w, s]) => `${w}${s}`).join(''));

  it('the pre-filter (and so the selector pattern) lets every id name through', () => {
    fc.assert(
      fc.property(name, (candidate) => !isIdName(candidate) || mayBeIdName(candidate)),
      { numRuns: 5000 },
    );
  });

  it('no-id-union reaches every id name, compounds included', () => {
    for (const key of [
      'ticketId',
      'ticket_id',
      'ticketIds',
      'ticketIDS',
      'project_iid',
      'id_',
      'projectIdOrKey',
      'slugOrId',
      'ID_OR_KEY',
    ]) {
      expect(isIdName(key), key).toBe(true);
      expect(
        reports(
          'no-id-union',
          `import { z } from 'zod'; export const input = { '${key}': z.union([z.string(), z.number()]) };`,
        ),
        key,
      ).toBe(1);
    }
  });
});

describe('coercions on id fields', () => {
  // What no-unguarded-coerce names on an id field, whatever number checks follow: each input passes, as the value said.
  const checked: Record<string, (z: typeof z4) => { safeParse(value: unknown): { success: boolean; data?: unknown } }> =
    {
      string: (z) => z.coerce.string().min(1),
      number: (z) => z.coerce.number().int().positive(),
      bigint: (z) => z.coerce.bigint().positive(),
    };
  it.each(Object.entries(COERCED_ID_LOOKALIKES))('%s', (target, lookalikes) => {
    const schemaOf = checked[target];
    expect(schemaOf, target).toBeDefined();
    for (const z of [z4, z3 as unknown as typeof z4]) {
      const schema = schemaOf?.(z);
      for (const { input, becomes } of lookalikes) {
        const result = schema?.safeParse(JSON.parse(input));
        expect(result?.success, input).toBe(true);
        const data = result?.data;
        expect(typeof data === 'bigint' ? `${data}n` : JSON.stringify(data), input).toBe(becomes);
      }
    }
  });
});

describe('defensive casts', () => {
  it('no-defensive-id-cast reaches every cast callee and method the model names', () => {
    expect(CAST_CALLEES.size).toBeGreaterThan(0);
    for (const callee of CAST_CALLEES)
      expect(reports('no-defensive-id-cast', `run({ ticketId: ${callee}(ticket.id) });`), callee).toBe(1);
    for (const method of CAST_METHODS)
      expect(reports('no-defensive-id-cast', `run({ ticketId: ticket.id.${method}() });`), method).toBe(1);
  });
});

describe('test files', () => {
  it('the tests config matches exactly the files the model calls tests', async () => {
    const eslint = new ESLint({
      cwd: '/p',
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.*'] }, plugin.configs.tests as never],
    });
    const paths = [
      'src/tool-execution-error.test.ts',
      'src/tools/find-tasks.spec.tsx',
      'src/a.test.mjs',
      'src/a.spec.cts',
      'src/a.test.js',
      'src/tools/__tests__/find-tasks.ts',
      '__tests__/helpers/x.js',
      'test/helpers.ts',
      'src/tools/latest.ts',
      'src/contest.ts',
      'src/a.test.json',
      'src/a.testx.ts',
      'src/a.test.d.ts.map',
    ];
    for (const path of paths) {
      const config = (await eslint.calculateConfigForFile(path)) as { rules?: Record<string, unknown> } | undefined;
      expect(config?.rules?.['agent-contract/no-defensive-id-cast'] !== undefined, path).toBe(isTestFile(path));
    }
  });
});
