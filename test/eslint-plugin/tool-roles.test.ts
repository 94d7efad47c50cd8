import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import noIdUnion from '../../eslint-plugin/rules/no-id-union.ts';
import noUnguardedCoerce from '../../eslint-plugin/rules/no-unguarded-coerce.ts';
import preferGuardedId from '../../eslint-plugin/rules/prefer-guarded-id.ts';
import { audit } from '../../src/audit/audit.ts';
import { lineOf } from '../support/line-of.ts';
import { agentContractRules, typedESLint } from '../support/typed-eslint.ts';
import { runRule, typedRuleTester } from './rule-tester.ts';

/**
 * Which schemas of a schema module are tool inputs, across files (test/eslint-plugin/fixtures/tool-roles): schemas.ts
 * declares two shapes server.ts registers, two response schemas client.ts parses upstream bodies with (one through a
 * namespace import), and one used as a type only. With type-aware linting the syntax rules judge each by the program's tool discovery and by the roles
 * other files give its consts; without types they see the file alone, as before.
 */

const FIXTURES = join(import.meta.dirname, 'fixtures', 'tool-roles');
const schemas = {
  filename: join(FIXTURES, 'schemas.ts'),
  code: readFileSync(join(FIXTURES, 'schemas.ts'), 'utf8'),
};
/** The line of schemas.ts that holds `needle` (after the line holding `after`, when given). */
const lineOfSchemas = (needle: string, after?: string): number =>
  lineOf(schemas.filename, needle, after === undefined ? {} : { after });

const INPUT_UNION = lineOfSchemas('user_id: z.union');
const INPUT_STRING = lineOfSchemas('project_id: z.string().optional()');
const INPUT_COERCE = lineOfSchemas('group_id: z.coerce.number()');
const RESPONSE_COERCE = lineOfSchemas('created: z.coerce.number()');
const RESPONSE_UNION = lineOfSchemas('id: z.union', 'export const User');
const TYPE_ONLY_UNION = lineOfSchemas('group_id: z.union');
const TYPE_ONLY_COERCE = lineOfSchemas('size: z.coerce.number()');
const NAMESPACE_UNION = lineOfSchemas('release_id: z.union');

const NUMBER_GUARD = "(value) => (typeof value === 'string' && value.trim() !== '' ? Number(value) : value)";
const GUARD_IMPORT = "import { z } from 'zod';\nimport { guardId } from 'agent-contract';";
const NUMBER_GUARD_IMPORT = "import { z } from 'zod';\nimport { guardNumberId } from 'agent-contract';";

/** schemas.ts with `from` replaced by `to` on one line (and the guard imported, when `to` calls it). */
function edited(line: number, from: string, to: string): string {
  const lines = schemas.code.split('\n');
  lines[line - 1] = (lines[line - 1] as string).replace(from, to);
  const text = lines.join('\n');
  if (to.includes('guardNumberId(')) return text.replace("import { z } from 'zod';", NUMBER_GUARD_IMPORT);
  return to.includes('guardId(') ? text.replace("import { z } from 'zod';", GUARD_IMPORT) : text;
}

/** The suggestion each reported union gets: its string branch, guarded. */
function unionError(line: number) {
  return {
    messageId: 'idUnion' as const,
    line,
    suggestions: [
      {
        messageId: 'useGuardId' as const,
        data: { guard: 'guardId', branch: 'z.string()' },
        output: edited(line, 'z.union([z.string(), z.number()])', 'guardId(z.string())'),
      },
    ],
  };
}

/** The suggestion a coerced number id gets: the number schema, guarded. */
function idCoerceError(line: number) {
  return {
    messageId: 'coerce' as const,
    line,
    suggestions: [
      {
        messageId: 'useGuardId' as const,
        data: { replacement: 'guardNumberId(z.number())' },
        output: edited(line, 'z.coerce.number()', 'guardNumberId(z.number())'),
      },
    ],
  };
}

/** The suggestion each other reported coercion gets: a preprocess that converts only numeric strings. */
function coerceError(line: number, guard: string) {
  return {
    messageId: 'coerce' as const,
    line,
    suggestions: [
      {
        messageId: 'useGuardedPreprocess' as const,
        output: edited(line, 'z.coerce.number()', `z.preprocess(${guard}, z.number())`),
      },
    ],
  };
}

