import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The import direction the layout promises (eslint.config.js): the model imports nothing that reads code or files,
 * adapters do not reach front ends, front ends never import each other, the runtime stays free of the toolchain.
 * Each case lints a file that is not on disk, as if it stood at `filePath`, with the repository's own config.
 */
const root = fileURLToPath(new URL('..', import.meta.url));
const eslint = new ESLint({ cwd: root });

async function importErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? [])
    .filter(
      (message) =>
        message.ruleId === 'import-x/no-restricted-paths' ||
        message.ruleId === 'no-restricted-imports' ||
        message.ruleId === '@typescript-eslint/no-restricted-imports',
    )
    .map((message) => message.message);
}

describe('the layout is enforced by lint', () => {
  it.each([
    ['src/model/probe.ts', `import ts from 'typescript';\nexport const x = ts;\n`],
    ['src/model/probe.ts', `import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n`],
    [
      'src/model/probe.ts',
      `import { TypeScriptSchemaReader } from '../adapters/typescript/from-typescript.ts';\nexport const x = TypeScriptSchemaReader;\n`,
    ],
    [
      'src/adapters/typescript/probe.ts',
      `import { auditProject } from '../../audit/audit.ts';\nexport const x = auditProject;\n`,
    ],
    [
      'src/contract/probe.ts',
      `import { runLiteralConsumer } from '../testing/literal-consumer.ts';\nexport const x = runLiteralConsumer;\n`,
    ],
    ['src/ts-plugin/probe.ts', `import { auditProject } from '../audit/audit.ts';\nexport const x = auditProject;\n`],
    ['src/audit/probe.ts', `import { createPlugin } from '../ts-plugin/plugin.ts';\nexport const x = createPlugin;\n`],
    ['codemods/probe.ts', `import { auditProject } from '../src/audit/audit.ts';\nexport const x = auditProject;\n`],
    ['eslint-plugin/probe.ts', `import { guardIds } from '../codemods/guard-ids.ts';\nexport const x = guardIds;\n`],
    ['src/guard/probe.ts', `import ts from 'typescript';\nexport const x = ts;\n`],
    ['src/guard/probe.ts', `import { connectStdio } from '../transport/connect.ts';\nexport const x = connectStdio;\n`],
    // Front ends read code through an adapter's face, and get facts rather than syntax.
    [
      'src/audit/probe.ts',
      `import { loadProject } from '../adapters/typescript/load-project.ts';\nexport const x = loadProject;\n`,
    ],
    [
      'eslint-plugin/utils/probe.ts',
      `import { EstreeSchemaReader } from '../../src/adapters/estree/from-estree.ts';\nexport const x = EstreeSchemaReader;\n`,
    ],
    ['src/audit/probe.ts', `import ts from 'typescript';\nexport const x = ts;\n`],
    ['eslint-plugin/rules/probe.ts', `import ts from 'typescript';\nexport const x = ts;\n`],
    [
      'codemods/probe.ts',
      `import { TypeScriptSchemaReader } from '../src/adapters/typescript/from-typescript.ts';\nexport const x = TypeScriptSchemaReader;\n`,
    ],
    [
      'codemods/utils/probe.ts',
      `import { installedZodMajor } from '../../src/adapters/packages/installed-zod.ts';\nexport const x = installedZodMajor;\n`,
    ],
    ['codemods/probe.ts', `import ts from 'typescript';\nexport const x = ts;\n`],
    [
      'src/ts-plugin/probe.ts',
      `import { projectChainsOf } from '../adapters/typescript/project-chains.ts';\nexport const x = projectChainsOf;\n`,
    ],
    [
      'src/ts-plugin/probe.ts',
      `import { runtimeImportFor } from '../adapters/packages/runtime-import.ts';\nexport const x = runtimeImportFor;\n`,
    ],
  ])('%s may not: %s', async (filePath, code) => {
    expect(await importErrors(filePath, code)).not.toEqual([]);
  });

  it.each([
    [
      'src/adapters/typescript/probe.ts',
      `import { meaningOf } from '../../model/schema-meaning.ts';\nexport const x = meaningOf;\n`,
    ],
    [
      'src/contract/probe.ts',
      `import { connectStdio } from '../transport/connect.ts';\nexport const x = connectStdio;\n`,
    ],
    [
      'src/cli/probe.ts',
      `import { auditProject } from '../audit/audit.ts';\nimport { guardIds } from '../../codemods/guard-ids.ts';\nexport const x = [auditProject, guardIds];\n`,
    ],
    [
      'src/ts-plugin/probe.ts',
      `import { editorReadingOf } from '../adapters/typescript/index.ts';\nexport const x = editorReadingOf;\n`,
    ],
    ['src/ts-plugin/probe.ts', `import ts from 'typescript';\nexport const x = ts.DiagnosticCategory;\n`],
    ['src/guard/probe.ts', `import { isIdName } from '../model/ids.ts';\nexport const x = isIdName;\n`],
    [
      'src/audit/probe.ts',
      `import { readProject } from '../adapters/typescript/index.ts';\nexport const x = readProject;\n`,
    ],
    [
      'eslint-plugin/utils/probe.ts',
      `import { EstreeSchemaReader } from '../../src/adapters/estree/index.ts';\nexport const x = EstreeSchemaReader;\n`,
    ],
    ['eslint-plugin/rules/probe.ts', `import type ts from 'typescript';\nexport type X = ts.Node;\n`],
    [
      'codemods/probe.ts',
      `import { guardIdEditsOf } from '../src/adapters/typescript/index.ts';\nexport const x = guardIdEditsOf;\n`,
    ],
  ])('%s may: %s', async (filePath, code) => {
    expect(await importErrors(filePath, code)).toEqual([]);
  });
});
