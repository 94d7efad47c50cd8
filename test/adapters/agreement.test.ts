import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';
import { audit } from '../../src/audit/audit.ts';
import { castSitesIn } from '../../src/adapters/estree/index.ts';
import { castSitesOf } from '../../src/adapters/typescript/index.ts';
import { isTestFile } from '../../src/model/test-files.ts';
import { estreeSourceOf } from '../support/estree-source.ts';

// Facts the two adapters read from their own ASTs (ESTree for lint, the TypeScript AST for the audit and the editor)
// must come out the same. Each fixture marks what both must find with a `// <marker>:` comment on its line; the lint
// rule (the ESTree reader), the TypeScript reader on its own and the audit must each find exactly those lines.

const fixtures = fileURLToPath(new URL('fixtures/agreement', import.meta.url));

function typeScriptFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** `file:line` of every line of the folder's files that carries `// <marker>:`. */
function markedLines(folder: string, marker: string): string[] {
  return typeScriptFiles(folder).flatMap((file) =>
    readFileSync(path.join(folder, file), 'utf8')
      .split('\n')
      .flatMap((line, index) => (line.includes(`// ${marker}:`) ? [`${file}:${index + 1}`] : [])),
  );
}

/** `file:line` of every report of `rule` when the folder is linted with the plugin's `recommended` and `tests` configs. */
async function lintLines(folder: string, rule: string, detail = (_message: string) => ''): Promise<string[]> {
  const eslint = new ESLint({
    cwd: folder,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
      { files: ['**/*.ts'], ...(plugin.configs.recommended as Linter.Config) },
      plugin.configs.tests as Linter.Config,
    ],
  });
  const results = await eslint.lintFiles(['**/*.ts']);
  return results
    .flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === `agent-contract/${rule}`)
        .map(
          (message) =>
            `${path.relative(folder, result.filePath).split(path.sep).join('/')}:${message.line}${detail(message.message)}`,
        ),
    )
    .sort();
}

function auditLines(folder: string, rule: string, detail = (_message: string) => ''): string[] {
  return audit(folder)
    .report.findings.filter((finding) => finding.rule === rule)
    .map((finding) => `${finding.file}:${finding.line}${detail(finding.message)}`)
    .sort();
}

describe('defensive id casts', () => {
  const folder = path.join(fixtures, 'casts');
  const expected = markedLines(folder, 'cast').sort();

  it('the fixture marks casts in and out of the program', () => {
    expect(expected).toContain('test/tickets.test.ts:6');
    expect(expected).toContain('src/tickets.test.ts:7');
  });

  it('are the marked ones for the lint rule (the ESTree reader)', async () => {
    expect(await lintLines(folder, 'no-defensive-id-cast')).toEqual(expected);
  });

  it('are the marked ones for the ESTree reader on each test file alone', () => {
    const found = typeScriptFiles(folder)
      .filter((file) => isTestFile(file))
      .flatMap((file) =>
        castSitesIn(estreeSourceOf(readFileSync(path.join(folder, file), 'utf8'))).map(
          (site) => `${file}:${site.node.loc.start.line}`,
        ),
      );
    expect(found.sort()).toEqual(expected);
  });

  it('are the marked ones for the TypeScript reader on each test file alone', () => {
    const found = typeScriptFiles(folder)
      .filter((file) => isTestFile(file))
      .flatMap((file) =>
        castSitesOf(path.join(folder, file), readFileSync(path.join(folder, file), 'utf8')).map(
          (site) => `${file}:${site.line}`,
        ),
      );
    expect(found.sort()).toEqual(expected);
  });

  it('are the marked ones for the audit, in the program and out of it', () => {
    expect(auditLines(folder, 'no-defensive-id-cast')).toEqual(expected);
  });
});

describe('which files are tests', () => {
  it.each([
    ['src/tickets.test.ts', true],
    ['src/tools/find-tasks.spec.tsx', true],
    ['src/tools/__tests__/find-tasks.ts', true],
    ['test/helpers.ts', true],
    ['tests/support/server.ts', true],
    ['src/contest.ts', false],
    ['src/testing/report.ts', false],
    ['src/tools/latest.ts', false],
  ])('%s -> %s for the lint tests config and the audit alike', async (file, isTest) => {
    expect(isTestFile(file)).toBe(isTest);
    const eslint = new ESLint({
      cwd: fixtures,
      overrideConfigFile: true,
      overrideConfig: [{ files: ['**/*.ts', '**/*.tsx'] }, plugin.configs.tests as Linter.Config],
    });
    const config = (await eslint.calculateConfigForFile(file)) as { rules?: Record<string, unknown> } | undefined;
    expect(config?.rules?.['agent-contract/no-defensive-id-cast'] !== undefined).toBe(isTest);
  });
});

describe('effects on tool schemas, judged under one zod major', () => {
  const folder = path.join(fixtures, 'effects');
  const expected = markedLines(folder, 'effect').sort();

  it('are the marked ones for the lint rule', async () => {
    expect(await lintLines(folder, 'no-effects-on-tool-schema')).toEqual(expected);
  });

  it('are the marked ones for the audit', () => {
    expect(auditLines(folder, 'no-effects-on-tool-schema')).toEqual(expected);
  });

  it('name the same zod major in the lint rule and the audit', async () => {
    const major = (message: string): string => ` ${/under zod (3 and 4|3|4)/i.exec(message)?.[1] ?? 'none'}`;
    const linted = await lintLines(folder, 'no-effects-on-tool-schema', major);
    expect(linted).toEqual(expected.map((line) => `${line} ${line.endsWith(':20') ? '3 and 4' : '3'}`));
    expect(auditLines(folder, 'no-effects-on-tool-schema', major)).toEqual(linted);
  });
});

describe('one message text per rule id, in the lint rule and the audit', () => {
  const withMessage = (message: string): string => ` ${message}`;

  it('no-id-union: the marked fields, worded the same', async () => {
    const folder = path.join(fixtures, 'unions');
    const linted = await lintLines(folder, 'no-id-union', withMessage);
    expect(linted.map((line) => line.split(' ')[0])).toEqual(markedLines(folder, 'union').sort());
    expect(linted[0]).toContain('`ticketId` accepts a string or a number');
    expect(linted.join('\n')).toContain('`ticketId` accepts a string or a number through `LooseKey`');
    // A union const named as an id is reported where it is written too (the rule's doc), once for all its fields.
    expect(linted).toContain(
      'src/server.ts:34 `AnyId` accepts a string or a number: its published schema moves and the handler receives numbers.',
    );
    expect(auditLines(folder, 'no-id-union', withMessage)).toEqual(linted);
  });

  it('no-effects-on-tool-schema: the marked effects, worded the same', async () => {
    const folder = path.join(fixtures, 'effects');
    const linted = await lintLines(folder, 'no-effects-on-tool-schema', withMessage);
    expect(linted.map((line) => line.split(' ')[0])).toEqual(markedLines(folder, 'effect').sort());
    expect(linted.join('\n')).toContain('drops the output schema of tool `close_ticket`');
    expect(auditLines(folder, 'no-effects-on-tool-schema', withMessage)).toEqual(linted);
  });
});
