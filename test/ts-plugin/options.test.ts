import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv } from 'ajv';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SEVERITY,
  FINDING_KINDS,
  globPattern,
  pluginOptionsOf,
  SEVERITIES,
} from '../../src/ts-plugin/options.ts';
import { projectFolder, repositoryRoot, TsServer, type ServerDiagnostic } from '../support/tsserver.ts';

/**
 * The options of the plugin's tsconfig entry, in a real tsserver on a project of two tool files (list.ts emits ticket
 * ids that get_ticket in read.ts rejects): a severity moves a finding to another category or list, `include` leaves a
 * file without the plugin's diagnostics while the chains into it are still read, and a bad option is logged once by
 * name with its default used. The JSON schema says what the code accepts.
 */

const BROKEN_ACCEPTOR = 61001;

let folder: string | undefined;
let server: TsServer | undefined;

afterEach(async () => {
  await server?.close();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  server = undefined;
  folder = undefined;
});

/** Opens the two files in a tsserver whose project lists the plugin with `entry`'s options. */
function start(entry: object): { read: string; list: string; server: TsServer } {
  folder = projectFolder('test/ts-plugin/fixtures/two-tool-files', 'test/ts-plugin/fixtures/two-tool-files/src');
  const tsconfig = path.join(folder, 'tsconfig.json');
  const config = JSON.parse(readFileSync(tsconfig, 'utf8')) as { compilerOptions: Record<string, unknown> };
  config.compilerOptions['plugins'] = [{ name: 'agent-contract/ts-plugin', ...entry }];
  writeFileSync(tsconfig, JSON.stringify(config, null, 2));
  server = new TsServer();
  const read = path.join(folder, 'src', 'read.ts');
  const list = path.join(folder, 'src', 'list.ts');
  server.open(read);
  server.open(list);
  return { read, list, server };
}

const ours = (found: readonly ServerDiagnostic[]) =>
  found
    .filter((diagnostic) => diagnostic.source === 'agent-contract')
    .map(({ code, category }) => ({ code, category }));

describe('agent-contract/ts-plugin options in tsserver', () => {
  it('without options: a broken chain is an error at the acceptor in read.ts, and the emitter in list.ts gets none', async () => {
    const { read, list, server } = start({});
    expect(ours(await server.semanticDiagnostics(read))).toEqual([{ code: BROKEN_ACCEPTOR, category: 'error' }]);
    expect(ours(await server.semanticDiagnostics(list))).toEqual([]);
    expect(ours(await server.suggestionDiagnostics(list))).toEqual([]);
  });

  it('severity.broken "warning" shows broken chains as warnings', async () => {
    const { read, server } = start({ severity: { broken: 'warning' } });
    expect(ours(await server.semanticDiagnostics(read))).toEqual([{ code: BROKEN_ACCEPTOR, category: 'warning' }]);
  });

  it('severity.broken "suggestion" moves them to the suggestion diagnostics, with the quick fix still offered', async () => {
    const { read, server } = start({ severity: { broken: 'suggestion' } });
    expect(ours(await server.semanticDiagnostics(read))).toEqual([]);
    const suggestions = (await server.suggestionDiagnostics(read)).filter((found) => found.source === 'agent-contract');
    expect(ours(suggestions)).toEqual([{ code: BROKEN_ACCEPTOR, category: 'suggestion' }]);
    const fixes = await server.codeFixes(read, suggestions[0] as ServerDiagnostic);
    expect(fixes.map((fix) => fix.description)).toEqual(['Wrap ticketId of get_ticket in guardId(...)']);
  });

  it('severity.broken "off" shows none', async () => {
    const { read, list, server } = start({ severity: { broken: 'off' } });
    expect(ours(await server.semanticDiagnostics(read))).toEqual([]);
    expect(ours(await server.suggestionDiagnostics(read))).toEqual([]);
    expect(ours(await server.semanticDiagnostics(list))).toEqual([]);
  });

  it('include leaves list.ts out; the acceptor in read.ts still names its emitter there', async () => {
    const { read, list, server } = start({ include: ['src/read.ts'] });
    expect(ours(await server.semanticDiagnostics(list))).toEqual([]);
    const [acceptor] = (await server.semanticDiagnostics(read)).filter((found) => found.code === BROKEN_ACCEPTOR);
    expect(acceptor?.relatedInformation?.map((other) => path.basename(other.span?.file ?? ''))).toContain('list.ts');
  });

  it('a bad option is logged once by name and its default used', async () => {
    const { read, server } = start({ severity: { broken: 'fatal', tolerated: 'off' }, includes: ['src'] });
    expect(ours(await server.semanticDiagnostics(read))).toEqual([{ code: BROKEN_ACCEPTOR, category: 'error' }]);
    await server.semanticDiagnostics(read);
    const lines = readFileSync(server.logFile, 'utf8')
      .split('\n')
      .filter((line) => line.includes('agent-contract/ts-plugin: option'))
      .map((line) => line.slice(line.indexOf('agent-contract/ts-plugin: option')));
    expect(lines).toEqual([
      'agent-contract/ts-plugin: option "includes" is not one of "severity", "include"; it is ignored',
      'agent-contract/ts-plugin: option "severity.broken" is "fatal", not one of "error", "warning", "suggestion", "off"; using "error"',
    ]);
  });
});

