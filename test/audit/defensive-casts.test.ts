import { fileURLToPath } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import plugin from '../../eslint-plugin/index.ts';
import { audit } from '../../src/audit/audit.ts';
import { lineOf } from '../support/line-of.ts';

// One test file of casts as public servers write them (mock API handlers, URL parameters, environment variables, and
// two real cover-ups, each marked `// cover-up:` in the fixture): the audit's no-defensive-id-cast findings and the
// lint rule's reports, read by the two adapters and judged by the model's coveredIdName and castContextOf, must be the
// same casts.

const folder = fileURLToPath(new URL('fixtures/defensive-casts', import.meta.url));
const testFile = `${folder}/test/mocks.test.ts`;
const COVER_UPS = [lineOf(testFile, '// cover-up: callTool'), lineOf(testFile, '// cover-up: runTool')];

describe('defensive id casts in a test file', () => {
  it('are the two cover-ups for the audit, and not the mock data, URL parameters or environment variables', () => {
    const findings = audit(folder).report.findings.filter((finding) => finding.rule === 'no-defensive-id-cast');
    expect(findings.map((finding) => `${finding.file}:${finding.line}`)).toEqual(
      COVER_UPS.map((line) => `test/mocks.test.ts:${line}`),
    );
  });

  it('are the same two for the lint rule', async () => {
    const eslint = new ESLint({
      cwd: folder,
      overrideConfigFile: true,
      overrideConfig: [
        { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser as Linter.Parser } },
        {
          files: ['**/*.ts'],
          plugins: { 'agent-contract': plugin as never },
          rules: { 'agent-contract/no-defensive-id-cast': 'error' },
        },
      ],
    });
    const [result] = await eslint.lintFiles([testFile]);
    expect(result?.messages.map((message) => message.line)).toEqual(COVER_UPS);
  });
});
