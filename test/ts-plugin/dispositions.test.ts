import { mkdirSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispositionsTransform } from '../../codemods/dispositions.ts';
import { applyEdits, projectFolder, repositoryRoot, TsServer, type ServerDiagnostic } from '../support/tsserver.ts';

/**
 * The published fields a tool does not stand behind, and the missing disposition entry, in a real tsserver on a small
 * project that imports the package by its name (test/ts-plugin/fixtures/dispositions): in video.ts, make_video
 * publishes `voice`, which its handler never reads, and `webhookUrl`, which its table refuses (its input is the raw
 * shape); render_clip, the look-alike, refuses `webhookUrl` behind offeredShape and is not marked. In ticket.ts a
 * table lacks the entries of two fields added to its shape, one read by the handler and one not.
 */

const UNREAD_FIELD = 61005;
const REFUSED_FIELD = 61006;
const FIXTURE = 'test/ts-plugin/fixtures/dispositions';

let folder: string | undefined;
let server: TsServer | undefined;

afterEach(async () => {
  await server?.close();
  if (folder !== undefined) rmSync(folder, { recursive: true, force: true });
  server = undefined;
  folder = undefined;
});

/**
 * The fixture as an installed project: node_modules holds the repository's dependencies and agent-contract itself
 * (the built package), so `from 'agent-contract'` resolves as it does for a user.
 */
function start(entry: object = {}): { file: (name: string) => string; server: TsServer } {
  const project = projectFolder(FIXTURE, `${FIXTURE}/src`);
  folder = project;
  const modules = path.join(project, 'node_modules');
  rmSync(modules);
  mkdirSync(modules);
  for (const name of readdirSync(path.join(repositoryRoot, 'node_modules')))
    symlinkSync(path.join(repositoryRoot, 'node_modules', name), path.join(modules, name));
  symlinkSync(repositoryRoot, path.join(modules, 'agent-contract'), 'dir');
  const tsconfig = path.join(project, 'tsconfig.json');
  const config = JSON.parse(readFileSync(tsconfig, 'utf8')) as { compilerOptions: Record<string, unknown> };
  config.compilerOptions['plugins'] = [{ name: 'agent-contract/ts-plugin', ...entry }];
  writeFileSync(tsconfig, JSON.stringify(config, null, 2));
  server = new TsServer();
  const file = (name: string) => path.join(project, 'src', name);
  for (const name of ['server.ts', 'video.ts', 'ticket.ts', 'close.ts', 'archive.ts']) server.open(file(name));
  return { file, server };
}

const fieldFindings = (found: readonly ServerDiagnostic[]) =>
  found
    .filter((diagnostic) => diagnostic.code === UNREAD_FIELD || diagnostic.code === REFUSED_FIELD)
    .map(({ code, category, start, end }) => ({ code, category, start, end }));

describe('published fields a tool does not stand behind, in tsserver', () => {
  it('warns at an unread field and at a refused field still published, with the table entry as related information', async () => {
    const { file, server } = start();
    const found = await server.semanticDiagnostics(file('video.ts'));
    expect(fieldFindings(found)).toEqual([
      { code: UNREAD_FIELD, category: 'warning', start: { line: 7, offset: 3 }, end: { line: 7, offset: 8 } },
      { code: REFUSED_FIELD, category: 'warning', start: { line: 8, offset: 3 }, end: { line: 8, offset: 13 } },
    ]);
    const [unread, refused] = found.filter((diagnostic) => diagnostic.source === 'agent-contract');
    expect(unread?.text).toBe(
      'tool `make_video` publishes `voice` but its handler never reads it: an agent that fills it in is silently ignored. Read it, or drop it from the input schema.',
    );
    expect(refused?.text).toBe(
      'tool `make_video` publishes `webhookUrl`, but `makeVideoDispositions` refuses it: an agent that fills it in is always refused. Register the tool with offeredShape(makeVideoShape, makeVideoDispositions), or decide `webhookUrl` honored or warned.',
    );
    expect(
      refused?.relatedInformation?.map((other) => ({
        file: path.basename(other.span?.file ?? ''),
        line: other.span?.start.line,
        message: other.message,
      })),
    ).toEqual([{ file: 'video.ts', line: 14, message: 'makeVideoDispositions refuses webhookUrl here' }]);
  });

  it('severity "off" drops them, "suggestion" moves them to the suggestion diagnostics', async () => {
    const { file, server } = start({ severity: { unread: 'suggestion', refused: 'off' } });
    expect(fieldFindings(await server.semanticDiagnostics(file('video.ts')))).toEqual([]);
    expect(fieldFindings(await server.suggestionDiagnostics(file('video.ts')))).toEqual([
      { code: UNREAD_FIELD, category: 'suggestion', start: { line: 7, offset: 3 }, end: { line: 7, offset: 8 } },
    ]);
  });

  it('include leaves a file without them', async () => {
    const { file, server } = start({ include: ['src/ticket.ts'] });
    expect(fieldFindings(await server.semanticDiagnostics(file('video.ts')))).toEqual([]);
    expect(fieldFindings(await server.semanticDiagnostics(file('ticket.ts')))).toEqual([
      { code: UNREAD_FIELD, category: 'warning', start: { line: 9, offset: 3 }, end: { line: 9, offset: 11 } },
    ]);
  });
});