describe('with type-aware linting', () => {
  const typed = typedRuleTester(FIXTURES);
  typed.run('no-id-union', noIdUnion, {
    valid: [],
    // The response schema (parsed in client.ts) and the type-only one are no tool's input.
    invalid: [{ ...schemas, errors: [unionError(INPUT_UNION)] }],
  });
  typed.run('no-unguarded-coerce', noUnguardedCoerce, {
    valid: [],
    invalid: [{ ...schemas, errors: [idCoerceError(INPUT_COERCE)] }],
  });
  typed.run('prefer-guarded-id', preferGuardedId, {
    valid: [],
    // An input only server.ts shows: the fix is the same as in a file that registers it. The response's own
    // `project_id: z.string()` is left alone.
    invalid: [
      {
        ...schemas,
        errors: [{ messageId: 'preferGuardedId', line: INPUT_STRING }],
        output: edited(INPUT_STRING, 'z.string().optional()', 'guardId(z.string().optional())'),
      },
    ],
  });
});

describe('without type information', () => {
  // The file alone says nothing of any schema's side: every union and coercion is reported, and no input is known.
  runRule('no-id-union', noIdUnion, {
    valid: [],
    invalid: [
      {
        ...schemas,
        errors: [INPUT_UNION, RESPONSE_UNION, TYPE_ONLY_UNION, NAMESPACE_UNION].map(unionError),
      },
    ],
  });
  runRule('no-unguarded-coerce', noUnguardedCoerce, {
    valid: [],
    invalid: [
      {
        ...schemas,
        errors: [
          idCoerceError(INPUT_COERCE),
          coerceError(RESPONSE_COERCE, NUMBER_GUARD),
          coerceError(TYPE_ONLY_COERCE, NUMBER_GUARD),
        ],
      },
    ],
  });
  runRule('prefer-guarded-id', preferGuardedId, { valid: [schemas], invalid: [] });
});

describe('when the discovery could not follow every registration', () => {
  // A registration whose name and config are parameters of a function of the server's own: its tools are unknown,
  // so a schema that no found tool uses may still be one of theirs and stays reported. The response schema client.ts
  // parses is still known to be one.
  const folder = mkdtempSync(join(import.meta.dirname, '..', '..', '.tmp', 'tool-roles-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));
  mkdirSync(folder, { recursive: true });
  cpSync(FIXTURES, folder, { recursive: true });
  writeFileSync(
    join(folder, 'admin.ts'),
    [
      "import { server } from './server.ts';",
      '',
      'export function registerAdmin(name: string, config: { description: string }, handler: () => never) {',
      '  server.registerTool(name, config, handler);',
      '}',
      '',
    ].join('\n'),
  );

  it('reports the type-only union as the file alone would, and still not the parsed response', async () => {
    const eslint = typedESLint(folder, [
      agentContractRules({ 'agent-contract/no-id-union': 'error', 'agent-contract/no-unguarded-coerce': 'error' }),
    ]);
    const [result] = await eslint.lintFiles(['schemas.ts']);
    const lines = (rule: string) =>
      (result?.messages ?? []).filter((message) => message.ruleId === `agent-contract/${rule}`).map((m) => m.line);
    expect(result?.messages.filter((message) => message.ruleId === null)).toEqual([]);
    expect(lines('no-id-union')).toEqual([INPUT_UNION, TYPE_ONLY_UNION]);
    expect(lines('no-unguarded-coerce')).toEqual([INPUT_COERCE, TYPE_ONLY_COERCE]);
  });
});

describe('typed lint and the audit', () => {
  it('report the same input fields of schemas.ts, by the same rules', async () => {
    const { report } = audit(FIXTURES);
    const audited = report.findings
      .filter((finding) => finding.rule === 'no-id-union' || finding.rule === 'no-unguarded-coerce')
      .map((finding) => `${finding.file}:${finding.line} ${finding.rule}`);
    const stringAcceptors = report.acceptors
      .filter((acceptor) => acceptor.type === 'string')
      .map((acceptor) => `${acceptor.file}:${acceptor.line} prefer-guarded-id`);
    const eslint = typedESLint(FIXTURES, [
      agentContractRules({
        'agent-contract/no-id-union': 'error',
        'agent-contract/no-unguarded-coerce': 'error',
        'agent-contract/prefer-guarded-id': 'error',
      }),
    ]);
    const [result] = await eslint.lintFiles(['schemas.ts']);
    const linted = (result?.messages ?? []).map(
      (message) => `schemas.ts:${message.line} ${message.ruleId?.replace('agent-contract/', '') ?? ''}`,
    );
    expect(linted.sort()).toEqual([...audited, ...stringAcceptors].sort());
    expect(linted).toHaveLength(3);
  });
});