describe('the options schema, ts-plugin/options.schema.json', () => {
  const schema = JSON.parse(readFileSync(path.join(repositoryRoot, 'ts-plugin/options.schema.json'), 'utf8')) as {
    properties: { severity: { properties: Record<string, { default: string }> } };
    definitions: { severity: { enum: string[] } };
  };
  const validate = new Ajv({ strict: false }).compile(schema);

  it('names the kinds, severities and defaults the plugin reads', () => {
    expect(schema.definitions.severity.enum).toEqual([...SEVERITIES]);
    expect(Object.keys(schema.properties.severity.properties)).toEqual([...FINDING_KINDS]);
    for (const kind of FINDING_KINDS)
      expect(schema.properties.severity.properties[kind]?.default).toBe(DEFAULT_SEVERITY[kind]);
  });

  it('accepts what the plugin accepts and refuses what it logs', () => {
    const good = { name: 'agent-contract/ts-plugin', severity: { tolerated: 'off' }, include: ['src/**/*.ts'] };
    expect(validate(good)).toBe(true);
    const logged: string[] = [];
    expect(pluginOptionsOf(good, (line) => logged.push(line))).toEqual({
      severity: { ...DEFAULT_SEVERITY, tolerated: 'off' },
      include: ['src/**/*.ts'],
    });
    expect(logged).toEqual([]);
    for (const bad of [
      { name: 'agent-contract/ts-plugin', severity: { broken: 'fatal' } },
      { name: 'agent-contract/ts-plugin', severity: { unknown: 'warning' } },
      { name: 'agent-contract/ts-plugin', include: 'src' },
      { name: 'agent-contract/ts-plugin', includes: ['src'] },
    ]) {
      const lines: string[] = [];
      pluginOptionsOf(bad, (line) => lines.push(line));
      expect({ bad, valid: validate(bad), logged: lines.length }).toEqual({ bad, valid: false, logged: 1 });
    }
  });
});

describe('include globs', () => {
  it('match as tsconfig include does: ** any folders, * within a name, a folder everything under it', () => {
    const matches = (glob: string, file: string) => globPattern(glob).test(file);
    expect(matches('src/**/*.ts', 'src/tools.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'src/a/b/tools.ts')).toBe(true);
    expect(matches('src/**/*.ts', 'test/tools.ts')).toBe(false);
    expect(matches('src/*.ts', 'src/a/tools.ts')).toBe(false);
    expect(matches('./src/tool?.ts', 'src/tools.ts')).toBe(true);
    expect(matches('src', 'src/a/tools.ts')).toBe(true);
    expect(matches('src', 'srcs/tools.ts')).toBe(false);
    expect(matches('src/tools.ts', 'src/tools-ts')).toBe(false);
  });
});