describe('the missing disposition entry fix, in tsserver', () => {
  it('adds each missing entry as the dispositions codemod writes it, and the table type-checks', async () => {
    const { file, server } = start();
    const tableError = async () =>
      (await server.semanticDiagnostics(file('ticket.ts'))).find((found) => found.code === 1360);
    const ownFixes = async (diagnostic: ServerDiagnostic) =>
      (await server.codeFixes(file('ticket.ts'), diagnostic)).filter(
        (fix) => fix.fixName === 'agentContractDispositionEntry',
      );

    const first = await tableError();
    expect(first?.start).toEqual({ line: 15, offset: 12 });
    const fixes = await ownFixes(first as ServerDiagnostic);
    expect(fixes.map((fix) => fix.description)).toEqual([
      'Add priority: honored to updateTicketDispositions',
      'Add notifyCc: warned(...) to updateTicketDispositions',
    ]);
    let text = readFileSync(file('ticket.ts'), 'utf8');
    const [priority] = fixes;
    text = applyEdits(text, priority?.changes[0]?.textChanges ?? []);
    server.applyFix(priority as (typeof fixes)[number]);
    expect(text.split('\n').slice(11, 16)).toEqual([
      'const updateTicketDispositions = {',
      '  ticketId: honored,',
      '  subject: honored,',
      '  priority: honored,',
      '} as const satisfies Record<keyof typeof updateTicketShape, Disposition>;',
    ]);

    const second = await tableError();
    const [notifyCc, ...others] = await ownFixes(second as ServerDiagnostic);
    expect(others).toEqual([]);
    text = applyEdits(text, notifyCc?.changes[0]?.textChanges ?? []);
    server.applyFix(notifyCc as (typeof fixes)[number]);

    const before = path.join(repositoryRoot, FIXTURE, 'before-codemod/ticket.ts');
    expect(text).toBe(dispositionsTransform(readFileSync(before, 'utf8'), before));
    const typeErrors = (await server.semanticDiagnostics(file('ticket.ts'))).filter(
      (found) => found.source !== 'agent-contract',
    );
    expect(typeErrors).toEqual([]);
  });

  it("keeps a one-line table's quotes and commas", async () => {
    const { file, server } = start();
    const error = (await server.semanticDiagnostics(file('close.ts'))).find((found) => found.code === 1360);
    expect(error?.start).toEqual({ line: 7, offset: 58 });
    const fixes = (await server.codeFixes(file('close.ts'), error as ServerDiagnostic)).filter(
      (fix) => fix.fixName === 'agentContractDispositionEntry',
    );
    expect(fixes.map((fix) => fix.description)).toEqual(["Add 'close-reason': honored to closeTicketDispositions"]);
    const [fix] = fixes;
    const text = applyEdits(readFileSync(file('close.ts'), 'utf8'), fix?.changes[0]?.textChanges ?? []);
    expect(text.split('\n')[6]).toBe(
      "const closeTicketDispositions = { 'ticket-id': honored, 'close-reason': honored } satisfies Record<keyof typeof closeTicketShape, Disposition>;",
    );
    server.applyFix(fix as (typeof fixes)[number]);
    const typeErrors = (await server.semanticDiagnostics(file('close.ts'))).filter(
      (found) => found.source !== 'agent-contract',
    );
    expect(typeErrors).toEqual([]);
  });

  it('fixes a dispositionsFor(shape)({...}) table at its argument error, importing warned beside the others', async () => {
    const { file, server } = start();
    const error = (await server.semanticDiagnostics(file('archive.ts'))).find((found) => found.code === 2345);
    expect(error?.start).toEqual({ line: 10, offset: 71 });
    const fixes = (await server.codeFixes(file('archive.ts'), error as ServerDiagnostic)).filter(
      (fix) => fix.fixName === 'agentContractDispositionEntry',
    );
    expect(fixes.map((fix) => fix.description)).toEqual(['Add note: warned(...) to archiveTicketDispositions']);
    const [fix] = fixes;
    const lines = applyEdits(readFileSync(file('archive.ts'), 'utf8'), fix?.changes[0]?.textChanges ?? []).split('\n');
    expect(lines[2]).toBe("import { dispositionsFor, honored, offeredShape, warned } from 'agent-contract';");
    expect(lines.slice(9, 13)).toEqual([
      'const archiveTicketDispositions = dispositionsFor(archiveTicketShape)({',
      '  ticketId: honored,',
      "  note: warned('Published, but the handler never reads it: honour it, refuse it, or remove it from the shape.'),",
      '});',
    ]);
    server.applyFix(fix as (typeof fixes)[number]);
    const typeErrors = (await server.semanticDiagnostics(file('archive.ts'))).filter(
      (found) => found.source !== 'agent-contract',
    );
    expect(typeErrors).toEqual([]);
  });

  it('offers nothing at a complete table', async () => {
    const { file, server } = start();
    const diagnostic: ServerDiagnostic = {
      start: { line: 15, offset: 3 },
      end: { line: 15, offset: 11 },
      text: '',
      code: 1360,
      category: 'error',
    };
    expect(await server.codeFixes(file('video.ts'), diagnostic)).toEqual([]);
  });
});
