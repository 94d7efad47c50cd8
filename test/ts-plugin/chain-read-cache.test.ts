import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createChainReadCache,
  projectChainsOf,
  projectOfProgram,
  type ProjectChains,
} from '../../src/adapters/typescript/project-chains.ts';
import { projectFolder } from '../support/tsserver.ts';

/**
 * The reading an editor keeps between programs: after an edit, the tools of the files it did not touch keep their
 * reading (the same objects), the edited file's tools are read again, and the chains are those a fresh read gives.
 * A change to a file without tools (the row types) reads everything again.
 */

const folder = projectFolder('test/ts-plugin/fixtures/two-tool-files', 'test/ts-plugin/fixtures/two-tool-files/src');
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const files = ['server.ts', 'rows.ts', 'read.ts', 'list.ts'].map((name) => path.join(folder, 'src', name));
const texts = new Map(files.map((file) => [file, readFileSync(file, 'utf8')]));
const versions = new Map(files.map((file) => [file, 0]));
const parsed = ts.getParsedCommandLineOfConfigFile(
  path.join(folder, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, ' '));
    },
  },
);
const service = ts.createLanguageService({
  getCompilationSettings: () => parsed?.options ?? {},
  getScriptFileNames: () => files,
  getScriptVersion: (file) => String(versions.get(file) ?? 0),
  getScriptSnapshot: (file) => {
    const text = texts.get(file) ?? ts.sys.readFile(file);
    return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
  },
  getCurrentDirectory: () => folder,
  getDefaultLibFileName: (options) => ts.getDefaultLibFilePath(options),
  fileExists: ts.sys.fileExists,
  readFile: ts.sys.readFile,
  readDirectory: ts.sys.readDirectory,
  directoryExists: ts.sys.directoryExists,
  getDirectories: ts.sys.getDirectories,
  realpath: (file) => ts.sys.realpath?.(file) ?? file,
});

function edit(name: string, text: (before: string) => string): void {
  const file = path.join(folder, 'src', name);
  texts.set(file, text(texts.get(file) ?? ''));
  versions.set(file, (versions.get(file) ?? 0) + 1);
}

function program(): ts.Program {
  const current = service.getProgram();
  if (current === undefined) throw new Error('no program');
  return current;
}

function factsOf(read: ProjectChains, tool: string) {
  return read.tools.find((facts) => facts.tool.name === tool);
}

function verdicts(read: ProjectChains): string[] {
  return read.chains.map(
    (chain) =>
      `${chain.from.tool} ${chain.from.label} ${chain.from.type} -> ${chain.to.tool} ${chain.to.label}: ${chain.verdict}`,
  );
}

describe('projectChainsOf with a ChainReadCache', () => {
  const cache = createChainReadCache();

  it('reads every tool the first time', () => {
    const first = projectChainsOf(projectOfProgram(program(), folder), { cache });
    expect(verdicts(first)).toEqual([
      'get_ticket ticket.id number -> get_ticket ticketId: broken',
      'list_tickets tickets[].id number -> get_ticket ticketId: broken',
    ]);
  });

  it('after an edit of one tool file, keeps the other file’s reading and gives the chains a fresh read gives', () => {
    const before = projectChainsOf(projectOfProgram(program(), folder), { cache });
    edit('list.ts', (text) =>
      text.replace('const tickets: TicketRow[] = [];', 'const tickets: { id: string }[] = [];'),
    );
    const after = projectChainsOf(projectOfProgram(program(), folder), { cache });
    expect(factsOf(after, 'get_ticket')).toBe(factsOf(before, 'get_ticket'));
    expect(factsOf(after, 'list_tickets')).not.toBe(factsOf(before, 'list_tickets'));
    const fresh = projectChainsOf(projectOfProgram(program(), folder));
    expect(verdicts(after)).toEqual(verdicts(fresh));
    expect(verdicts(after)).toContain('list_tickets tickets[].id string -> get_ticket ticketId: ok');
  });

  it('after an edit of a file without tools, reads every tool again', () => {
    const before = projectChainsOf(projectOfProgram(program(), folder), { cache });
    edit('rows.ts', (text) => text.replace('id: number;', 'id: string;'));
    const after = projectChainsOf(projectOfProgram(program(), folder), { cache });
    expect(factsOf(after, 'get_ticket')).not.toBe(factsOf(before, 'get_ticket'));
    expect(verdicts(after)).toContain('get_ticket ticket.id string -> get_ticket ticketId: ok');
    expect(verdicts(after)).toEqual(verdicts(projectChainsOf(projectOfProgram(program(), folder))));
  });

  it('after an edit of a tool file whose types another tool file imports, reads the importer again', () => {
    edit('list.ts', (text) => `${text}\nexport interface ListedRow {\n  id: number;\n}\n`);
    edit('read.ts', (text) =>
      text
        .replace("import type { TicketRow } from './rows.ts';", "import type { ListedRow } from './list.ts';")
        .replace(
          "const ticket: TicketRow = { id: ticketId.length, subject: 'x' };",
          'const ticket: ListedRow = { id: ticketId.length };',
        ),
    );
    projectChainsOf(projectOfProgram(program(), folder), { cache });
    edit('list.ts', (text) =>
      text.replace('export interface ListedRow {\n  id: number;', 'export interface ListedRow {\n  id: string;'),
    );
    const after = projectChainsOf(projectOfProgram(program(), folder), { cache });
    expect(verdicts(after)).toContain('get_ticket ticket.id string -> get_ticket ticketId: ok');
    expect(verdicts(after)).toEqual(verdicts(projectChainsOf(projectOfProgram(program(), folder))));
  });
});
