import { isTestFile } from '../../model/test-files.ts';
import path from 'node:path';
import ts from 'typescript';
import { jsonSchemaLiteralOf } from '../../model/json-schema-literal.ts';
import { schemaFieldsOf } from '../../model/schema-fields.ts';
import type { SchemaExpr } from '../../model/schema-expr.ts';
import { loadAuditConfig, type AuditConfig } from './agent-contract-config.ts';
import { discoverTools, type DiscoveredTool, type Discovery } from './discover-tools.ts';
import { relativeTo, type AuditProject } from './load-project.ts';
import { SchemaResolver } from './resolve-schema.ts';
import { ToolClasses } from './tool-classes.ts';

/**
 * The tools of a whole program, as the checker sees them: one discovery for every front end that needs more than one
 * file's syntax (the audit, and the codemods' use analysis). Registrations through tool classes, factories, configs
 * held in consts and registration methods of an `McpServer` subclass are followed here, once.
 */

export interface ProjectTools {
  readonly discovery: Discovery;
  readonly resolver: SchemaResolver;
  readonly classes: ToolClasses;
  /** The program's files that are not test code: where tools are looked for. */
  readonly serverFiles: readonly ts.SourceFile[];
  readonly config: AuditConfig;
}

/** Discovers every tool the project's server files register or define. Throws `ConfigError` for a bad configuration. */
export function discoverProjectTools(project: AuditProject, config?: AuditConfig): ProjectTools {
  const { root, checker } = project;
  const used = config ?? loadAuditConfig(root);
  const resolver = new SchemaResolver(checker, used.guardModules);
  const serverFiles = project.sourceFiles.filter((file) => !isTestFile(relativeTo(root, file.fileName)));
  const classes = new ToolClasses(checker, serverFiles);
  const discovery = discoverTools(serverFiles, resolver, checker, used.wrappers, classes);
  return { discovery, resolver, classes, serverFiles, config: used };
}

/** Where a tool's input is written: what a codemod working on one file needs to know from the whole program. */
export interface ToolInputSite {
  readonly tool: string;
  /** Absolute path of the file with the tool's input expression (`inputSchema: ...`, a method's `return {...}`). */
  readonly file: string;
  /** The start (after trivia) and end offsets of that expression in its file. */
  readonly inputStart: number;
  readonly inputEnd: number;
  /** Where the discovery found the handler, or the tool class's method it hands the input to: file (absolute), offsets. */
  readonly handler?: { readonly file: string; readonly start: number; readonly end: number };
  /** The end offsets of the object literals that declare the input's fields, by absolute file path. */
  readonly objects: ReadonlyMap<string, readonly number[]>;
  /** The same for the tool's output schema (`outputSchema`), when it has one. */
  readonly outputObjects: ReadonlyMap<string, readonly number[]>;
}

function addObject(objects: Map<string, number[]>, node: ts.Node): void {
  if (!ts.isObjectLiteralExpression(node)) return;
  const file = path.resolve(node.getSourceFile().fileName);
  const ends = objects.get(file) ?? [];
  if (!ends.includes(node.end)) ends.push(node.end);
  objects.set(file, ends);
}

/** The object literals a schema's fields are declared in, through the resolver (shared shapes, spreads, factories). */
function declaringObjects(schema: SchemaExpr<ts.Node> | undefined, resolver: SchemaResolver): Map<string, number[]> {
  const objects = new Map<string, number[]>();
  if (schema === undefined) return objects;
  const root = resolver.resolve(schema);
  // A JSON Schema written out declares no field in an object literal of its own: its keywords are no fields.
  if (jsonSchemaLiteralOf(root, resolver.resolve) !== undefined) return objects;
  addObject(objects, root.node);
  for (const field of schemaFieldsOf(root, resolver.resolve)) {
    const parent = field.property.node.parent as ts.Node | undefined;
    if (parent !== undefined) addObject(objects, parent);
  }
  return objects;
}

/** The input of one discovered tool, located: the object literals its fields are declared in. */
function inputSiteOf(tool: DiscoveredTool, resolver: SchemaResolver): ToolInputSite | undefined {
  if (tool.input === undefined) return undefined;
  const objects = declaringObjects(tool.input, resolver);
  if (objects.size === 0) return undefined;
  // A tool class's reads are in the method its registration's handler hands the input to.
  const handler = tool.inputReader ?? tool.handler;
  return {
    tool: tool.name,
    file: path.resolve(tool.input.node.getSourceFile().fileName),
    inputStart: tool.input.node.getStart(),
    inputEnd: tool.input.node.end,
    ...(handler === undefined
      ? {}
      : {
          handler: {
            file: path.resolve(handler.getSourceFile().fileName),
            start: handler.getStart(),
            end: handler.end,
          },
        }),
    objects,
    outputObjects: declaringObjects(tool.output, resolver),
  };
}

/** Every discovered tool's input site (tools without an input, or whose fields no literal declares, are left out). */
export function toolInputSitesOf(tools: ProjectTools): ToolInputSite[] {
  const sites: ToolInputSite[] = [];
  for (const tool of tools.discovery.tools) {
    const site = inputSiteOf(tool, tools.resolver);
    if (site !== undefined) sites.push(site);
  }
  return sites;
}

/**
 * Per absolute file path: the end offsets of the object literals that declare some tool's input fields, and of those
 * that declare some tool's output fields (`TypedShapes`, for `schemaShapesOf`).
 */
export function typedShapesByFile(
  sites: readonly ToolInputSite[],
): Map<string, { inputs: Set<number>; outputs: Set<number> }> {
  const byFile = new Map<string, { inputs: Set<number>; outputs: Set<number> }>();
  const add = (objects: ReadonlyMap<string, readonly number[]>, side: 'inputs' | 'outputs'): void => {
    for (const [file, ends] of objects) {
      const entry = byFile.get(file) ?? { inputs: new Set<number>(), outputs: new Set<number>() };
      for (const end of ends) entry[side].add(end);
      byFile.set(file, entry);
    }
  };
  for (const site of sites) {
    add(site.objects, 'inputs');
    add(site.outputObjects, 'outputs');
  }
  return byFile;
}

/**
 * Registration calls whose tools the discovery found elsewhere (`registerTool(t.name, t.schema, ...)` over tool
 * classes or tool objects defined in other places), by absolute file path: the start offsets of the calls. A codemod
 * writes what such a tool needs where the tool is defined, not at the call.
 */
export function followedRegistrationsOf(tools: ProjectTools): Map<string, Set<number>> {
  const byFile = new Map<string, Set<number>>();
  for (const site of tools.discovery.sites) {
    if ((site.via !== 'classes' && site.via !== 'definitions' && site.via !== 'lists') || site.tools === 0) continue;
    const file = path.resolve(site.node.getSourceFile().fileName);
    const starts = byFile.get(file) ?? new Set<number>();
    starts.add(site.node.getStart());
    byFile.set(file, starts);
  }
  return byFile;
}
