import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { audit } from '../../src/audit/audit.ts';
import { resolvedByExports } from '../../src/adapters/typescript/load-project.ts';
import { chainLines } from '../support/chain-lines.ts';

// A project on MCP SDK 1.32 and zod 3.25 whose tsconfig says `"moduleResolution": "node"`: read as written, each
// `server.tool(name, description, schema.shape, handler)` costs the checker ten million type instantiations and
// 2.4 GB (TS2589), so a server with a dozen tools runs out of heap. Read by the packages' exports it takes a second.
const PROJECT = fileURLToPath(new URL('../zod-matrix/zod-3.25.76/fixtures/node10-project', import.meta.url));

describe('a project on the old node10 resolution is read by its packages’ exports', () => {
  it('reads its tools and chains in the time a project on NodeNext takes', () => {
    const { report } = audit(PROJECT);
    expect(report.tools.map((tool) => tool.name)).toEqual(['list_tables', 'get_table']);
    expect(chainLines(report).sort()).toEqual([
      'get_table id -> get_table.table_id: broken',
      'list_tables tables[].id -> get_table.table_id: broken',
    ]);
  });

  it('type-checks it (--type-errors) as its packages resolve, with no TS2589 and no heap exhausted', () => {
    const { report } = audit(PROJECT, { typeErrors: true });
    expect(report.project.errors).toEqual([]);
    expect(report.project.filesWithErrors).toBe(0);
  });

  it('resolves by exports only where the tsconfig resolves by the old rules', () => {
    const { Bundler, Node10, Classic, NodeNext } = ts.ModuleResolutionKind;
    expect(resolvedByExports({ moduleResolution: Node10, module: ts.ModuleKind.CommonJS })).toMatchObject({
      moduleResolution: Bundler,
      module: ts.ModuleKind.ESNext,
    });
    expect(resolvedByExports({ moduleResolution: Classic, module: ts.ModuleKind.ES2022 })).toMatchObject({
      moduleResolution: Bundler,
      module: ts.ModuleKind.ES2022,
    });
    // No moduleResolution: CommonJS resolves by node10, as tsc does.
    expect(resolvedByExports({ module: ts.ModuleKind.CommonJS }).moduleResolution).toBe(Bundler);
    const modern = { moduleResolution: NodeNext, module: ts.ModuleKind.NodeNext };
    expect(resolvedByExports(modern)).toBe(modern);
    expect(resolvedByExports({ module: ts.ModuleKind.Node16 }).moduleResolution).toBeUndefined();
  });
});

// A project on the old `node` resolution that imports `table-api/tables` with no extension: its compiler finds the
// types through the package's `typesVersions`; the package's exports (`./*` to `./dist/esm/*`) do not resolve it.
const TYPES_VERSIONS = fileURLToPath(new URL('fixtures/node10-types-versions', import.meta.url));

describe('an import the packages’ exports do not resolve is resolved as the project’s compiler resolves it', () => {
  it('reads the package’s types, calls no installed package missing, and finds the chains', () => {
    const { report } = audit(TYPES_VERSIONS);
    expect(report.project.missingPackages).toEqual([]);
    expect(chainLines(report).sort()).toEqual([
      'get_table id -> get_table.table_id: broken',
      'list_tables tables[].id -> get_table.table_id: broken',
    ]);
  });

  it('type-checks it as the project’s compiler does', () => {
    const { report } = audit(TYPES_VERSIONS, { typeErrors: true });
    expect(report.project.errors).toEqual([]);
  });
});
