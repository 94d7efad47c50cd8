import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
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
      `import { EditorReader } from '../adapters/typescript/index.ts';\nexport const x = EditorReader;\n`,
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

/**
 * The TypeScript adapter answers in plain facts: no export of its face hands out a `ts.Node`, in a property, an
 * element, a return value or a parameter, however deep (a class's private fields stay inside). The checker walks every
 * exported type and value of the face.
 */
const face = `${root}src/adapters/typescript/index.ts`;

/** A property a front end can read: declared in the project's source (not a library's), and not a private field. */
function readableOutside(property: ts.Symbol): boolean {
  const declarations = property.declarations ?? [];
  return (
    declarations.some((declaration) => !declaration.getSourceFile().isDeclarationFile) &&
    !declarations.some((declaration) => {
      const name = ts.getNameOfDeclaration(declaration);
      return name !== undefined && ts.isPrivateIdentifier(name);
    })
  );
}

/** The path to a `ts.Node` in `type` (`ChainFinding.side.node`), or undefined when it carries none. */
function nodePath(
  checker: ts.TypeChecker,
  node: ts.Type,
  type: ts.Type,
  trail: string,
  seen: Set<ts.Type>,
): string | undefined {
  if (seen.has(type)) return undefined;
  seen.add(type);
  if (
    (type.flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown | ts.TypeFlags.Never)) === 0 &&
    checker.isTypeAssignableTo(type, node)
  )
    return trail;
  const inner: [ts.Type, string][] = [
    ...(type.isUnionOrIntersection() ? type.types.map((part): [ts.Type, string] => [part, trail]) : []),
    ...checker
      .getTypeArguments(type as ts.TypeReference)
      .map((argument): [ts.Type, string] => [argument, `${trail}<>`]),
    ...type
      .getProperties()
      .filter(readableOutside)
      .map((property): [ts.Type, string] => [checker.getTypeOfSymbol(property), `${trail}.${property.name}`]),
    ...[...type.getCallSignatures(), ...type.getConstructSignatures()].flatMap((signature): [ts.Type, string][] => [
      [signature.getReturnType(), `${trail}()`],
      ...signature
        .getParameters()
        .map((parameter): [ts.Type, string] => [checker.getTypeOfSymbol(parameter), `${trail}(${parameter.name})`]),
    ]),
  ];
  for (const [part, at] of inner) {
    const found = nodePath(checker, node, part, at, seen);
    if (found !== undefined) return found;
  }
  return undefined;
}

function exportsCarryingNodes(): Map<string, string> {
  const config = ts.getParsedCommandLineOfConfigFile(
    `${root}tsconfig.json`,
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
      },
    },
  );
  if (config === undefined) throw new Error('tsconfig.json could not be read');
  const program = ts.createProgram([face], config.options);
  const checker = program.getTypeChecker();
  const typescript = program.getSourceFiles().find((file) => file.fileName.endsWith('/typescript/lib/typescript.d.ts'));
  let node: ts.Type | undefined;
  const find = (at: ts.Node): void => {
    if (node !== undefined) return;
    if (ts.isInterfaceDeclaration(at) && at.name.text === 'Node') node = checker.getTypeAtLocation(at);
    else ts.forEachChild(at, find);
  };
  if (typescript !== undefined) find(typescript);
  const module = program.getSourceFile(face);
  const symbol = module === undefined ? undefined : checker.getSymbolAtLocation(module);
  if (node === undefined || symbol === undefined) throw new Error('the face or ts.Node could not be read');
  const carrying = new Map<string, string>();
  for (const exported of checker.getExportsOfModule(symbol)) {
    const target = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
    const typeOnly = (exported.declarations ?? []).some((declaration) =>
      ts.isTypeOnlyImportOrExportDeclaration(declaration),
    );
    const types = [
      ...(target.flags & ts.SymbolFlags.Type ? [checker.getDeclaredTypeOfSymbol(target)] : []),
      // A type-only export (`type ProgramChains`) hands out no value: its constructor stays inside.
      ...(target.flags & ts.SymbolFlags.Value && !typeOnly ? [checker.getTypeOfSymbol(target)] : []),
    ];
    for (const type of types) {
      const found = nodePath(checker, node, type, exported.name, new Set());
      if (found !== undefined) carrying.set(exported.name, found);
    }
  }
  return carrying;
}

describe("the TypeScript adapter's face", () => {
  it(
    "hands no ts.Node to the front ends but through the project the audit still holds and the codemods' typed files",
    { timeout: 120_000 },
    () => {
      const carrying = exportsCarryingNodes();
      expect([...carrying.keys()].sort()).toEqual([
        'AuditProject',
        'TypedFiles',
        'dispositionScaffoldOf',
        'loadProject',
        'readProject',
      ]);
    },
  );
});
